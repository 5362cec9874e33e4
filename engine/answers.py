"""Answers to puzzles as values, by their old name: each kind's answer now lives in its own
module of :mod:`engine.puzzles` and is read by :func:`engine.puzzles.read_answer`.

>>> read("attach", {"meld": 0, "cards": ["10C", "7C"]})
Attach(meld=0, cards=('10C', '7C'))
>>> read("score", {"score": "120"}) == read("score", {"score": 120})
True
"""

from __future__ import annotations

from engine.puzzles.answer import CannotBeDone
from engine.puzzles.attach import Attach
from engine.puzzles.classify import Classify
from engine.puzzles.discard import Discard
from engine.puzzles.lay_meld import LayMeld
from engine.puzzles.line import Line
from engine.puzzles.pile_use import PileUse
from engine.puzzles.registry import Answer
from engine.puzzles.registry import read_answer as read
from engine.puzzles.score import Score, Winner
from engine.puzzles.verdict import Drawn
from engine.puzzles.wildcard import Wildcard

__all__ = [
    "Answer",
    "Attach",
    "CannotBeDone",
    "Classify",
    "Discard",
    "Drawn",
    "LayMeld",
    "Line",
    "PileUse",
    "Score",
    "Wildcard",
    "Winner",
    "read",
]
