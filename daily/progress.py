"""The deal of the day on the progress page (lessons.pieces, place "progress"): the days in
a row the learner has a ranked result, and a link to today's deal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, timedelta
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from daily import deal
from daily.models import Entry

#: The days read back for a streak: a longer one shows as "365 or more".
LONGEST = 365


def streak(days: Iterable[date], today: date) -> int:
    """The days in a row, up to today or yesterday, among ``days`` (newest first); today's
    deal not played yet does not break a streak that reached yesterday.

    >>> d = date(2026, 12, 4)
    >>> streak([d, d - timedelta(1), d - timedelta(3)], d)
    2
    >>> streak([d - timedelta(1), d - timedelta(2)], d)
    2
    >>> streak([d - timedelta(2)], d)
    0
    """
    expected = today
    count = 0
    for day in days:
        if day == expected:
            count += 1
            expected = day - timedelta(days=1)
        elif count == 0 and day == today - timedelta(days=1):
            count, expected = 1, day - timedelta(days=1)
        elif day < expected:
            break
    return count


def streak_piece(request: HttpRequest, context: Mapping[str, Any]) -> str:
    """The streak of an account (ranked results count for accounts only)."""
    today = deal.today()
    days: list[date] = []
    if request.user.is_authenticated:
        days = list(
            Entry.objects.filter(user=request.user, ranked=True, counted=True)
            .order_by("-day")
            .values_list("day", flat=True)[:LONGEST]
        )
    played_today = bool(days) and days[0] == today
    return render_to_string(
        "daily/progress.html",
        {
            "streak": streak(days, today),
            "played_today": played_today,
            "is_account": request.user.is_authenticated,
        },
        request=request,
    )
