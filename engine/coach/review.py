"""The coach's entry: :func:`coach` reviews one action by what its seat saw, runs every
detector, prices each candidate with the estimator and orders the findings.

Part of :mod:`engine.coach`, which tells the whole."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from engine.actions import (
    Action,
    ActionKind,
    transition,
    why_illegal,
)
from engine.bots.view import seat_view
from engine.budget import MOVE_STEPS, Budget
from engine.cards import Card, max_copies
from engine.coach.context import _Candidate, _Context
from engine.coach.detectors import _DETECTORS
from engine.coach.estimators import stakes
from engine.coach.findings import Estimator, Finding, Known, Line, Review, Severity, severity
from engine.state import Hidden, Position


def coach(
    position: Position,
    action: Action | str,
    *,
    estimator: Estimator | None = None,
    budget: Budget | None = None,
    known: Sequence[Sequence[Card]] = (),
) -> Review:
    """Review ``action``, chosen by the player to move in ``position`` (see the module).

    Raises the action's refusal when it is illegal, :class:`InvalidNotationError` for text
    that is no action, :class:`InvalidPositionError` when the player's cards are hidden,
    and :class:`TooBigError` when the review would spend more than ``budget`` (a fresh
    request budget when None). ``known``: by seat, the cards each player took from the pile
    and has not played since, which the whole table saw (lesson 21; the bots'
    :class:`~engine.bots.view.Memory`); what a discard gives counts them.
    """
    if isinstance(action, str):
        action = Action.parse(action)
    refusal = why_illegal(position, action)
    if refusal is not None:
        raise refusal
    budget = budget if budget is not None else Budget()
    estimate = estimator if estimator is not None else stakes
    view = _in_order(seat_view(position))
    held = _known(position, known)
    context = _Context(view, action, budget, known=held)
    if action.kind is not ActionKind.DRAW:
        budget.spend(MOVE_STEPS)
        step = transition(view, action, budget)
        context.after, context.events = step.position, step.events
    candidates: list[_Candidate] = []
    for detector in _DETECTORS:
        candidates.extend(detector(context))
    kept: list[_Candidate] = []
    seen: set[Action] = {action}
    for candidate in candidates:
        if candidate.better in seen or (
            # A card a weightier finding already plays is not a missed attachment too.
            candidate.code == "missed_attach"
            and any(candidate.better.cards[0] in better.cards for better in seen - {action})
        ):
            continue
        seen.add(candidate.better)
        kept.append(candidate)
    found: list[tuple[Finding, tuple[Card, ...]]] = []
    for candidate in kept:
        # Each finding counts what its own idea cost (issue 27): a single play missed before
        # the discard, beside another finding of the decision, is priced as the play, then
        # the same discard; alone, against the better action itself, as ever.
        priced = (
            _own_line(view, action, candidate.better, budget)
            if candidate.own_line and _beside(view, candidate, kept)
            else None
        )
        points = estimate(view, action, priced or candidate.better, budget, held)
        if points <= 0 and candidate.lost is None and candidate.floor <= 0:
            continue
        # What was lost is worth at least what the rules give it: the severity, which
        # follows the points alone, then agrees with the loss.
        if candidate.ceiling is not None:
            points = min(points, candidate.ceiling)
        points = max(points, candidate.floor, 0)
        found.append(
            (
                Finding(
                    code=candidate.code,
                    rule=candidate.rule,
                    better=candidate.better,
                    points=points,
                    severity=severity(points),
                    params=candidate.params,
                    sentence=candidate.sentence or f"coach_{candidate.code}",
                    lost=candidate.lost,
                ),
                candidate.uses,
            )
        )
    order = list(_SEVERITY_ORDER)
    found.sort(key=lambda pair: (-order.index(pair[0].severity), -pair[0].points))
    findings = _consistent(view, found)
    best = findings[0].better if findings else action
    return Review(action, tuple(findings), best)


def _known(position: Position, known: Sequence[Sequence[Card]]) -> Known:
    """The cards each other seat is known to hold, as far as ``position`` allows: a hand in
    view must hold them, a hidden one must have room for them and the deck copies of them
    besides the cards shown (none for the player to move, whose hand is seen whole)."""
    if not known:
        return ()
    shown = position.known_cards()
    held: list[tuple[Card, ...]] = []
    for seat in range(position.players):
        hand = position.hands[seat]
        cards = tuple(known[seat]) if seat < len(known) else ()
        if seat == position.to_move or not cards:
            held.append(())
        elif isinstance(hand, Hidden):
            kept: list[Card] = []
            for card in cards:
                copies = shown[card] + kept.count(card)
                if len(kept) < hand.count and copies < max_copies(card, position.rules.decks):
                    kept.append(card)
            shown.update(kept)
            held.append(tuple(kept))
        else:
            held.append(tuple((Counter(cards) & Counter(hand)).elements()))
    return tuple(held)


def _beside(view: Position, candidate: _Candidate, kept: list[_Candidate]) -> bool:
    """Has the decision another finding beside ``candidate`` on the page: one the rules
    price whatever the estimate (its floor, what it gave up), or another play priced by its
    own line; not a discard of a card ``candidate``'s play needs, which the review drops
    (:func:`_consistent`)."""
    for other in kept:
        if other is candidate or not (other.own_line or other.lost or other.floor > 0):
            continue
        if _throws_needed(view, other.better, (*candidate.better.cards, *candidate.uses)):
            continue
        return True
    return False


def _throws_needed(view: Position, discard: Action, needed: Sequence[Card]) -> bool:
    """Does ``discard`` throw a card that a play using ``needed`` (its cards and the hand's
    cards the pile's melds take) cannot spare: one the hand holds no more copies of?"""
    if discard.kind is not ActionKind.DISCARD or not discard.cards:
        return False
    hand = view.hands[view.to_move]
    held = Counter(hand) if not isinstance(hand, Hidden) else Counter()
    card, wanted = discard.cards[0], Counter(needed)
    return bool(wanted[card]) and held[card] <= wanted[card]


def _own_line(view: Position, chosen: Action, better: Action, budget: Budget) -> Line | None:
    """The line that prices ``better``'s own idea beside the decision's other findings: a
    meld or attachment missed before the discard ``chosen`` (a card to attach, a burraco, a
    pinella sent home: :attr:`_Candidate.own_line`) is priced as the play, then the same
    discard, where that is legal (None where it is not, or for any other pair). The better
    line overall would count again what the other findings say of the discard (a card fed,
    a wildcard thrown): one loss counted twice on one page."""
    if chosen.kind is not ActionKind.DISCARD or better.kind not in (
        ActionKind.MELD,
        ActionKind.ATTACH,
    ):
        return None
    budget.spend(MOVE_STEPS)
    after = transition(view, better, budget).position
    if (
        after.is_over
        or after.to_move != view.to_move
        or isinstance(after.hands[view.to_move], Hidden)  # the pozzetto's cards are unknown
        or why_illegal(after, chosen) is not None
    ):
        return None
    return (better, chosen)


def _in_order(view: Position) -> Position:
    """The view with the player's hand in the cards' order: the order a hand is held in
    changes nothing of what the coach finds (where two discards or plays are as good,
    the first in that order is proposed)."""
    seat = view.to_move
    hand = view.hands[seat]
    if isinstance(hand, Hidden):
        return view
    ordered = tuple(sorted(hand, key=lambda card: card.sort_key))
    hands = tuple(ordered if other == seat else held for other, held in enumerate(view.hands))
    return replace(view, hands=hands)


def _consistent(view: Position, found: list[tuple[Finding, tuple[Card, ...]]]) -> list[Finding]:
    """The findings, worst first, without a secondary one that proposes discarding a card
    the main finding's better move needs (its own cards, or the hand's cards the pile's
    melds take): a review never contradicts itself."""
    if not found:
        return []
    (main, uses), rest = found[0], found[1:]
    needed = (*main.better.cards, *uses)
    return [main] + [
        finding for finding, _ in rest if not _throws_needed(view, finding.better, needed)
    ]


_SEVERITY_ORDER = (Severity.NONE, Severity.INACCURACY, Severity.MISTAKE, Severity.BLUNDER)
