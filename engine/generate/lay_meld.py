"""Recipes for ``lay-meld`` puzzles: which meld can you lay (R10-R15, R19, R20, R26)?"""

from __future__ import annotations

from typing import Any

from engine.cards import Card
from engine.generate.builder import (
    SUITS,
    Builder,
    Draft,
    card_at,
    is_set,
    place_of,
)


def _lay_draft(
    b: Builder,
    hand: list[Card],
    goal: str,
    focus: Card | None = None,
    melds: list[list[Card]] | None = None,
) -> Draft:
    if melds is None:
        melds = b.melds(0, 2, [c.rank for c in hand if c.rank is not None])
    position = b.position(hand, melds)
    params: dict[str, Any] = {"goal": goal}
    if focus is not None:
        params["focus"] = [str(focus)]
    prompt = {"any": "lay_any", "best": "lay_best", "burraco": "lay_burraco"}[goal]
    prompt_params: dict[str, Any] = {}
    if focus is not None and goal == "any":
        prompt, prompt_params = "lay_any_focus", {"card": str(focus)}
    return Draft(b.fields("lay-meld", position, **params), prompt, prompt_params)


def plant_cards(b: Builder) -> list[Card]:
    """Two to four cards that nearly or just make a meld."""
    rng = b.rng
    if b.chance(0.4):
        rank = b.set_rank()
        return b.shoe.deal(rng.randint(2, 3), lambda c: c.rank is rank)
    suit = rng.choice(SUITS)
    low = rng.randint(1, 11)
    places = [p for p in range(low, low + rng.randint(3, 5)) if p <= 14]
    if len(places) > 3 and b.chance(0.5):
        places.pop(rng.randrange(1, len(places) - 1))
    return b.shoe.take(card_at(p, suit) for p in places if b.shoe.has(card_at(p, suit)))


def lay_general(b: Builder) -> Draft:
    rng = b.rng
    hand = plant_cards(b)
    if b.chance(0.5):
        hand += plant_cards(b)
    hand += [b.shoe.wildcard() for _ in range(rng.choice((0, 0, 1, 1, 2)))]
    hand += b.filler(rng.randint(1, 3), [hand])
    goal = rng.choice(("any", "any", "best", "best"))
    focus = (
        rng.choice([c for c in hand if not c.is_wild]) if goal == "any" and b.chance(0.6) else None
    )
    return _lay_draft(b, hand, goal, focus)


def lay_sets(b: Builder) -> Draft:
    rng = b.rng
    rank = b.set_rank()
    hand = b.shoe.deal(rng.randint(2, 4), lambda c: c.rank is rank)
    if b.chance(0.6):
        hand.append(b.shoe.wildcard())
    hand += b.filler(rng.randint(2, 4), [hand])
    goal = rng.choice(("any", "best"))
    return _lay_draft(b, hand, goal, hand[0] if goal == "any" else None)


def lay_wildcards_only(b: Builder) -> Draft:
    """R12: plenty of wildcards, but a meld needs natural cards."""
    rng = b.rng
    hand = [b.shoe.wildcard() for _ in range(rng.randint(3, 4))]
    hand += b.filler(rng.randint(2, 4))
    if b.chance(0.4):
        hand += b.shoe.deal(1, lambda c: not c.is_wild and c.rank is hand[-1].rank)
    return _lay_draft(b, hand, rng.choice(("any", "best")))


def lay_sequence(b: Builder) -> Draft:
    rng = b.rng
    hand = plant_cards(b) if b.chance(0.3) else []
    while not hand or is_set(hand):
        hand = plant_cards(b)
    if b.chance(0.5):
        hand.append(b.shoe.wildcard())
    hand += b.filler(rng.randint(2, 3), [hand])
    goal = rng.choice(("any", "best"))
    naturals = [c for c in hand if not c.is_wild]
    return _lay_draft(b, hand, goal, rng.choice(naturals) if goal == "any" else None)


def lay_ace(b: Builder) -> Draft:
    """R14: the ace is low or high, never both; K-A-2 only with the 2 as a wildcard."""
    suit = b.rng.choice(SUITS)
    shapes = [[13, 1, 2], [12, 13, 1, 2], [13, 1, 2, 3], [1, 2, 3], [12, 13, 1], [1, 3, 13]]
    shape = b.rng.choice(shapes)
    hand = b.shoe.take(card_at(p, suit) for p in shape)
    if b.chance(0.3):
        hand.append(b.shoe.wildcard(avoid_suit=suit))
    hand += b.filler(b.rng.randint(1, 3), [hand])
    goal = b.rng.choice(("any", "best", "best"))
    return _lay_draft(b, hand, goal, hand[0] if goal == "any" else None)


def lay_second_set(b: Builder) -> Draft:
    """R15: a side with a set of a rank attaches to it rather than lay another."""
    rank = b.set_rank()
    table = b.set_of(rank, b.rng.randint(3, 4), wild=b.chance(0.3))
    hand = b.shoe.deal(b.rng.randint(2, 3), lambda c: c.rank is rank)
    if len(hand) == 2 or b.chance(0.3):
        hand.append(b.shoe.wildcard())
    focus = hand[0]
    if b.chance(0.4):
        # a way out: a sequence through the focus card
        assert focus.suit is not None
        around = [p for p in (place_of(focus) - 1, place_of(focus) + 1) if 1 <= p <= 14]
        hand += b.shoe.take(
            card_at(p, focus.suit) for p in around if b.shoe.has(card_at(p, focus.suit))
        )
    hand += b.filler(b.rng.randint(1, 3), [hand, table])
    return _lay_draft(b, hand, "any", focus, melds=[table])


def lay_one_wild(b: Builder) -> Draft:
    """R19: two wildcards in the hand, but a meld takes one."""
    hand = plant_cards(b)
    hand += [b.shoe.wildcard(), b.shoe.wildcard()]
    hand += b.filler(b.rng.randint(1, 3), [hand])
    return _lay_draft(b, hand, b.rng.choice(("best", "any")))


def lay_natural_two(b: Builder) -> Draft:
    """R20: A-2-3 of a suit: the 2 is natural, and a wildcard may join as well."""
    suit = b.rng.choice(SUITS)
    places = b.rng.choice([[1, 2, 3], [1, 2, 3, 5], [2, 3, 4], [1, 2, 4], [2, 3, 5]])
    hand = b.shoe.take(card_at(p, suit) for p in places)
    if b.chance(0.7):
        hand.append(b.shoe.wildcard(avoid_suit=suit))
    hand += b.filler(b.rng.randint(1, 3), [hand])
    goal = b.rng.choice(("best", "any"))
    return _lay_draft(b, hand, goal, hand[1] if goal == "any" else None)


def lay_burraco(b: Builder) -> Draft:
    """R26: seven cards or more in one meld."""
    rng = b.rng
    suit = rng.choice(SUITS)
    length = rng.randint(6, 8)
    low = rng.randint(1, 15 - length)
    places = list(range(low, low + length))
    if b.chance(0.5):
        places.pop(rng.randrange(1, len(places) - 1))
        hand = b.shoe.take(card_at(p, suit) for p in places)
        if b.chance(0.7):
            hand.append(b.shoe.wildcard(avoid_suit=suit))
    else:
        hand = b.shoe.take(card_at(p, suit) for p in places)
    hand += b.filler(rng.randint(1, 2), [hand])
    return _lay_draft(b, hand, "burraco")
