"""The draw at a live table (R3, R5): who deals, who plays first, who partners whom.

Before the first hand each player turns up a card. The lowest deals; the highest sits on
the dealer's left and plays first; with four players the two highest cards play together
against the two lowest, partners sitting opposite. The player on the dealer's right cuts
the deck and makes the pozzetti from the cut (R5). Between two cards of one rank the suit
decides, hearts highest, then diamonds, clubs and spades (:attr:`engine.cards.Suit.order`).

Readings of this module that the rule texts leave open (docs/content.md): the ace counts
low, as its rank number (1) says; two identical cards, or a joker, mean the draw is made
again. Online play skips the draw (R5).

>>> from engine.cards import parse_cards
>>> seats = draw_for_seats(parse_cards("9C KH 3D 9H"))
>>> seats.dealer, seats.first, seats.dealer_partner, seats.clockwise, seats.cutter
(2, 1, 0, (2, 1, 0, 3), 3)
>>> draw_for_seats(parse_cards("4H 4H")).redraw
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import InvalidPositionError
from engine.state import PLAYER_COUNTS

__all__ = ["Seating", "draw_for_seats"]


@dataclass(frozen=True, slots=True)
class Seating:
    """The draw's outcome, each player named by their place in the draw (from 0).

    ``redraw`` when it decides nothing (two identical cards, or a joker); otherwise the
    ``dealer`` (the lowest card), the player who plays ``first`` (the highest, on the
    dealer's left), and with two or four players the seats ``clockwise`` from the dealer;
    with four, the ``dealer_partner`` (the second lowest, opposite the dealer). The
    ``cutter``, who cuts and makes the pozzetti, sits on the dealer's right: the last seat
    clockwise (at two, the dealer's opponent); None where the seats are not drawn.
    """

    redraw: bool
    dealer: int | None = None
    first: int | None = None
    dealer_partner: int | None = None
    clockwise: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "redraw": self.redraw,
            "dealer": self.dealer,
            "first": self.first,
            "dealer_partner": self.dealer_partner,
            "clockwise": list(self.clockwise),
            "cutter": self.cutter,
        }

    @property
    def cutter(self) -> int | None:
        """Who cuts the deck and makes the pozzetti: the player on the dealer's right."""
        return self.clockwise[-1] if self.clockwise else None


def _strength(card: Card) -> tuple[int, int]:
    """Higher is a higher card in the draw: the rank first, then the suit (hearts highest)."""
    assert card.rank is not None and card.suit is not None
    return int(card.rank), -card.suit.order


def draw_for_seats(cards: Sequence[Card]) -> Seating:
    """The draw of 2 to 6 players, one card each, in the order they drew. Partners and
    seats are given for four players (and the two seats head to head); at the other
    tables (R40) sides form during the hand, and only the dealer and the first are drawn.

    Raises :class:`InvalidPositionError` (``players_count``, R3) for another number of cards.
    """
    if len(cards) not in PLAYER_COUNTS:
        raise InvalidPositionError("players_count", "R3", players=len(cards))
    if any(card.is_joker for card in cards) or len(set(cards)) < len(cards):
        return Seating(redraw=True)
    ranked = sorted(range(len(cards)), key=lambda i: _strength(cards[i]))
    dealer, first = ranked[0], ranked[-1]
    if len(cards) == 2:
        return Seating(False, dealer, first, None, (dealer, first))
    if len(cards) != 4:
        return Seating(False, dealer, first)
    partner, other = ranked[1], ranked[2]
    return Seating(False, dealer, first, partner, (dealer, first, partner, other))
