"""What the progress page shows about a learner: accuracy by rule and theme, the daily streak,
recent attempts and the next thing to do. Read-only; every query goes through the learner's
own filter (lessons.learners), so a learner only ever sees their own rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from django.db.models import Count
from django.db.models.functions import TruncDate
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode

from lessons.learners import learner_filter
from lessons.models import Attempt, Lesson, Puzzle, ReviewCard, StepProgress
from lessons.rulebook import is_rule, rule_number, theme_title

if TYPE_CHECKING:
    from lessons.tutor import LessonRow

#: Streaks count days in Italian time, whatever the server's clock says.
ROME = ZoneInfo("Europe/Rome")


@dataclass(frozen=True)
class Accuracy:
    """Right and wrong answers on one rule or theme."""

    theme: str
    right: int
    wrong: int

    @property
    def total(self) -> int:
        return self.right + self.wrong

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.total) if self.total else 0

    @property
    def title(self) -> str:
        return theme_title(self.theme)


def accuracy(request: HttpRequest) -> tuple[list[Accuracy], list[Accuracy]]:
    """Accuracy per rule id and per named theme, each weakest first.

    A right answer counts for every theme of its puzzle. A wrong one counts against the
    rule the engine says was missed (or the puzzle's rules, when it names none) and against
    the puzzle's named themes.
    """
    # Counted by the database, one row per puzzle, result and rule missed: a learner's
    # answers are never read one by one.
    attempts = list(
        Attempt.objects.filter(learner_filter(request))
        .values_list("puzzle_id", "correct", "rule")
        .annotate(n=Count("pk"))
        .order_by()
    )
    themes: dict[int, list[str]] = defaultdict(list)
    pairs = Puzzle.themes.through.objects.filter(
        puzzle_id__in={puzzle for puzzle, _, _, _ in attempts}
    ).values_list("puzzle_id", "theme__name")
    for puzzle, name in pairs:
        themes[puzzle].append(name)
    right: dict[str, int] = defaultdict(int)
    wrong: dict[str, int] = defaultdict(int)
    for puzzle, correct, rule, count in attempts:
        names = themes[puzzle]
        if correct:
            for name in names:
                right[name] += count
            continue
        missed = [rule] if rule else [name for name in names if is_rule(name)]
        for name in {*missed, *(name for name in names if not is_rule(name))}:
            wrong[name] += count
    rows = [Accuracy(name, right[name], wrong[name]) for name in {*right, *wrong}]
    rows.sort(key=lambda row: (row.right / row.total, -row.total, rule_number(row.theme)))
    return [row for row in rows if is_rule(row.theme)], [
        row for row in rows if not is_rule(row.theme)
    ]


def weakest_rule(rules: Iterable[Accuracy]) -> Accuracy | None:
    """The rule to work on: the weakest with a mistake and under 80% right."""
    return next((row for row in rules if row.wrong and row.percent < 80), None)


@dataclass(frozen=True)
class Streak:
    current: int
    longest: int
    today: bool


def active_days(request: HttpRequest) -> set[date]:
    """The days (in Rome) on which the learner answered a puzzle or worked on a step."""
    days: set[date] = set()
    mine = learner_filter(request)
    days.update(
        Attempt.objects.filter(mine)
        .annotate(day=TruncDate("created_at", tzinfo=ROME))
        .values_list("day", flat=True)
        .distinct()
    )
    # A step's row knows the day it was begun and the day it last changed.
    for field in ("created_at", "updated_at"):
        days.update(
            StepProgress.objects.filter(mine)
            .annotate(day=TruncDate(field, tzinfo=ROME))
            .values_list("day", flat=True)
            .distinct()
        )
    return days


def streak(days: set[date], today: date | None = None) -> Streak:
    """Days in a row with some work, ending today (or yesterday: today is not over yet).

    >>> d = date(2026, 3, 10)
    >>> streak({d, d - timedelta(1), d - timedelta(2), d - timedelta(5)}, d)
    Streak(current=3, longest=3, today=True)
    >>> streak({d - timedelta(1)}, d)
    Streak(current=1, longest=1, today=False)
    """
    today = today or timezone.localtime(timezone=ROME).date()
    start = today if today in days else today - timedelta(days=1)
    current = 0
    while start - timedelta(days=current) in days:
        current += 1
    longest = run = 0
    previous: date | None = None
    for day in sorted(days):
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    return Streak(current, longest, today in days)


def recent(request: HttpRequest, count: int) -> list[Attempt]:
    return list(
        Attempt.objects.filter(learner_filter(request))
        .select_related("puzzle")
        .order_by("-created_at", "-pk")[:count]
    )


@dataclass(frozen=True)
class Suggestion:
    """What to do next: ``kind`` is review, continue, practise, lesson or puzzles."""

    kind: str
    url: str
    lesson: Lesson | None = None
    rule: str = ""

    @property
    def rule_title(self) -> str:
        return theme_title(self.rule) if self.rule else ""


def suggest(
    lessons: list[LessonRow],
    due: list[ReviewCard],
    weakest: Accuracy | None,
) -> Suggestion:
    """The next step: a rule due for review, then a lesson begun and not finished, then
    the weakest rule, then the next lesson not done, then puzzles near the learner's level."""
    if due:
        url = reverse("lessons:review_next") + "?" + urlencode({"rule": due[0].rule})
        return Suggestion("review", url, rule=due[0].rule)
    begun = next((row for row in lessons if row.started and row.done < row.total), None)
    if begun is not None:
        return Suggestion(
            "continue", reverse("lessons:lesson", args=[begun.lesson.slug]), begun.lesson
        )
    if weakest is not None:
        url = reverse("lessons:puzzle_next") + "?" + urlencode({"theme": weakest.theme})
        return Suggestion("practise", url, rule=weakest.theme)
    unfinished = [row.lesson for row in lessons if row.done < row.total]
    # Advanced lessons may wait for a second pass: the next core lesson comes first.
    fresh = next((lesson for lesson in unfinished if not lesson.advanced), None)
    fresh = fresh or next(iter(unfinished), None)
    if fresh is not None:
        return Suggestion("lesson", reverse("lessons:lesson", args=[fresh.slug]), fresh)
    return Suggestion("puzzles", reverse("lessons:puzzle_next"))
