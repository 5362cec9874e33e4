"""Wildcard puzzles: after the puzzle's cards are attached, where does the meld's wildcard
stand (R21-R25): for which card, or is the 2 natural now, or can it not be done. The answer,
its check and its solutions (the detail is :class:`engine.puzzles.attach.MeldMade`); the
generator's recipes are in :mod:`engine.generate.wildcard`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.budget import Budget
from engine.cards import Card
from engine.errors import Refusal
from engine.melds import Meld, attach
from engine.puzzles.answer import CannotBeDone, card_texts, names, one_card, text
from engine.puzzles.attach import MeldMade
from engine.puzzles.puzzle import InvalidAnswerError, Puzzle
from engine.puzzles.verdict import Verdict, miss, right, wrong

RECIPES = "engine.generate.wildcard"


@dataclass(frozen=True)
class Wildcard:
    """The wildcard stands for ``stands_for``; None: the 2 becomes a natural card."""

    stands_for: str | None
    keys: ClassVar[frozenset[str]] = frozenset({"stands_for", "natural"})

    def to_json(self) -> dict[str, Any]:
        return {"natural": True} if self.stands_for is None else {"stands_for": self.stands_for}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Wildcard:
        if "natural" in data:
            if data["natural"] is not True or len(data) != 1:
                raise InvalidAnswerError("answer_shape", expected="natural")
            return cls(None)
        return cls(text(data["stands_for"]))


def check(puzzle: Puzzle, answer: Wildcard | CannotBeDone, budget: Budget) -> Verdict:
    truth = result(puzzle)
    shown = _answer(truth)
    if isinstance(truth, Refusal):
        if isinstance(answer, CannotBeDone):
            return right(rule=truth.rule)
        return wrong(truth, shown)
    meld, rule = truth
    detail = MeldMade(names(meld.cards))
    if isinstance(answer, CannotBeDone):
        return miss("attach_allowed", rule, shown, detail, arrangement=card_texts(meld.cards))
    if answer.stands_for is None:
        if meld.wildcard is None:
            return right(detail, rule)
    elif meld.wildcard is not None and one_card(answer.stands_for) == meld.stands_for:
        return right(detail, rule)
    if meld.wildcard is None:
        return miss("wild_went_home", rule, shown, detail)
    return miss(
        "wild_stands_for",
        rule,
        shown,
        detail,
        wild=str(meld.wildcard),
        stands_for=str(meld.stands_for),
    )


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[Wildcard | CannotBeDone]:
    yield _answer(result(puzzle))


def _answer(truth: tuple[Meld, str] | Refusal) -> Wildcard | CannotBeDone:
    if isinstance(truth, Refusal):
        return CannotBeDone()
    stands_for = truth[0].stands_for
    return Wildcard(None if stands_for is None else str(stands_for))


def result(puzzle: Puzzle) -> tuple[Meld, str] | Refusal:
    """The meld after the puzzle's attachment and the rule that placed its wildcard."""
    before = puzzle.side_melds[puzzle.meld]
    try:
        after = attach(before, puzzle.attached, puzzle.rules)
    except Refusal as refusal:
        return refusal
    return after, _wild_rule(before, after, puzzle.attached)


def _wild_rule(before: Meld, after: Meld, added: tuple[Card, ...]) -> str:
    old = before.wildcard
    if old is not None and after.wildcard is not old and old in after.cards:
        return "R25"  # the old wildcard is natural now: a pinella gone home
    if before.stands_for is not None and before.stands_for in added:
        return "R24"  # replaced by its own card, it moved to an end
    if before.wild_is_bound:
        return "R23"
    if old is not None:
        return "R22"
    return "R21"
