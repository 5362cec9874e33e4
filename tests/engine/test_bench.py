"""``python -m engine.cli.bench --against``: the script it runs in each checkout runs, on this
one, and measures every figure it prints (the figures themselves are never asserted: a
benchmark prints, a test does not time)."""

from __future__ import annotations

import os

from engine.cli.bench import measure


def test_the_measure_of_against_gives_every_figure_for_this_checkout() -> None:
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    figures = measure(here, hands=2, rounds=1)
    assert set(figures) == {"hands", "more", "later", "play", "cold"}
    assert all(value > 0 for value in figures.values())
