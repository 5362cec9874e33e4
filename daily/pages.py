"""What a day's page shows: the learner's hand of the deal, the day's results as they
were added up (daily.models.Day), where the learner's score stands, their key decisions
and the leaderboard. A handful of small queries, however many played the day.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.http import HttpRequest

from accounts.models import display_name
from daily import deal, decisions, standing
from daily.models import Day, Entry
from lessons.learners import Learner
from play import games, table
from play.models import Finding

#: The leaderboard's length.
BOARD = 20


@dataclass(frozen=True, slots=True)
class Share:
    """How many of the day's results did something, and their share in percent."""

    count: int
    percent: int


def _share(count: int, results: int) -> Share:
    return Share(count, round(100 * count / results) if results else 0)


def learner_of(request: HttpRequest) -> Learner | None:
    """The learner asking, without making a session for a first visit."""
    if request.user.is_authenticated:
        return Learner(user=request.user)
    key = request.session.session_key
    return Learner(session_key=key) if key else None


def context(request: HttpRequest, day: date) -> dict[str, Any]:
    """The page of ``day``'s deal for this learner."""
    learner = learner_of(request)
    mine = Entry.objects.none() if learner is None else Entry.objects.filter(learner.rows())
    ranked = mine.filter(day=day, ranked=True).select_related("game").first()
    practice = mine.filter(day=day, ranked=False).order_by("-pk").first()
    ended = ranked if ranked is not None and ranked.finished_at else None
    # The result compared: the ranked one, else the latest copy played to its end.
    result = (
        ended
        or mine.filter(day=day, ranked=False)
        .exclude(finished_at=None)
        .select_related("game")
        .order_by("-finished_at")
        .first()
    )
    is_today = day == deal.today()
    page: dict[str, Any] = {
        "day": day,
        "is_today": is_today,
        "players": deal.players(day),
        "ranked": ranked,
        "playing": ranked is not None and ended is None,
        "ended": ended,
        "practice": practice,
        "result": result,
        "is_account": learner is not None and learner.is_account,
        "past_days": deal.past_days(deal.today()),
    }
    row = Day.objects.filter(day=day).first()
    page["results"] = row.results if row else 0
    # Today's spread is shown once the learner's ranked try has ended: not before.
    if row is None or (is_today and ended is None):
        if row is None and is_today and result is not None and result.score is not None:
            # Nothing counted yet today to compare with: the page says so (a past day's
            # page says that nobody has a ranked result on it).
            page["standing"] = standing.standing({}, result.score, counted=False)
        return page
    scores = standing.counts(row.scores)
    page.update(
        histogram=standing.histogram(scores, result.score if result else None),
        closed=_share(row.closed, row.results),
        pozzetto=_share(row.pozzetto, row.results),
        clean=_share(row.clean_burraco, row.results),
        board=board(day, scores),
    )
    if result is not None and result.score is not None:
        page["standing"] = standing.standing(scores, result.score, result.counted)
        found = decisions.key_decisions(day, result.choices)
        said = games.flagged_by_decision([result.game_id])
        page["decisions"] = [(decision, coach_said(result, decision, said)) for decision in found]
    return page


def coach_said(
    entry: Entry,
    decision: decisions.Decision,
    said: Mapping[tuple[int, int], list[Finding]],
) -> list[str]:
    """What the coach said of the learner's own move at ``decision`` (above "minor"), from
    ``said`` (play.games.flagged_by_decision of the learner's game)."""
    steps = entry.steps if isinstance(entry.steps, list) else []
    if decision.index >= len(steps):
        return []
    return [
        table.finding_text(finding)
        for finding in said.get((entry.game_id, steps[decision.index]), [])
    ]


def board(day: date, scores: Mapping[int, int], most: int = BOARD) -> list[tuple[int, str, int]]:
    """The day's leaderboard: the counted results of those who chose to be listed, best
    first (ties by who finished first), each with its place among all the day's counted
    ``scores`` (ties share a place, as on the learner's own line)."""
    rows = (
        Entry.objects.filter(day=day, counted=True, listed=True)
        .select_related("user__profile")
        .only("score", "user__username", "user__profile__display_name")
        .order_by("-score", "finished_at")[:most]
    )
    return [
        (
            standing.standing(scores, row.score or 0, counted=True).rank,
            display_name(row.user),
            row.score or 0,
        )
        for row in rows
    ]
