"""What an answer to a puzzle changes besides the attempt itself: the ratings and the review.

lessons.answering.record calls :func:`attempt_recorded` inside the transaction that records the
attempt, with the puzzle's row locked.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

from engine import puzzles as engine_puzzles
from lessons import glicko, ratings, review
from lessons.learners import Learner
from lessons.models import Attempt, LearnerRating, Puzzle
from lessons.rulebook import is_rule

#: The session key naming the puzzle that /puzzles/next/ chose on a theme the learner picked.
THEMED_KEY = "themed_puzzle"


def themed(request: HttpRequest, puzzle: Puzzle) -> bool:
    """Did the learner reach this puzzle by practising a theme (or a review) of their choice?"""
    return request.session.get(THEMED_KEY) == puzzle.pk


@dataclass(frozen=True)
class Reviewed:
    """The rules an answer reviews (lessons.review.tested), known before it is kept, and the
    rule under review, if the puzzle came from the review queue."""

    rules: tuple[str, ...]
    reviewing: str | None
    #: A wrong answer makes the cards it misses; a right one only moves cards there are.
    makes_cards: bool

    def without_cards(self) -> Reviewed:
        """The same, for a learner with no card for any of its rules: a right answer then
        reviews nothing (and reads no cards)."""
        return self if self.makes_cards else Reviewed((), self.reviewing, False)


def review_of(request: HttpRequest, puzzle: Puzzle, verdict: engine_puzzles.Verdict) -> Reviewed:
    """The rules an answer with this verdict reviews. puzzle.themes.all(): the puzzles kept
    in memory (lessons.versioned) have them, for the page as well."""
    reviewing = review.reviewing(request, puzzle)
    rules = [theme.name for theme in puzzle.themes.all() if is_rule(theme.name)]
    rule = "" if verdict.correct else (verdict.rule or "")
    chosen = review.tested(verdict.correct, rule, rules, reviewing)
    return Reviewed(tuple(chosen), reviewing, not verdict.correct)


def attempt_recorded(
    request: HttpRequest,
    puzzle: Puzzle,
    attempt: Attempt,
    *,
    puzzle_moves: bool = True,
    learner: LearnerRating | None = None,
    reviewed: Reviewed | None = None,
) -> glicko.Rating | None:
    """Move the learner's rating for a rated attempt (damped on a chosen theme), and count
    the answer as a review of the rules it tested. ``puzzle`` holds the puzzle's rating as
    read under its lock; the puzzle's new rating is returned for the caller to write (None
    when it does not move: an unrated attempt, or not ``puzzle_moves``). ``learner`` is the
    learner's rating row as the caller read it, unlocked (lessons.ratings.rate); ``reviewed``
    the rules the caller found to review (else :func:`review_of`)."""
    owner = Learner.of(request)
    if reviewed is None:
        verdict = engine_puzzles.Verdict(attempt.correct, attempt.code, attempt.rule or None)
        reviewed = review_of(request, puzzle, verdict)
    moved = None
    if attempt.rated:
        focused = themed(request, puzzle) or reviewed.reviewing is not None
        weight = ratings.THEMED_WEIGHT if focused else 1.0
        before = ratings.as_rating(puzzle)
        moved = ratings.rate(
            owner, attempt, before, weight, puzzle_moves=puzzle_moves, known=learner
        )
    review.review(owner, reviewed.rules, review.grade(attempt), attempt.created_at)
    return moved
