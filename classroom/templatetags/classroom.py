"""Template helpers of the classes: a student's open assignments anywhere on the site
(``{% my_assignments %}``, which the home page includes) and the status badges."""

from __future__ import annotations

from typing import Any

from django import template

from classroom.progress import Status, my_assignments

register = template.Library()

BADGES = {
    Status.NOT_STARTED: "text-bg-secondary",
    Status.IN_PROGRESS: "text-bg-warning",
    Status.DONE: "text-bg-success",
    Status.LATE: "text-bg-danger",
}


@register.filter
def badge(status: Status) -> str:
    """The Bootstrap badge class of a status."""
    return BADGES.get(status, "text-bg-secondary")


@register.inclusion_tag("classroom/home_assignments.html#list", takes_context=True)
def open_assignments(context: template.Context, limit: int = 5) -> dict[str, Any]:
    """The logged-in student's unfinished assignments, soonest due first."""
    user = context["request"].user
    rows = my_assignments(user, open_only=True) if user.is_authenticated else []
    return {"rows": rows[:limit], "more": len(rows) > limit}


@register.filter
def kind_label(kind: str) -> str:
    """A kind of question in words: "Attach cards to a meld"."""
    from classroom.forms import CURATED_KIND_LABELS, KIND_LABELS

    return str(KIND_LABELS.get(kind) or CURATED_KIND_LABELS.get(kind, kind))


@register.filter
def rules_label(rules: str) -> str:
    """A rules preset in words: "Strict wildcards (they never move)"."""
    from classroom.models import Rules

    try:
        return str(Rules(rules).label)
    except ValueError:
        return rules


@register.inclusion_tag("classroom/progress_assignments.html#summary", takes_context=True)
def assignment_summary(context: template.Context) -> dict[str, Any]:
    """The logged-in student's assignments in brief, for their progress page: how many are
    still to do (and of those, overdue) and done, with the open ones listed."""
    user = context["request"].user
    rows = my_assignments(user) if user.is_authenticated else []
    open_rows = [row for row in rows if not row.cell.finished]
    return {
        "rows": open_rows,
        "total": len(rows),
        "to_do": len(open_rows),
        "overdue": sum(1 for row in open_rows if row.cell.status == Status.LATE),
        "done": len(rows) - len(open_rows),
    }


@register.inclusion_tag("classroom/set_puzzle.html#control", takes_context=True)
def set_in_class(context: template.Context) -> dict[str, Any]:
    """On a puzzle's page, for a teacher: where the puzzle can be set (a new assignment or
    one of theirs that can take it); nothing for anyone else, or for a puzzle they may not
    pick."""
    from classroom.access import is_teacher
    from classroom.assignments import places_for

    request, puzzle = context["request"], context.get("puzzle")
    if puzzle is None or not is_teacher(request.user):
        return {"places": []}
    return {"puzzle": puzzle, "places": places_for(puzzle, request.user)}
