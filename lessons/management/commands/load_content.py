"""``manage.py load_content``: check every lesson and puzzle with the engine, then load them."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from lessons.content import ContentError, load_all


class Command(BaseCommand):
    help = "Load lessons and curated puzzles from lessons/content/, checked by the engine."

    def handle(self, *args: Any, **options: Any) -> None:
        # Saving a step renews the steps' version in the database cache (lessons.answering).
        call_command("createcachetable")
        try:
            loaded = load_all()
        except ContentError as error:
            raise CommandError(f"content refused, nothing loaded: {error}") from None
        self.stdout.write(
            f"loaded {loaded.lessons} lessons, {loaded.steps} steps, {loaded.puzzles} puzzles"
        )
