"""Recipes for ``attach`` puzzles: can the card join one of your melds (R17, R19-R25)?"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank
from engine.generate.builder import (
    SUITS,
    Builder,
    Draft,
    card_at,
    ends_of,
    is_set,
)
from engine.melds import (
    Meld,
)


def _attach_draft(
    b: Builder,
    target: list[Card],
    focus: Card,
    hand_extra: Sequence[Card] = (),
    others: int | None = None,
) -> Draft:
    """An attach puzzle about ``focus`` and the meld ``target``, among a few other melds."""
    rng = b.rng
    set_ranks = [c.rank for c in target if c.rank is not None] if is_set(target) else []
    melds = [target]
    for _ in range(rng.randint(0, 2) if others is None else others):
        melds.append(b.random_meld(set_ranks))
    rng.shuffle(melds)
    filler = b.filler(rng.randint(2, 5), melds)
    hand = [focus, *hand_extra, *filler]
    position = b.position(hand, melds)
    return Draft(
        b.fields("attach", position, focus=[str(focus)]), "attach_focus", {"card": str(focus)}
    )


def attach_general(b: Builder) -> Draft:
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks, 0.35) for _ in range(rng.randint(1, 3))]
    near = b.near_cards(rng.choice(melds), rng.randint(1, 3))
    filler = b.filler(rng.randint(1, 4), melds)
    focus = rng.choice(near)
    players = 4 if b.chance(0.15) else 2
    position = b.position([*near, *filler], melds, players=players)
    return Draft(
        b.fields("attach", position, focus=[str(focus)]), "attach_focus", {"card": str(focus)}
    )


def attach_set(b: Builder) -> Draft:
    rank = b.set_rank()
    wild = b.chance(0.4)
    full = b.chance(0.3)
    naturals = 8 if full and wild else b.rng.randint(3 - wild, 5)
    target = b.set_of(rank, naturals, wild)
    focus = (
        b.shoe.wildcard() if wild and b.chance(0.3) else b.shoe.deal(1, lambda c: c.rank is rank)[0]
    )
    return _attach_draft(b, target, focus)


def attach_sequence(b: Builder) -> Draft:
    target = b.sequence(b.rng.randint(3, 6))
    suit, low, high = ends_of(Meld.parse(target, b.rules))
    place = b.rng.choice([p for p in (low - 2, low - 1, high + 1, high + 2) if 1 <= p <= 14])
    focus = b.shoe.take([card_at(place, suit)])[0]
    extra = []
    if b.chance(0.4) and place in (low - 2, high + 2):
        gap = (low - 1) if place < low else (high + 1)
        if b.chance(0.5):
            extra = b.shoe.take([card_at(gap, suit)])
        else:
            extra = [b.shoe.wildcard(avoid_suit=suit)]
    return _attach_draft(b, target, focus, extra)


def attach_ace(b: Builder) -> Draft:
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    high = b.chance(0.5)
    low = 15 - length if high else 1
    target = b.sequence(length, suit=suit, low=low, wild="end" if b.chance(0.3) else None)
    # an ace or a card at the far side of the ace: turning the corner is never allowed
    choices = (
        [card_at(2, suit), card_at(3, suit)]
        if high
        else [card_at(13, suit), card_at(12, suit), card_at(1, suit)]
    )
    focus = b.shoe.deal(1, lambda c: c in choices)[0]
    return _attach_draft(b, target, focus)


def attach_wild_again(b: Builder) -> Draft:
    """R19: the meld already holds a wildcard, and the card is another."""
    if b.chance(0.5):
        target = b.sequence(b.rng.randint(3, 6), wild="any")
    else:
        target = b.set_of(b.set_rank(), b.rng.randint(2, 4), wild=True)
    return _attach_draft(b, target, b.shoe.wildcard(), others=b.rng.randint(0, 1))


def attach_natural_two(b: Builder) -> Draft:
    """R20: A-2-3 of one suit holds a natural 2, so a wildcard still fits."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    target = b.sequence(length, suit=suit, low=1)
    focus = b.shoe.wildcard(avoid_suit=suit)
    extra = b.shoe.take([card_at(length + 2, suit)]) if b.chance(0.4) else []
    return _attach_draft(b, target, focus, extra)


def attach_moving(b: Builder) -> Draft:
    """R22: a free wildcard at an end moves into the gap the new card leaves."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    low = b.rng.randint(3, 13 - length)
    target = b.sequence(length, suit=suit, low=low, wild="end")
    _, _, high = ends_of(Meld.parse(target, b.rules))
    focus = b.shoe.take([card_at(high + 2 if high + 2 <= 14 else high + 1, suit)])[0]
    return _attach_draft(b, target, focus)


def attach_bound(b: Builder) -> Draft:
    """R23, R24: a bound wildcard stands for one card; only that card moves it."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 6)
    target = b.sequence(length, suit=suit, wild="bound")
    meld = Meld.parse(target, b.rules)
    stands = meld.stands_for
    assert stands is not None
    low, high = meld.start, meld.start + len(meld.cards) - 1
    outside = [p for p in (low - 1, high + 1, low - 2, high + 2) if 1 <= p <= 14]
    roll = b.rng.random()
    extra: list[Card] = []
    if roll < 0.35:
        focus = b.shoe.take([stands])[0]  # R24: the wildcard moves to an end
    else:
        place = b.rng.choice([p for p in outside if p in (low - 2, high + 2)] or outside)
        focus = b.shoe.take([card_at(place, suit)])[0]
        if roll < 0.7 and place in (low - 2, high + 2):
            extra = b.shoe.take([stands])  # with its card the wildcard moves out of the way
    return _attach_draft(b, target, focus, extra)


def attach_pinella(b: Builder) -> Draft:
    """R25: a pinella of the suit standing in a sequence goes home when it can."""
    suit = b.rng.choice(SUITS)
    pinella = Card(Rank.TWO, suit)
    length = b.rng.randint(3, 6)
    target = b.sequence(length, suit=suit, low=3, wild="bound", wild_card=pinella)
    meld = Meld.parse(target, b.rules)
    stands = meld.stands_for
    assert stands is not None
    focus = b.shoe.take([stands])[0] if b.chance(0.6) else b.shoe.wildcard(joker=True)
    return _attach_draft(b, target, focus)
