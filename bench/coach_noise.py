"""How much the coach says over a hand: findings per hand, and lines in the live box per
turn, on seeded bot-played hands (issue 27).

    python -m bench.coach_noise [--hands 100] [--players 2 4] [--seed 1] [--json]

Each hand is dealt from ``Random(f"{seed}:{players}:{n}")``. Seat 0 is a learner-like bot:
the beginner (engine.bots), who on a third of its decisions slips as a learner does, drawing
from the stock instead of taking the pile, or discarding a card at random instead of
playing on, and who sees only one attachment in two (the other time it discards at random,
keeping the card that fitted); the other seats are club players. Every one of the
learner's actions is reviewed by the coach as the practice table reviews it
(``engine.coach.coach`` with the expert's ``playouts``, one request budget each). It
prints, per table size, the share of the learner's decisions flagged (a finding above
"none"), each review's CPU time (p50, p95, max: ``time.thread_time``), and the median and
the 90th percentile of:

- ``findings``: the findings above "none" on the hand, as the review listed them before
  (one row per finding of each decision);
- ``ideas``: the review's lines now (``engine.coach.ideas``: one per idea, whatever the
  turns it was found on);
- ``live``: the lines of the live box per turn before (every finding of the turn above
  "none") and now (``engine.coach.new_ideas``: only the ideas new that turn).

Run with an older ``engine/`` on ``PYTHONPATH`` (one without ``engine.coach.ideas``), it
prints the findings alone: the "before" of a change to the coach itself.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from engine.actions import Action, ActionKind, transition
from engine.bots import legal_in_view, make_bot
from engine.bots.view import Memory, view_of
from engine.budget import Budget
from engine.coach import Severity, coach, playouts
from engine.deal import deal
from engine.errors import TooBigError
from engine.state import Phase

try:
    from engine.coach import ideas, new_ideas
except ImportError:  # an engine from before the grouping
    ideas = new_ideas = None  # type: ignore[assignment]

#: How often the learner-like bot slips.
SLIP = 1 / 3
#: How often it misses an attachment the beginner would make.
MISSED_ATTACH = 1 / 2
#: Actions after which a hand is cut short (none of the seeded hands is that long).
MOST_ACTIONS = 1500


def learner_action(view: Any, legal: list[Action], rng: random.Random) -> Action:
    """The beginner's move, or a learner's slip (:data:`SLIP`, :data:`MISSED_ATTACH`)."""
    discards = [
        action
        for action in legal
        if action.kind is ActionKind.DISCARD and not action.cards[0].is_wild
    ]
    if rng.random() < SLIP:
        if view.position.phase is Phase.DRAW:
            draws = [action for action in legal if action.kind is ActionKind.DRAW]
            if draws:
                return draws[0]
        elif discards:
            return rng.choice(discards)
    action = make_bot("beginner").decide(view, legal, rng)
    if action.kind is ActionKind.ATTACH and rng.random() < MISSED_ATTACH:
        kept = [other for other in discards if other.cards[0] not in action.cards]
        if kept:
            return rng.choice(kept)
    return action


#: The CPU milliseconds of each review, and how many of them flagged something, over a run.
COSTS: list[float] = []
FLAGGED: list[bool] = []


def one_hand(players: int, seed: str) -> list[tuple[int, Any]]:
    """The coach's findings on the learner's actions of one seeded hand, each with the
    learner's turn (from 1); each review's CPU time and whether it flagged something are
    added to :data:`COSTS` and :data:`FLAGGED`."""
    position = deal(players, random.Random(seed))
    memory = Memory.empty(players)
    club = make_bot("club")
    found: list[tuple[int, Any]] = []
    turn = 0
    for index in range(MOST_ACTIONS):
        if position.is_over:
            break
        seat = position.to_move
        view = view_of(position, seat, memory)
        legal = legal_in_view(view, Budget())
        rng = random.Random(f"{seed}:{index}")
        action = learner_action(view, legal, rng) if seat == 0 else club.decide(view, legal, rng)
        if seat == 0:
            if action.kind in (ActionKind.DRAW, ActionKind.PILE):
                turn += 1
            began = time.thread_time()
            try:
                review = coach(position, action, estimator=playouts, budget=Budget())
            except TooBigError:
                pass
            else:
                found += [(max(turn, 1), finding) for finding in review.findings]
                shown = [f for f in review.findings if f.severity is not Severity.NONE]
                FLAGGED.append(bool(shown))
            COSTS.append((time.thread_time() - began) * 1000)
        memory = memory.after(position, action)
        position = transition(position, action, Budget()).position
    return [(turn, finding) for turn, finding in found if finding.severity is not Severity.NONE]


def spread(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return {"median": statistics.median(ordered), "p90": p90, "max": ordered[-1]}


def measure(players: int, hands: int, seed: int) -> dict[str, Any]:
    COSTS.clear()
    FLAGGED.clear()
    findings, grouped, live_before, live_now = [], [], [], []
    for number in range(hands):
        found = one_hand(players, f"{seed}:{players}:{number}")
        findings.append(len(found))
        turns = sorted({turn for turn, _ in found})
        live_before += [sum(1 for t, _ in found if t == turn) for turn in turns]
        if ideas is not None:
            grouped.append(len(ideas(found)))
            live_now += [len(new_ideas(found, turn)) for turn in turns]
    costs = sorted(COSTS)
    result: dict[str, Any] = {
        "players": players,
        "hands": hands,
        "findings": spread(findings),
        "flagged": round(sum(FLAGGED) / max(1, len(FLAGGED)), 3),
        "review_cpu_ms": {
            "p50": round(statistics.median(costs), 1),
            "p95": round(costs[min(len(costs) - 1, round(0.95 * (len(costs) - 1)))], 1),
            "max": round(costs[-1], 1),
            "reviews": len(costs),
        },
    }
    if live_before:
        result["live_before"] = spread(live_before)
    if ideas is not None:
        result["ideas"] = spread(grouped)
        if live_now:
            result["live_now"] = spread(live_now)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    results = [measure(players, options.hands, options.seed) for players in options.players]
    if options.json:
        print(json.dumps(results))
        return
    for result in results:
        print(f"{result['players']} players, {result['hands']} hands:")
        cpu = result["review_cpu_ms"]
        print(
            f"  decisions flagged {result['flagged']:.1%}; a review's CPU p50 {cpu['p50']} ms,"
            f" p95 {cpu['p95']} ms, max {cpu['max']} ms ({cpu['reviews']} reviews)"
        )
        for key in ("findings", "ideas", "live_before", "live_now"):
            if key in result:
                figures = result[key]
                print(
                    f"  {key:12} median {figures['median']:>5}  p90 {figures['p90']:>4}"
                    f"  max {figures['max']:>4}"
                )


if __name__ == "__main__":
    main()
