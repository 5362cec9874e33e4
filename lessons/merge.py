"""Moving an anonymous learner's progress into their account when they sign up or log in.

The session's attempts, lesson steps, rating and review queue become the account's, with
nothing lost and nothing counted twice:

- every attempt is kept; one at a puzzle the account had already attempted stops being
  rated, and the rating the session built is replayed onto the account's from the rated
  games that remain (the puzzles' own ratings are not moved a second time);
- a step done in either is done; its first try is the one made first, its tries add up;
- a rule in both review queues keeps the card that is due sooner, with both counts.

The caller passes the session key from before ``login()``, which changes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from lessons import ratings
from lessons.learners import Learner
from lessons.models import Attempt, LearnerRating, ReviewCard, StepProgress


@dataclass(frozen=True)
class Merged:
    """How many of each kind of row moved into the account."""

    attempts: int = 0
    steps: int = 0
    unrated: int = 0

    def __bool__(self) -> bool:
        return bool(self.attempts or self.steps)


def on_log_in(previous_key: str, user: Any, **kwargs: Any) -> Merged:
    """accounts.signals.logged_in: the session's progress becomes the account's."""
    return merge_session(previous_key, user)


def merge_session(session_key: str, user: Any) -> Merged:
    """Move everything kept against ``session_key`` into ``user``'s account."""
    if not session_key:
        return Merged()
    account, visitor = Learner.account(user), Learner.visitor(session_key)
    with transaction.atomic():
        # The account's rating row first, as lessons.answering.finish locks learners.
        ratings.lock(account)
        attempted = set(Attempt.objects.filter(account.rows()).values_list("puzzle_id", flat=True))
        anonymous = Attempt.objects.select_for_update().filter(visitor.rows())
        doubled = anonymous.filter(rated=True, puzzle_id__in=attempted)
        unrated = set(doubled.values_list("pk", flat=True))
        doubled.update(rated=False)
        _move_rating(visitor, account, unrated)
        attempts = anonymous.update(user=user, session_key="")
        steps = _move_steps(visitor, user)
        _move_review(visitor, user)
    return Merged(attempts=attempts, steps=steps, unrated=len(unrated))


def _move_rating(visitor: Learner, account: Learner, unrated: set[int]) -> None:
    row = LearnerRating.objects.select_for_update().filter(visitor.rows()).first()
    if row is None:
        return
    points = [point for point in row.history.all() if point.attempt_id not in unrated]
    if points:
        ratings.replay(account, points)
    row.delete()


def _move_steps(visitor: Learner, user: Any) -> int:
    mine = {row.step_id: row for row in StepProgress.objects.select_for_update().filter(user=user)}
    moved = 0
    for row in StepProgress.objects.select_for_update().filter(visitor.rows()):
        moved += 1
        kept = mine.get(row.step_id)
        if kept is None:
            row.user, row.session_key = user, ""
            row.save(update_fields=["user", "session_key", "updated_at"])
            continue
        first = sorted(
            (r for r in (kept, row) if r.first_try is not None), key=lambda r: r.created_at
        )
        kept.first_try = first[0].first_try if first else None
        kept.done = kept.done or row.done
        kept.tries += row.tries
        kept.created_at = min(kept.created_at, row.created_at)
        kept.save(update_fields=["first_try", "done", "tries", "created_at", "updated_at"])
        row.delete()
    return moved


def _move_review(visitor: Learner, user: Any) -> None:
    mine = {card.rule: card for card in ReviewCard.objects.select_for_update().filter(user=user)}
    for card in ReviewCard.objects.select_for_update().filter(visitor.rows()):
        kept = mine.get(card.rule)
        if kept is None:
            card.user, card.session_key = user, ""
            card.save(update_fields=["user", "session_key"])
            continue
        sooner, later = (kept, card) if kept.due <= card.due else (card, kept)
        kept.card, kept.due = sooner.card, sooner.due
        kept.reviews += card.reviews
        kept.lapses += card.lapses
        kept.created_at = min(kept.created_at, card.created_at)
        kept.save()
        card.delete()
