"""The small values a position is made of: the phase of the turn, hidden cards, a run of
one-card piles (R34), and how a hand ended.

Part of :mod:`engine.state`."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import Card
from engine.scoring import SideScore


class Phase(enum.Enum):
    """Where the turn of the player to move stands (R6)."""

    DRAW = "draw"
    PLAY = "play"


class Termination(enum.Enum):
    """How a hand ended."""

    CLOSED = "closed"
    STOCK_EXHAUSTED = "stock_exhausted"


# The members the hot paths compare with, named once (why: engine.melds, by _SET).
_DRAW_PHASE, _PLAY_PHASE = Phase.DRAW, Phase.PLAY
_CLOSED, _EXHAUSTED = Termination.CLOSED, Termination.STOCK_EXHAUSTED


@dataclass(frozen=True, slots=True)
class Hidden:
    """Cards lying face down, of which only the number is known (``{"count": n}``)."""

    count: int

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True, slots=True)
class Stall:
    """A run of turns in a row that each began by taking a one-card pile (R34).

    ``seat`` began the run; ``count`` is how many turns it has lasted.
    """

    seat: int
    count: int


#: A hand or a pozzetto: its cards when known, else how many.
Cards = tuple[Card, ...]
Hand = tuple[Card, ...] | Hidden


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended and each side's score (None for a side whose hands are hidden)."""

    termination: Termination
    closer: int | None
    scores: tuple[SideScore | None, ...]
    #: What each seat is credited (R40): its side's score, halved for a pair at three or
    #: five players; None when hidden.
    credits: tuple[int | None, ...] = ()
    #: R44: the hand ended with no pozzetto taken under rules that void it: it scores
    #: nothing and is dealt again.
    void: bool = False
