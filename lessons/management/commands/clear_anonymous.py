"""``manage.py clear_anonymous``: forget what anonymous visitors left once their sessions end.

A visitor who never signs up is known only by their session. Once it has expired, nobody can
reach their lesson progress, rating or review queue again (signing up or logging in moves them
into an account only while the session lives, lessons.merge). This command first deletes the
expired sessions (Django's ``clearsessions``), then those learners' progress, rating (with its
history) and review cards. Their attempts stay, belonging to nobody (their session key is
blanked): the puzzles' ratings and the answer statistics were built from them. Last, the rate
limits' counts of windows gone by (counters.cache).

Run it daily, like ``clearsessions`` (see the README).
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.models import Session
from django.core.cache import caches
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from counters.cache import CounterCache
from lessons.models import Attempt, LearnerRating, ReviewCard, StepProgress


class Command(BaseCommand):
    help = "Delete expired sessions and the anonymous progress no session can reach any more."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("clearsessions")
        live = Session.objects.filter(expire_date__gt=timezone.now()).values("session_key")
        counts: dict[str, int] = {}
        with transaction.atomic():
            for model in (StepProgress, LearnerRating, ReviewCard):
                orphans = model.objects.filter(user=None).exclude(session_key__in=live)
                counts[str(model._meta.verbose_name_plural)] = orphans.delete()[1].get(
                    model._meta.label, 0
                )
            kept = Attempt.objects.filter(user=None).exclude(session_key="")
            counts["attempts kept without a session"] = kept.exclude(session_key__in=live).update(
                session_key=""
            )
        # The rate limits' counts of windows gone by (counters.cache).
        counters = caches["counters"]
        assert isinstance(counters, CounterCache)
        counts["rate-limit counts expired"] = counters.clear_expired()
        self.stdout.write(", ".join(f"{name}: {count}" for name, count in counts.items()))
