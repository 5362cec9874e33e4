"""The practice table on the learner's progress page (lessons.pieces, place "progress"):
hands played and won per level, and the coach's findings by rule, week by week.

Everything is the requesting learner's own (play.games.my_games): no id is read from the
request. A finished hand's totals are kept on its Game when it ends (play.games.result);
a hand that ended before they were kept has them worked out here once, by its replay.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncWeek
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone

from lessons.charts import rating_chart
from lessons.rulebook import rule_number, theme_title
from play import games, hands
from play.models import Finding, Game

#: How many weeks the findings table shows, this one included.
WEEKS = 6
#: The most hands of old whose totals one page view works out (each is a replay).
BACKFILL = 20


@dataclass(frozen=True)
class LevelRow:
    """Hands finished against one level of opponents, at one table size."""

    level: str
    label: str
    players: int
    played: int
    won: int


@dataclass(frozen=True)
class RuleRow:
    """The coach's findings on one rule (above "minor"), per week, oldest week first."""

    rule: str
    title: str
    counts: list[int]
    total: int


def backfill(mine: QuerySet[Game]) -> None:
    """Work out the totals and the hands counted of finished games that ended before they
    were kept (each a replay)."""
    for game in mine.filter(finished=True, hands_ended=0, thinned_at=None)[:BACKFILL]:
        try:
            past, hand = games.load_match(game)
        except hands.BrokenGame:
            continue
        if not hand.over:
            continue
        Game.objects.filter(pk=game.pk).update(
            **games.result(hand), **games.tally([hands.won(each) for each in past], hand)
        )


def by_level(mine: QuerySet[Game]) -> list[LevelRow]:
    """Hands ended and hands won, per opponents' level and table size: a match counts
    each of its hands (those of a match still going on too)."""
    rows = (
        mine.filter(hands_ended__gt=0)
        .values("opponents", "players")
        .annotate(ended=Sum("hands_ended"), won_count=Sum("hands_won"))
    )
    order = list(Game.Level.values)
    labels = dict(Game.Level.choices)
    ranked = sorted(
        rows,
        key=lambda row: (
            order.index(row["opponents"]) if row["opponents"] in order else 99,
            row["players"],
        ),
    )
    return [
        LevelRow(
            row["opponents"],
            str(labels.get(row["opponents"], row["opponents"])),
            row["players"],
            row["ended"],
            row["won_count"],
        )
        for row in ranked
    ]


def week_of(moment: datetime) -> date:
    """The Monday of the (local) week a moment falls in."""
    day = timezone.localtime(moment).date()
    return day - timedelta(days=day.weekday())


def by_rule(
    mine: QuerySet[Game], now: datetime | None = None
) -> tuple[list[date], list[int], list[RuleRow]]:
    """The last WEEKS weeks (their Mondays), the hands dealt in the games started in each,
    and for each rule the coach flagged in them the findings per week (the game's week),
    each idea of a hand once, as its review says it."""
    this_week = week_of(now or timezone.now())
    weeks = [this_week - timedelta(weeks=back) for back in range(WEEKS - 1, -1, -1)]
    start = timezone.make_aware(datetime.combine(weeks[0], datetime.min.time()))
    recent = mine.filter(created_at__gte=start)
    # Counted by the database, a row a week (and rule): a learner's games are never read
    # one by one. The hands dealt in the games started each week: those ended, and the one
    # being played.
    hands_per_week: Counter[date] = Counter()
    weekly = (
        recent.annotate(week=TruncWeek("created_at"))
        .values_list("week")
        .annotate(ended=Sum("hands_ended"), playing=Count("pk", filter=Q(finished=False)))
        .order_by()
    )
    for week, ended, playing in weekly:
        hands_per_week[week_of(week)] += ended + playing
    # Each idea of a hand counted once, as its review says it (play.games.worst_per_idea):
    # a card kept four turns is one finding, not four. One query, read as rows.
    counts: dict[str, Counter[date]] = defaultdict(Counter)
    findings = (
        Finding.objects.filter(game__in=recent)
        .exclude(severity=Finding.Severity.NONE)
        .annotate(week=TruncWeek("game__created_at"))
        .values("game", "hand", "code", "params", "severity", "points", "rule", "week")
        .order_by()
    )
    for row in games.worst_per_idea(findings):
        if row["rule"]:
            counts[row["rule"]][week_of(row["week"])] += 1
    rows = [
        RuleRow(
            rule,
            theme_title(rule),
            [counts[rule][week] for week in weeks],
            sum(counts[rule].values()),
        )
        for rule in sorted(counts, key=lambda r: (rule_number(r), r))
    ]
    return weeks, [hands_per_week[week] for week in weeks], rows


def per_ten_hands(hands_per_week: list[int], rules: list[RuleRow]) -> list[int | None]:
    """The findings of each week per ten hands started that week (None: no hand)."""
    totals = [sum(row.counts[index] for row in rules) for index in range(len(hands_per_week))]
    return [
        round(10 * total / hands) if hands else None
        for total, hands in zip(totals, hands_per_week, strict=True)
    ]


def context(request: HttpRequest) -> dict[str, Any]:
    mine = games.my_games(request)
    backfill(mine)
    weeks, hands_per_week, rules = by_rule(mine)
    per_ten = per_ten_hands(hands_per_week, rules)
    drawn = [value for value in per_ten if value is not None]
    return {
        "levels": by_level(mine),
        "weeks": weeks,
        "hands_per_week": hands_per_week,
        "rules": rules,
        "per_ten": per_ten,
        # A line needs two weeks with hands: the weeks without any are left out.
        "chart": rating_chart(drawn) if len(drawn) > 1 else None,
        "any_games": mine.exists(),
    }


def progress_piece(request: HttpRequest, page: Mapping[str, Any]) -> str:
    """The progress page's "At the practice table": nothing before the first game."""
    data = context(request)
    if not data["any_games"]:
        return ""
    return render_to_string("play/progress.html#practice", data, request=request)
