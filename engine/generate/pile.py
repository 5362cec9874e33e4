"""Recipes for ``pile`` puzzles: a turn that starts at the draw and reaches a goal (R7, R8,
R29, R33, R34)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import Card, Rank
from engine.generate.builder import (
    Builder,
    Draft,
    _Miss,
    line_draft,
)
from engine.generate.lay_meld import (
    plant_cards,
)


def _from_the_draw(
    b: Builder,
    hand: list[Card],
    melds: list[list[Card]],
    pile: list[Card],
    goal: str,
    *,
    stock: list[Card] | None = None,
    taken: bool = False,
    extra: Mapping[str, Any] | None = None,
) -> Draft:
    """A pile question on a position before the draw, the pile given (bottom to top)."""
    return line_draft(
        b,
        "pile",
        hand,
        melds,
        taken=taken,
        goal=goal,
        phase="draw",
        discard=pile,
        stock=stock,
        extra=extra,
    )


def pile_general(b: Builder) -> Draft:
    rng = b.rng
    goal = rng.choice(("pozzetto_al_volo", "pozzetto_con_lo_scarto"))
    melds = b.melds(0, 2)
    plant = plant_cards(b)
    if len(plant) < 2:
        raise _Miss("too few cards to split")
    split = rng.randint(1, len(plant) - 1)
    hand, pile = plant[:split], plant[split:]
    hand += b.filler(rng.randint(0, 2), [*melds, plant])
    pile = b.filler(rng.randint(0, 2), [*melds, plant]) + pile
    return _from_the_draw(b, hand, melds, pile, goal)


def pile_volo(b: Builder) -> Draft:
    """R7, R29: the whole pile comes with the card you want; use it all to empty the hand."""
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = b.melds(1, 2, set_ranks)
    meld = b.set_of(b.set_rank(set_ranks), 3) if b.chance(0.4) else b.sequence(rng.randint(3, 4))
    rng.shuffle(meld)
    cut = rng.randint(1, len(meld) - 1)
    hand, pile = meld[:cut], meld[cut:]
    for _ in range(rng.randint(0, 2)):
        (pile if b.chance(0.7) else hand).extend(b.near_cards(rng.choice(melds), 1))
    goal = "pozzetto_al_volo" if b.chance(0.6) else "pozzetto_con_lo_scarto"
    junk = (goal == "pozzetto_con_lo_scarto") + (1 if b.chance(0.2) else 0)
    for _ in range(junk):
        (pile if b.chance(0.5) else hand).extend(b.filler(1, [*melds, meld]))
    if len(pile) < 2:
        pile += b.filler(1, [*melds, meld])
    rng.shuffle(pile)
    return _from_the_draw(b, hand, melds, pile, goal)


def _one_card_pile(b: Builder, *, stall: bool) -> Draft:
    """A pile of one card of a rank the hand holds, and the pozzetto to reach with the
    discard: the card taken may not go straight back (R8), or, with a stall under way, the
    player who began it must draw (R34)."""
    melds = b.melds(0, 2)
    rank = b.set_rank()

    def of_rank(card: Card) -> bool:
        return card.rank is rank

    if stall:
        hand = b.shoe.deal(2, of_rank) + b.filler(1, melds)
        pile = b.shoe.deal(1, of_rank)
        stock = b.filler(1, melds)
    else:
        hand = b.shoe.deal(3, of_rank)
        pile = b.filler(1, [*melds, hand])
        stock = b.filler(1, [*melds, hand]) if b.chance(0.5) else b.shoe.deal(1, of_rank)
    stock += b.shoe.deal(b.rng.randint(15, 30))
    extra = {"stall": {"seat": 0, "count": 6 if b.chance(0.7) else 3}} if stall else None
    return _from_the_draw(b, hand, melds, pile, "pozzetto_con_lo_scarto", stock=stock, extra=extra)


def pile_single(b: Builder) -> Draft:
    """R8: the card of a one-card pile may not go straight back."""
    return _one_card_pile(b, stall=False)


def pile_stock(b: Builder) -> Draft:
    """R33: drawing the third-to-last card ends the hand at the end of the turn."""
    rng = b.rng
    melds = b.melds(1, 3)
    hand = b.filler(rng.randint(2, 5), melds)
    stock = b.shoe.deal(rng.choice((3, 3, 4)))
    pile = b.shoe.deal(rng.randint(1, 3))
    return _from_the_draw(b, hand, melds, pile, "stock_exhausted", stock=stock, taken=b.chance(0.5))


def pile_stall(b: Builder) -> Draft:
    """R34: after a run of one-card piles, the player who began it must draw."""
    return _one_card_pile(b, stall=True)
