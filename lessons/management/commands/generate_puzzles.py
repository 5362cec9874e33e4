"""``manage.py generate_puzzles --kind K --count N --seed S [--theme R23]``: puzzles made by
the engine's generator, saved as rows (the same seed saves nothing new the second time)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.generate import KINDS, TOPICS, generate_many
from engine.puzzles import RULE_IDS
from engine.rules import PRESETS
from lessons.generated import save_many


class Command(BaseCommand):
    help = "Generate puzzles of a kind with the engine, keep those with a clear answer, save them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--kind", required=True, choices=KINDS, help="the kind of puzzle")
        parser.add_argument("--count", type=int, default=50, help="how many puzzles (50)")
        parser.add_argument("--seed", type=int, default=0, help="the same seed, the same puzzles")
        parser.add_argument("--theme", help="a rule id (R23) or a topic (wildcards) to steer to")
        parser.add_argument(
            "--rules", choices=sorted(PRESETS), help="a rules preset (default: as the theme needs)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        kind, count, seed, theme = (options[k] for k in ("kind", "count", "seed", "theme"))
        if count < 1:
            raise CommandError("--count must be at least 1")
        if theme is not None and theme not in RULE_IDS and theme not in TOPICS:
            raise CommandError(f"unknown theme {theme!r}: a rule id R1-R44 or one of {TOPICS}")
        rules = PRESETS[options["rules"]] if options["rules"] else None
        start = time.perf_counter()
        made = generate_many(kind, count, seed, theme, rules)
        generated = time.perf_counter() - start
        _, new = save_many(made)
        elapsed = time.perf_counter() - start
        self.stdout.write(
            f"made {len(made)} {kind} puzzles, {new} new, in {elapsed:.2f} s:"
            f" {len(made) / elapsed:.0f} puzzles/s ({len(made) / generated:.0f}/s generating)"
        )
        if len(made) < count:
            self.stdout.write(
                f"only {len(made)} of {count}: the generator found no more"
                f" {kind} puzzles{f' about {theme}' if theme else ''}"
            )
