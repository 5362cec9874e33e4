"""What an answer to a puzzle is known to touch before it is kept: the rules it reviews and
whether the learner chose its theme (which damps the rating's move); lessons.answering.finishing
keeps the answer and moves them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest

from engine import puzzles as engine_puzzles
from lessons import review
from lessons.models import Puzzle
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
