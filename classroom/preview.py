"""What a student sees for one puzzle of an assignment, with its answer key, for the teacher.

The board is the puzzle page's own (lessons.answering.page_context), as it is before any answer;
the key is every correct answer the engine finds (a few, within one request's budget), drawn
as the student's answers are drawn (lessons.answering.describe).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import puzzles as engine_puzzles
from engine.budget import Budget
from engine.errors import BurracoError
from lessons import answering
from lessons.models import Puzzle

#: The most correct answers the key lists.
KEY_ANSWERS = 6


@dataclass
class Preview:
    """A puzzle as the student sees it, and the answers the engine accepts."""

    puzzle: Puzzle
    context: dict[str, Any]
    key: list[answering.Description] = field(default_factory=list)
    #: Why the key could not be drawn (a position too big to settle), else "".
    problem: str = ""


def preview(puzzle: Puzzle) -> Preview:
    question = puzzle.engine_puzzle()
    shown = Preview(puzzle, answering.page_context(question, None, [], None))
    budget = Budget()  # one for the whole key: a request's engine work is bounded
    try:
        for answer in engine_puzzles.solutions(question, limit=KEY_ANSWERS, budget=budget):
            verdict = engine_puzzles.check(question, answer, budget)
            shown.key.append(answering.describe(question, answer.to_json(), verdict))
    except BurracoError as error:
        shown.problem = answering.sentence(error)
    return shown
