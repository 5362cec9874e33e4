"""Pile-use questions: how many of the discard pile's cards could go on the table at once
by taking it (R7). The answer, its check, its solutions and its detail; no generator makes
these yet."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.budget import Budget
from engine.cards import Card
from engine.errors import Refusal, TooBigError
from engine.puzzles.answer import card_texts, names, whole
from engine.puzzles.puzzle import InvalidAnswerError, InvalidPuzzleError, Puzzle
from engine.puzzles.verdict import NO_RULE, Drawn, Verdict, miss, right
from engine.puzzles.verdict import texts as kept_texts
from engine.puzzles.verdict import whole as kept_whole
from engine.state import DECK_SIZE
from engine.strategy import pile_uses

RECIPES: str | None = None


@dataclass(frozen=True)
class PileUse:
    """How many cards of the discard pile could be used at once."""

    count: int
    keys: ClassVar[frozenset[str]] = frozenset({"count"})

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PileUse:
        return cls(whole(data["count"], "count"))


@dataclass(frozen=True, slots=True)
class PileUsed:
    """A pile-use question's answer: the pile's cards that could go on the table at once
    by taking it, and how many.

    >>> PileUsed.from_json({"cards": ["5H", "JK"], "count": 2})
    PileUsed(cards=('5H', 'JK'))
    """

    MARK: ClassVar[str] = "count"

    cards: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.cards)

    @property
    def drawn(self) -> Drawn:
        return Drawn(cards=self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "count": self.count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PileUsed:
        cards = kept_texts(data["cards"])
        if kept_whole(data["count"]) != len(cards):
            raise TypeError("the count is not the number of cards")
        return cls(cards)


def check(puzzle: Puzzle, answer: PileUse, budget: Budget) -> Verdict:
    """How many of the pile's cards could go on the table at once, taking it (R7)."""
    if not 0 <= answer.count <= DECK_SIZE:
        raise InvalidAnswerError("answer_shape", expected="count")
    used = pile_used(puzzle, budget)
    detail = PileUsed(names(used))
    if answer.count == len(used):
        return right(detail, NO_RULE)
    return miss(
        "pile_use_count" if used else "pile_use_none",
        NO_RULE,
        PileUse(len(used)),
        detail,
        expected=len(used),
        cards=card_texts(used),
    )


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[PileUse]:
    yield PileUse(len(pile_used(puzzle, budget)))


def pile_used(puzzle: Puzzle, budget: Budget) -> tuple[Card, ...]:
    try:
        return pile_uses(puzzle.position, budget)
    except TooBigError:
        raise
    except Refusal as refusal:
        # The rules forbid taking this pile (R34, R41): no question to answer.
        raise InvalidPuzzleError.of(refusal) from None
