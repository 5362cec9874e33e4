"""``python -m engine judge`` and ``python -m engine simulate``: the engine's commands."""

from __future__ import annotations

import sys

USAGE = """usage: python -m engine {judge,simulate} [options]

  judge      answer JSON Lines requests on standard input (see ARCHITECTURE.md)
  simulate   play random whole hands and check the invariants after every action
"""


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("judge", "simulate"):
        sys.stderr.write(USAGE)
        return 2
    if argv[0] == "judge":
        from engine.judge import main as command
    else:
        from engine.simulate import main as command
    return command(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
