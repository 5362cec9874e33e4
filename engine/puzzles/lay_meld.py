"""Lay-meld puzzles: which cards of the hand to lay down as a new meld (R10), any, the best
by points or a burraco, or that none can be. The answer, its check and its solutions (the
detail is :class:`engine.puzzles.attach.MeldMade`); the generator's recipes are in
:mod:`engine.generate.lay_meld`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.actions import Action, ActionKind, legal_melds, transition
from engine.budget import Budget
from engine.cards import Card
from engine.errors import Refusal
from engine.melds import Meld
from engine.puzzles.answer import (
    CannotBeDone,
    focus_params,
    hand_cards,
    has_focus,
    names,
    require_focus,
    texts,
)
from engine.puzzles.attach import MeldMade
from engine.puzzles.puzzle import Puzzle
from engine.puzzles.verdict import Verdict, miss, right, wrong

RECIPES = "engine.generate.lay_meld"


@dataclass(frozen=True)
class LayMeld:
    """Lay these cards of the hand down as a new meld."""

    cards: tuple[str, ...]
    keys: ClassVar[frozenset[str]] = frozenset({"cards"})

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LayMeld:
        return cls(texts(data["cards"]))


def check(puzzle: Puzzle, answer: LayMeld | CannotBeDone, budget: Budget) -> Verdict:
    found = new_melds(puzzle, budget)
    goal = goal_melds(puzzle, found)
    shown = next(_answers(goal))
    if isinstance(answer, CannotBeDone):
        if goal:
            return miss("meld_possible", "R10", shown, None, **focus_params(puzzle))
        return right(rule="R10")
    cards = hand_cards(puzzle, answer.cards)
    require_focus(puzzle, cards, "R10")
    refusal = meld_refusal(puzzle, cards)
    if refusal is not None:
        return wrong(refusal, shown)
    meld = next(m for m in found if Counter(m.cards) == Counter(cards))
    detail = MeldMade(names(meld.cards), points=meld.points)
    if meld not in goal:
        if puzzle.goal == "best":
            best = max(m.points for m in found)
            return miss("not_best", "R2", shown, detail, points=meld.points, best=best)
        return miss("not_burraco", "R26", shown, detail, count=len(meld.cards))
    return right(detail, "R10")


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[LayMeld | CannotBeDone]:
    return _answers(goal_melds(puzzle, new_melds(puzzle, budget)))


def _answers(melds: list[Meld]) -> Iterator[LayMeld | CannotBeDone]:
    if not melds:
        yield CannotBeDone()
    for meld in melds:
        yield LayMeld(names(meld.cards))


def goal_melds(puzzle: Puzzle, found: list[Meld]) -> list[Meld]:
    """The melds that answer a lay-meld puzzle: any, the best by points, or a burraco."""
    if puzzle.goal == "best" and found:
        best = max(meld.points for meld in found)
        return [meld for meld in found if meld.points == best]
    if puzzle.goal == "burraco":
        return [meld for meld in found if meld.burraco(puzzle.rules) is not None]
    return found


def new_melds(puzzle: Puzzle, budget: Budget) -> list[Meld]:
    """The melds the learner may lay now: those :func:`meld_refusal` lets through, found
    without playing each one (a 40-card hand has thousands)."""
    if puzzle.position.is_over:
        return []
    return [meld for meld in legal_melds(puzzle.position, budget) if has_focus(puzzle, meld.cards)]


def meld_refusal(puzzle: Puzzle, cards: tuple[Card, ...]) -> Refusal | None:
    """Why the side may not lay these cards now (R10-R15, R32...), or None."""
    try:
        transition(puzzle.position, Action(ActionKind.MELD, cards))
    except Refusal as refusal:
        return refusal
    return None
