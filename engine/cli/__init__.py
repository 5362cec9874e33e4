"""The engine's command-line tools, beside the library they drive: ``python -m engine …``.

``judge`` (with the game ops of ``game_ops``) answers JSON Lines requests, ``simulate``
plays random whole hands checking the invariants, ``arena`` sets two bots against each
other, ``ladder`` plays every pair of levels and fits one rating each, ``bench`` prints the hot
paths' figures. The library (``engine.cards``,
``engine.melds``, ``engine.actions`` …) never imports this package; ``import engine``
does not load it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

USAGE = """usage: python -m engine {judge,simulate,arena,ladder,bench} [options]

  judge      answer JSON Lines requests on standard input (see ARCHITECTURE.md)
  simulate   play random whole hands and check the invariants after every action
  arena      two bots play the same deals from both sides: python -m engine arena A B
             [--players 2|4] [--deals N] [--seed S] [--jobs J] [--json]; a bot is a level
             (random, beginner, club, expert) or 'cmd:PROGRAM ARGS' (JSON Lines)
  ladder     every pair of levels in the arena, one rating each (beginner = 1500) with its
             95% interval: [--players 2|4] [--deals N] [--seed S] [--jobs J] [--out FILE]
  bench      median times of the engine's hot paths [--budget | --against PATH]
"""

COMMANDS = ("judge", "simulate", "arena", "ladder", "bench")


def main(argv: list[str]) -> int:
    """Run the command ``argv`` names with the rest of ``argv``; 2 and the usage if none."""
    if not argv or argv[0] not in COMMANDS:
        sys.stderr.write(USAGE)
        return 2
    command: Callable[[list[str]], int]
    # Each command imported only when run: the judge needs no arena, no bench.
    if argv[0] == "judge":
        from engine.cli.judge import main as command
    elif argv[0] == "arena":
        from engine.cli.arena import main as command
    elif argv[0] == "ladder":
        from engine.cli.ladder import main as command
    elif argv[0] == "bench":
        from engine.cli.bench import main as command
    else:
        from engine.cli.simulate import main as command
    return command(argv[1:])
