"""The classroom's pieces of lessons' pages (lessons.pieces, registered in
ClassroomConfig.ready): a student's assignments on the home and progress pages, and "Set
this puzzle in a class" on a puzzle's page for a teacher. Each is empty for anyone else."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from classroom.access import is_teacher
from classroom.assignments import places_for
from classroom.progress import Status, my_assignments

#: How many open assignments the home page lists.
HOME_LIMIT = 5


def home_assignments(request: HttpRequest, context: Mapping[str, Any]) -> str:
    """The logged-in student's unfinished assignments, soonest due first."""
    user = request.user
    rows = my_assignments(user, open_only=True) if user.is_authenticated else []
    if not rows:
        return ""
    data = {"rows": rows[:HOME_LIMIT], "more": len(rows) > HOME_LIMIT}
    return render_to_string("classroom/home_assignments.html#list", data, request=request)


def progress_assignments(request: HttpRequest, context: Mapping[str, Any]) -> str:
    """The logged-in student's assignments in brief, for their progress page: how many are
    still to do (and of those, overdue) and done, with the open ones listed."""
    user = request.user
    rows = my_assignments(user) if user.is_authenticated else []
    if not rows:
        return ""
    open_rows = [row for row in rows if not row.cell.finished]
    data = {
        "rows": open_rows,
        "total": len(rows),
        "to_do": len(open_rows),
        "overdue": sum(1 for row in open_rows if row.cell.status == Status.LATE),
        "done": len(rows) - len(open_rows),
    }
    return render_to_string("classroom/progress_assignments.html#summary", data, request=request)


def set_in_class(request: HttpRequest, context: Mapping[str, Any]) -> str:
    """On a puzzle's page, for a teacher: where the puzzle can be set (a new assignment or
    one of theirs that can take it); nothing for anyone else, or for a puzzle they may not
    pick."""
    puzzle = context.get("puzzle")
    if puzzle is None or not is_teacher(request.user):
        return ""
    places = places_for(puzzle, request.user)
    if not places:
        return ""
    data = {"puzzle": puzzle, "places": places}
    return render_to_string("classroom/set_puzzle.html#control", data, request=request)
