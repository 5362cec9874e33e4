"""Whole random hands as an engine plays them, for tests/engine/test_fast.py.

The engine was made faster (cached meld analyses, fewer copies and checks) without
changing what it decides. This records, for seeded random hands of every preset with two
and four players, every position's legal actions (in order), the action chosen, the events
and the final position and scores, as digests; the test replays the same hands with
today's engine and compares. Only the public API is used, so any checkout of the engine
can write the record:

    git worktree add /tmp/wt-2a38ca5 2a38ca5
    PYTHONPATH=/tmp/wt-2a38ca5 python tests/engine/fast_reference.py \\
        tests/engine/data/fast_reference.json

The record in the repository was written so by the engine at commit 2a38ca5, the last
before the speed-up (41d90e9, which the speed is measured against, decides three of these
hands differently: the rules changed in between). A change to the rules that changes
these hands must write the record again, and say why.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from engine.actions import legal_actions, transition
from engine.cli.simulate import random_action
from engine.deal import deal
from engine.rules import PRESETS

#: (players, preset, hands): 60 hands in all.
RUNS = ((2, "standard", 24), (2, "semi-clean", 8), (2, "strict", 8), (2, "international", 8))
RUNS += ((4, "standard", 8), (4, "international", 4))


def record_hand(players: int, preset: str, number: int) -> dict[str, Any]:
    """One seeded hand played to its end by the random player, as digests."""
    rng = random.Random(f"fast:{players}:{preset}:{number}")
    position = deal(players, rng, dealer=number % players, rules=PRESETS[preset])
    legal = hashlib.sha256()
    played = hashlib.sha256()
    actions = 0
    while not position.is_over:
        listed = [str(action) for action in legal_actions(position)]
        legal.update(("|".join(listed) + "\n").encode())
        action = random_action(position, rng)
        step = transition(position, action)
        played.update(f"{action};{','.join(e.value for e in step.events)}\n".encode())
        position = step.position
        actions += 1
    outcome = position.outcome()
    assert outcome is not None
    return {
        "players": players,
        "preset": preset,
        "number": number,
        "actions": actions,
        "legal": legal.hexdigest()[:16],
        "played": played.hexdigest()[:16],
        "final": hashlib.sha256(str(position).encode()).hexdigest()[:16],
        "ending": outcome.termination.value,
        "scores": [None if score is None else score.total for score in outcome.scores],
    }


def record() -> list[dict[str, Any]]:
    return [
        record_hand(players, preset, number)
        for players, preset, hands in RUNS
        for number in range(hands)
    ]


if __name__ == "__main__":
    import engine

    print("recording with the engine in", engine.__file__, file=sys.stderr)
    with open(sys.argv[1], "w") as out:
        out.write("[\n" + ",\n".join(json.dumps(hand) for hand in record()) + "\n]\n")
