"""The coach's entry: :func:`coach` reviews one action by what its seat saw, runs every
detector, prices each candidate with the estimator and orders the findings.

Part of :mod:`engine.coach`, which tells the whole."""

from __future__ import annotations

from engine.actions import (
    Action,
    ActionKind,
    transition,
    why_illegal,
)
from engine.bots.view import seat_view
from engine.budget import MOVE_STEPS, Budget
from engine.coach.context import _Candidate, _Context
from engine.coach.detectors import _DETECTORS
from engine.coach.estimators import stakes
from engine.coach.findings import Estimator, Finding, Review, Severity, severity
from engine.state import Position


def coach(
    position: Position,
    action: Action | str,
    *,
    estimator: Estimator | None = None,
    budget: Budget | None = None,
) -> Review:
    """Review ``action``, chosen by the player to move in ``position`` (see the module).

    Raises the action's refusal when it is illegal, :class:`InvalidNotationError` for text
    that is no action, :class:`InvalidPositionError` when the player's cards are hidden,
    and :class:`TooBigError` when the review would spend more than ``budget`` (a fresh
    request budget when None).
    """
    if isinstance(action, str):
        action = Action.parse(action)
    refusal = why_illegal(position, action)
    if refusal is not None:
        raise refusal
    budget = budget if budget is not None else Budget()
    estimate = estimator if estimator is not None else stakes
    view = seat_view(position)
    context = _Context(view, action, budget)
    if action.kind is not ActionKind.DRAW:
        budget.spend(MOVE_STEPS)
        step = transition(view, action, budget)
        context.after, context.events = step.position, step.events
    candidates: list[_Candidate] = []
    for detector in _DETECTORS:
        candidates.extend(detector(context))
    findings: list[Finding] = []
    seen: set[Action] = {action}
    for candidate in candidates:
        if candidate.better in seen or (
            # A card a weightier finding already plays is not a missed attachment too.
            candidate.code == "missed_attach"
            and any(candidate.better.cards[0] in better.cards for better in seen - {action})
        ):
            continue
        seen.add(candidate.better)
        points = estimate(view, action, candidate.better, budget)
        if points <= 0 and candidate.lost is None:
            continue
        points = max(points, 0)
        findings.append(
            Finding(
                code=candidate.code,
                rule=candidate.rule,
                better=candidate.better,
                points=points,
                severity=severity(points, candidate.lost),
                params=candidate.params,
                sentence=candidate.sentence or f"coach_{candidate.code}",
                lost=candidate.lost,
            )
        )
    order = list(_SEVERITY_ORDER)
    findings.sort(key=lambda finding: (-order.index(finding.severity), -finding.points))
    best = findings[0].better if findings else action
    return Review(action, tuple(findings), best)


_SEVERITY_ORDER = (Severity.NONE, Severity.INACCURACY, Severity.MISTAKE, Severity.BLUNDER)
