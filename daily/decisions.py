"""The key decisions of a day's deal for one learner: where the players who stood where
they stood chose differently, and it mattered.

Everyone is dealt the same cards, and the bots answer the same moves the same way (their
chance follows from the seed and the action's number), so the learners who made the same
moves before a decision face the same position there. Along the learner's own first moves
(daily.results.TURNS turns), each decision's position has its counts (daily.models.Choice:
how many chose each action there, their final scores' sum, and how many of them the coach
faulted there and the points it priced their move at). A decision is the more divided the
smaller the most chosen action's share, and matters the more the further apart the coach
priced its choices (on average over those who made each); the page shows the few that are
both most, and among decisions the coach priced alike, those whose choices' average final
scores are furthest apart. Reading them is one query, whatever the number of results.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from daily.models import Choice
from daily.results import position_key
from engine.actions import Action, ActionKind
from engine.errors import BurracoError
from play import table

#: A position some fewer players reached says little: it is left out.
FEWEST = 3
#: The key decisions shown.
SHOWN = 3


@dataclass(frozen=True, slots=True)
class Option:
    """One choice made in a position: by how many, their share, their average final score."""

    action: str
    line: table.Line | None
    count: int
    share: int
    #: None for the learner's own choice when no counted result made it (a practice copy's
    #: or a visitor's): there is nobody's average to give.
    average: int | None
    mine: bool
    #: The share of those who chose it whom the coach faulted there, in percent, and the
    #: points it priced the move at on average over all who chose it (None as above).
    flagged: int = 0
    price: int | None = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the learner's and what everyone who faced it chose."""

    #: The learner's action's place among theirs (0 the first), and its turn (1 the first).
    index: int
    turn: int
    players: int
    options: list[Option]
    divided: float
    spread: int
    #: How far apart the coach priced the choices made here (the costliest less the
    #: cheapest, on average over those who made each).
    priced: int = 0
    #: The learner's move just before, when it was in the same turn (a turn holds several
    #: decisions: the stock or the pile, then melds, then the discard).
    after: table.Line | None = None

    @property
    def weight(self) -> tuple[float, float]:
        """Divided and mattering to the coach first, then divided and far apart in the
        final scores."""
        return self.divided * (1 + self.priced), self.divided * (1 + self.spread)


def key_decisions(day: date, choices: Sequence[str], shown: int = SHOWN) -> list[Decision]:
    """The learner's most divided decisions that mattered most, in the order played."""
    keys = {position_key(day, choices[:index]): index for index in range(len(choices))}
    rows: dict[str, list[Choice]] = defaultdict(list)
    for row in Choice.objects.filter(day=day, before__in=keys):
        rows[row.before].append(row)
    found = []
    for before, index in keys.items():
        made = rows.get(before, [])
        turn = turn_of(choices, index)
        decision = _decision(index, turn, made, choices[index])
        if decision is not None:
            if index > 0 and turn_of(choices, index - 1) == turn:
                decision = replace(decision, after=_line(choices[index - 1]))
            found.append(decision)
    found.sort(key=lambda decision: (decision.weight, -decision.index), reverse=True)
    return sorted(found[:shown], key=lambda decision: decision.index)


def _decision(index: int, turn: int, rows: list[Choice], mine: str) -> Decision | None:
    players = sum(row.count for row in rows)
    if players < FEWEST or len(rows) < 2:
        return None
    rows.sort(key=lambda row: (-row.count, row.action))
    options = [
        Option(
            action=row.action,
            line=_line(row.action),
            count=row.count,
            share=round(100 * row.count / players),
            average=round(row.total / row.count),
            mine=row.action == mine,
            flagged=round(100 * row.flagged / row.count),
            price=round(row.cost / row.count),
        )
        for row in rows
    ]
    averages = [round(row.total / row.count) for row in rows]
    prices = [round(row.cost / row.count) for row in rows]
    if not any(option.mine for option in options):
        # A choice no counted result made (a practice copy trying another move): shown,
        # with nobody's figures, so the learner finds theirs among the others'.
        options.append(
            Option(
                action=mine, line=_line(mine), count=0, share=0, average=None, mine=True, price=None
            )
        )
    return Decision(
        index=index,
        turn=turn,
        players=players,
        options=options,
        divided=1 - rows[0].count / players,
        spread=max(averages) - min(averages),
        priced=max(prices) - min(prices),
    )


def turn_of(choices: Sequence[str], index: int) -> int:
    """The turn (1 the first) of the learner's action numbered ``index``."""
    turn = 0
    for text in choices[: index + 1]:
        try:
            kind = Action.parse(text).kind
        except BurracoError:
            continue
        if kind in (ActionKind.DRAW, ActionKind.PILE):
            turn += 1
    return max(turn, 1)


def _line(action: str) -> table.Line | None:
    try:
        return table.describe(Action.parse(action))
    except BurracoError:
        return None
