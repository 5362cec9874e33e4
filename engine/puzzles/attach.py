"""Attach puzzles: which cards of the hand go onto which of the side's melds (R17), or that
none can. The answer, its check, its solutions and its detail; the generator's recipes are
in :mod:`engine.generate.attach`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.budget import Budget
from engine.cards import Card
from engine.errors import Refusal
from engine.melds import Meld, attach, possible_attachments
from engine.puzzles.answer import (
    CannotBeDone,
    focus_params,
    hand_cards,
    has_focus,
    names,
    require_focus,
    texts,
    whole,
)
from engine.puzzles.puzzle import InvalidAnswerError, Puzzle
from engine.puzzles.verdict import Drawn, Verdict, miss, optional_whole, right, wrong
from engine.puzzles.verdict import texts as kept_texts

RECIPES = "engine.generate.attach"


@dataclass(frozen=True)
class Attach:
    """Attach these cards of the hand to the side's meld ``meld`` (from 0)."""

    meld: int
    cards: tuple[str, ...]
    keys: ClassVar[frozenset[str]] = frozenset({"meld", "cards"})

    def to_json(self) -> dict[str, Any]:
        return {"meld": self.meld, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Attach:
        return cls(whole(data["meld"], "meld"), texts(data["cards"]))


@dataclass(frozen=True, slots=True)
class MeldMade:
    """The meld an answer made or changed, its cards as they lie: an attach answer's (with
    the ``meld``'s index among the side's melds), a lay-meld answer's (with its ``points``)
    and the meld of a wildcard question after the attachment.

    >>> MeldMade(("7H", "8H", "9H"), points=15).to_json()
    {'arrangement': ['7H', '8H', '9H'], 'points': 15}
    """

    MARK: ClassVar[str] = "arrangement"

    arrangement: tuple[str, ...]
    meld: int | None = None
    points: int | None = None

    @property
    def drawn(self) -> Drawn:
        return Drawn(self.meld, self.arrangement)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.meld is not None:
            data["meld"] = self.meld
        data["arrangement"] = list(self.arrangement)
        if self.points is not None:
            data["points"] = self.points
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MeldMade:
        return cls(
            kept_texts(data["arrangement"]),
            meld=optional_whole(data.get("meld")),
            points=optional_whole(data.get("points")),
        )


def check(puzzle: Puzzle, answer: Attach | CannotBeDone, budget: Budget) -> Verdict:
    found = attachments(puzzle, budget)
    shown = next(_answers(found))
    if isinstance(answer, CannotBeDone):
        if found:
            return miss("attach_possible", "R17", shown, None, **focus_params(puzzle))
        return right(rule="R17")
    index = meld_index(puzzle, answer.meld)
    cards = hand_cards(puzzle, answer.cards)
    require_focus(puzzle, cards, "R17")
    try:
        meld = attach(puzzle.side_melds[index], cards, puzzle.rules)
    except Refusal as refusal:
        return wrong(refusal, shown)
    return right(MeldMade(names(meld.cards), meld=index), "R17")


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[Attach | CannotBeDone]:
    return _answers(attachments(puzzle, budget))


def _answers(found: list[tuple[int, tuple[Card, ...], Meld]]) -> Iterator[Attach | CannotBeDone]:
    if not found:
        yield CannotBeDone()
    for index, cards, _ in found:
        yield Attach(index, names(cards))


def attachments(puzzle: Puzzle, budget: Budget) -> list[tuple[int, tuple[Card, ...], Meld]]:
    hand = puzzle.position.hand
    found = possible_attachments(puzzle.side_melds, hand, puzzle.rules, budget)
    return [item for item in found if has_focus(puzzle, item[1])]


def meld_index(puzzle: Puzzle, index: int) -> int:
    if not 0 <= index < len(puzzle.side_melds):
        raise InvalidAnswerError("answer_no_meld", "R17", index=index, number=index + 1)
    return index
