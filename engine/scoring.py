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
from engine.melds import Burraco, Meld, Special
from engine.rules import DEFAULT, Rules

#: FIBur's ordinary code (R35); every code's are :data:`engine.rules.SCORES`, asked
#: through :func:`kind_bonus`, :func:`burraco_bonus` and the rules' ``scores``.
BURRACO_BONUS = {Burraco.CLEAN: 200, Burraco.SEMI_CLEAN: 150, Burraco.DIRTY: 100}
CLOSING_BONUS = 100
POZZETTO_PENALTY = 100


def kind_bonus(kind: Burraco | Special, rules: Rules = DEFAULT) -> int:
    """The bonus these rules' code gives a burraco of this kind (R35, R42, R43); 0 for a
    kind the code does not know.

    >>> from engine.rules import PRESETS
    >>> kind_bonus(Burraco.CLEAN), kind_bonus(Burraco.CLEAN, PRESETS["champion"])
    (200, 300)
    """
    scores = rules.scores
    value = {
        Burraco.CLEAN: scores.clean,
        Burraco.DIRTY: scores.dirty,
        Burraco.SEMI_CLEAN: scores.semi_clean,
        Special.SUPER: scores.super_clean,
        Special.ROYAL: scores.royal,
        Special.DIRTY_ROYAL: scores.dirty_royal,
        Special.DIRTY_SUPER: scores.dirty_super,
        Special.CHAMPION: scores.champion,
    }[kind]
    return value or 0


def burraco_bonus(meld: Meld, rules: Rules = DEFAULT) -> int:
    """The meld's burraco bonus under these rules, 0 when it is no burraco: a kind the
    code scores apart replaces the plain clean, dirty or semi-clean bonus (R42, R43)."""
    special = meld.special(rules)
    if special is not None:
        return kind_bonus(special, rules)
    kind = meld.burraco(rules)
    return 0 if kind is None else kind_bonus(kind, rules)


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
    the cards left in its players' hands, minus 100 if it never took its pozzetto; the
    bonuses, the closing and the penalty as the rules' code has them (R42, R43)."""
    melds = list(melds)
    scores = rules.scores
    return SideScore(
        table=sum(meld.points for meld in melds),
        bonus=sum(burraco_bonus(meld, rules) for meld in melds),
        closing=scores.closing if closed else 0,
        hand=-points(hand),
        pozzetto=0 if pozzetto_taken else -scores.pozzetto,
    )
