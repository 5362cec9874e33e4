"""Template helpers of the classes: the status badges and the labels of kinds and rules
presets. (What the classes add to lessons' pages is in classroom.pieces.)"""

from __future__ import annotations

from typing import Any

from django import template

from classroom.progress import Status
from lessons import themes

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


@register.filter
def kind_label(kind: str) -> str:
    """A kind of question in words: "Attach cards to a meld"."""
    return themes.kind_label(kind)


@register.filter
def rules_label(rules: str) -> str:
    """A rules preset in words: "Strict wildcards (they never move)"."""
    from classroom.models import Rules

    try:
        return str(Rules(rules).label)
    except ValueError:
        return rules


@register.filter
def made_by(choice: Any, student_id: int) -> bool:
    """Did this student make this choice at a duplicate's key decision?"""
    return bool(choice.made_by(student_id))
