"""Melds (R10-R14, R17-R28): finding, checking and extending sets and sequences.

The package in four parts:

- :mod:`engine.melds.meld`: what a meld is (:class:`Meld`, :class:`MeldKind`,
  :class:`Burraco`), its arrangement and notation;
- :mod:`engine.melds.rules`: the rules, R10-R25, written there and nowhere else:
  :func:`make_meld`, :func:`attach`, :func:`can_meld`, :func:`can_attach`;
- :mod:`engine.melds.tables` and :mod:`engine.melds.shapes`: what the rules answered once,
  kept for each set of rules and by shape, so that the same question is not asked twice;
- :mod:`engine.melds.search` and :mod:`engine.melds.attachments`: every meld a hand can
  lay (:func:`possible_melds`) and every attachment it can make
  (:func:`possible_attachments`, :func:`attachment_cards`, :func:`hand_plays`).

Loading, each module imports only those before it in the order meld, tables, shapes,
rules, search, attachments (tests/engine/test_melds.py checks it); the two that the rules
build on ask them at the call: a meld read from its notation (:meth:`Meld.parse`), and a
shape never met.

The examples are in :mod:`engine.melds.rules`.
"""

from __future__ import annotations

from engine.melds.attachments import attachment_cards, hand_plays, possible_attachments
from engine.melds.meld import (
    BURRACO_SIZE,
    ROYAL_SIZE,
    SEMI_CLEAN_RUN,
    SUPER_SIZE,
    Burraco,
    Meld,
    MeldKind,
    Special,
)
from engine.melds.rules import (
    MAX_NATURALS,
    MAX_PLACES,
    MAX_SET,
    MIN_CARDS,
    attach,
    can_attach,
    can_meld,
    make_meld,
)
from engine.melds.search import possible_melds

__all__ = [
    "BURRACO_SIZE",
    "MAX_NATURALS",
    "MAX_PLACES",
    "MAX_SET",
    "MIN_CARDS",
    "ROYAL_SIZE",
    "SEMI_CLEAN_RUN",
    "SUPER_SIZE",
    "Burraco",
    "Meld",
    "MeldKind",
    "Special",
    "attach",
    "attachment_cards",
    "can_attach",
    "can_meld",
    "hand_plays",
    "make_meld",
    "possible_attachments",
    "possible_melds",
]
