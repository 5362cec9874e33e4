"""``manage.py clear_anonymous_games``: delete the practice games of anonymous visitors whose
sessions have ended (nobody can reach them again: logging in moves a game into the account
only while its session lives). Run it daily after ``clear_anonymous`` (which clears the
expired sessions); lessons' command does not know this app, which it must not import.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.models import Session
from django.core.management.base import BaseCommand
from django.utils import timezone

from play.models import Game


class Command(BaseCommand):
    help = "Delete the practice games of anonymous sessions that have ended."

    def handle(self, *args: Any, **options: Any) -> None:
        live = Session.objects.filter(expire_date__gt=timezone.now()).values("session_key")
        orphans = Game.objects.filter(user=None).exclude(session_key__in=live)
        deleted = orphans.delete()[1].get(Game._meta.label, 0)
        self.stdout.write(f"practice games: {deleted}")
