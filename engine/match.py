"""The game over several hands (R36-R38): running totals, the winner, match and victory points.

>>> match = Match(players=2).record((1240, 300)).record((900, 610))
>>> match.totals, match.winner, match.match_points
((2140, 910), 0, (1230, -1230))
>>> victory_points(1230, hands=3)
(18, 2)
>>> victory_points(-52, hands=3)
(9, 11)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.errors import InvalidNotationError
from engine.rules import DEFAULT, Rules
from engine.state import Outcome, Position

#: R38 as RULES.md lists it: for each band, the highest lead it covers and the winner's
#: victory points (out of 20); a lead above the last band earns 20.
VP_TABLES: dict[int, tuple[tuple[int, int], ...]] = {
    3: (
        (50, 10),
        (150, 11),
        (250, 12),
        (350, 13),
        (500, 14),
        (650, 15),
        (800, 16),
        (1000, 17),
        (1250, 18),
        (1500, 19),
    ),
    4: (
        (100, 10),
        (300, 11),
        (500, 12),
        (700, 13),
        (900, 14),
        (1100, 15),
        (1300, 16),
        (1500, 17),
        (1700, 18),
        (2000, 19),
    ),
}
VP_TOTAL = 20


def victory_points(match_points: int, hands: int) -> tuple[int, int]:
    """Side A's and side B's victory points for side A's lead of ``match_points`` (R38).

    Every score in Burraco is a multiple of 5, so the tables skip from 50 to 55. A band is
    bounded by its highest lead, as the tables' last line ("over 1500") reads: a lead above
    a band's top falls in the next band, so a lead of 52 counts as 55 (11-9).
    Raises :class:`InvalidNotationError` when ``hands`` is not 3 or 4 or the lead is not a
    whole number.

    >>> victory_points(0, 3), victory_points(55, 3), victory_points(-1505, 3)
    ((10, 10), (11, 9), (0, 20))
    >>> victory_points(2000, 4), victory_points(2005, 4)
    ((19, 1), (20, 0))
    """
    if not isinstance(hands, int) or isinstance(hands, bool) or hands not in VP_TABLES:
        raise InvalidNotationError("vp_hands", "R38", text=hands)
    if not isinstance(match_points, int) or isinstance(match_points, bool):
        raise InvalidNotationError("match_points_number", "R37", text=match_points)
    lead = abs(match_points)
    winner = next((vp for top, vp in VP_TABLES[hands] if lead <= top), VP_TOTAL)
    if match_points < 0:
        return VP_TOTAL - winner, winner
    return winner, VP_TOTAL - winner


def match_points(totals: tuple[int, int]) -> tuple[int, int]:
    """The difference between the two sides' totals, positive to the leader (R37).

    >>> match_points((1500, 2100))
    (-600, 600)
    """
    lead = totals[0] - totals[1]
    return lead, -lead


#: R40: three players play to 1505, and each for themselves once a total reaches 1000.
THREE_TARGET = 1505
THREE_ALONE_FROM = 1000


def winner(
    totals: tuple[int, ...], rules: Rules = DEFAULT, target: int | None = None
) -> int | None:
    """The side (or player, at three and five) that has won once a hand ends, or None while
    the game goes on (R36, R40).

    A side wins on reaching the target; if several pass it, the highest total wins; a tie
    for the highest plays on.

    >>> winner((2005, 1990)), winner((2100, 2100)), winner((2010, 2200)), winner((1000, 0))
    (0, None, 1, None)
    >>> winner((1505, 1200, 1600), target=1505), winner((900, 1510, 1510), target=1505)
    (2, None)
    """
    target = rules.target if target is None else target
    best = max(totals)
    if best < target or list(totals).count(best) > 1:
        return None
    return totals.index(best)


@dataclass(frozen=True, slots=True)
class Match:
    """A game of several hands: the running totals and whose deal comes next (R5, R36).

    ``hands`` counts the hands played; the deal passes clockwise, so the first hand's
    dealer is seat 0, the next seat 1, and so on.
    """

    players: int = 2
    rules: Rules = DEFAULT
    #: Each side's total; each player's at three and five (R40).
    totals: tuple[int, ...] = (0, 0)
    hands: int = 0

    def __post_init__(self) -> None:
        from engine.state import side_count

        if len(self.totals) != side_count(self.players) and not any(self.totals):
            object.__setattr__(self, "totals", (0,) * side_count(self.players))

    @property
    def target(self) -> int:
        """The total that ends the game: the rules' (R36), 1505 at three players (R40)."""
        return THREE_TARGET if self.players == 3 else self.rules.target

    @property
    def all_alone(self) -> bool:
        """At three players, once any total reaches 1000 each plays for themselves (R40)."""
        return self.players == 3 and max(self.totals) >= THREE_ALONE_FROM

    @property
    def dealer(self) -> int:
        return self.hands % self.players

    @property
    def winner(self) -> int | None:
        return winner(self.totals, self.rules, self.target)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def match_points(self) -> tuple[int, int]:
        """R37, between the two sides of a two- or four-player game."""
        first, second = self.totals[:2]
        return match_points((first, second))

    def deal(self, rng: random.Random) -> Position:
        """The next hand, dealt by the next dealer with these totals."""
        from engine.deal import deal

        return deal(
            self.players,
            rng,
            dealer=self.dealer,
            rules=self.rules,
            totals=self.totals,
            all_alone=self.all_alone,
        )

    def record(self, scores: tuple[int, ...] | Outcome) -> Match:
        """The match after a hand that scored ``scores`` (side 0's, side 1's, ...; each
        player's at three and five, where a pair's score is halved and credited to each,
        R40).

        Raises :class:`InvalidNotationError` when the game is already won, or for an
        outcome whose hands are hidden (it cannot be scored).
        """
        if self.is_over:
            raise InvalidNotationError(
                "game_over", "R36", winner=self.winner, first=self.totals[0], second=self.totals[1]
            )
        if isinstance(scores, Outcome):
            if scores.void:
                return self  # R44: the same dealer deals the hand again
            if self.players in (3, 5):
                credits = scores.credits
            else:
                credits = tuple(None if s is None else s.total for s in scores.scores)
            if any(credit is None for credit in credits):
                raise InvalidNotationError("hidden_hand_score")
            scores = tuple(credit or 0 for credit in credits)
        totals = tuple(total + score for total, score in zip(self.totals, scores, strict=True))
        return replace(self, totals=totals, hands=self.hands + 1)
