"""Can this position arise in a game? The checks a position passes when it is read
(R1, R3, R4, R6-R8, R15, R29-R34, R40, R41).

Part of :mod:`engine.state`: :meth:`Position.check <engine.state.Position.check>` runs
:func:`check_position`; the JSON's sizes are checked earlier, by
:mod:`engine.state.reading`."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from engine.cards import max_copies
from engine.errors import InvalidPositionError
from engine.melds import MeldKind
from engine.state.closing import last_discard_refusal
from engine.state.reading import _texts
from engine.state.seats import (
    PLAYER_COUNTS,
    STOCK_LEFT,
    decks_for,
    side_count,
    split_sides,
    starting_sides,
)
from engine.state.values import _DRAW_PHASE, _PLAY_PHASE, Hidden

if TYPE_CHECKING:
    from engine.state.position import Position


def check_position(position: Position) -> None:
    """Refuse a position that cannot arise in a game.

    Checks that seats and sides are consistent, that no card appears more often than
    the deck holds it (R1), that no side has two sets of one rank (R15), that the
    pozzetti and the stock are possible (R4, R29, R33), and that the phase matches what
    the player to move holds. Melds are checked when they are read.
    Raises :class:`InvalidPositionError`.
    """
    _check_shape(position)
    _check_cards(position)
    _check_melds(position)
    _check_phase(position)


def _check_shape(position: Position) -> None:
    if position.players not in PLAYER_COUNTS:
        raise InvalidPositionError("players_count", "R3", players=position.players)
    if not 0 <= position.to_move < position.players:
        raise InvalidPositionError("to_move_seat", players=position.players, seat=position.to_move)
    sides = side_count(position.players)
    lengths = (
        ("hands", position.hands, position.players),
        ("melds", position.melds, sides),
        ("pozzetti_taken", position.pozzetti_taken, sides),
        ("pozzetti", position.pozzetti, len(position.pozzetto_sizes)),
        ("totals", position.totals or (0,) * sides, sides),
    )
    for name, value, length in lengths:
        if len(value) != length:
            raise InvalidPositionError("entries_count", name=name, length=length, count=len(value))
    for seat, hand in enumerate(position.hands):
        if isinstance(hand, Hidden) and hand.count < 0:
            raise InvalidPositionError("hidden_count_negative", player=seat + 1, count=hand.count)
    if position.stock_count < STOCK_LEFT:
        raise InvalidPositionError(
            "stock_too_small", "R33", least=STOCK_LEFT, count=position.stock_count
        )
    if position.stall is not None and (
        not 0 <= position.stall.seat < position.players or position.stall.count < 1
    ):
        raise InvalidPositionError(
            "stall_invalid", "R34", seat=position.stall.seat, count=position.stall.count
        )
    if position.rules.decks != decks_for(position.players):
        raise InvalidPositionError(
            "decks_players",
            "R40",
            decks=position.rules.decks,
            players=position.players,
            right=decks_for(position.players),
        )
    _check_sides(position)


def _check_sides(position: Position) -> None:
    """The sides are those the table starts with, or at three and five players those
    formed by the first pozzetto taken (R40)."""
    if position.all_alone and position.players != 3:
        raise InvalidPositionError("all_alone_players", "R40", players=position.players)
    start = None if position.players in (2, 4) else starting_sides(position.players)
    if position.sides == start:
        if position.fluid and any(position.pozzetti_taken):
            raise InvalidPositionError("sides_not_formed", "R40")
        return
    alone = _alone_seat(position)
    if alone is None:
        raise InvalidPositionError(
            "sides_invalid", "R40", sides=[side + 1 for side in position.sides or ()]
        )
    for side in range(position.side_total):
        if not position.seats(side) and (position.melds[side] or position.pozzetti_taken[side]):
            raise InvalidPositionError("side_empty_has_cards", "R40", side=side + 1)


def _alone_seat(position: Position) -> int | None:
    """The seat that plays alone, when the sides are those formed at three or five
    players by its taking the first pozzetto (R40)."""
    if not position.fluid or position.sides is None:
        return None
    for seat in range(position.players):
        if position.sides == split_sides(position.players, seat) and position.pozzetti_taken[seat]:
            return seat
    return None


def _check_cards(position: Position) -> None:
    decks = position.rules.decks
    for card, count in position.known_cards().items():
        if count > max_copies(card, decks):
            raise InvalidPositionError(
                "position_too_many_copies",
                "R1",
                card=str(card),
                count=count,
                most=max_copies(card, decks),
            )
    sizes = position.pozzetto_sizes
    for side, pozzetto in enumerate(position.pozzetti):
        if pozzetto is None:
            continue
        if position.pozzetto_taken_at(side):
            raise InvalidPositionError("pozzetto_taken_listed", "R29", side=side + 1)
        if len(pozzetto) != sizes[side]:
            raise InvalidPositionError(
                "pozzetto_size", "R4", size=sizes[side], side=side + 1, count=len(pozzetto)
            )
    total = position.card_count()
    if total > position.deck_size:
        raise InvalidPositionError(
            "position_too_many_cards", "R1", count=total, most=position.deck_size
        )


def _check_melds(position: Position) -> None:
    for side, melds in enumerate(position.melds):
        if position.fluid and len(position.seats(side)) > 1:
            continue  # a pair's melds joined: each may hold a set of a rank (R40)
        ranks = [meld.rank for meld in melds if meld.kind is MeldKind.SET]
        for rank in set(ranks):
            if ranks.count(rank) > 1:
                assert rank is not None
                raise InvalidPositionError("two_sets", "R15", side=side + 1, rank=rank.symbol)


def _check_phase(position: Position) -> None:
    empty = [seat for seat, hand in enumerate(position.hands) if len(hand) == 0]
    if len(empty) > 1:
        raise InvalidPositionError("two_empty_hands", "R30", players=[seat + 1 for seat in empty])
    for seat in empty:
        side = position.side_of(seat)
        if position.phase is _PLAY_PHASE and seat == position.to_move:
            raise InvalidPositionError("empty_hand_to_play", "R32", player=seat + 1)
        if not position.pozzetti_taken[side] or not position.has_closing_burraco(side):
            params = {"player": seat + 1, "side": side + 1}
            if position.rules.closing == "champion":
                raise InvalidPositionError("empty_hand_not_closed_champion", "R43", **params)
            if position.rules.international:
                raise InvalidPositionError("empty_hand_not_closed_clean", "R41", **params)
            raise InvalidPositionError("empty_hand_not_closed", "R30", **params)
    if position.phase is _DRAW_PHASE and (position.pile_single or position.pile_taken):
        raise InvalidPositionError("pile_taken_before_draw", "R6")
    if position.pile_taken and not position.rules.must_use_pile:
        raise InvalidPositionError("pile_taken_not_international", "R41")
    taken = position.pile_taken or ((position.pile_single,) if position.pile_single else ())
    if not taken:
        _check_last_card(position)
        return
    if position.discard:
        raise InvalidPositionError("pile_not_empty", "R7")
    if position.pile_taken and (
        (len(position.pile_taken) == 1) != (position.pile_single is not None)
        or (position.pile_single is not None and position.pile_taken != (position.pile_single,))
    ):
        raise InvalidPositionError("pile_single_mismatch", "R8")
    hand = position.hands[position.to_move]
    if not isinstance(hand, Hidden) and Counter(taken) - Counter(hand):
        raise InvalidPositionError(
            "pile_taken_not_held", "R8", cards=_texts(taken), count=len(taken)
        )
    _check_last_card(position)


def _check_last_card(position: Position) -> None:
    hand = position.hands[position.to_move]
    if position.phase is not _PLAY_PHASE or isinstance(hand, Hidden) or len(hand) != 1:
        return
    refusal = last_discard_refusal(
        position, position.melds[position.side], hand[0], position.pile_single
    )
    if refusal is not None:
        raise InvalidPositionError(
            "last_card_stuck", refusal.rule, card=str(hand[0]), reason=refusal.as_param()
        )
