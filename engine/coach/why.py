"""Why a move is good: the reason a hint gives, from the coach's own analysis.

:func:`explain` takes a position and a move (the expert's hint, or any legal action) and
says why in one or two sentences of :data:`engine.messages.MESSAGES` (``hint_…``): taking
the pile, which melds its cards make with which of the hand's cards, and whether that
reaches the pozzetto or the close (the ``missed_pile`` finding's reading,
:func:`~engine.coach.context.pile_use`); drawing, that the pile offers nothing at once;
laying down or attaching, the meld it makes and whether it is a burraco; a discard, that
it feeds the next player nothing (:mod:`engine.coach.feeding`, as ``feeds_opponent``)
and goes with none of the hand's other cards. Like the coach it reads only the seat's
view (:func:`~engine.bots.view.seat_view`).

>>> from engine.state import Position
>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "draw",
...   "hands": [["JC", "JS", "4D", "9H"], {"count": 10}], "melds": [[], []],
...   "discard": ["5C", "JH"], "stock": 40, "pozzetti_taken": [false, false]}''')
>>> print(explain(position, "pile").message())  # doctest: +NORMALIZE_WHITESPACE
Take the pile: with the jack of hearts from it and J♣ and J♠ from your hand you lay down a new
meld, J♥ J♣ J♠.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, ActionKind, Event, transition, why_illegal
from engine.bots.view import seat_view
from engine.budget import MOVE_STEPS, Budget
from engine.coach.context import (
    _Context,
    _goes_with,
    _makes_burraco,
    _minus,
    _Play,
    _texts,
    pile_use,
)
from engine.messages import render
from engine.scoring import burraco_bonus
from engine.state import Hidden, Position


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move is good: its sentences, each a key of
    :data:`engine.messages.MESSAGES` with its parameters, said one after the other."""

    parts: tuple[tuple[str, Mapping[str, Any]], ...]

    def message(
        self,
        translate: Callable[[str], str] | None = None,
        plural: Callable[[str, str, int], str] | None = None,
    ) -> str:
        """The reason in English, or in the language ``translate`` gives."""
        if translate is None:
            return " ".join(render(key, params) for key, params in self.parts)
        return " ".join(render(key, params, translate, plural) for key, params in self.parts)


def explain(position: Position, action: Action | str, budget: Budget | None = None) -> Reason:
    """Why ``action`` is a good move for the player to move in ``position``.

    Raises the action's refusal when it is illegal, and :class:`TooBigError` past
    ``budget`` (a fresh request budget when None)."""
    if isinstance(action, str):
        action = Action.parse(action)
    refusal = why_illegal(position, action)
    if refusal is not None:
        raise refusal
    budget = budget if budget is not None else Budget()
    view = seat_view(position)
    context = _Context(view, action, budget)
    if action.kind is ActionKind.PILE:
        return _pile(context)
    if action.kind is ActionKind.DRAW:
        return _draw(context)
    if action.kind is ActionKind.DISCARD:
        return _discard(context)
    return _play(context)


def _then(context: _Context, after: Position) -> list[tuple[str, Mapping[str, Any]]]:
    """What a play leads to this turn: the close or the pozzetto al volo, when a line of
    the hand reaches it (the ``missed_close`` and ``missed_pozzetto`` search)."""
    seat, side = context.view.to_move, context.view.side
    if after.to_move != seat or after.is_over or isinstance(after.hands[seat], Hidden):
        return []
    if after.pozzetti_taken[side]:
        return [("hint_then_close", {})] if context.line(after, "closed") else []
    return [("hint_then_pozzetto", {})] if context.line(after, "pozzetto_al_volo") else []


def _pile(context: _Context) -> Reason:
    view = context.view
    use = pile_use(context)
    if use is None:
        return Reason((("hint_pile_cards", {"count": len(view.discard)}),))
    best, rules = use.best, view.rules
    pile_cards = _minus(best.action.cards, use.hand)
    params: dict[str, Any] = {
        "cards": _texts(pile_cards),
        "yours": _texts(use.hand),
        "arrangement": _texts(best.after.cards),
    }
    if best.before is None:
        key = "hint_pile_meld" if use.hand else "hint_pile_meld_alone"
    else:
        key = "hint_pile_attach_with" if use.hand else "hint_pile_attach"
        params["before"] = _texts(best.before.cards)
    parts: list[tuple[str, Mapping[str, Any]]] = [(key, params)]
    if _makes_burraco(best, rules):
        parts.append(("hint_then_burraco", {"bonus": burraco_bonus(best.after, rules)}))
    context.budget.spend(MOVE_STEPS)
    taken = transition(view, Action(ActionKind.PILE), context.budget).position
    parts += _then(context, taken)
    return Reason(tuple(parts))


def _draw(context: _Context) -> Reason:
    use = pile_use(context)
    if use is None:
        return Reason((("hint_draw_nothing", {}),))
    return Reason((("hint_draw_little", {"cards": _texts(use.cards)}),))


def _play(context: _Context) -> Reason:
    view, action = context.view, context.chosen
    rules = view.rules
    play = next((play for play in context.plays(view) if play.action == action), None)
    context.budget.spend(MOVE_STEPS)
    after = transition(view, action, context.budget).position
    if play is None:  # not one of the listed plays (an attachment of many cards, say)
        play = _Play(action, None, _only_meld(after, view, action))
    burraco = _makes_burraco(play, rules)
    params: dict[str, Any] = {"arrangement": _texts(play.after.cards)}
    if burraco:
        params["bonus"] = burraco_bonus(play.after, rules)
    if action.kind is ActionKind.MELD:
        key = "hint_meld_burraco" if burraco else "hint_meld"
    else:
        key = "hint_attach_burraco" if burraco else "hint_attach"
        params["cards"] = _texts(action.cards)
        params["before"] = _texts(play.before.cards) if play.before is not None else []
    return Reason(((key, params), *_then(context, after)))


def _only_meld(after: Position, view: Position, action: Action) -> Any:
    melds = after.melds[view.side]
    return melds[action.meld] if action.meld is not None else melds[-1]


def _discard(context: _Context) -> Reason:
    view, action = context.view, context.chosen
    card = action.cards[0]
    context.budget.spend(MOVE_STEPS)
    step = transition(view, action, context.budget)
    params = {"card": str(card)}
    if Event.CLOSED in step.events:
        return Reason((("hint_discard_close", params),))
    if Event.POZZETTO_CON_LO_SCARTO in step.events:
        return Reason((("hint_discard_pozzetto", params),))
    two = "_two" if view.heads_up else ""
    if context.feeds(step.position, card).gain:
        return Reason(((f"hint_discard_least{two}", params),))
    hand = view.hands[view.to_move]
    others = _minus(list(hand), [card]) if not isinstance(hand, Hidden) else []
    lone = not any(_goes_with(card, other) for other in others)
    key = "hint_discard_safe_lone" if lone else "hint_discard_safe"
    return Reason(((f"{key}{two}", params),))
