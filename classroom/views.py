"""/classes/: a teacher's classes, a student's assignments, and a way in for both."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import render

from burraco_tutor.http import HtmxHttpRequest
from classroom import progress
from classroom.access import is_teacher
from classroom.forms import JoinForm
from classroom.models import Classroom


def index(request: HtmxHttpRequest) -> HttpResponse:
    """The teacher's classes and library; the student's assignments and a box to join a
    class; for a visitor, what classes are and how to get in."""
    if not request.user.is_authenticated:
        return render(request, "classroom/index.html", {"visitor": True})
    teacher = is_teacher(request.user)
    classes = []
    if teacher:
        classes = list(
            Classroom.objects.filter(teacher=request.user).annotate(
                students=Count("memberships", distinct=True),
                set=Count("assignments", distinct=True),
            )
        )
    context = {
        "teacher": teacher,
        "classes": [c for c in classes if not c.archived],
        "archived": [c for c in classes if c.archived],
        "work": progress.my_assignments(request.user),
        "my_classes": Classroom.objects.filter(
            Q(memberships__student=request.user), archived_at__isnull=True
        ).select_related("teacher__profile"),
        "join_form": JoinForm(),
    }
    return render(request, "classroom/index.html", context)
