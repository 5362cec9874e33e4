"""An anonymous learner's progress moves into their account at sign-up or log-in, with nothing
lost and nothing counted twice (lessons.merge, called by accounts.services.log_in)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from lessons.merge import merge_session
from lessons.models import (
    Attempt,
    LearnerRating,
    Lesson,
    RatingHistory,
    ReviewCard,
    Step,
    StepProgress,
)
from tests.factories import PuzzleFactory, UserFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def log_in(client: Client, username: str) -> None:
    response = client.post("/accounts/login/", {"username": username, "password": PASSWORD})
    assert response.status_code == 302


def test_signing_up_keeps_every_anonymous_answer_and_the_rating_it_built() -> None:
    client = Client()
    first, second = PuzzleFactory(), PuzzleFactory()
    answer(client, first, right=False)
    answer(client, second, right=True)
    anonymous = LearnerRating.objects.get()
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.org",
            "display_name": "Nuova",
            "language": "it",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    attempts = Attempt.objects.order_by("pk")
    assert [(a.user.username, a.session_key, a.rated) for a in attempts] == [
        ("newcomer", "", True),
        ("newcomer", "", True),
    ]
    rating = LearnerRating.objects.get()
    assert rating.user.username == "newcomer" and rating.session_key == ""
    assert rating.games == 2
    assert rating.rating == pytest.approx(anonymous.rating)
    assert rating.rating_deviation == pytest.approx(anonymous.rating_deviation)
    assert RatingHistory.objects.filter(learner=rating).count() == 2
    assert ReviewCard.objects.get().user.username == "newcomer"


def test_a_puzzle_answered_before_and_after_logging_in_is_rated_once() -> None:
    user = UserFactory(username="returning")
    puzzle = PuzzleFactory()
    client = Client()
    answer(client, puzzle, right=False)
    log_in(client, "returning")
    again = answer(client, puzzle, right=True)
    assert not again.rated
    assert list(Attempt.objects.filter(user=user).values_list("rated", flat=True)) == [
        False,
        True,
    ]
    assert LearnerRating.objects.get(user=user).games == 1
    assert not Attempt.objects.filter(user=None).exists()


def test_an_anonymous_attempt_at_a_puzzle_the_account_had_answered_stops_being_rated() -> None:
    user = UserFactory(username="two-devices")
    shared, fresh = PuzzleFactory(), PuzzleFactory()
    phone = Client()
    log_in(phone, "two-devices")
    answer(phone, shared, right=True)
    before = LearnerRating.objects.get(user=user)
    laptop = Client()
    answer(laptop, shared, right=False)
    answer(laptop, fresh, right=True)
    log_in(laptop, "two-devices")
    attempts = Attempt.objects.filter(user=user)
    assert attempts.count() == 3
    assert attempts.filter(puzzle=shared, rated=True).count() == 1
    assert attempts.get(puzzle=fresh).rated
    rating = LearnerRating.objects.get(user=user)
    assert rating.games == before.games + 1
    assert RatingHistory.objects.filter(learner=rating).count() == 2
    assert not LearnerRating.objects.filter(user=None).exists()


def test_logging_in_twice_counts_nothing_twice() -> None:
    user = UserFactory(username="twice")
    client = Client()
    answer(client, PuzzleFactory(), right=True)
    log_in(client, "twice")
    client.post("/accounts/logout/")
    log_in(client, "twice")
    assert Attempt.objects.filter(user=user).count() == 1
    assert LearnerRating.objects.get(user=user).games == 1


def test_a_step_done_in_both_stays_done_with_the_earlier_first_try_and_all_tries() -> None:
    user = UserFactory()
    lesson = Lesson.objects.create(
        slug="melds", order=1, title_it="t", title_en="t", summary_it="s", summary_en="s"
    )
    asked = Step.objects.create(lesson=lesson, number=1, kind="ask", text_it="?", text_en="?")
    only_anonymous = Step.objects.create(
        lesson=lesson, number=2, kind="explain", text_it=".", text_en="."
    )
    earlier = timezone.now() - timedelta(days=2)
    StepProgress.objects.create(
        user=user, step=asked, done=False, first_try=True, tries=1, created_at=timezone.now()
    )
    StepProgress.objects.create(
        session_key="s" * 32, step=asked, done=True, first_try=False, tries=2, created_at=earlier
    )
    StepProgress.objects.create(session_key="s" * 32, step=only_anonymous, done=True)
    merged = merge_session("s" * 32, user)
    assert merged.steps == 2
    row = StepProgress.objects.get(user=user, step=asked)
    assert (row.done, row.first_try, row.tries) == (True, False, 3)
    assert row.created_at == earlier
    assert StepProgress.objects.get(user=user, step=only_anonymous).done
    assert not StepProgress.objects.filter(user=None).exists()


def test_a_rule_in_both_review_queues_keeps_the_sooner_card_and_both_counts() -> None:
    user = UserFactory()
    now = timezone.now()
    ReviewCard.objects.create(user=user, rule="R23", due=now + timedelta(days=3), reviews=2)
    ReviewCard.objects.create(
        session_key="k" * 32, rule="R23", due=now, reviews=1, lapses=1, card={"state": 3}
    )
    ReviewCard.objects.create(session_key="k" * 32, rule="R30", due=now)
    merge_session("k" * 32, user)
    r23 = ReviewCard.objects.get(user=user, rule="R23")
    assert (r23.due, r23.reviews, r23.lapses, r23.card) == (now, 3, 1, {"state": 3})
    assert ReviewCard.objects.filter(user=user).count() == 2
    assert not ReviewCard.objects.filter(user=None).exists()


def test_an_empty_session_key_merges_nothing() -> None:
    assert not merge_session("", UserFactory())
