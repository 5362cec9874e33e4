"""What the coach says: a finding (its code, rule, better action, points and severity),
the review of one action, and how an :class:`Estimator` prices a finding.

Part of :mod:`engine.coach`."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import (
    Action,
)
from engine.budget import Budget
from engine.cards import Card
from engine.messages import render
from engine.state import Position

#: Severity thresholds in points: under 20 none, 20 to under 60 an
#: inaccuracy, 60 to 150 a mistake, above 150 a blunder. The severity follows the points
#: alone, so a page never shows a blunder of "about 0 points": a finding that gave up a
#: burraco, the pozzetto or the closing counts at least what the rules give that
#: (:attr:`Finding.lost`, the floor in :func:`engine.coach.coach`).
INACCURACY_FROM = 20
MISTAKE_FROM = 60
BLUNDER_ABOVE = 150


class Severity(enum.Enum):
    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


class Lost(enum.Enum):
    """What a finding's chosen action gave up: its points are at least what the rules give
    it (the burraco's bonus, the pozzetto's penalty, the closing's bonus)."""

    BURRACO = "burraco"
    POZZETTO = "pozzetto"
    CLOSING = "closing"


def severity(points: int) -> Severity:
    """How bad a finding is, from the points it likely cost, and from them alone.

    >>> [severity(p).value for p in (19, 20, 59, 60, 150, 151)]
    ['none', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']
    """
    if points > BLUNDER_ABOVE:
        return Severity.BLUNDER
    if points >= MISTAKE_FROM:
        return Severity.MISTAKE
    if points >= INACCURACY_FROM:
        return Severity.INACCURACY
    return Severity.NONE


#: Actions the player to move plays in turn, from the same position: a play, then the
#: discard the player chose, prices the play's own worth (:func:`engine.coach.coach`).
Line = tuple[Action, ...]
#: The cards each seat is known to hold, by seat: taken from the pile and not played since
#: (what the whole table saw: :class:`engine.bots.view.Memory`'s ``held``).
Known = tuple[tuple[Card, ...], ...]


def held_by(known: Known, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` is known to hold (none known: empty)."""
    return known[seat] if seat < len(known) else ()


class Estimator(Protocol):
    """The points ``chosen`` likely lost against ``better`` in ``view`` (the position as the
    player to move sees it: :func:`~engine.bots.view.seat_view`); spends ``budget``.
    ``better`` is one action or a :data:`Line` (each action legal after the one before it).
    ``known``: the cards each seat is known to hold (taken from the pile, not played).
    The expert bot's playouts plug in here; :func:`stakes` is the default."""

    def __call__(
        self,
        view: Position,
        chosen: Action,
        better: Action | Line,
        budget: Budget,
        known: Known = (),
    ) -> int: ...


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the chosen action missed, and what would have been better."""

    code: str
    rule: str
    better: Action
    points: int
    severity: Severity
    params: Mapping[str, Any]
    #: The key of the sentence in :data:`engine.messages.MESSAGES`.
    sentence: str
    lost: Lost | None = None

    def message(
        self,
        translate: Callable[[str], str] | None = None,
        plural: Callable[[str, str, int], str] | None = None,
    ) -> str:
        """The sentence in English, or in the language ``translate`` (and, for a sentence
        with a plural, ``plural``, as ngettext) gives."""
        if translate is None:
            return render(self.sentence, self.params)
        return render(self.sentence, self.params, translate, plural)

    @property
    def idea(self) -> tuple[str, ...]:
        """What the finding is about, to say it once: its code and the cards it concerns
        (the card kept, fed, wasted; a pozzetto or a close missed concerns none). The same
        idea found again, at the discard of the turn whose draw it was found at or on a later
        turn, is the same thing said again (:mod:`engine.coach.ideas`).

        >>> Finding.from_json({"code": "missed_attach", "rule": "R17", "severity": "mistake",
        ...     "points": 60, "better": "attach 0 8S", "params": {"card": "8S",
        ...     "arrangement": ["6S", "7S"]}, "sentence": "coach_missed_attach"}).idea
        ('missed_attach', '8S')
        """
        return idea_of(self.code, self.params)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finding:
        """A finding from :meth:`to_json` (its English ``reason`` is not read back).

        Raises :class:`ValueError` (an engine error) for a better action that is no action,
        an unknown severity or what was lost."""
        lost = data.get("lost")
        return cls(
            code=str(data["code"]),
            rule=str(data.get("rule", "")),
            better=Action.parse(str(data["better"])),
            points=int(data["points"]),
            severity=Severity(data["severity"]),
            params=dict(data.get("params", {})),
            sentence=str(data.get("sentence") or f"coach_{data['code']}"),
            lost=None if lost is None else Lost(lost),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "severity": self.severity.value,
            "points": self.points,
            "better": str(self.better),
            "params": dict(self.params),
            "lost": None if self.lost is None else self.lost.value,
            "sentence": self.sentence,
            "reason": self.message(),
        }


#: The parameters of a finding that name the cards it is about.
IDEA_PARAMS = ("card", "wild", "cards")


def idea_of(code: str, params: Mapping[str, Any]) -> tuple[str, ...]:
    """A finding's idea from its code and parameters (:attr:`Finding.idea`); a kept finding
    of the web's is read the same way."""
    cards: list[str] = []
    for key in IDEA_PARAMS:
        value = params.get(key)
        if isinstance(value, list | tuple):
            cards.extend(str(card) for card in value)
        elif value is not None:
            cards.append(str(value))
    return (code, *sorted(cards))


@dataclass(frozen=True, slots=True)
class Review:
    """The coach's word on one action: the findings, worst first, and the best action."""

    chosen: Action
    findings: tuple[Finding, ...]
    best: Action

    def to_json(self) -> dict[str, Any]:
        return {
            "findings": [finding.to_json() for finding in self.findings],
            "best": str(self.best),
        }
