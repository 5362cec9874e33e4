"""Two tabs answering at once: both attempts are kept and the ratings stay consistent.

Real threads, each with its own database connection, meet at a barrier and post at the same
moment. This needs row locks (``select_for_update``), so it runs on PostgreSQL, as CI does
(``DATABASE_URL=postgres://…``); SQLite takes no row locks and its shared in-memory test
database refuses concurrent writers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections, transaction
from django.db.models import F
from django.test import Client

from lessons import glicko
from lessons.models import Attempt, LearnerRating, Puzzle, RatingHistory, ReviewCard
from tests.factories import AttemptFactory, PuzzleFactory
from tests.lessons.progress_helpers import RIGHT, WRONG

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 5


@pytest.fixture(autouse=True)
def needs_row_locks() -> None:
    if connection.vendor == "sqlite":
        pytest.skip(
            "SQLite has no row locks and its in-memory test database refuses concurrent "
            "writers; CI runs this on PostgreSQL (DATABASE_URL=postgres://...)"
        )


def at_once(*jobs: Callable[[], object]) -> None:
    """Run the jobs in threads released together; re-raise anything that went wrong."""
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            job()
        except BaseException as error:  # noqa: BLE001 - reported to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors


def two_tabs() -> tuple[Client, Client]:
    """Two clients on one session: two tabs of the same browser."""
    first = Client()
    first.get("/progress/")
    session = first.session
    session.save()
    second = Client()
    second.cookies = first.cookies
    return first, second


def post(client: Client, puzzle: Puzzle, data: dict[str, object]) -> Callable[[], None]:
    def job() -> None:
        response = client.post(f"/puzzles/{puzzle.slug}/", data)
        assert response.status_code == 302, response.status_code

    return job


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_two_tabs_answering_one_puzzle_keep_both_attempts_and_rate_only_one(round_: int) -> None:
    puzzle = PuzzleFactory(rating=1500, rating_deviation=200)
    first, second = two_tabs()
    at_once(post(first, puzzle, RIGHT), post(second, puzzle, WRONG))
    attempts = Attempt.objects.filter(puzzle=puzzle)
    assert attempts.count() == 2
    assert attempts.filter(rated=True).count() == 1
    rated = attempts.get(rated=True)
    learner = LearnerRating.objects.get()
    assert learner.games == 1 and RatingHistory.objects.count() == 1
    expected_learner, expected_puzzle = glicko.play(
        glicko.Rating(), glicko.Rating(1500, 200), rated.correct
    )
    puzzle.refresh_from_db()
    assert puzzle.plays == 2
    assert puzzle.rating == pytest.approx(expected_puzzle.rating)
    assert learner.rating == pytest.approx(expected_learner.rating)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_two_tabs_answering_two_puzzles_apply_both_ratings_one_after_the_other(
    round_: int,
) -> None:
    one = PuzzleFactory(rating=1400, rating_deviation=150)
    two = PuzzleFactory(rating=1650, rating_deviation=150)
    first, second = two_tabs()
    # A first answer makes the learner's rating row, so that both tabs then update it.
    post(first, PuzzleFactory(), RIGHT)()
    at_once(post(first, one, RIGHT), post(second, two, WRONG))
    assert Attempt.objects.filter(rated=True).count() == 3
    learner = LearnerRating.objects.get()
    points = list(RatingHistory.objects.order_by("pk"))
    assert learner.games == 3 and len(points) == 3
    # Replaying the points in the order they were written gives the stored rating: neither
    # update was lost or computed from a stale value.
    rating = glicko.Rating()
    for point in points:
        opponent = glicko.Rating(point.puzzle_rating, point.puzzle_deviation)
        rating, _puzzle = glicko.play(rating, opponent, point.solved)
        assert point.rating == pytest.approx(rating.rating)
    assert learner.rating == pytest.approx(rating.rating)
    for puzzle, start in ((one, 1400), (two, 1650)):
        puzzle.refresh_from_db()
        assert puzzle.plays == 1 and puzzle.rating != start


def test_two_tabs_missing_the_same_rule_at_once_make_one_review_card() -> None:
    one, two = PuzzleFactory(), PuzzleFactory()
    first, second = two_tabs()
    at_once(post(first, one, WRONG), post(second, two, WRONG))
    card = ReviewCard.objects.get()
    assert card.rule == "R23" and card.reviews == 2


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_two_fresh_sessions_from_one_address_at_once_move_the_puzzle_once(round_: int) -> None:
    """A puzzle's rating moves once per visitor, and a visitor without an
    account is also known by address; the puzzle's row lock orders the two answers."""
    puzzle = PuzzleFactory(rating=1500, rating_deviation=200)
    first, second = Client(REMOTE_ADDR="203.0.113.4"), Client(REMOTE_ADDR="203.0.113.4")
    at_once(post(first, puzzle, WRONG), post(second, puzzle, WRONG))
    attempts = Attempt.objects.filter(puzzle=puzzle)
    assert attempts.count() == 2
    assert attempts.filter(rated=True).count() == 1
    _learner, expected = glicko.play(glicko.Rating(), glicko.Rating(1500, 200), False)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(expected.rating)


def test_an_answer_that_waits_for_the_puzzles_lock_sees_the_answer_that_held_it() -> None:
    """The read of an answer locks the puzzle's row in the same statement. On
    PostgreSQL a statement that waited for a row lock reads the other rows as they were
    when it began: here it begins while another answer by the same learner holds the lock
    and has not committed, so it must read again once it has the lock, and see that answer
    (the learner answered before: not rated)."""
    puzzle = PuzzleFactory(rating=1500, rating_deviation=200)
    client = Client()
    client.get(f"/puzzles/{puzzle.slug}/")
    key = client.session.session_key
    holding, answered = threading.Event(), threading.Event()

    def hold() -> None:
        with transaction.atomic():
            Puzzle.objects.select_for_update().get(pk=puzzle.pk)
            AttemptFactory(user=None, session_key=key, puzzle=puzzle, rated=True)
            Puzzle.objects.filter(pk=puzzle.pk).update(plays=F("plays") + 1)
            holding.set()
            # The other answer's read waits for the lock meanwhile (no statement before it
            # touches a row this transaction holds).
            answered.wait(timeout=1.5)

    def answer() -> None:
        holding.wait(timeout=10)
        post(client, puzzle, RIGHT)()
        answered.set()

    at_once(hold, answer)
    attempts = Attempt.objects.filter(puzzle=puzzle)
    assert attempts.count() == 2
    assert attempts.filter(rated=True).count() == 1
    assert not LearnerRating.objects.exists()
    puzzle.refresh_from_db()
    assert puzzle.plays == 2 and puzzle.rating == 1500
