"""``manage.py content_report [--json]``: what the loaded content covers, counted."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from lessons.reports import content_report


class Command(BaseCommand):
    help = "Count lessons, steps and puzzles by kind, rule and missing translation."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true", help="print JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        report = content_report()
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
            return
        self.stdout.write(
            f"{report['lessons']} lessons, {report['steps']} steps, {report['puzzles']} curated"
            f" puzzles ({report['generated']} generated)"
        )
        self.stdout.write("by kind: " + ", ".join(f"{k} {n}" for k, n in report["by_kind"].items()))
        themes = report["by_theme"].items()
        self.stdout.write("by theme: " + ", ".join(f"{k} {n}" for k, n in themes))
        for rule, counts in report["rules"].items():
            self.stdout.write(
                f"{rule:>4}: {counts['steps']:>3} steps {counts['puzzles']:>3} puzzles"
            )
        for language, counts in report["languages"].items():
            self.stdout.write(f"{language}: {counts['missing']} missing translations")
