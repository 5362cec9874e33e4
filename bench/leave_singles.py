"""What leaving a one-card pile that nothing uses costs (the coach's ``useless_pile``).

    python -m bench.leave_singles [--against club] [--players 2] [--deals 1000] [--jobs 2]

Plays the arena (:func:`engine.cli.arena.run`, every deal from both sides) between a club
player that leaves every one-card pile of a natural card that no meld or attachment uses at
once (:func:`engine.strategy.dead_single`, the question ``useless_pile`` asks) and the level
``--against``, and prints the arena's report. At two players (1,000 deals of seed 1, 5 December
2026) leaving them lost 1,048 points a deal to the club player, which takes nearly every
throw head to head (95% CI -1,109 to -988), and made +733 against the beginner where the club
player makes +867; at four players it changed nothing (+8, CI -38 to +53, 300 deals). So the
coach says ``useless_pile`` only where the bots leave the pile too (docs/coach-audit.md).
"""

from __future__ import annotations

import argparse
import time

from engine.bots import Bot, make_bot
from engine.bots.levels import Club
from engine.bots.view import View
from engine.cli import arena
from engine.strategy import dead_single

#: The name the arena knows the variant by.
LEAVER = "leaver"


class Leaver(Club):
    """The club player, but a one-card pile of a natural card that nothing uses at once
    stays where it is."""

    name = LEAVER

    def takes_pile(self, view: View) -> bool:
        return not dead_single(view.position) and super().takes_pile(view)


def _make_bot(level: str) -> Bot:
    return Leaver() if level == LEAVER else make_bot(level)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="club")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    # The arena makes its bots by name; the worker processes are forked, so they see this.
    arena.make_bot = _make_bot  # type: ignore[attr-defined]
    start = time.perf_counter()
    results, tallies, names = arena.run(
        LEAVER, args.against, players=args.players, deals=args.deals, seed=args.seed, jobs=args.jobs
    )
    figures = arena.summary(results, tallies, names)
    print(arena.report(figures, args.players, args.seed, time.perf_counter() - start))


if __name__ == "__main__":
    main()
