"""A position changed at the speed the search needs: fields copied through their slots,
cards taken out of a hand by their small numbers, the pozzetto taken.

Part of :mod:`engine.actions`: every transition builds its next position here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.melds import (
    Meld,
)
from engine.state import (
    Cards,
    Hand,
    Hidden,
    Position,
    split_sides,
)


def _check_held(position: Position, hand: Cards, cards: Cards) -> None:
    missing = Counter(cards) - Counter(hand)
    if not missing:
        return
    card = next(iter(missing))
    on_table = any(card in meld.cards for side in position.melds for meld in side)
    if on_table and card not in hand:
        raise IllegalActionError("card_on_table", "R16", card=str(card))
    raise IllegalActionError("not_in_hand", "R6", card=str(card))


def _held_rest(hand: Cards, cards: Iterable[Card]) -> Cards | None:
    """The hand without ``cards``, or None when it does not hold them all. The cards are
    found by their small numbers (no Card.__eq__ called for each card passed)."""
    keys = [card._key for card in hand]
    rest = list(hand)
    try:
        for card in cards:
            index = keys.index(card._key)
            del keys[index], rest[index]
    except ValueError:
        return None
    return tuple(rest)


def _take_pozzetto(position: Position, side: int, changes: dict[str, Any]) -> Hand:
    """The pozzetto ``side`` takes (R29; the 18 or 17 first at three or five players, R40),
    putting into ``changes`` what taking it changes: the pozzetti, and when it is the first
    at three or five players the sides, the pairs' melds joined (R40, docs/game.md)."""
    slot = position.pozzetto_slot(side)
    pozzetto = position.pozzetti[slot]
    changes["pozzetti_taken"] = _seat(position.pozzetti_taken, side, True)
    changes["pozzetti"] = _seat(position.pozzetti, slot, None)
    if position.fluid and slot == 0:
        sides = split_sides(position.players, position.to_move)
        melds = list(changes.get("melds", position.melds))
        for seat, own in enumerate(sides):
            if own != seat:
                melds[own] = (*melds[own], *melds[seat])
                melds[seat] = ()
        changes["sides"] = sides
        changes["melds"] = tuple(melds)
    return Hidden(position.pozzetto_sizes[slot]) if pozzetto is None else pozzetto


def _without(hand: Cards, cards: Iterable[Card]) -> Cards:
    """The hand without ``cards``, which it holds."""
    rest = _held_rest(hand, cards)
    assert rest is not None
    return rest


#: A field of :func:`_replace` left as it is.
_KEEP: Any = object()


def _replace(
    position: Position,
    *,
    players: Any = _KEEP,
    to_move: Any = _KEEP,
    phase: Any = _KEEP,
    hands: Any = _KEEP,
    melds: Any = _KEEP,
    discard: Any = _KEEP,
    stock: Any = _KEEP,
    pozzetti_taken: Any = _KEEP,
    pozzetti: Any = _KEEP,
    pile_single: Any = _KEEP,
    pile_taken: Any = _KEEP,
    stall: Any = _KEEP,
    rules: Any = _KEEP,
    totals: Any = _KEEP,
    sides: Any = _KEEP,
    all_alone: Any = _KEEP,
) -> Position:
    """``dataclasses.replace`` for positions at a sixth of the cost: each field
    copied through its slot, no loop, none re-checked (Position has no ``__post_init__``,
    so dataclasses.replace would check nothing either). The fields are Position's, in its
    order (tests/engine/test_actions.py checks it)."""
    new = _NEW(Position)
    _PUT_players(new, position.players if players is _KEEP else players)
    _PUT_to_move(new, position.to_move if to_move is _KEEP else to_move)
    _PUT_phase(new, position.phase if phase is _KEEP else phase)
    _PUT_hands(new, position.hands if hands is _KEEP else hands)
    _PUT_melds(new, position.melds if melds is _KEEP else melds)
    _PUT_discard(new, position.discard if discard is _KEEP else discard)
    _PUT_stock(new, position.stock if stock is _KEEP else stock)
    _PUT_pozzetti_taken(new, position.pozzetti_taken if pozzetti_taken is _KEEP else pozzetti_taken)
    _PUT_pozzetti(new, position.pozzetti if pozzetti is _KEEP else pozzetti)
    _PUT_pile_single(new, position.pile_single if pile_single is _KEEP else pile_single)
    _PUT_pile_taken(new, position.pile_taken if pile_taken is _KEEP else pile_taken)
    _PUT_stall(new, position.stall if stall is _KEEP else stall)
    _PUT_rules(new, position.rules if rules is _KEEP else rules)
    _PUT_totals(new, position.totals if totals is _KEEP else totals)
    _PUT_sides(new, position.sides if sides is _KEEP else sides)
    _PUT_all_alone(new, position.all_alone if all_alone is _KEEP else all_alone)
    return new


_NEW = object.__new__
#: Each field's slot setter, by the field's name, in the order of Position's fields: module
#: names, read with no lookup by name (a namespace's attributes cost 2% of a random hand).
(
    _PUT_players,
    _PUT_to_move,
    _PUT_phase,
    _PUT_hands,
    _PUT_melds,
    _PUT_discard,
    _PUT_stock,
    _PUT_pozzetti_taken,
    _PUT_pozzetti,
    _PUT_pile_single,
    _PUT_pile_taken,
    _PUT_stall,
    _PUT_rules,
    _PUT_totals,
    _PUT_sides,
    _PUT_all_alone,
) = (getattr(Position, field.name).__set__ for field in fields(Position))


def _seat(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _replaced(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:index], meld, *melds[index + 1 :])


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]
