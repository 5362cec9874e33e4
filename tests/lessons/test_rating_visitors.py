"""A puzzle's rating moves once per visitor, and an anonymous visitor is also known by
their address (a keyed hash of it: lessons.learners.visitor_key), so fresh sessions from
one address cannot push a puzzle's rating about (a finding of the security review)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from lessons.merge import merge_session
from lessons.models import Attempt, LearnerRating, Puzzle, RatingHistory
from tests.factories import PuzzleFactory, UserFactory
from tests.lessons.progress_helpers import RIGHT, WRONG

pytestmark = pytest.mark.django_db
#: "It cannot be done": wrong for the factory's puzzle, as in the finding's none=1.
NONE = {"none": "1"}


def post(puzzle: Puzzle, data: dict[str, object], address: str, client: Client | None = None):
    client = client or Client(REMOTE_ADDR=address)
    response = client.post(f"/puzzles/{puzzle.slug}/", data, REMOTE_ADDR=address)
    assert response.status_code == 302
    return response


def rating(puzzle: Puzzle) -> float:
    puzzle.refresh_from_db()
    return puzzle.rating


@pytest.mark.slow
def test_three_hundred_fresh_sessions_from_one_address_move_a_puzzle_as_one_answer(
    settings: Any,
) -> None:
    # The rule holds on its own, without the answers' rate limit (which would refuse most
    # of these first: tests/burraco_tutor/test_limits.py).
    settings.RATELIMIT_ENABLE = False
    once, poisoned = PuzzleFactory(rating=850), PuzzleFactory(rating=850)
    post(once, NONE, "203.0.113.7")
    for _ in range(300):
        post(poisoned, NONE, "203.0.113.9")  # no cookie kept: a new session each time
    assert rating(poisoned) == rating(once) != 850
    assert Attempt.objects.filter(puzzle=poisoned, rated=True).count() == 1
    assert RatingHistory.objects.filter(attempt__puzzle=poisoned).count() == 1
    assert LearnerRating.objects.filter(games__gt=0).count() == 2


def test_the_address_itself_is_not_kept() -> None:
    puzzle = PuzzleFactory()
    post(puzzle, NONE, "203.0.113.7")
    attempt = Attempt.objects.get()
    assert attempt.visitor and "203.0.113.7" not in attempt.visitor
    assert "203.0.113.7" not in str(Attempt.objects.values().get())


def test_visitors_at_other_addresses_each_move_the_puzzle() -> None:
    puzzle = PuzzleFactory(rating=1400)
    moves = []
    for number in range(3):
        before = rating(puzzle)
        post(puzzle, NONE, f"198.51.100.{number}")
        moves.append(rating(puzzle) - before)
    assert all(move > 0 for move in moves)
    assert Attempt.objects.filter(rated=True).count() == 3


def test_an_account_that_answered_anonymously_from_its_address_moves_the_puzzle_once() -> None:
    puzzle = PuzzleFactory(rating=1400)
    post(puzzle, WRONG, "203.0.113.7")
    after_anonymous = rating(puzzle)
    client = Client()
    client.force_login(UserFactory())
    post(puzzle, RIGHT, "203.0.113.7", client)
    assert rating(puzzle) == after_anonymous
    # The account's own rating counts its first answer all the same.
    attempt = Attempt.objects.get(user__isnull=False)
    assert attempt.rated and attempt.user.puzzle_rating.games == 1


def test_classmates_behind_one_address_each_move_the_puzzle() -> None:
    puzzle = PuzzleFactory(rating=1400)
    for name in ("ada", "bo"):
        client = Client()
        client.force_login(UserFactory(username=name))
        before = rating(puzzle)
        post(puzzle, RIGHT, "192.0.2.1", client)
        assert rating(puzzle) < before


def test_a_visitor_who_keeps_the_cookie_is_rated_at_the_first_answer() -> None:
    puzzle = PuzzleFactory(rating=1400)
    client = Client(REMOTE_ADDR="203.0.113.5")
    client.get(f"/puzzles/{puzzle.slug}/")
    post(puzzle, RIGHT, "203.0.113.5", client)
    post(puzzle, WRONG, "203.0.113.5", client)
    assert list(Attempt.objects.order_by("pk").values_list("rated", flat=True)) == [True, False]


def test_merging_the_anonymous_session_afterwards_counts_the_puzzle_once_for_the_account() -> None:
    puzzle = PuzzleFactory(rating=1400)
    anonymous = Client(REMOTE_ADDR="203.0.113.7")
    post(puzzle, WRONG, "203.0.113.7", anonymous)
    moved = rating(puzzle)
    user = UserFactory()
    account = Client()
    account.force_login(user)
    post(puzzle, RIGHT, "203.0.113.7", account)
    merge_session(anonymous.session.session_key, user)
    assert rating(puzzle) == moved
    assert Attempt.objects.filter(user=user).count() == 2
    assert Attempt.objects.filter(user=user, rated=True).count() == 1
    assert LearnerRating.objects.get(user=user).games == 1
