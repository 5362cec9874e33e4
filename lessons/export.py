"""A learner's own data as plain values, for "download my data" (accounts.views)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from accounts.export import Rows
from lessons import ratings
from lessons.learners import learner_filter
from lessons.models import Attempt, RatingHistory, ReviewCard, StepProgress

#: The rows read from the database at once for "download my data".
CHUNK = 1000


def account_sections(request: HttpRequest, **kwargs: Any) -> dict[str, Any]:
    """accounts.signals.data_requested: this learner's sections of "download my data"."""
    return learner_data(request)


def learner_data(request: HttpRequest) -> dict[str, Any]:
    """Every attempt, lesson step, rating point and review card of this learner; the
    attempts and the rating's history, which grow with every answer, read a chunk at a
    time as the file is written (accounts.export.Rows)."""
    mine = learner_filter(request)
    attempts = Attempt.objects.filter(mine).select_related("puzzle").order_by("created_at", "pk")
    steps = StepProgress.objects.filter(mine).select_related("step__lesson")
    rating = ratings.learner_row(request)
    return {
        "attempts": Rows(attempts.iterator(chunk_size=CHUNK), attempt_data),
        "lesson_steps": [
            {
                "lesson": s.step.lesson.slug,
                "step": s.step.number,
                "done": s.done,
                "first_try": s.first_try,
                "tries": s.tries,
                "begun": s.created_at,
                "updated": s.updated_at,
            }
            for s in steps.order_by("step__lesson__order", "step__number")
        ],
        "rating": None
        if rating is None
        else {
            "rating": rating.rating,
            "rating_deviation": rating.rating_deviation,
            "volatility": rating.volatility,
            "rated_attempts": rating.games,
            "history": Rows(rating.history.all().iterator(chunk_size=CHUNK), rating_point),
        },
        "review": [
            {"rule": c.rule, "due": c.due, "reviews": c.reviews, "lapses": c.lapses, "card": c.card}
            for c in ReviewCard.objects.filter(mine).order_by("rule")
        ],
    }


def attempt_data(a: Attempt) -> dict[str, Any]:
    return {
        "puzzle": a.puzzle.slug,
        "answer": a.answer,
        "correct": a.correct,
        "code": a.code,
        "rule_missed": a.rule,
        "seconds": a.seconds,
        "hint_used": a.hint_used,
        "rated": a.rated,
        "at": a.created_at,
    }


def rating_point(p: RatingHistory) -> dict[str, Any]:
    return {
        "at": p.at,
        "rating": p.rating,
        "rating_deviation": p.rating_deviation,
        "puzzle_rating": p.puzzle_rating,
        "solved": p.solved,
        "weight": p.weight,
    }
