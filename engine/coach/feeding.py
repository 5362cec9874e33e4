"""What a discard hands the next player's side (R7, R17): the meld of theirs it fits, the
burraco the pile would give them, and roughly the points.

Part of :mod:`engine.coach`: the ``feeds_opponent`` detector and the default estimator
both ask it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.budget import Budget
from engine.cards import Card
from engine.melds import BURRACO_SIZE, Meld, MeldKind, possible_attachments
from engine.scoring import burraco_bonus
from engine.state import Position


@dataclass(frozen=True, slots=True)
class _Feed:
    """What a discard gives the next player's side: the points it likely gains, the meld
    of theirs the card fits (as it lies now), and the meld the pile makes a burraco."""

    gain: int = 0
    fitted: Meld | None = None
    burraco: Meld | None = None


def _feeds(view_after: Position, card: Card, budget: Budget) -> _Feed:
    """What ``card``, just discarded in ``view_after``, gives the next player's side."""
    if view_after.is_over:
        return _Feed()
    melds = view_after.melds[view_after.side]
    rules = view_after.rules
    if not melds:
        return _Feed()
    gain, fitted = 0, None
    for index, _, result in possible_attachments(melds, [card], rules, budget):
        worth = card.value + _bonus_gain(melds[index], result, rules)
        if worth > gain:
            gain, fitted = worth, melds[index]
    pile = view_after.discard
    found = _pile_burraco(melds, pile, rules, budget)
    if found is not None and _pile_burraco(melds, pile[:-1], rules, budget) is None:
        bonus, meld = found
        return _Feed(gain + bonus, fitted, meld)
    return _Feed(gain, fitted)


def _pile_burraco(
    melds: Sequence[Meld], pile: Sequence[Card], rules: Any, budget: Budget
) -> tuple[int, Meld] | None:
    """The bonus of the best burraco the pile's cards make by attaching to one of these
    melds, and that meld, if any."""
    candidates = [meld for meld in melds if meld.burraco(rules) is None]
    if not pile or not candidates:
        return None
    # Only the pile's cards that fit a meld's rank or suit can help: keep the search small.
    useful = [
        card
        for card in pile
        if card.is_wild
        or any(
            card.rank is meld.rank if meld.kind is MeldKind.SET else card.suit is meld.suit
            for meld in candidates
        )
    ]
    best: tuple[int, Meld] | None = None
    for meld in candidates:
        if len(meld.cards) + len(useful) < BURRACO_SIZE:
            continue
        for _, _, result in possible_attachments([meld], useful, rules, budget):
            bonus = burraco_bonus(result, rules)
            if bonus and (best is None or bonus > best[0]):
                best = (bonus, meld)
    return best


def _bonus_gain(before: Meld, after: Meld, rules: Any) -> int:
    return burraco_bonus(after, rules) - burraco_bonus(before, rules)
