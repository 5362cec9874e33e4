"""``python -m engine judge``, ``simulate`` and ``arena``: the engine's commands."""

from __future__ import annotations

import sys

USAGE = """usage: python -m engine {judge,simulate,arena} [options]

  judge      answer JSON Lines requests on standard input (see ARCHITECTURE.md)
  simulate   play random whole hands and check the invariants after every action
  arena      two bots play the same deals from both sides: python -m engine arena A B
             [--players 2|4] [--deals N] [--seed S] [--jobs J] [--json]; a bot is a level
             (random, beginner, club, expert) or 'cmd:PROGRAM ARGS' (JSON Lines)
"""


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("judge", "simulate", "arena"):
        sys.stderr.write(USAGE)
        return 2
    if argv[0] == "judge":
        from engine.judge import main as command
    elif argv[0] == "arena":
        from engine.arena import main as command
    else:
        from engine.simulate import main as command
    return command(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
