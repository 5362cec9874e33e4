"""Recipes for ``close`` puzzles: can you close this turn (R29-R32)?"""

from __future__ import annotations

from engine.cards import Card
from engine.generate.builder import (
    SUITS,
    Builder,
    Draft,
    card_at,
    line_draft,
)


def _burraco_table(b: Builder, burraco: bool | None = None) -> list[list[Card]]:
    rng = b.rng
    melds = b.melds(1, 2)
    if burraco is None:
        burraco = b.chance(0.7)
    length = rng.randint(7, 8) if burraco else 6
    melds.insert(rng.randrange(len(melds) + 1), b.sequence(length, wild=rng.choice((None, "end"))))
    return melds


def close_general(b: Builder) -> Draft:
    rng = b.rng
    melds = _burraco_table(b)
    hand = b.near_cards(rng.choice(melds), rng.randint(1, 3))
    hand += b.filler(rng.randint(1, 2), melds)
    return line_draft(b, "close", hand, melds, taken=b.chance(0.85))


def close_burraco(b: Builder) -> Draft:
    """R30: closing needs a burraco; six cards plus one make it."""
    rng = b.rng
    melds = _burraco_table(b, burraco=False)
    six = next(m for m in melds if len(m) == 6)
    hand = b.near_cards(six, rng.randint(1, 2)) + b.filler(1, melds)
    return line_draft(b, "close", hand, melds, taken=True)


def close_wild(b: Builder) -> Draft:
    """R31: the closing discard may not be a wildcard."""
    rng = b.rng
    melds = _burraco_table(b, burraco=True)
    hand = [b.shoe.wildcard()]
    hand += b.near_cards(rng.choice(melds), 1) if b.chance(0.7) else b.filler(1, melds)
    if b.chance(0.4):
        hand += b.filler(1, melds)
    return line_draft(b, "close", hand, melds, taken=True)


def close_no_discard(b: Builder) -> Draft:
    """R32: laying every card down leaves none to discard."""
    rng = b.rng
    melds = _burraco_table(b, burraco=True)
    suit = rng.choice(SUITS)
    low = rng.randint(3, 11)
    hand = b.shoe.take(card_at(p, suit) for p in range(low, low + 3))
    if b.chance(0.5):
        hand += b.near_cards(rng.choice(melds), 1)
    return line_draft(b, "close", hand, melds, taken=True)


def close_pozzetto(b: Builder) -> Draft:
    """R29, R30: a side closes only once it has taken its pozzetto."""
    rng = b.rng
    melds = _burraco_table(b, burraco=True)
    hand = b.near_cards(rng.choice(melds), rng.randint(1, 2)) + b.filler(1, melds)
    return line_draft(b, "close", hand, melds, taken=False)
