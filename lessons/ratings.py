"""Puzzle ratings on the site: the learner's and the puzzle's Glicko-2 values, moved together.

A rated attempt (lessons.answering.record decides which) moves both ratings in the transaction
that records it, with both rows locked (the puzzle first, then the learner), so two tabs
answering at once are applied one after the other and neither update is lost. The maths is
in :mod:`lessons.glicko`.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

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


def _move(row: LearnerRating, rating: glicko.Rating) -> None:
    row.rating, row.rating_deviation, row.volatility = (
        rating.rating,
        rating.deviation,
        rating.volatility,
    )
    row.games += 1
    row.save(update_fields=["rating", "rating_deviation", "volatility", "games", "updated_at"])


def rate(
    owner: Learner,
    attempt: Attempt,
    puzzle: glicko.Rating,
    weight: float = 1.0,
    *,
    puzzle_moves: bool = True,
    known: LearnerRating | None = None,
) -> glicko.Rating | None:
    """Move the learner's rating for a rated attempt at a puzzle rated ``puzzle`` (read by
    the caller under the puzzle's lock), and keep the point; returns the puzzle's new rating
    for the caller to write with the rest of the puzzle's row, or None when it stays where
    it is (``puzzle_moves`` false: the same visitor moved it before, anonymously).

    Runs inside the caller's transaction (lessons.answering.record's), which holds the puzzle's
    row locked. ``known`` is the learner's row as the caller read it, unlocked: the new
    rating is written only if the row is still as read (its ``games``, which every move
    counts), else (another tab's answer moved it meanwhile) the row is read again, locked,
    and the answer applied to it. Without ``known`` the row is read locked here.
    """
    with transaction.atomic(savepoint=False):
        learner = known
        if learner is not None:
            mine, theirs = glicko.play(as_rating(learner), puzzle, attempt.correct, weight=weight)
            change = round(mine.rating) - round(learner.rating)
            if not _move_if_unchanged(learner, mine):
                learner = None
        if learner is None:
            learner = lock(owner)
            mine, theirs = glicko.play(as_rating(learner), puzzle, attempt.correct, weight=weight)
            change = round(mine.rating) - round(learner.rating)
            _move(learner, mine)
        # What the answer's page shows ("+12"), as change() would read it back.
        attempt.rating_change = change
        RatingHistory.objects.create(
            learner=learner,
            attempt=attempt,
            rating=mine.rating,
            rating_deviation=mine.deviation,
            puzzle_rating=puzzle.rating,
            puzzle_deviation=puzzle.deviation,
            solved=attempt.correct,
            weight=weight,
            at=attempt.created_at,
        )
        return theirs if puzzle_moves else None


def _move_if_unchanged(row: LearnerRating, rating: glicko.Rating) -> bool:
    """Write the learner's new rating, if nothing moved it since ``row`` was read (its
    ``games``, which every move counts); False, writing nothing, if something did."""
    written = LearnerRating.objects.filter(pk=row.pk, games=row.games).update(
        rating=rating.rating,
        rating_deviation=rating.deviation,
        volatility=rating.volatility,
        games=row.games + 1,
        updated_at=timezone.now(),
    )
    if written:
        row.rating, row.rating_deviation, row.volatility = (
            rating.rating,
            rating.deviation,
            rating.volatility,
        )
        row.games += 1
    return bool(written)


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
        _move(learner, mine)
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
            at=at,
        )
        latest = at
        count += 1
    return count


def history(row: LearnerRating | None) -> list[RatingHistory]:
    return [] if row is None else list(row.history.all())


def change(attempt: Attempt) -> int | None:
    """How far a rated attempt moved the learner's rating, as pages round it (the rating
    shown after minus the one shown before); None for an attempt that moved nothing."""
    if not attempt.rated:
        return None
    known = attempt.rating_change
    if known is not None:  # just rated in this request (rate)
        return int(known)
    point = RatingHistory.objects.filter(attempt=attempt).first()
    if point is None:
        return None
    earlier = Q(at__lt=point.at) | Q(at=point.at, pk__lt=point.pk)
    before = (
        RatingHistory.objects.filter(earlier, learner_id=point.learner_id)
        .order_by("-at", "-pk")
        .values_list("rating", flat=True)
        .first()
    )
    start = glicko.Rating().rating if before is None else before
    return round(point.rating) - round(start)


def signed(points: int) -> str:
    """A rating change as people write it: "+12", "−8" (a minus sign), "±0"."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "±0"
