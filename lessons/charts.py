"""The rating chart on the progress page, drawn on the server as SVG (no chart script).

:func:`rating_chart` turns the rating history into coordinates; the template draws them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 480
HEIGHT = 220
LEFT = 52
RIGHT = 12
TOP = 12
BOTTOM = 28
#: The chart shows the last this many rated attempts.
POINTS = 60


@dataclass(frozen=True)
class Tick:
    value: int
    y: float


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    rating: int


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    dots: list[Dot]
    ticks: list[Tick]
    first: int
    last: int
    low: int
    high: int

    @property
    def polyline(self) -> str:
        return " ".join(f"{dot.x:.1f},{dot.y:.1f}" for dot in self.dots)

    @property
    def left(self) -> int:
        return LEFT

    @property
    def right(self) -> int:
        return self.width - RIGHT

    @property
    def bottom(self) -> int:
        return self.height - BOTTOM


def _step(span: float) -> int:
    """A round tick spacing giving three to six ticks over the span."""
    for step in (10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= 5:
            return step
    return 1000


def rating_chart(ratings: Sequence[float], start: int = 1) -> Chart | None:
    """Coordinates for a line through the ratings (the newest last); None with no points.

    ``start`` numbers the first point (the chart shows the last :data:`POINTS` only).

    >>> chart = rating_chart([1500, 1540, 1520])
    >>> [dot.rating for dot in chart.dots], chart.first, chart.last
    ([1500, 1540, 1520], 1, 3)
    >>> chart.dots[0].x == LEFT and chart.dots[-1].x == WIDTH - RIGHT
    True
    """
    if not ratings:
        return None
    ratings = list(ratings)[-POINTS:]
    start += max(0, len(ratings) - POINTS)
    low, high = min(ratings), max(ratings)
    step = _step(max(high - low, 40))
    bottom = math.floor(low / step) * step
    top = math.ceil(high / step) * step
    if top == bottom:
        top += step
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + plot_h * (top - value) / (top - bottom)

    count = len(ratings)
    dots = [
        Dot(LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2), y(r), round(r))
        for i, r in enumerate(ratings)
    ]
    ticks = [Tick(value, y(value)) for value in range(int(bottom), int(top) + 1, step)]
    return Chart(WIDTH, HEIGHT, dots, ticks, start, start + count - 1, round(low), round(high))
