"""A learner's own data as plain values, for "download my data" (accounts.views)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from lessons import ratings
from lessons.learners import learner_filter
from lessons.models import Attempt, ReviewCard, StepProgress


def account_sections(request: HttpRequest, **kwargs: Any) -> dict[str, Any]:
    """accounts.signals.data_requested: this learner's sections of "download my data"."""
    return learner_data(request)


def learner_data(request: HttpRequest) -> dict[str, Any]:
    """Every attempt, lesson step, rating point and review card of this learner."""
    mine = learner_filter(request)
    attempts = Attempt.objects.filter(mine).select_related("puzzle").order_by("created_at", "pk")
    steps = StepProgress.objects.filter(mine).select_related("step__lesson")
    rating = ratings.learner_row(request)
    return {
        "attempts": [
            {
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
            for a in attempts
        ],
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
            "history": [
                {
                    "at": p.at,
                    "rating": p.rating,
                    "rating_deviation": p.rating_deviation,
                    "puzzle_rating": p.puzzle_rating,
                    "solved": p.solved,
                    "weight": p.weight,
                }
                for p in rating.history.all()
            ],
        },
        "review": [
            {"rule": c.rule, "due": c.due, "reviews": c.reviews, "lapses": c.lapses, "card": c.card}
            for c in ReviewCard.objects.filter(mine).order_by("rule")
        ],
    }
