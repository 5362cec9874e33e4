"""What one seat sees: the position with every hidden card taken out.

A bot decides from a :class:`View` and nothing else. :func:`view_of` builds it from the
whole position: the seat's own hand, the other hands as counts (:class:`Hidden`), the
stock as a count, the untaken pozzetti as nothing at all (only ``pozzetti_taken`` says
whether they are gone), and the table, the pile and the turn's public facts as they are.
The only other thing a view holds is :class:`Memory`: the cards each seat is known to
hold because everyone saw it take them from the pile (R7) and has not seen them played
since. A view of two positions that differ only in hidden cards is the same value, so no
bot can tell them apart.

>>> import random
>>> from engine.deal import deal
>>> position = deal(2, random.Random(1))
>>> view = view_of(position, seat=0)
>>> view.position.hands[1], view.position.stock, view.position.pozzetti
(Hidden(count=11), Hidden(count=63), (None, None))
>>> view.position.hands[0] == position.hands[0]
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.actions import Action, ActionKind
from engine.state import Cards, Hidden, Position


def side_of(position: Position, seat: int) -> int:
    """The side a seat plays for now (:meth:`Position.side_of`: partners across at four,
    three pairs at six, and at three and five the sides formed by the first pozzetto)."""
    return position.side_of(seat)


def opponents(position: Position, seat: int) -> list[int]:
    """The seats that play against ``seat``, in the order they play after it."""
    return position.opponents(seat)


@dataclass(frozen=True, slots=True)
class Memory:
    """For each seat, the cards it took from the pile that it has not yet played: what
    every player at the table saw, and so what a bot may remember."""

    held: tuple[Cards, ...]

    @classmethod
    def empty(cls, players: int) -> Memory:
        return cls(tuple(() for _ in range(players)))

    def after(self, position: Position, action: Action) -> Memory:
        """The memory after the player to move in ``position`` plays ``action``."""
        seat = position.to_move
        held = list(self.held)
        if action.kind is ActionKind.PILE:
            held[seat] = (*held[seat], *position.discard)
        elif action.kind is not ActionKind.DRAW and held[seat]:
            rest = list(held[seat])
            for card in action.cards:
                if card in rest:
                    rest.remove(card)
            held[seat] = tuple(rest)
        return Memory(tuple(held))

    def to_json(self) -> list[list[str]]:
        return [[str(card) for card in cards] for cards in self.held]


@dataclass(frozen=True, slots=True)
class View:
    """The position as ``seat`` sees it, and what it remembers (see :class:`Memory`)."""

    position: Position
    seat: int
    memory: Memory

    @property
    def hand(self) -> Cards:
        hand = self.position.hands[self.seat]
        assert not isinstance(hand, Hidden)
        return hand

    @property
    def side(self) -> int:
        return side_of(self.position, self.seat)

    def held_by(self, seat: int) -> Cards:
        """Cards ``seat`` is known to hold (empty for the viewer's own seat)."""
        return () if seat == self.seat else self.memory.held[seat]

    def to_json(self) -> dict[str, Any]:
        """The view's position as ARCHITECTURE.md writes it (what outside bots receive)."""
        return self.position.to_json()


def view_of(position: Position, seat: int | None = None, memory: Memory | None = None) -> View:
    """What ``seat`` (by default the player to move) sees of ``position``."""
    if seat is None:
        seat = position.to_move
    hands = tuple(
        hand if other == seat else Hidden(len(hand)) for other, hand in enumerate(position.hands)
    )
    hidden = replace(
        position,
        hands=hands,
        stock=Hidden(position.stock_count),
        pozzetti=tuple(None for _ in position.pozzetti),
    )
    if memory is None:
        memory = Memory.empty(position.players)
    # The seat's own pile cards are in its hand already; drop them so that the view of the
    # same cards is the same whoever remembers what.
    memory = Memory(
        tuple(() if other == seat else cards for other, cards in enumerate(memory.held))
    )
    return View(hidden, seat, memory)


__all__ = ["Memory", "View", "opponents", "side_of", "view_of"]
