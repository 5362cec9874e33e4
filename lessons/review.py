"""Review of mistakes: one card per rule the learner got wrong, scheduled with FSRS.

A wrong answer puts its rule in the learner's review queue (or, if it is there already,
counts as a lapse: FSRS rating *Again*). Any later answer on that rule counts as a review:
right is *Good* (*Hard* after a hint), wrong is *Again*. FSRS (the ``fsrs`` package) then
says when the rule is due again: ten minutes after a mistake, then a day, then longer
intervals as the learner keeps getting it right (docs/site.md).

A review brings back a puzzle the learner failed on that rule and has not solved since; when
there is none left, a freshly generated position that tests the same rule (lessons.generated),
so the answer cannot simply be remembered.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

import fsrs
from django.db import transaction
from django.db.models import Count, Min, QuerySet
from django.http import HttpRequest
from django.utils import timezone

from engine.generate import recipe_kinds
from lessons.learners import Learner, create_or_lock, learner_filter
from lessons.models import Attempt, Puzzle, ReviewCard

#: Fuzzing off, so that the schedule is reproducible (and testable); one short learning and
#: relearning step, since a rule missed is worth seeing again within the same sitting.
SCHEDULER = fsrs.Scheduler(
    desired_retention=0.9,
    learning_steps=(timedelta(minutes=10),),
    relearning_steps=(timedelta(minutes=10),),
    enable_fuzzing=False,
)
#: The session key that says which rule a puzzle opened from the review is reviewing.
SESSION_KEY = "review"


def _card(row: ReviewCard) -> fsrs.Card:
    return fsrs.Card.from_dict(row.card) if row.card else fsrs.Card(card_id=row.pk or 0)


def schedule(row: ReviewCard, rating: fsrs.Rating, when: datetime) -> ReviewCard:
    """Review the rule's card at ``when`` and keep FSRS's next due date (does not save)."""
    card, _log = SCHEDULER.review_card(_card(row), rating, when)
    row.card = card.to_dict()
    row.due = card.due
    row.reviews += 1
    if rating is fsrs.Rating.Again and row.reviews > 1:
        row.lapses += 1
    return row


def review(owner: Learner, rules: Iterable[str], rating: fsrs.Rating, when: datetime) -> None:
    """Count an answer as a review of these rules' cards; a wrong one (Again) makes cards
    for rules not yet in the queue. The learner's cards for these rules are read, locked,
    in one query (an answer that reviews nothing writes nothing)."""
    wanted = sorted(set(rules))
    if not wanted:
        return
    with transaction.atomic(savepoint=False):
        # Locked in the rules' order, as every answer of this learner locks them.
        rows = (
            ReviewCard.objects.select_for_update()
            .filter(owner.rows(), rule__in=wanted)
            .order_by("rule")
        )
        found = {row.rule: row for row in rows}
        for rule in wanted:
            row = found.get(rule)
            if row is None and rating is fsrs.Rating.Again:
                row = create_or_lock(ReviewCard, owner, {"rule": rule}, due=when, created_at=when)
            if row is not None:
                schedule(row, rating, when).save()


def tested(correct: bool, rule: str, rules: Sequence[str], reviewing: str | None) -> list[str]:
    """The rules an answer tests: the rule missed on a wrong answer (or the puzzle's rules
    when the engine names none), every rule of the puzzle on a right one, and the rule
    under review when the puzzle came from the review queue."""
    if correct:
        return [*rules, *([reviewing] if reviewing else [])]
    missed = [rule] if rule else list(rules)
    if reviewing and reviewing not in missed:
        missed.append(reviewing)
    return missed


def grade(attempt: Attempt) -> fsrs.Rating:
    """How an attempt counts as a review: Again when wrong, Hard after a hint, else Good."""
    if not attempt.correct:
        return fsrs.Rating.Again
    return fsrs.Rating.Hard if attempt.hint_used else fsrs.Rating.Good


def after_attempt(
    owner: Learner, attempt: Attempt, rules: list[str], reviewing: str | None
) -> None:
    """Schedule the rules an attempt tested (:func:`tested`)."""
    chosen = tested(attempt.correct, attempt.rule, rules, reviewing)
    review(owner, chosen, grade(attempt), attempt.created_at)


def cards(request: HttpRequest) -> list[ReviewCard]:
    """The learner's whole review queue, soonest due first."""
    return list(ReviewCard.objects.filter(learner_filter(request)).order_by("due", "rule"))


def due(request: HttpRequest, now: datetime | None = None) -> list[ReviewCard]:
    now = now or timezone.now()
    return [card for card in cards(request) if card.due <= now]


def due_count(request: HttpRequest, now: datetime | None = None) -> int:
    """How many rules are due for review now: what is left of a review session."""
    rows = ReviewCard.objects.filter(learner_filter(request), due__lte=now or timezone.now())
    return rows.count()


def _missed(request: HttpRequest) -> QuerySet[Attempt]:
    """The learner's wrong attempts at puzzles they have not solved since."""
    mine = Attempt.objects.filter(learner_filter(request))
    solved = mine.filter(correct=True).values("puzzle")
    return mine.filter(correct=False).exclude(puzzle__in=solved)


def failed_puzzles(request: HttpRequest, rule: str, most: int | None = None) -> list[Puzzle]:
    """Puzzles the learner got wrong on this rule and has not solved since, oldest first
    (by their first wrong answer), ``most`` of them; not a teacher's own, which is for their
    classes (lessons.visibility). One row a puzzle is read, not one a wrong answer."""
    missed = _missed(request).filter(rule=rule).exclude(puzzle__source=Puzzle.Source.TEACHER)
    firsts = (
        missed.values_list("puzzle_id")
        .annotate(first=Min("created_at"))
        .order_by("first", "puzzle_id")
        .values_list("puzzle_id", flat=True)
    )
    ids = list(firsts if most is None else firsts[:most])
    found = Puzzle.objects.in_bulk(ids)
    return [found[pk] for pk in ids]


def failed_counts(request: HttpRequest) -> dict[str, int]:
    """For each rule, how many puzzles failed_puzzles would give (one query for them all)."""
    rows = _missed(request).values("rule").annotate(puzzles=Count("puzzle", distinct=True))
    return {row["rule"]: row["puzzles"] for row in rows}


def pick(request: HttpRequest, rule: str, rating: float, rng: random.Random) -> Puzzle:
    """The puzzle that reviews a rule: one failed before, or a fresh position on it."""
    # The first two: the oldest, or the next when the oldest was the one just shown.
    failed = failed_puzzles(request, rule, most=2)
    last = request.session.get(SESSION_KEY, {}).get("puzzle")
    failed = [puzzle for puzzle in failed if puzzle.pk != last] or failed
    if failed:
        puzzle = failed[0]
    elif recipe_kinds(rule):
        from lessons.generated import next_generated

        puzzle = next_generated(rule, rating, rng)
    else:
        from lessons.selection import next_puzzle

        puzzle = next_puzzle(request, rule)
    request.session[SESSION_KEY] = {"puzzle": puzzle.pk, "rule": rule}
    return puzzle


def reviewing(request: HttpRequest, puzzle: Puzzle) -> str | None:
    """The rule this puzzle is reviewing, if the learner opened it from the review."""
    chosen: Any = request.session.get(SESSION_KEY)
    if isinstance(chosen, dict) and chosen.get("puzzle") == puzzle.pk:
        rule = chosen.get("rule")
        return rule if isinstance(rule, str) else None
    return None
