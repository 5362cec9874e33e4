"""The class's work as CSV: the grid (one row a student and assignment) and every attempt.

Text that a spreadsheet would read as a formula (a name starting with "=", "+", "-" or
"@") is written with a leading apostrophe, so opening the file runs nothing. Fields are
separated as the teacher's language's spreadsheets expect: Italian Excel, whose decimal
mark is the comma, opens a file separated by ";" into columns and one separated by "," into
a single column.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from classroom import answers
from classroom.duplicate import Standing
from classroom.models import BOT_LEVELS
from classroom.progress import ClassWork, answer_key
from lessons.templatetags.content import plain

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The field separator where a language's spreadsheets want another than ",".
SEPARATORS = {"it": ";"}


def safe(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return f"'{value}"
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")
    if value is None:
        return ""
    return value


def separator() -> str:
    """The field separator for the active language's spreadsheets."""
    return SEPARATORS.get((get_language() or "").split("-")[0], ",")


def to_csv(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """CSV text, with a byte-order mark so spreadsheets read the accents right."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=separator())
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe(value) for value in row])
    return out.getvalue()


def grid(work: ClassWork) -> str:
    header = [
        _("Student"),
        _("Username"),
        _("Assignment"),
        _("Due"),
        _("Status"),
        _("Done"),
        _("Out of"),
        _("Score (%)"),
        _("Minutes"),
        _("Finished"),
        _("Bots' level played"),
    ]
    labels = dict(BOT_LEVELS)
    rows = []
    for student, cells in work.rows():
        for assignment, cell in cells:
            # Hands: each level the student's hands were dealt with, in order (one, unless
            # the assignment is at the student's level and their rating moved between).
            played = [row.opponents for row in work.work.hand_rows(assignment, student.id)]
            levels = ", ".join(str(labels.get(level, level)) for level in dict.fromkeys(played))
            rows.append(
                [
                    student.name,
                    student.username,
                    assignment.title,
                    assignment.due_at,
                    cell.status.label,
                    cell.done,
                    cell.total,
                    cell.score,
                    cell.minutes,
                    cell.finished_at,
                    levels,
                ]
            )
    return to_csv(header, rows)


def attempts(work: ClassWork) -> str:
    """Every answer that counts for an assignment, with the engine's verdict in words."""
    header = [
        _("Student"),
        _("Username"),
        _("Assignment"),
        _("Puzzle number"),
        _("Puzzle"),
        _("Answered"),
        _("Correct"),
        _("Rule"),
        _("Why"),
        _("Answer given"),
        _("Seconds"),
        _("Hint"),
    ]
    found = [
        (student, assignment, number, row)
        for student in work.students
        for assignment, number, row in work.work.counted_attempts(student.id)
    ]
    puzzles = answers.puzzles_by_id(row.puzzle_id for _s, _a, _n, row in found)
    questions = {pk: puzzle.engine_puzzle() for pk, puzzle in puzzles.items()}
    said: dict[tuple[int, str], answers.Shown] = {}
    rows = []
    for student, assignment, number, row in sorted(found, key=lambda f: f[3].created_at):
        key = (row.puzzle_id, answer_key(row.answer))
        if key not in said:
            said[key] = answers.shown(questions[row.puzzle_id], row)
        rows.append(
            [
                student.name,
                student.username,
                assignment.title,
                number,
                plain(puzzles[row.puzzle_id].prompt),
                row.created_at,
                _("yes") if row.correct else _("no"),
                row.rule,
                said[key].message,
                said[key].described.plain(),
                row.seconds,
                _("yes") if row.hint_used else _("no"),
            ]
        )
    return to_csv(header, rows)


def ranking(standing: Standing) -> str:
    """A duplicate's ranking: the ranked by place, then the others; a deal not finished by
    the student's due date is empty, one finished after it marked late (not counted)."""
    numbers = range(1, standing.assignment.count + 1)
    header = [
        _("Place"),
        _("Student"),
        _("Username"),
        *(_("Deal %(number)s (match points)") % {"number": number} for number in numbers),
        _("Total match points"),
        _("Victory points"),
    ]
    rows = []
    for entry in standing.entries:
        deals: list[int | str | None] = []
        for result in entry.deals:
            if result.late:
                deals.append(_("%(points)s (late, not counted)") % {"points": result.match_points})
            else:
                deals.append(result.match_points)
        rows.append(
            [
                entry.rank if entry.ranked else _("not ranked"),
                entry.student.name,
                entry.student.username,
                *deals,
                entry.total,
                entry.victory_points,
            ]
        )
    return to_csv(header, rows)
