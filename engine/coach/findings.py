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
from engine.messages import render
from engine.state import Position

#: Severity thresholds in points: under 20 none, 20 to under 60 an
#: inaccuracy, 60 to 150 a mistake, above 150 a blunder.
INACCURACY_FROM = 20
MISTAKE_FROM = 60
BLUNDER_ABOVE = 150


class Severity(enum.Enum):
    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


class Lost(enum.Enum):
    """What a finding's chosen action gave up that makes it a blunder whatever the points."""

    BURRACO = "burraco"
    POZZETTO = "pozzetto"
    CLOSING = "closing"


def severity(points: int, lost: Lost | None = None) -> Severity:
    """How bad a finding is, from the points it likely cost and what it lost.

    >>> [severity(p).value for p in (19, 20, 59, 60, 150, 151)]
    ['none', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']
    >>> severity(0, Lost.BURRACO).value
    'blunder'
    """
    if lost is not None or points > BLUNDER_ABOVE:
        return Severity.BLUNDER
    if points >= MISTAKE_FROM:
        return Severity.MISTAKE
    if points >= INACCURACY_FROM:
        return Severity.INACCURACY
    return Severity.NONE


class Estimator(Protocol):
    """The points ``chosen`` likely lost against ``better`` in ``view`` (the position as the
    player to move sees it: :func:`~engine.bots.view.seat_view`); spends ``budget``. The
    expert bot's playouts plug in here; :func:`stakes` is the default."""

    def __call__(self, view: Position, chosen: Action, better: Action, budget: Budget) -> int: ...


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
