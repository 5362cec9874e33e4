"""What an answer to a puzzle changes besides the attempt itself: the ratings and the review.

lessons.answering.record calls :func:`attempt_recorded` inside the transaction that records the
attempt, with the puzzle's row locked.
"""

from __future__ import annotations

from django.http import HttpRequest

from lessons import glicko, ratings, review
from lessons.learners import Learner
from lessons.models import Attempt, Puzzle
from lessons.rulebook import is_rule

#: The session key naming the puzzle that /puzzles/next/ chose on a theme the learner picked.
THEMED_KEY = "themed_puzzle"


def themed(request: HttpRequest, puzzle: Puzzle) -> bool:
    """Did the learner reach this puzzle by practising a theme (or a review) of their choice?"""
    return request.session.get(THEMED_KEY) == puzzle.pk


def attempt_recorded(
    request: HttpRequest, puzzle: Puzzle, attempt: Attempt, *, puzzle_moves: bool = True
) -> glicko.Rating | None:
    """Move the learner's rating for a rated attempt (damped on a chosen theme), and count
    the answer as a review of the rules it tested. ``puzzle`` holds the puzzle's rating as
    read under its lock; the puzzle's new rating is returned for the caller to write (None
    when it does not move: an unrated attempt, or not ``puzzle_moves``)."""
    owner = Learner.of(request)
    reviewing = review.reviewing(request, puzzle)
    moved = None
    if attempt.rated:
        focused = themed(request, puzzle) or reviewing is not None
        weight = ratings.THEMED_WEIGHT if focused else 1.0
        before = ratings.as_rating(puzzle)
        moved = ratings.rate(owner, attempt, before, weight, puzzle_moves=puzzle_moves)
    # puzzle.themes.all(): the view has them prefetched, for the page as well.
    rules = [theme.name for theme in puzzle.themes.all() if is_rule(theme.name)]
    review.after_attempt(owner, attempt, rules, reviewing)
    return moved
