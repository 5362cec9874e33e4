"""A side's score for one hand (R35), with its breakdown.

>>> from engine.cards import parse_cards
>>> from engine.melds import make_meld
>>> melds = [make_meld(parse_cards("3C 4C 5C 6C 7C 8C 9C"))]
>>> score = score_side(melds, parse_cards("KS"), pozzetto_taken=True, closed=False)
>>> score.total, score.breakdown()
(235, {'table': 45, 'bonus': 200, 'closing': 0, 'hand': -10, 'pozzetto': 0})
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card, points
from engine.melds import Burraco, Meld
from engine.rules import DEFAULT, Rules

BURRACO_BONUS = {Burraco.CLEAN: 200, Burraco.SEMI_CLEAN: 150, Burraco.DIRTY: 100}
CLOSING_BONUS = 100
POZZETTO_PENALTY = 100


@dataclass(frozen=True, slots=True)
class SideScore:
    """The five parts of a side's score for a hand; ``total`` is their sum."""

    table: int
    bonus: int
    closing: int
    hand: int
    pozzetto: int

    @property
    def total(self) -> int:
        return self.table + self.bonus + self.closing + self.hand + self.pozzetto

    def breakdown(self) -> dict[str, int]:
        return {
            "table": self.table,
            "bonus": self.bonus,
            "closing": self.closing,
            "hand": self.hand,
            "pozzetto": self.pozzetto,
        }


def score_side(
    melds: Iterable[Meld],
    hand: Iterable[Card],
    *,
    pozzetto_taken: bool,
    closed: bool,
    rules: Rules = DEFAULT,
) -> SideScore:
    """Score one side's hand (R35): its melds' cards, burraco bonuses, the closing, minus
    the cards left in its players' hands, minus 100 if it never took its pozzetto."""
    melds = list(melds)
    bonus = 0
    for meld in melds:
        kind = meld.burraco(rules)
        if kind is not None:
            bonus += BURRACO_BONUS[kind]
    return SideScore(
        table=sum(meld.points for meld in melds),
        bonus=bonus,
        closing=CLOSING_BONUS if closed else 0,
        hand=-points(hand),
        pozzetto=0 if pozzetto_taken else -POZZETTO_PENALTY,
    )
