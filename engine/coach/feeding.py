"""What a discard hands the next player's side (R7, R10, R17): the meld of theirs it
extends or the new meld it makes with the pile, the burraco the pile would give them, and
roughly the points.

Part of :mod:`engine.coach`: the ``feeds_opponent`` detector and the default estimator
both ask it. The analysis of the discard itself is :func:`engine.strategy.feed_of`, the
same one the discard puzzles use; this module only prices what it finds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.budget import Budget
from engine.cards import Card
from engine.melds import BURRACO_SIZE, Meld, MeldKind, possible_attachments
from engine.scoring import burraco_bonus
from engine.state import Position
from engine.strategy import feed_of


@dataclass(frozen=True, slots=True)
class _Feed:
    """What a discard gives the next player's side: the points it likely gains, the meld
    of theirs the card extends (as it lies now) or the new meld it makes with the pile, and
    the meld the pile makes a burraco."""

    gain: int = 0
    fitted: Meld | None = None
    burraco: Meld | None = None
    made: Meld | None = None
    #: The burraco bonus the card alone (with the pile) gives the meld it extends.
    bonus: int = 0


def _feeds(view_after: Position, card: Card, budget: Budget, known: Sequence[Card] = ()) -> _Feed:
    """What ``card``, just discarded in ``view_after``, gives the next player's side,
    with the pile and the cards the next player is ``known`` to hold (taken from the pile
    and not played since: what the whole table saw, lesson 21)."""
    if view_after.is_over or not view_after.discard:
        return _Feed()
    melds = view_after.melds[view_after.side]
    rules = view_after.rules
    pile = view_after.discard
    feed = feed_of(card, (*pile[:-1], *known), melds, view_after, budget)
    gain, fitted, made, bonus = 0, None, None, 0
    for index, result in feed.extends:
        before = melds[index]
        added = Counter(result.cards) - Counter(before.cards)
        extra = _bonus_gain(before, result, rules)
        worth = sum(c.value for c in added.elements()) + extra
        if worth > gain:
            gain, fitted, bonus = worth, before, extra
    for meld in feed.completes:
        extra = burraco_bonus(meld, rules)
        worth = sum(c.value for c in meld.cards) + extra
        if worth > gain:
            gain, fitted, made, bonus = worth, None, meld, extra
    found = _pile_burraco(melds, pile, rules, budget)
    if found is not None and _pile_burraco(melds, pile[:-1], rules, budget) is None:
        meld = found[1]
        return _Feed(gain + found[0], fitted, meld, made, bonus)
    return _Feed(gain, fitted, None, made, bonus)


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
