"""Marking an answer written as JSON, as the judge and the content loader do: read it as the
puzzle's kind takes it (engine.puzzles.read_answer), then check the typed answer."""

from __future__ import annotations

from typing import Any

from engine.budget import Budget
from engine.puzzles import Puzzle, Verdict, check, read_answer


def check_json(puzzle: Puzzle, data: Any, budget: Budget | None = None) -> Verdict:
    return check(puzzle, read_answer(puzzle.kind, data), budget)
