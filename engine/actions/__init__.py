"""Actions (R6-R9, R15-R17, R29-R34, R41): what a player does, and what it does to a position.

An action is a short string: ``draw`` (or ``draw 5H`` where the stock is only a count),
``pile``, ``meld 7H 8H 9H``, ``attach 2 10H JH`` (to the player's own side's meld number
2) and ``discard KS``. The pozzetto has no action of its own: it is taken when a hand
empties (R29), and closing is the discard that R30 allows.

:func:`legal_actions` lists every legal action, :func:`why_illegal` says why one is not
(a refusal with a code, a rule id and a sentence for learners), and :func:`apply` returns
the position after one. :func:`transition` also returns what happened on the way.

The package: :mod:`~engine.actions.action` (the value and its notation),
:mod:`~engine.actions.verbs` (the verbs above), one module for each part of a turn
(:mod:`~engine.actions.drawing`, :mod:`~engine.actions.plays`,
:mod:`~engine.actions.discarding`), and :mod:`~engine.actions.change`, which builds the next
position at the speed the search needs.

>>> from engine.state import Position
>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "play",
...   "hands": [["5H", "6H", "7H", "KS"], {"count": 10}], "melds": [[], []],
...   "discard": ["QD"], "stock": ["4C", "9D", "JH"], "pozzetti_taken": [false, false]}''')
>>> [str(action) for action in legal_actions(position)]
['meld 5H 6H 7H', 'discard 5H', 'discard 6H', 'discard 7H', 'discard KS']
>>> print(why_illegal(position, Action.parse("discard 9S")))
You do not hold the 9 of spades (R6).
>>> after = apply(position, Action.parse("meld 7h 6h 5h"))
>>> [str(meld) for meld in after.melds[0]], after.hand
(['5H 6H 7H'], (Card.parse('KS'),))
"""

from __future__ import annotations

from engine.actions.action import Action, ActionKind, Event, Transition
from engine.actions.change import _replace as _replace
from engine.actions.discarding import legal_discards
from engine.actions.drawing import STALL_LIMIT
from engine.actions.plays import Plays, legal_attachments, legal_melds, legal_plays
from engine.actions.verbs import apply, is_legal, legal_actions, legal_turn, transition, why_illegal

__all__ = [
    "STALL_LIMIT",
    "Action",
    "ActionKind",
    "Event",
    "Transition",
    "apply",
    "is_legal",
    "Plays",
    "legal_actions",
    "legal_attachments",
    "legal_discards",
    "legal_melds",
    "legal_plays",
    "legal_turn",
    "transition",
    "why_illegal",
]
