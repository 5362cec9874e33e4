"""Recipes for ``score`` puzzles: a hand's score, a total, match or victory points (R35-R38)."""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Rank
from engine.generate.builder import (
    Builder,
    Draft,
    Recipe,
)


def _score_draft(b: Builder, ask: str | None = None, semi: bool = False) -> Draft:
    rng = b.rng
    ask = ask or rng.choice(
        ("hand", "hand", "hand", "total", "match_points", "victory_points", "winner")
    )
    closer = rng.choice((0, 1, None))
    sides: list[list[list[Card]]] = [[], []]
    for side in (0, 1):
        set_ranks: list[Rank] = []
        for _ in range(rng.randint(1, 4)):
            if b.chance(0.3 if side == closer else 0.15):
                wild = rng.choice((None, "end", "bound"))
                length = rng.randint(7, 10 if semi else 8)
                sides[side].append(b.sequence(length, wild=wild))
            else:
                sides[side].append(b.random_meld(set_ranks))
    if closer is not None and not any(len(m) >= 7 for m in sides[closer]):
        sides[closer].append(b.sequence(7, wild=rng.choice((None, "end"))))
    taken = tuple(side == closer or b.chance(0.6) for side in (0, 1))
    hands: list[list[Card]] = []
    for side in (0, 1):
        if side == closer:
            hands.append([])
        else:
            hands.append(b.shoe.deal(rng.randint(1, 7)))
    totals = None
    if ask != "hand":
        # close to the target, so that the hand decides the game
        lead = rng.randint(0, 300 if ask != "winner" else 60) * 5
        base = rng.randint(100, 380) * 5 if ask != "winner" else rng.randint(300, 390) * 5
        totals = (base + lead, base) if b.chance(0.5) else (base, base + lead)
    position = b.position(
        hands[0],
        sides[0],
        opponents=sides[1],
        phase="draw",
        taken=(bool(taken[0]), bool(taken[1])),
        stock=2 if closer is None else None,
        other_hands=[hands[1] if ask != "hand" or b.chance(0.5) else len(hands[1])],
        totals=totals,
    )
    params: dict[str, Any] = {"side": 0, "closed": closer, "ask": ask}
    prompt_params: dict[str, Any] = {"closing": {0: "us", 1: "them", None: "nobody"}[closer]}
    if ask == "victory_points":
        params["hands"] = rng.choice((3, 4))
        prompt_params["hands"] = params["hands"]
    return Draft(b.fields("score", position, **params), f"score_{ask}", prompt_params)


def score_general(b: Builder) -> Draft:
    return _score_draft(b)


def score_hand(b: Builder) -> Draft:
    return _score_draft(b, "hand")


def score_semi(b: Builder) -> Draft:
    return _score_draft(b, "hand", semi=True)


def score_asking(ask: str) -> Recipe:
    def recipe(b: Builder) -> Draft:
        return _score_draft(b, ask)

    return recipe
