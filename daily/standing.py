"""Where a score stands among others on the same cards, and their spread as a histogram.

Pure functions over a count of scores ({score: how many}), so anything that compares
hands played from one seed can use them: the deal of the day (daily.models.Day keeps the
counts), and a class playing one deal together. The histogram is drawn on the server as
SVG by the template, with its numbers in a table.

>>> standing({100: 2, 200: 1, 300: 1}, 200, counted=True).rank
2
>>> standing({100: 2, 200: 1, 300: 1}, 200, counted=True).below
2
>>> standing({100: 2, 200: 1, 300: 1}, 50, counted=False).field
5
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

#: The histogram's size in SVG units, and its margins (room for the numbers).
WIDTH = 480
HEIGHT = 200
LEFT = 40
BOTTOM = 36
TOP = 10
#: The most bars a histogram draws.
MOST_BARS = 12
#: Bucket widths tried, smallest first (scores are multiples of five).
WIDTHS = (25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True, slots=True)
class Standing:
    """A score's place among ``players`` others' and its own (when it is counted)."""

    score: int
    #: Everyone counted, the score itself included when it is.
    players: int
    #: How many others scored less, and more.
    below: int
    above: int
    #: The score is one of ``players`` (a ranked result), not only compared with them.
    counted: bool = True

    @property
    def rank(self) -> int:
        """1 for the best (ties share a place)."""
        return self.above + 1

    @property
    def others(self) -> int:
        return self.below + self.above + self.ties

    @property
    def field(self) -> int:
        """The results the place is out of: the counted ones, and this one when it is not
        among them (a practice copy's or an anonymous visitor's would be one more)."""
        return self.players + (0 if self.counted else 1)

    @property
    def ties(self) -> int:
        return max(0, self.players - self.below - self.above - self._self)

    @property
    def _self(self) -> int:
        return 1 if self.counted else 0

    @property
    def percent_below(self) -> int:
        """The share of the others who scored less, in percent (0 with nobody else)."""
        return round(100 * self.below / self.others) if self.others else 0


def counts(scores: Mapping[str, int] | Mapping[int, int]) -> dict[int, int]:
    """A day's stored counts ({"<score>": n}) as numbers."""
    return {int(score): int(many) for score, many in scores.items() if int(many) > 0}


def standing(scores: Mapping[int, int], score: int, counted: bool) -> Standing:
    """Where ``score`` stands in ``scores`` (which hold it once when ``counted``)."""
    below = sum(many for other, many in scores.items() if other < score)
    above = sum(many for other, many in scores.items() if other > score)
    return Standing(score, sum(scores.values()), below, above, counted)


@dataclass(frozen=True, slots=True)
class Bar:
    """One bucket of scores: from ``low`` to ``high`` (inclusive), and how many."""

    low: int
    high: int
    count: int
    x: float
    y: float
    width: float
    height: float
    #: The learner's score is in this bucket.
    mine: bool


@dataclass(frozen=True, slots=True)
class Histogram:
    bars: list[Bar]
    width: int
    height: int
    most: int

    @property
    def left(self) -> int:
        return LEFT

    @property
    def base(self) -> int:
        return self.height - BOTTOM

    @property
    def top(self) -> int:
        return TOP


def bucket_width(low: int, high: int) -> int:
    """The narrowest of :data:`WIDTHS` that covers low…high in :data:`MOST_BARS` bars."""
    for width in WIDTHS:
        if math.floor(high / width) - math.floor(low / width) < MOST_BARS:
            return width
    return math.ceil((high - low + 1) / MOST_BARS / 1000) * 1000


def histogram(scores: Mapping[int, int], mine: int | None = None) -> Histogram | None:
    """The scores in at most :data:`MOST_BARS` buckets of a round width, every bucket from
    the lowest to the highest drawn (empty ones too); None with no scores.

    >>> [(bar.low, bar.high, bar.count) for bar in histogram({-40: 1, 15: 2, 60: 1}).bars]
    [(-50, -26, 1), (-25, -1, 0), (0, 24, 2), (25, 49, 0), (50, 74, 1)]
    """
    if not scores:
        return None
    low, high = min(scores), max(scores)
    if mine is not None:
        low, high = min(low, mine), max(high, mine)
    width = bucket_width(low, high)
    first = math.floor(low / width)
    last = math.floor(high / width)
    tally = [0] * (last - first + 1)
    for score, many in scores.items():
        tally[math.floor(score / width) - first] += many
    most = max(tally)
    plot_w = WIDTH - LEFT - 8
    plot_h = HEIGHT - TOP - BOTTOM
    step = plot_w / len(tally)
    bars = []
    for index, many in enumerate(tally):
        start = (first + index) * width
        height = plot_h * many / most if most else 0
        bars.append(
            Bar(
                low=start,
                high=start + width - 1,
                count=many,
                x=round(LEFT + index * step + 1, 1),
                y=round(HEIGHT - BOTTOM - height, 1),
                width=round(step - 2, 1),
                height=round(height, 1),
                mine=mine is not None and start <= mine < start + width,
            )
        )
    return Histogram(bars, WIDTH, HEIGHT, most)
