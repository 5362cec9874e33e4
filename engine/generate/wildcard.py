"""Recipes for ``wildcard`` puzzles: where does the wildcard stand after the attachment
(R18-R25)?"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Rank
from engine.generate.builder import (
    SUITS,
    Builder,
    Draft,
    as_texts,
    card_at,
    ends_of,
)
from engine.melds import (
    Meld,
)


def _wildcard_draft(b: Builder, target: list[Card], added: list[Card]) -> Draft:
    rng = b.rng
    melds = [target] + b.melds(0, 2)
    rng.shuffle(melds)
    index = melds.index(target)
    hand = [*added, *b.filler(rng.randint(1, 4), melds)]
    position = b.position(hand, melds)
    fields = b.fields("wildcard", position, meld=index, attach=as_texts(added))
    return Draft(fields, "wildcard_after", {"cards": as_texts(added), "meld": index})


def _seq_with(b: Builder, wild: str | None, **kw: Any) -> tuple[list[Card], Meld]:
    target = b.sequence(b.rng.randint(3, 6), wild=wild, **kw)
    return target, Meld.parse(target, b.rules)


def wildcard_general(b: Builder) -> Draft:
    roll = b.rng.random()
    if roll < 0.4:
        target, meld = _seq_with(b, "any")
        suit = meld.suit
        assert suit is not None
        added = b.near_cards(target, b.rng.randint(1, 2))
    else:
        target, meld = _seq_with(b, None)
        added = [b.shoe.wildcard()]
        if b.chance(0.4):
            added += b.near_cards(target, 1)
    return _wildcard_draft(b, target, added)


def wildcard_second(b: Builder) -> Draft:
    target, _ = _seq_with(b, "any")
    return _wildcard_draft(b, target, [b.shoe.wildcard()])


def wildcard_natural_two(b: Builder) -> Draft:
    suit = b.rng.choice(SUITS)
    if b.chance(0.5):
        target = b.sequence(b.rng.randint(3, 5), suit=suit, low=1)
        added = [b.shoe.wildcard(avoid_suit=suit)]
    else:
        target = b.sequence(
            b.rng.randint(3, 5), suit=suit, low=3, wild="end" if b.chance(0.5) else None
        )
        added = b.shoe.take([Card(Rank.TWO, suit)])
    return _wildcard_draft(b, target, added)


def wildcard_placed(b: Builder) -> Draft:
    """R21: a wildcard joining a run sits at its low end, at the high end after an ace."""
    low = 1 if b.chance(0.4) else None
    target, meld = _seq_with(b, None, low=low)
    return _wildcard_draft(b, target, [b.shoe.wildcard(avoid_suit=meld.suit)])


def wildcard_moving(b: Builder) -> Draft:
    """R22: a free wildcard moves to let a card in."""
    suit = b.rng.choice(SUITS)
    target = b.sequence(b.rng.randint(3, 5), suit=suit, low=b.rng.randint(3, 8), wild="end")
    _, low, high = ends_of(Meld.parse(target, b.rules))
    places = [p for p in (high + 2, low - 2, high + 1) if 2 < p <= 14]
    return _wildcard_draft(b, target, b.shoe.take([card_at(b.rng.choice(places), suit)]))


def wildcard_bound(b: Builder) -> Draft:
    """R23, R24: a bound wildcard stands for one card, which alone moves it."""
    suit = b.rng.choice(SUITS)
    target, meld = _seq_with(b, "bound", suit=suit)
    stands = meld.stands_for
    assert stands is not None
    low, high = meld.start, meld.start + len(meld.cards) - 1
    outside = [p for p in (low - 2, high + 2, low - 1, high + 1) if 1 <= p <= 14]
    roll = b.rng.random()
    if roll < 0.35 and outside:
        added = b.shoe.take([card_at(outside[0], suit)])
    elif roll < 0.7:
        added = b.shoe.take([stands])
    else:
        added = b.shoe.take([stands, card_at(b.rng.choice(outside), suit)])
    return _wildcard_draft(b, target, added)


def wildcard_pinella(b: Builder) -> Draft:
    """R25: the pinella of the suit goes home to its place next to the 3."""
    suit = b.rng.choice(SUITS)
    pinella = Card(Rank.TWO, suit)
    target, meld = _seq_with(b, "bound", suit=suit, low=3, wild_card=pinella)
    stands = meld.stands_for
    assert stands is not None
    added = b.shoe.take([stands]) if b.chance(0.6) else [b.shoe.wildcard(joker=True)]
    return _wildcard_draft(b, target, added)


def wildcard_ace(b: Builder) -> Draft:
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    target = b.sequence(length, suit=suit, low=15 - length if b.chance(0.5) else 1, wild=None)
    added = [b.shoe.wildcard(avoid_suit=suit)]
    return _wildcard_draft(b, target, added)
