"""Laying down and attaching (R15-R17, R29, R32, R41): the legal melds and attachments
of the player to move, made as actions at slot speed, and the position after one.

Part of :mod:`engine.actions`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from engine.actions.action import _KIND_ATTACH, _KIND_MELD, _SET, Action, Event, Transition
from engine.actions.change import _NEW, _replace, _replaced, _seat, _take_pozzetto, _without
from engine.budget import Budget
from engine.cards import Card
from engine.errors import IllegalActionError
from engine.melds import (
    Meld,
    attach,
    attachment_cards,
    hand_plays,
    possible_attachments,
    possible_melds,
)
from engine.state import (
    Cards,
    Hand,
    Position,
    last_discard_refusal,
)


@dataclass(frozen=True, slots=True)
class Plays:
    """The legal melds and attachments of the player to move, and ``usable``: the cards
    of the hand that some meld or attachment could take now, legal or not. A card in no
    such play now is in none later this turn: a search knows it stays in the hand."""

    actions: tuple[Action, ...]
    usable: frozenset[Card]


def legal_plays(position: Position, budget: Budget | None = None) -> Plays:
    """The legal melds and attachments of the player to move (see :class:`Plays`).

    Raises as :func:`legal_actions`; the phase is the caller's to check.
    """
    hand = position.hand
    melds = possible_melds(hand, position.rules, budget)
    attachments = attachment_cards(position.melds[position.side], hand, position.rules, budget)
    usable = {card for meld in melds for card in meld.cards}
    usable.update(card for _, cards in attachments for card in cards)
    return Plays(tuple(_as_actions(position, melds, attachments)), frozenset(usable))


def _play_actions(position: Position, budget: Budget | None) -> list[Action]:
    """The actions of :func:`legal_plays`, without the usable cards."""
    hand = position.hand
    side_melds = position.melds[position.side]
    if budget is None:
        return _as_actions(position, *hand_plays(hand, side_melds, position.rules))
    melds = possible_melds(hand, position.rules, budget)
    attachments = attachment_cards(side_melds, hand, position.rules, budget)
    return _as_actions(position, melds, attachments)


def _as_actions(
    position: Position, melds: Sequence[Meld], attachments: list[tuple[int, Cards]]
) -> list[Action]:
    new, kind, cards_of, meld_of = _NEW, _KIND_OF, _CARDS_OF, _MELD_OF
    actions = []
    for meld in _legal_melds(position, melds):
        action = new(Action)
        kind(action, _KIND_MELD)
        cards_of(action, meld.cards)
        meld_of(action, None)
        actions.append(action)
    for index, cards in _attachable(position, attachments):
        action = new(Action)
        kind(action, _KIND_ATTACH)
        cards_of(action, cards)
        meld_of(action, index)
        actions.append(action)
    return actions


#: Action's slot setters, in the order of its fields (tests/engine/test_actions.py): the
#: legal actions are made through them, a third of the cost of Action().
_KIND_OF, _CARDS_OF, _MELD_OF = (getattr(Action, field.name).__set__ for field in fields(Action))


def _plays(position: Position, budget: Budget | None = None) -> tuple[Action, ...]:
    return legal_plays(position, budget).actions


def legal_melds(position: Position, budget: Budget | None = None) -> list[Meld]:
    """The new melds the player to move may lay now (R10-R15, R32, R41), each as laid.

    Raises as :func:`legal_actions`; the phase is the caller's to check.
    """
    return _legal_melds(position, possible_melds(position.hand, position.rules, budget))


def _legal_melds(position: Position, candidates: Sequence[Meld]) -> list[Meld]:
    if not candidates:
        return []
    hand = position.hand
    side_melds = position.melds[position.side]
    pile = set(position.pile_taken) if position.pile_taken else None
    set_ranks = {meld.cards[0].rank for meld in side_melds if meld.kind is _SET}
    found = []
    for meld in candidates:
        if set_ranks and meld.kind is _SET and meld.cards[0].rank in set_ranks:
            continue
        if pile and pile.isdisjoint(meld.cards):
            continue
        if len(hand) - len(meld.cards) > 1:
            found.append(meld)  # two cards left or more: nothing to refuse (R32)
            continue
        melds = (*side_melds, meld)
        if _rest_refusal_fast(position, hand, melds, meld.cards) is None:
            found.append(meld)
    return found


def legal_attachments(
    position: Position, budget: Budget | None = None
) -> list[tuple[int, Cards, Meld]]:
    """The attachments the player to move may make now (R17, R32, R41): each is the meld's
    index, the cards attached and the meld that results.

    Raises as :func:`legal_actions`; the phase is the caller's to check.
    """
    side_melds = position.melds[position.side]
    found = possible_attachments(side_melds, position.hand, position.rules, budget)
    return _attachable(position, found)


#: An attachment listed: the meld's index and the cards, and the meld that results or not.
Listed = TypeVar("Listed", tuple[int, Cards], tuple[int, Cards, Meld])


def _attachable(position: Position, candidates: list[Listed]) -> list[Listed]:
    """The attachments of ``candidates`` the player to move may make now (R32, R41)."""
    hand = position.hand
    side_melds = position.melds[position.side]
    pile = set(position.pile_taken) if position.pile_taken else None
    found = []
    for candidate in candidates:
        index, cards = candidate[0], candidate[1]
        if pile and pile.isdisjoint(cards):
            continue
        if len(hand) - len(cards) > 1:
            found.append(candidate)  # nothing to refuse (R32)
            continue
        result = attach(side_melds[index], cards, position.rules)
        melds = _replaced(side_melds, index, result)
        if _rest_refusal_fast(position, hand, melds, cards) is None:
            found.append(candidate)
    return found


def _rest_refusal_fast(
    position: Position, hand: Cards, melds: tuple[Meld, ...], played: Cards
) -> IllegalActionError | None:
    # Only a play that leaves one card or none can be refused here; skip the rest cheaply.
    if len(hand) - len(played) > 1:
        return None
    return _rest_refusal(position, melds, _without(hand, played), played)


def _rest_refusal(
    position: Position, melds: tuple[Meld, ...], rest: Cards, played: Cards
) -> IllegalActionError | None:
    """Why the player may not be left holding ``rest`` after laying ``played`` (R32)."""
    if not rest:
        if position.pozzetti_taken[position.side]:
            return IllegalActionError("no_discard_left", "R32")
        return None  # the pozzetto al volo (R29)
    if len(rest) > 1:
        return None
    pile_single = None if position.pile_single in played else position.pile_single
    refusal = last_discard_refusal(position, melds, rest[0], pile_single)
    if refusal is None:
        return None
    return IllegalActionError(_LAST_CARD[refusal.code], refusal.rule, card=str(rest[0]))


_LAST_CARD = {
    "close_no_burraco": "last_card_no_burraco",
    "close_no_clean_and_dirty": "last_card_no_clean_and_dirty",
    "close_no_clean_burraco": "last_card_no_clean_burraco",
    "close_no_champion_pair": "last_card_no_champion_pair",
    "close_wild": "last_card_wild",
    "pile_single": "last_card_pile_single",
}


def _after_play(
    position: Position, melds: tuple[Meld, ...], rest: Cards, played: Cards
) -> Transition:
    side = position.side
    # Of two identical cards, the pile's copy is taken to be the one laid (R8).
    pile_single = None if position.pile_single in played else position.pile_single
    hand: Hand = rest
    events: tuple[Event, ...] = ()
    changes: dict[str, Any] = {"melds": _seat(position.melds, side, melds)}
    if not rest:
        hand = _take_pozzetto(position, side, changes)
        events = (Event.POZZETTO_AL_VOLO,)
    return Transition(
        _replace(
            position,
            hands=_seat(position.hands, position.to_move, hand),
            pile_single=pile_single,
            pile_taken=(),
            **changes,
        ),
        events,
    )


def _second_set(side_melds: Sequence[Meld], meld: Meld) -> bool:
    return meld.kind is _SET and any(
        other.kind is _SET and other.rank is meld.rank for other in side_melds
    )


def _uses_pile(position: Position, cards: Cards) -> bool:
    return not set(position.pile_taken).isdisjoint(cards)
