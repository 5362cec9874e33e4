"""Bots: players in levels, one interface, deciding only from what a seat sees.

Every bot answers ``decide(view, legal, rng) -> Action``: ``view`` is the position as the
player to move sees it (:func:`engine.bots.view.view_of`: its own hand, the other hands
and the stock as counts, the table, the pile, which pozzetti are taken, and the cards
everyone saw a player take from the pile), ``legal`` the actions the rules allow now
(computed by whoever holds the whole position: the arena, or the judge from the view),
and ``rng`` the only source of chance, so a seeded hand can be replayed.

The levels (:data:`LEVELS`): ``random``; ``beginner`` (plays what it sees, never looks at
danger); ``club`` (builds toward clean burraco, takes the pile when it pays, keeps a
natural card to discard, watches what its discard gives the opponents); ``expert`` (club
with look-ahead: it samples the hidden cards and plays the big decisions out).

>>> import random
>>> from engine.actions import legal_actions
>>> from engine.deal import deal
>>> position = deal(2, random.Random(3))
>>> action = decide("club", view_of(position), legal_actions(position), random.Random(0))
>>> str(action)
'pile'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.actions import Action, ActionKind, legal_actions
from engine.bots.view import Memory, View, view_of
from engine.budget import Budget
from engine.errors import InvalidNotationError
from engine.rules import Rules
from engine.state import Phase, Position


class Bot(Protocol):
    """A player: picks one of the legal actions from what its seat sees."""

    name: str

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


def make_bot(level: str) -> Bot:
    """A bot of the named level; raises :class:`InvalidNotationError` for an unknown one."""
    from engine.bots.expert import Expert
    from engine.bots.levels import Beginner, Club, RandomBot

    makers: dict[str, type[Bot]] = {
        "random": RandomBot,
        "beginner": Beginner,
        "club": Club,
        "expert": Expert,
    }
    if level not in makers:
        raise InvalidNotationError(
            f"unknown bot level {level!r:.40}: the levels are {', '.join(LEVELS)}"
        )
    return makers[level]()


#: The bots' levels, weakest first.
LEVELS = ("random", "beginner", "club", "expert")


def decide(level: str, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
    """What a bot of ``level`` plays now."""
    return make_bot(level).decide(view, legal, rng)


def legal_in_view(view: View, budget: Budget | None = None) -> list[Action]:
    """The legal actions as the player to move can name them from its view: drawing is
    plain ``draw`` (the view does not know the stock's top card)."""
    actions = legal_actions(view.position, budget)
    if view.position.phase is not Phase.DRAW:
        return actions
    rest = [action for action in actions if action.kind is not ActionKind.DRAW]
    draws = len(actions) - len(rest)
    return ([Action(ActionKind.DRAW)] if draws else []) + rest


def bot_op(request: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The judge's ``{"op": "bot", "level": L, "position": VIEW, "seed": n}``: what a bot of
    level L plays in that position, seeing only what the player to move sees (any other
    hand, stock or pozzetto the request shows is hidden from it first). The expert's
    look-ahead spends one request's budget and falls back to the club player's choice
    when it runs out; the legal actions are listed within the same budget."""
    level = request.get("level")
    if not isinstance(level, str) or level not in LEVELS:
        raise InvalidNotationError(
            f"the request needs a 'level' field, one of {', '.join(LEVELS)}, not {level!r:.40}"
        )
    seed = request.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 2**63:
        raise InvalidNotationError(
            f"the request needs a 'seed' field, a whole number below 2**63, not {seed!r:.40}"
        )
    if "position" not in request:
        raise InvalidNotationError("the request needs a 'position' field")
    position = Position.from_json(request["position"], rules)
    if position.is_over:
        raise InvalidNotationError("the hand in this position is over: no one is to move")
    view = view_of(position)
    budget = Budget()
    legal = legal_in_view(view, budget)
    from engine.bots.expert import Expert

    bot = Expert(budget=budget) if level == "expert" else make_bot(level)
    return {"action": str(bot.decide(view, legal, random.Random(seed)))}


__all__ = [
    "LEVELS",
    "Bot",
    "Memory",
    "View",
    "bot_op",
    "decide",
    "legal_in_view",
    "make_bot",
    "view_of",
]
