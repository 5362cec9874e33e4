"""The verbs of the whole game: :func:`apply`, :func:`why_illegal`, :func:`is_legal`,
:func:`transition` and :func:`legal_actions`.

Part of :mod:`engine.actions`, which tells the whole: each verb hands the action to the
module of its kind (drawing, plays, discarding)."""

from __future__ import annotations

from engine.actions.action import (
    _CLOSED,
    _DRAW,
    _DRAW_PHASE,
    _EXHAUSTED,
    _KIND_DISCARD,
    _KIND_DRAW,
    _KIND_MELD,
    _KIND_PILE,
    _PILE,
    _PLAY_PHASE,
    Action,
    Transition,
)
from engine.actions.change import _check_held, _held_rest, _replaced, _texts, _without
from engine.actions.discarding import _discard, legal_discards
from engine.actions.drawing import _draw, _pile_refusal, _take_pile
from engine.actions.plays import _after_play, _play_actions, _rest_refusal, _second_set, _uses_pile
from engine.budget import Budget
from engine.errors import IllegalActionError, InvalidNotationError, Refusal
from engine.melds import (
    attach,
    make_meld,
)
from engine.state import (
    Hidden,
    Position,
)


def apply(position: Position, action: Action | str) -> Position:
    """The position after the player to move plays ``action``.

    Raises :class:`IllegalActionError` or :class:`InvalidMeldError` (both refusals with a
    code, a rule and a sentence) when the rules forbid it, :class:`InvalidNotationError`
    for text that is no action, and :class:`InvalidPositionError` when the player's cards
    are hidden.
    """
    return transition(position, action).position


def why_illegal(position: Position, action: Action | str) -> Refusal | None:
    """Why the rules forbid ``action`` now, or None when it is legal.

    Raises :class:`InvalidNotationError` for text that is no action and
    :class:`InvalidPositionError` when the player's cards are hidden.
    """
    try:
        transition(position, action)
    except Refusal as refusal:
        return refusal
    return None


def is_legal(position: Position, action: Action | str) -> bool:
    """Do the rules allow ``action`` now? Never raises."""
    try:
        transition(position, action)
    except (Refusal, InvalidNotationError, ValueError):
        return False
    return True


def transition(
    position: Position, action: Action | str, budget: Budget | None = None
) -> Transition:
    """The position after ``action`` and the events on the way (the pozzetto taken al volo
    or con lo scarto, the closing, the stock exhausted).

    Raises as :func:`apply`, and :class:`TooBigError` when ``budget`` runs out (taking the
    pile in the international game looks for a play that uses it).
    """
    if isinstance(action, str):
        action = Action.parse(action)
    termination = position.termination
    if termination is _CLOSED:
        raise IllegalActionError("hand_closed", "R30")
    if termination is _EXHAUSTED:
        raise IllegalActionError("hand_exhausted", "R33")
    hand = position.hand
    if action.kind in (_KIND_DRAW, _KIND_PILE):
        if position.phase is not _DRAW_PHASE:
            raise IllegalActionError("already_drawn", "R6")
        if action.kind is _KIND_DRAW:
            return _draw(position, hand, action)
        refusal = _pile_refusal(position, hand, budget)
        if refusal is not None:
            raise refusal
        return Transition(_take_pile(position, hand))
    if position.phase is not _PLAY_PHASE:
        raise IllegalActionError("draw_first", "R6")
    rest = _held_rest(hand, action.cards)
    if rest is None:
        _check_held(position, hand, action.cards)
        rest = _without(hand, action.cards)
    if action.kind is _KIND_DISCARD:
        return _discard(position, hand, action.cards[0], rest)
    if position.pile_taken and not _uses_pile(position, action.cards):
        raise IllegalActionError(
            "pile_card_first", position.rules.pile_rule, cards=_texts(position.pile_taken)
        )
    side_melds = position.melds[position.side]
    if action.kind is _KIND_MELD:
        meld = make_meld(action.cards, position.rules)
        if _second_set(side_melds, meld):
            assert meld.rank is not None
            raise IllegalActionError("second_set", "R15", rank=meld.rank.symbol)
        melds = (*side_melds, meld)
    else:
        index = action.meld
        assert index is not None
        if index >= len(side_melds):
            if not side_melds:
                raise IllegalActionError("no_melds", "R17", index=index)
            raise IllegalActionError(
                "no_such_meld", "R17", index=index, count=len(side_melds), last=len(side_melds) - 1
            )
        melds = _replaced(
            side_melds, index, attach(side_melds[index], action.cards, position.rules)
        )
    refusal = _rest_refusal(position, melds, rest, action.cards)
    if refusal is not None:
        raise refusal
    return _after_play(position, melds, rest, action.cards)


def legal_actions(position: Position, budget: Budget | None = None) -> list[Action]:
    """Every action the player to move may play now; empty once the hand is over.

    Draws come first, then the pile, new melds, attachments and discards. Raises
    :class:`InvalidPositionError` when the player's cards are hidden, and
    :class:`TooBigError` when listing them would spend more than ``budget``.
    """
    if position.is_over:
        return []
    hand = position.hand
    if position.phase is _DRAW_PHASE:
        if isinstance(position.stock, Hidden):
            actions = [Action(_KIND_DRAW, (card,)) for card in position.unseen()]
        else:
            actions = [_DRAW]
        if _pile_refusal(position, hand, budget) is None:
            actions.append(_PILE)
        return actions
    plays, discards = legal_turn(position, budget)
    return [*plays, *discards]


def legal_turn(
    position: Position, budget: Budget | None = None
) -> tuple[list[Action], list[Action]]:
    """The play phase's :func:`legal_actions` in two lists: the melds and attachments, then
    the discards (a policy that first chooses between playing and discarding need not split
    them again). Raises as :func:`legal_actions`; the phase is the caller's to check."""
    return _play_actions(position, budget), legal_discards(position)
