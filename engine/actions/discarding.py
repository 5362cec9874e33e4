"""Discarding (R8, R9, R29-R31, R33): the discards allowed, and the position after one,
which may take the pozzetto con lo scarto, close the hand or exhaust the stock.

Part of :mod:`engine.actions`."""

from __future__ import annotations

from typing import Any

from engine.actions.action import _DISCARDS, _DRAW_PHASE, Action, Event, Transition
from engine.actions.change import _replace, _seat, _take_pozzetto, _texts
from engine.cards import Card
from engine.errors import IllegalActionError
from engine.state import (
    Cards,
    Hand,
    Position,
    last_discard_refusal,
)


def legal_discards(position: Position) -> list[Action]:
    """The discards the player to move may make now, in the hand's order (R8, R9, R29-R31,
    R41); the phase is the caller's to check."""
    hand = position.hand
    if position.pile_taken:
        return []
    if len(hand) > 1 and position.pile_single is None:
        # The usual case, where every card may go.
        return [_DISCARDS[key] for key in dict.fromkeys([card._key for card in hand])]
    return [
        _DISCARDS[card._key]
        for card in dict.fromkeys(hand)
        if _discard_refusal(position, hand, card) is None
    ]


def _discard_refusal(position: Position, hand: Cards, card: Card) -> IllegalActionError | None:
    if position.pile_taken:
        return IllegalActionError(
            "pile_card_first", position.rules.pile_rule, cards=_texts(position.pile_taken)
        )
    # The card is in the hand: discarding it leaves none when it is the only one (R29-R31),
    # and takes the pile's card away when it is that card's only copy (R8).
    if len(hand) == 1:
        return last_discard_refusal(
            position, position.melds[position.side], card, position.pile_single
        )
    if card == position.pile_single and hand.count(card) == 1:
        return IllegalActionError("pile_single", "R8", card=str(card))
    return None


def _discard(position: Position, hand: Cards, card: Card, held: Cards) -> Transition:
    """Discard ``card`` from ``hand``, leaving ``held``."""
    refusal = _discard_refusal(position, hand, card)
    if refusal is not None:
        raise refusal
    side = position.side
    rest: Hand = held
    events: list[Event] = []
    changes: dict[str, Any] = {}
    if not rest:
        if position.pozzetti_taken[side]:
            events.append(Event.CLOSED)
        else:
            # Con lo scarto: the pozzetto is played from the player's next turn (R29).
            rest = _take_pozzetto(position, side, changes)
            events.append(Event.POZZETTO_CON_LO_SCARTO)
    if Event.CLOSED not in events and position.is_last_turn:
        events.append(Event.STOCK_EXHAUSTED)
    return Transition(
        _replace(
            position,
            hands=_seat(position.hands, position.to_move, rest),
            discard=(*position.discard, card),
            to_move=position.next_seat,
            phase=_DRAW_PHASE,
            pile_single=None,
            pile_taken=(),
            **changes,
        ),
        tuple(events),
    )
