"""Puzzles: a question about a position, and the engine's verdict on an answer.

A puzzle is a position plus a kind of question (docs/content.md). :func:`check` marks a
typed answer by asking the rules, never by matching a stored key: every correct answer is
accepted, and a wrong one gets the code, the rule and the sentence that say why.
:func:`solutions` lists correct answers, so content can be verified and a correct answer
drawn on the board. :func:`read_answer` reads an answer from JSON (a content file, the
judge, a form), the one reader of answers.

Each kind lives in its own module (answer, check, solutions, detail), listed in
:mod:`engine.puzzles.registry`; :mod:`engine.puzzles.search` finds and plays lines of play.

>>> puzzle = Puzzle.from_dict({"kind": "attach", "focus": ["10C"], "position": {
...     "players": 2, "to_move": 0, "phase": "play", "hands": [["10C", "KD"], {"count": 9}],
...     "melds": [[["6C", "JK", "8C"]], []], "discard": ["4H"], "stock": 60,
...     "pozzetti_taken": [False, False]}})
>>> verdict = check(puzzle, Attach(0, ("10C",)))
>>> verdict.correct, verdict.rule
(False, 'R23')
>>> check(puzzle, read_answer(puzzle.kind, {"none": True})).correct
True
"""

from __future__ import annotations

from engine.puzzles.answer import CannotBeDone
from engine.puzzles.attach import Attach, MeldMade
from engine.puzzles.classify import Classified, Classify
from engine.puzzles.discard import Discard, DiscardDetail, Extended, Fed
from engine.puzzles.lay_meld import LayMeld
from engine.puzzles.line import LinePlayed
from engine.puzzles.pile_use import PileUse, PileUsed
from engine.puzzles.puzzle import (
    BURRACO_ANSWERS,
    FIELDS,
    LAY_GOALS,
    MAX_LINE,
    PILE_GOALS,
    PUZZLE_STOCK,
    RULE_IDS,
    SCORE_ASKS,
    TOPICS,
    VP_HANDS,
    InvalidAnswerError,
    InvalidPuzzleError,
    Kind,
    NotAskedError,
    Puzzle,
)
from engine.puzzles.registry import (
    KINDS,
    Answer,
    Detail,
    PuzzleKind,
    check,
    example,
    read_answer,
    read_detail,
    solutions,
)
from engine.puzzles.score import Score, ScoreDetail, Winner
from engine.puzzles.search import Line, find_line, follow
from engine.puzzles.verdict import NO_RULE, Drawn, Verdict
from engine.puzzles.wildcard import Wildcard

__all__ = [
    "BURRACO_ANSWERS",
    "FIELDS",
    "KINDS",
    "LAY_GOALS",
    "MAX_LINE",
    "NO_RULE",
    "PILE_GOALS",
    "PUZZLE_STOCK",
    "RULE_IDS",
    "SCORE_ASKS",
    "TOPICS",
    "VP_HANDS",
    "Answer",
    "Attach",
    "CannotBeDone",
    "Classified",
    "Classify",
    "Detail",
    "Discard",
    "DiscardDetail",
    "Drawn",
    "Extended",
    "Fed",
    "InvalidAnswerError",
    "InvalidPuzzleError",
    "Kind",
    "LayMeld",
    "Line",
    "LinePlayed",
    "MeldMade",
    "NotAskedError",
    "PileUse",
    "PileUsed",
    "Puzzle",
    "PuzzleKind",
    "Score",
    "ScoreDetail",
    "Verdict",
    "Wildcard",
    "Winner",
    "check",
    "example",
    "find_line",
    "follow",
    "read_answer",
    "read_detail",
    "solutions",
]
