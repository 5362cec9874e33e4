"""What a finding cost: :func:`stakes`, the default estimator, which finishes the turn
both ways and weighs the result with the rules' numbers, and :func:`playouts`, the expert
bot's, which plays both actions on in sampled worlds of the hidden cards.

Part of :mod:`engine.coach`."""

from __future__ import annotations

from engine.actions import (
    Action,
    ActionKind,
    legal_discards,
    transition,
)
from engine.budget import MOVE_STEPS, Budget
from engine.coach.context import _Play, _plays, _stand_in, bounded_line
from engine.coach.feeding import _feeds
from engine.coach.findings import Known, Line, held_by
from engine.errors import TooBigError
from engine.melds import BURRACO_SIZE, Burraco
from engine.scoring import burraco_bonus, kind_bonus
from engine.state import Hidden, Position

#: How many plays the default estimator's greedy finish of a turn makes at most.
GREEDY_PLAYS = 6
#: What the default estimator counts a wildcard kept in hand for, beyond its value: it can
#: still stand for any card (R18). A heuristic, not a rule: the expert's playouts replace it.
WILD_IN_HAND = 20


def stakes(
    view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Known = ()
) -> int:
    """The default :class:`Estimator`: what finishing the turn after ``better`` (an action
    or a line) is worth over finishing it after ``chosen``, in points, by :func:`_value`
    (never below 0)."""
    cache: dict[Position, tuple[_Play, ...]] = {}
    return max(
        0,
        _outlook(view, better, budget, cache, known) - _outlook(view, chosen, budget, cache, known),
    )


def _outlook(
    view: Position,
    action: Action | Line,
    budget: Budget,
    cache: dict[Position, tuple[_Play, ...]],
    known: Known = (),
) -> int:
    """The worth of the turn finished after ``action`` (or the line's actions played in
    turn): along a line that closes or takes the pozzetto al volo when there is one, else
    greedily (the play worth the most, while one adds worth, then the discard worth the
    most)."""
    if isinstance(action, tuple):
        position = view
        for step in action:
            budget.spend(MOVE_STEPS)
            position = transition(position, step, budget).position
    elif action.kind is ActionKind.DRAW:
        position = _stand_in(view)  # the card from the stock is unknown
    else:
        budget.spend(MOVE_STEPS)
        position = transition(view, action, budget).position
    seat = view.to_move
    if _turn_over(view, position) or isinstance(position.hands[seat], Hidden):
        return _value(view, position, budget, known)
    for goal in ("closed", "pozzetto_al_volo"):
        if goal == "closed" and not position.pozzetti_taken[view.side]:
            continue
        if goal == "pozzetto_al_volo" and position.pozzetti_taken[view.side]:
            continue
        line = bounded_line(position, goal, budget)
        if line:
            for step in line:
                budget.spend(MOVE_STEPS)
                position = transition(position, step, budget).position
            return _value(view, position, budget, known)
    for _ in range(GREEDY_PLAYS):
        worth = _value(view, position, budget, known)
        best: tuple[int, Position] | None = None
        for play in _plays(position, budget, cache):
            budget.spend(MOVE_STEPS)
            after = transition(position, play.action, budget).position
            after_worth = _value(view, after, budget, known)
            if after_worth > worth and (best is None or after_worth > best[0]):
                best = (after_worth, after)
        if best is None:
            break
        position = best[1]
        if _turn_over(view, position) or isinstance(position.hands[seat], Hidden):
            return best[0]
    discards = legal_discards(position)
    if not discards:
        return _value(view, position, budget, known)
    worths = []
    for discard in discards:
        budget.spend(MOVE_STEPS)
        worths.append(_value(view, transition(position, discard, budget).position, budget, known))
    return max(worths)


def _turn_over(view: Position, position: Position) -> bool:
    return position.is_over or position.to_move != view.to_move


def _value(view: Position, position: Position, budget: Budget, known: Known = ()) -> int:
    """What ``position`` is worth to the side of the player to move in ``view``: its melds
    (cards, burraco bonuses, and a share of the clean or dirty bonus for a meld on its way),
    minus the player's natural cards in hand (a wildcard in hand is worth its value and
    :data:`WILD_IN_HAND` more, until the hand is over), the pozzetto, the closing, less what
    a discard hands the next side."""
    side, seat, rules = view.side, view.to_move, view.rules
    worth = 0
    for meld in position.melds[side]:
        worth += meld.points
        kind = meld.burraco(rules)
        if kind is not None:
            worth += burraco_bonus(meld, rules)
        else:
            bonus = kind_bonus(Burraco.CLEAN if meld.wild is None else Burraco.DIRTY, rules)
            size = len(meld.cards)
            worth += bonus * size * size // (2 * BURRACO_SIZE * BURRACO_SIZE)
    hand = position.hands[seat]
    if not isinstance(hand, Hidden):
        over = position.is_over
        worth += sum(
            card.value + WILD_IN_HAND if card.is_wild and not over else -card.value for card in hand
        )
    if not position.pozzetti_taken[side]:
        worth -= rules.scores.pozzetto
    if position.closer is not None and position.side_of(position.closer) == side:
        worth += rules.scores.closing
    if position.to_move != seat and position.discard and len(position.discard) > len(view.discard):
        held = held_by(known, position.to_move)
        worth -= _feeds(position, position.discard[-1], budget, held).gain
    return worth


# --- the expert's playouts ----------------------------------------------------------------

#: What :func:`playouts` may spend on one finding, in steps (:mod:`engine.budget`), and
#: never more than half of what the request has left: about 60 actions played.
PLAYOUT_STEPS = 2_000
#: How many worlds of the hidden cards :func:`playouts` plays both actions out in.
PLAYOUT_WORLDS = 4
#: How many actions each playout plays at most (it stops sooner at the seat's next turn).
PLAYOUT_ACTIONS = 16


def playouts(
    view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Known = ()
) -> int:
    """The :class:`Estimator` of the judge and the web, by the expert bot's playouts.

    In each of :data:`PLAYOUT_WORLDS` worlds of the hidden cards that agree with ``view``
    (:func:`engine.bots.expert.sample_world`), it plays ``better`` (an action or a line)
    and ``chosen``, then the
    club player in every seat until the seat is next to draw, and compares the positions
    reached (:func:`engine.bots.expert.estimate`); both actions meet the same world and
    the same chances, so only the choice differs. The worlds are drawn from a fixed seed:
    the same question gets the same answer. It spends at most :data:`PLAYOUT_STEPS` of
    ``budget`` (and half of what is left); when that runs out it keeps the worlds played,
    and with none it answers as :func:`stakes`."""
    import random

    from engine.bots.expert import play_out, sample_world
    from engine.bots.levels import Club
    from engine.bots.view import Memory, view_of

    seat = view.to_move
    side = view.side
    seen = view_of(view, seat, Memory(known) if known else None)
    rng = random.Random(0)
    own = Budget(min(PLAYOUT_STEPS, budget.left // 2))
    player = Club()
    gains: list[float] = []
    try:
        for _ in range(PLAYOUT_WORLDS):
            world = sample_world(seen, random.Random(rng.randrange(2**32)))
            seed = rng.randrange(2**32)
            diffs = []
            for line in (better if isinstance(better, tuple) else (better,), (chosen,)):
                after = world
                for action in line:
                    if action.kind is ActionKind.DRAW:
                        action = Action(ActionKind.DRAW)  # the world's own top card
                    own.spend(MOVE_STEPS)
                    after = transition(after, action, own).position
                result = play_out(
                    after,
                    player,
                    random.Random(seed),
                    side=side,
                    max_actions=PLAYOUT_ACTIONS,
                    until_seat=seat,
                    budget=own,
                )
                diffs.append(result.diff)
            gains.append(diffs[0] - diffs[1])
    except TooBigError:
        pass
    finally:
        budget.spend(own.spent)
    if not gains:
        return stakes(view, chosen, better, budget, known)
    return max(0, round(sum(gains) / len(gains)))
