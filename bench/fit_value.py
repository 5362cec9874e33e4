"""Fit the weights of the expert's judgement of a playout cut short (issue 32).

    python -m bench.fit_value [--ranges 1000:600 2000:600] [--chance 0.15] [--players 2]

Plays hands of the club player against itself at two (or four) players (each range
FIRST:COUNT: the deals FIRST onwards, seeded, so a fit replays), keeps each position with the chance
``--chance`` and, for both sides, :func:`engine.bots.expert.features` of it and the
hand's final score difference; prints the least-squares weights (the values of
:data:`engine.bots.expert.FITTED_WEIGHTS`) and how much of the final difference they and
:func:`engine.bots.expert.estimate` explain on the last range when fitted on
the others (the weights are the two-player fit: at four players it explained 26% of the
variance where ``estimate`` explains 24%). Needs numpy (installed with Optuna, for
``bench.tune_expert``).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from engine.actions import legal_actions, transition
from engine.bots import make_bot
from engine.bots.expert import FEATURES, estimate, features
from engine.bots.view import Memory, view_of
from engine.deal import deal


def collect(
    first: int, hands: int, chance: float, players: int = 2
) -> list[tuple[list[float], float, float]]:
    """(features, final difference, estimate) for each kept position and side."""
    club = make_bot("club")
    rows = []
    for number in range(first, first + hands):
        position = deal(players, random.Random(number))
        memory = Memory.empty(players)
        rng = random.Random(number)
        kept = []
        while not position.is_over:
            if rng.random() < chance:
                kept.append((features(position, 0), features(position, 1), estimate(position, 0)))
            action = club.decide(view_of(position, None, memory), legal_actions(position), rng)
            memory = memory.after(position, action)
            position = transition(position, action).position
        final = estimate(position, 0)
        for mine, theirs, guess in kept:
            rows.append((mine, final, guess))
            rows.append((theirs, -final, -guess))
    return rows


def fit(rows: list[tuple[list[float], float, float]]) -> Any:
    import numpy as np

    x = np.array([row[0] for row in rows])
    y = np.array([row[1] for row in rows])
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    return weights


def main() -> None:
    import numpy as np

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranges", nargs="+", default=["1000:600", "2000:600"])
    parser.add_argument("--chance", type=float, default=0.15)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    args = parser.parse_args()
    parts = []
    for text in args.ranges:
        first, count = (int(part) for part in text.split(":"))
        parts.append(collect(first, count, args.chance, args.players))
    rows = [row for part in parts for row in part]
    test = parts[-1]
    weights = fit([row for part in parts[:-1] for row in part])
    y = np.array([row[1] for row in test])

    def explained(guess: Any) -> float:
        return float(1 - ((y - guess) ** 2).mean() / ((y - y.mean()) ** 2).mean())

    fitted = np.array([row[0] for row in test]) @ weights
    print(f"positions: {len(rows)}; held out: {len(test)}")
    print(f"explained on the held-out half: fitted {explained(fitted):.3f}, ", end="")
    print(f"estimate {explained(np.array([row[2] for row in test])):.3f}")
    print("FITTED_WEIGHTS (all hands):")
    for name, weight in zip(FEATURES, fit(rows), strict=True):
        print(f"  {name:18s} {weight:9.2f}")


if __name__ == "__main__":
    main()
