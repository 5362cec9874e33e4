"""The learner's progress: the dashboard at /progress/ and the review of mistakes.

Everything shown is the requesting learner's own (an account, or the anonymous session):
no URL here takes a learner's id, so there is no one else's progress to reach.
"""

from __future__ import annotations

import random
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest
from lessons import dashboard, ratings, review
from lessons.rulebook import is_rule


@vary_on_headers("HX-Request")
def progress(request: HtmxHttpRequest) -> HttpResponse:
    """Where the learner stands: rating, lessons, accuracy, streak, recent answers, and
    what to do next. ``?recent=all`` lists more answers (htmx swaps in just that list)."""
    context = dashboard.recent(request, everything=request.GET.get("recent") == "all")
    if request.htmx and "recent" in request.GET:
        return render(request, "lessons/progress.html#recent", context)
    context.update(dashboard.overview(request))
    return render(request, "lessons/progress.html", context)


def review_queue(request: HtmxHttpRequest) -> HttpResponse:
    """The rules in the learner's review queue: those due now, then the rest by date."""
    return render(request, "lessons/review.html", _queue(request))


def _queue(request: HtmxHttpRequest) -> dict[str, Any]:
    now = timezone.now()
    cards = review.cards(request)
    failed = review.failed_counts(request)
    rows = [(card, failed.get(card.rule, 0)) for card in cards]
    return {
        "due": [(card, failed) for card, failed in rows if card.due <= now],
        "later": [(card, failed) for card, failed in rows if card.due > now],
    }


def review_next(request: HtmxHttpRequest) -> HttpResponse:
    """Open the puzzle that reviews a rule: the one asked for, or the most overdue. With
    nothing due, the queue says so and when the next rule comes back (not a redirect)."""
    rule = request.GET.get("rule", "")
    if not is_rule(rule):
        due = review.due(request)
        if not due:
            context = _queue(request)
            later = context["later"]
            context.update(nothing_due=True, next_card=later[0][0] if later else None)
            return render(request, "lessons/review.html", context)
        rule = due[0].rule
    rating = ratings.current(request).rating
    puzzle = review.pick(request, rule, rating, random.Random())
    url = reverse("lessons:puzzle", args=[puzzle.slug])
    return redirect(f"{url}?{urlencode({'theme': rule})}")
