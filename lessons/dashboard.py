"""The progress page's overview, gathered from the learner's own rows (lessons.stats,
lessons.ratings, lessons.review, lessons.tutor)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import timezone

from lessons import charts, ratings, review, stats, tutor

RECENT = 10
RECENT_MORE = 50


def recent(request: HttpRequest, everything: bool) -> dict[str, Any]:
    """The latest attempts, ten of them or (``everything``) fifty."""
    count = RECENT_MORE if everything else RECENT
    attempts = stats.recent(request, count + 1)
    return {"recent": attempts[:count], "more": not everything and len(attempts) > count}


def next_step(request: HttpRequest) -> Any:
    """The one thing to do next: a due review, the lesson in progress, the weakest rule or
    the next lesson (lessons.stats.suggest)."""
    queue = review.cards(request)
    due = [card for card in queue if card.due <= timezone.now()]
    rules, _ = stats.accuracy(request)
    return stats.suggest(tutor.lessons_with_stars(request), due, stats.weakest_rule(rules))


def overview(request: HttpRequest) -> dict[str, Any]:
    """Rating and its history, lessons done, accuracy, streak, review and the next step."""
    row = ratings.learner_row(request)
    history = ratings.history(row, charts.POINTS)
    # The chart numbers its points from the first of them the learner ever scored.
    earlier = row.history.count() - len(history) if history and row is not None else 0
    rules, topics = stats.accuracy(request)
    lessons = tutor.lessons_with_stars(request)
    queue = review.cards(request)
    due = [card for card in queue if card.due <= timezone.now()]
    return {
        "rating": row,
        "provisional": row is None or row.rating_deviation > ratings.PROVISIONAL_DEVIATION,
        "chart": charts.rating_chart([point.rating for point in history], start=earlier + 1),
        "points": history[::-1][:RECENT],
        "lessons": [row for row in lessons if row.started],
        "rules": rules,
        "topics": topics,
        "streak": stats.streak(stats.active_days(request)),
        "due": due,
        "next_review": queue[0] if queue else None,
        "suggestion": stats.suggest(lessons, due, stats.weakest_rule(rules)),
    }
