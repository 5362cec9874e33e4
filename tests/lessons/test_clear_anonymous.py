"""manage.py clear_anonymous: the anonymous rows no live session can reach are forgotten."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone

from lessons.models import Attempt, LearnerRating, RatingHistory, ReviewCard, StepProgress
from tests.factories import AttemptFactory, PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db


def anonymous_rows(key: str) -> None:
    """An anonymous learner's attempt, rating (with a point of history), step and card."""
    from lessons.models import Lesson, Step

    attempt = AttemptFactory(user=None, session_key=key, puzzle=PuzzleFactory())
    rating = LearnerRating.objects.create(session_key=key)
    RatingHistory.objects.create(
        learner=rating,
        attempt=attempt,
        rating=1500,
        rating_deviation=300,
        puzzle_rating=1500,
        puzzle_deviation=300,
        solved=True,
        at=timezone.now(),
    )
    lesson, _ = Lesson.objects.get_or_create(slug="sets", order=1, title_it="…", title_en="…")
    step, _ = Step.objects.get_or_create(
        lesson=lesson, number=1, kind="explain", text_it="…", text_en="…"
    )
    StepProgress.objects.create(session_key=key, step=step, done=True)
    ReviewCard.objects.create(
        session_key=key, rule="R23", due=timezone.now(), created_at=timezone.now()
    )


def test_only_rows_of_ended_sessions_go_and_attempts_stay_without_a_key() -> None:
    live = SessionStore()
    live.create()
    ended = SessionStore()
    ended.create()
    Session.objects.filter(session_key=ended.session_key).update(
        expire_date=timezone.now() - timedelta(days=1)
    )
    anonymous_rows(live.session_key)
    anonymous_rows(ended.session_key)
    anonymous_rows("never-a-session-of-this-site")
    user = UserFactory()
    AttemptFactory(user=user)
    LearnerRating.objects.create(user=user)

    out = StringIO()
    call_command("clear_anonymous", stdout=out)

    assert not Session.objects.filter(session_key=ended.session_key).exists()
    for model in (StepProgress, ReviewCard):
        assert list(model.objects.values_list("session_key", flat=True)) == [live.session_key]
    assert set(LearnerRating.objects.values_list("session_key", flat=True)) == {
        live.session_key,
        "",
    }
    assert RatingHistory.objects.count() == 1
    assert Attempt.objects.count() == 4, "every attempt is kept"
    assert sorted(Attempt.objects.filter(user=None).values_list("session_key", flat=True)) == [
        "",
        "",
        live.session_key,
    ]
    assert Attempt.objects.filter(user=user).count() == 1
    assert "attempts kept without a session: 2" in out.getvalue()
    # Run again: nothing more to do.
    call_command("clear_anonymous", stdout=StringIO())
    assert Attempt.objects.count() == 4 and StepProgress.objects.count() == 1


def test_the_rate_limits_expired_counts_go_too() -> None:
    from django.core.cache import caches

    counters = caches["counters"]
    counters.set("ended-window", 3, 0)
    counters.set("live-window", 3, 60)
    out = StringIO()
    call_command("clear_anonymous", stdout=out)
    assert "rate-limit counts expired: 1" in out.getvalue()
    assert counters.get("live-window") == 3
