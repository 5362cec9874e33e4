"""Puzzle ratings on the site: the learner's rating as pages read it, its row locked and
moved, its history replayed into an account (lessons.merge), and the change a rated answer
made as pages show it.

A rated attempt moves both ratings in lessons.answering.finishing.finish, in the transaction
that keeps it, with the puzzle's row locked first, so two tabs answering at once are applied
one after the other and neither update is lost. The maths is in :mod:`lessons.glicko`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest

from lessons import glicko
from lessons.learners import Learner, create_or_lock, learner_filter
from lessons.models import Attempt, LearnerRating, Puzzle, RatingHistory

#: Practice on a theme the learner chose moves their rating by half as much: a run of
#: puzzles on one rule flatters (or punishes) more than a mixed diet does.
THEMED_WEIGHT = 0.5
#: Above this deviation a rating is still provisional (the page says so).
PROVISIONAL_DEVIATION = 110.0


def learner_row(request: HttpRequest) -> LearnerRating | None:
    """The learner's rating row, or None before their first rated attempt."""
    if not request.user.is_authenticated and request.session.session_key is None:
        return None
    return LearnerRating.objects.filter(learner_filter(request)).first()


def current(request: HttpRequest) -> glicko.Rating:
    """The learner's rating (a newcomer's until their first rated attempt)."""
    row = learner_row(request)
    return glicko.Rating() if row is None else as_rating(row)


def as_rating(row: LearnerRating | Puzzle) -> glicko.Rating:
    return glicko.Rating(row.rating, row.rating_deviation, row.volatility)


def lock(owner: Learner) -> LearnerRating:
    """The learner's rating row, locked until the transaction ends; made if missing.

    Two first answers at once both try to make it: the unique constraint stops the
    second, which then waits for and reads the first one's row.
    """
    row = LearnerRating.objects.select_for_update().filter(owner.rows()).first()
    return row if row is not None else create_or_lock(LearnerRating, owner, {})


def move(row: LearnerRating, rating: glicko.Rating) -> None:
    """Write the learner's new rating on their row, locked (:func:`lock`), one more game."""
    row.rating, row.rating_deviation, row.volatility = (
        rating.rating,
        rating.deviation,
        rating.volatility,
    )
    row.games += 1
    row.save(update_fields=["rating", "rating_deviation", "volatility", "games", "updated_at"])


def replay(owner: Learner, points: Iterable[RatingHistory]) -> int:
    """Apply another learner's (an anonymous session's) rating points to this learner's
    rating, as the games were played then; returns how many. Used by lessons.merge, in
    its transaction. The puzzles' ratings are not moved again."""
    learner = lock(owner)
    latest = learner.history.order_by("-at").values_list("at", flat=True).first()
    count = 0
    for point in points:
        puzzle = glicko.Rating(point.puzzle_rating, point.puzzle_deviation)
        mine, _theirs = glicko.play(as_rating(learner), puzzle, point.solved, weight=point.weight)
        change = round(mine.rating) - round(learner.rating)
        move(learner, mine)
        at = point.at if latest is None or point.at >= latest else latest
        RatingHistory.objects.create(
            learner=learner,
            attempt_id=point.attempt_id,
            rating=mine.rating,
            rating_deviation=mine.deviation,
            puzzle_rating=point.puzzle_rating,
            puzzle_deviation=point.puzzle_deviation,
            solved=point.solved,
            weight=point.weight,
            change=change,
            at=at,
        )
        latest = at
        count += 1
    return count


def history(row: LearnerRating | None, latest: int) -> list[RatingHistory]:
    """The ``latest`` last points of the learner's rating history, oldest first: a history
    grows with every rated answer, so a page never reads it whole."""
    if row is None:
        return []
    return list(row.history.order_by("-at", "-pk")[:latest])[::-1]


def change(attempt: Attempt) -> int | None:
    """How far a rated attempt moved the learner's rating, as pages round it (the rating
    shown after minus the one shown before), as its history point keeps it; None for an
    attempt that moved nothing."""
    if not attempt.rated:
        return None
    return RatingHistory.objects.filter(attempt=attempt).values_list("change", flat=True).first()


def signed(points: int) -> str:
    """A rating change as people write it: "+12", "−8" (a minus sign), "±0"."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "±0"
