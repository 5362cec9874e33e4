"""Positions (R3, R4, R29-R35): the state of a hand between two actions, and its JSON form.

A :class:`Position` holds everything the rules need to judge the next action: the hands,
the melds of each side, the discard pile, the stock, the pozzetti and where the turn
stands. Positions are values; :mod:`engine.actions` turns one into the next. The JSON form
is the one ARCHITECTURE.md ("Positions and actions") describes, plus two optional keys
that only a turn in progress needs: ``stall`` (R34) and ``pile_taken`` (R41).

The end of a hand is part of the position, not a separate flag: a hand is over when a
player's hand is empty (only a closing leaves one empty, R29-R30) or when the stock is
down to two cards at the start of a turn (R33). :meth:`Position.outcome` says how it ended
and what each side scored.

>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "draw",
...   "hands": [["5H", "6H", "7H"], {"count": 9}], "melds": [[], [["3C", "4C", "5C"]]],
...   "discard": ["KS"], "stock": 40, "pozzetti_taken": [false, true]}''')
>>> position.hand
(Card.parse('5H'), Card.parse('6H'), Card.parse('7H'))
>>> str(position.melds[1][0]), position.stock_count, position.is_over
('3C 4C 5C', 40, False)
>>> Position.parse(str(position)) == position
True

The package, one module a concern: :mod:`~engine.state.position` (the value and its
questions), :mod:`~engine.state.reading` (its JSON, read one kind of value at a time),
:mod:`~engine.state.checks` (can it arise in a game), :mod:`~engine.state.closing` (what
closing needs), :mod:`~engine.state.seats` (seats, sides and deck sizes) and
:mod:`~engine.state.values` (the phase, hidden cards, the outcome).
"""

from __future__ import annotations

from engine.rules import HAND_SIZE, POZZETTO_SIZE
from engine.state.closing import closing_burraco, last_discard_refusal, no_closing_burraco
from engine.state.position import EMPTY_SCORE, Position
from engine.state.reading import meld_refusals, named_cards
from engine.state.seats import (
    BIG_DECK_SIZE,
    DECK_SIZE,
    MAX_HAND,
    MAX_TOTAL,
    PLAYER_COUNTS,
    SIDES,
    STOCK_LEFT,
    decks_for,
    half_score,
    pozzetto_sizes,
    side_count,
    side_of,
    split_sides,
    starting_sides,
)
from engine.state.values import Cards, Hand, Hidden, Outcome, Phase, Stall, Termination

__all__ = [
    "BIG_DECK_SIZE",
    "DECK_SIZE",
    "EMPTY_SCORE",
    "HAND_SIZE",
    "MAX_HAND",
    "MAX_TOTAL",
    "PLAYER_COUNTS",
    "POZZETTO_SIZE",
    "SIDES",
    "STOCK_LEFT",
    "Cards",
    "Hand",
    "Hidden",
    "Outcome",
    "Phase",
    "Position",
    "Stall",
    "Termination",
    "closing_burraco",
    "decks_for",
    "half_score",
    "last_discard_refusal",
    "meld_refusals",
    "named_cards",
    "no_closing_burraco",
    "pozzetto_sizes",
    "side_count",
    "side_of",
    "split_sides",
    "starting_sides",
]
