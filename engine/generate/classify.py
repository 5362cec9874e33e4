"""Recipes for ``classify`` puzzles: is this meld a burraco, and of which kind (R26-R28)?"""

from __future__ import annotations

from engine.cards import Card
from engine.generate.builder import (
    SUITS,
    Builder,
    Draft,
    is_set,
)


def _classify_draft(b: Builder, target: list[Card]) -> Draft:
    rng = b.rng
    set_ranks = [c.rank for c in target if c.rank is not None] if is_set(target) else []
    melds = [target, *b.melds(0, 2, set_ranks)]
    rng.shuffle(melds)
    index = melds.index(target)
    hand = b.filler(rng.randint(2, 6), melds)
    position = b.position(hand, melds)
    return Draft(b.fields("classify", position, meld=index), "classify", {"meld": index})


def _long_meld(b: Builder, wild: str | None) -> list[Card]:
    rng = b.rng
    if b.chance(0.25) and not b.rules.international or b.rules.international and b.chance(0.5):
        return b.set_of(b.set_rank(), rng.randint(5, 8), wild is not None)
    return b.sequence(rng.randint(6, 9), wild=wild)


def classify_general(b: Builder) -> Draft:
    wild = b.rng.choice((None, "end", "bound"))
    return _classify_draft(b, _long_meld(b, wild))


def classify_size(b: Builder) -> Draft:
    """R26: six cards are no burraco; seven are."""
    wild = b.rng.choice((None, None, "end", "bound"))
    length = b.rng.choice((6, 7, 7))
    if b.chance(0.3) and not b.rules.international:
        return _classify_draft(
            b, b.set_of(b.set_rank(), length - (wild is not None), wild is not None)
        )
    return _classify_draft(b, b.sequence(length, wild=wild))


def classify_two(b: Builder) -> Draft:
    """R20, R27: a natural 2 keeps a burraco clean."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(6, 9)
    wild = "end" if b.chance(0.3) else None
    return _classify_draft(b, b.sequence(length, suit=suit, low=1, wild=wild))


def classify_semi(b: Builder) -> Draft:
    """R28: seven naturals in a row beside the wildcard (sets: seven naturals)."""
    rng = b.rng
    if b.chance(0.25) and not b.rules.international:
        return _classify_draft(b, b.set_of(b.set_rank(), rng.randint(6, 7), True))
    length = rng.randint(7, 11)
    suit = rng.choice(SUITS)
    low = rng.randint(1, 15 - length)
    target = b.sequence(length, suit=suit, low=low, wild=rng.choice(("end", "bound")))
    return _classify_draft(b, target)
