"""What an answer to a puzzle changes besides the attempt itself: the ratings and the review.

lessons.quiz.record calls :func:`attempt_recorded` inside the transaction that records the
attempt, with the puzzle's row locked.
"""

from __future__ import annotations

from django.http import HttpRequest

from lessons import ratings, review
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
) -> None:
    """Move the ratings for a rated attempt (damped on a chosen theme; the puzzle's only
    when ``puzzle_moves``), and count the answer as a review of the rules it tested."""
    owner = Learner.of(request)
    reviewing = review.reviewing(request, puzzle)
    if attempt.rated:
        focused = themed(request, puzzle) or reviewing is not None
        weight = ratings.THEMED_WEIGHT if focused else 1.0
        ratings.rate(owner, attempt, weight, puzzle_moves=puzzle_moves)
    # puzzle.themes.all(): the view has them prefetched, for the page as well.
    rules = [theme.name for theme in puzzle.themes.all() if is_rule(theme.name)]
    review.after_attempt(owner, attempt, rules, reviewing)
