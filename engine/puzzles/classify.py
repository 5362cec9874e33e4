"""Classify puzzles: which burraco one of the side's melds is, clean, dirty, semi-clean or
none (R26-R28). The answer, its check, its solutions and its detail; the generator's
recipes are in :mod:`engine.generate.classify`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.budget import Budget
from engine.melds import Burraco
from engine.puzzles.answer import text
from engine.puzzles.puzzle import BURRACO_ANSWERS, InvalidAnswerError, Puzzle
from engine.puzzles.verdict import Drawn, Verdict, miss, right

RECIPES = "engine.generate.classify"


@dataclass(frozen=True)
class Classify:
    """Which burraco the meld is: "clean", "dirty", "semi-clean" or "none"."""

    burraco: str
    keys: ClassVar[frozenset[str]] = frozenset({"burraco"})

    def to_json(self) -> dict[str, Any]:
        return {"burraco": self.burraco}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Classify:
        return cls(text(data["burraco"]))


@dataclass(frozen=True, slots=True)
class Classified:
    """What burraco a classify question's meld is: ``clean``, ``semi-clean``, ``dirty`` or
    ``none``.

    >>> Classified.from_json({"burraco": "dirty"})
    Classified(burraco='dirty')
    """

    MARK: ClassVar[str] = "burraco"

    burraco: str

    @property
    def drawn(self) -> Drawn:
        return Drawn()

    def to_json(self) -> dict[str, Any]:
        return {"burraco": self.burraco}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Classified:
        burraco = data["burraco"]
        if burraco != "none" and burraco not in {kind.value for kind in Burraco}:
            raise TypeError(f"not a kind of burraco: {burraco!r}")
        return cls(burraco)


def check(puzzle: Puzzle, answer: Classify, budget: Budget) -> Verdict:
    if answer.burraco not in BURRACO_ANSWERS:
        raise InvalidAnswerError("answer_shape", expected="classify")
    truth = burraco(puzzle)
    rule = {"clean": "R27", "dirty": "R27", "semi-clean": "R28", "none": "R26"}[truth]
    meld = puzzle.side_melds[puzzle.meld]
    detail = Classified(truth)
    if answer.burraco == truth:
        return right(detail, rule)
    code = f"burraco_{truth.replace('-', '_')}"
    if answer.burraco == "semi-clean" and not puzzle.rules.semi_clean:
        code, rule = "no_semi_clean", "R28"
    return miss(
        code,
        rule,
        Classify(truth),
        detail,
        count=len(meld.cards),
        wild=None if meld.wildcard is None else str(meld.wildcard),
    )


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[Classify]:
    yield Classify(burraco(puzzle))


def burraco(puzzle: Puzzle) -> str:
    kind = puzzle.side_melds[puzzle.meld].burraco(puzzle.rules)
    return "none" if kind is None else kind.value
