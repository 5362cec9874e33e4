"""Drawing (R7, R8, R33, R34, R40, R41, R43): from the stock, or the whole discard pile, and
when the pile may not be taken.

Part of :mod:`engine.actions`."""

from __future__ import annotations

from engine.actions.action import _PLAY_PHASE, Action, Transition
from engine.actions.change import _replace, _seat, _texts
from engine.actions.plays import _plays
from engine.budget import Budget
from engine.cards import max_copies
from engine.errors import IllegalActionError
from engine.state import (
    Cards,
    Hidden,
    Position,
    Stall,
)

#: R34: how many times the player who began a run of one-card piles may take one in it;
#: after that they must draw from the stock. The federation code says only "several times".
STALL_LIMIT = 3


def _draw(position: Position, hand: Cards, action: Action) -> Transition:
    stock = position.stock
    if isinstance(stock, Hidden):
        if not action.cards:
            raise IllegalActionError("stock_unknown", "R7")
        card = action.cards[0]
        if card not in position.unseen():
            raise IllegalActionError("card_accounted", "R1", card=str(card), most=max_copies(card))
        rest: Cards | Hidden = Hidden(stock.count - 1)
    else:
        if action.cards:
            raise IllegalActionError("stock_known", "R7", card=str(stock[0]))
        card, rest = stock[0], stock[1:]
    return Transition(
        _replace(
            position,
            hands=_seat(position.hands, position.to_move, (*hand, card)),
            stock=rest,
            phase=_PLAY_PHASE,
            # Drawing from the stock ends any run of one-card piles (R34).
            stall=None,
        )
    )


def _pile_refusal(
    position: Position, hand: Cards, budget: Budget | None = None
) -> IllegalActionError | None:
    pile = position.discard
    if not pile:
        return IllegalActionError("empty_pile", "R7")
    stall = position.stall
    if (
        len(pile) == 1
        and stall is not None
        and stall.seat == position.to_move
        and stall.count >= STALL_LIMIT * position.players
    ):
        return IllegalActionError("stall", "R34", times=STALL_LIMIT)
    # R40: a wildcard a partner just discarded stays (three players: partners sit side by
    # side, so the top card is the partner's discard; docs/game.md).
    if pile[-1].is_wild and position.sides is not None:
        before = (position.to_move - 1) % position.players
        if position.side_of(before) == position.side:
            return IllegalActionError("pile_partner_wild", "R40", card=str(pile[-1]))
    # R41, R43: the pile may be taken only to use one of its cards at once, so the first
    # play after taking it must use one; refuse the pile when none can be used.
    rules = position.rules
    if rules.must_use_pile and not _plays(_take_pile(position, hand), budget):
        return IllegalActionError("pile_unusable", rules.pile_rule, cards=_texts(pile))
    return None


def _take_pile(position: Position, hand: Cards) -> Position:
    pile = position.discard
    single = len(pile) == 1
    stall = position.stall
    if not single:
        stall = None
    elif stall is None:
        stall = Stall(position.to_move, 1)
    else:
        stall = Stall(stall.seat, stall.count + 1)
    return _replace(
        position,
        hands=_seat(position.hands, position.to_move, (*hand, *pile)),
        discard=(),
        phase=_PLAY_PHASE,
        pile_single=pile[0] if single else None,
        pile_taken=pile if position.rules.must_use_pile else (),
        stall=stall,
    )
