"""Who may see what: the private getters every classroom view fetches through.

A teacher reaches only their own classes, assignments, students and library puzzles; a
student only the assignments of classes they belong to. Anything else answers 404, so a
forged id tells nobody whether it exists. Pages without an id (a new class, the library)
answer non-teachers 403 with a sentence saying how to become one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from burraco_tutor.http import small_int
from classroom.models import Assignment, AssignmentItem, Classroom, LibraryPuzzle, Membership
from lessons.models import Puzzle

View = TypeVar("View", bound=Callable[..., HttpResponse])


def is_teacher(user: Any) -> bool:
    """Does the account have the teacher role (chosen at sign-up or granted in the admin)?"""
    if not user.is_authenticated:
        return False
    try:
        return bool(user.profile.is_teacher)
    except user._meta.model.profile.RelatedObjectDoesNotExist:
        return False


def account_id(request: HttpRequest) -> int:
    """The logged-in account's id, in a view behind ``login_required``."""
    assert request.user.is_authenticated
    return request.user.pk


def teacher_required(view: View) -> View:
    """Log in first; then a page only teachers may open answers others 403, with why."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_teacher(request.user):
            return render(request, "classroom/not_teacher.html", status=403)
        return view(request, *args, **kwargs)

    return cast(View, wrapped)


def own_class(request: HttpRequest, pk: int) -> Classroom:
    """One of the logged-in teacher's classes, else 404."""
    return get_object_or_404(
        Classroom, pk=pk, teacher=request.user, teacher__profile__is_teacher=True
    )


def own_assignment(classroom: Classroom, pk: int) -> Assignment:
    return get_object_or_404(
        Assignment.objects.select_related("lesson"), pk=pk, classroom=classroom
    )


def class_member(classroom: Classroom, student: int) -> Membership:
    """A student of this class (by account id), else 404."""
    return get_object_or_404(
        Membership.objects.select_related("student__profile"),
        classroom=classroom,
        student_id=student,
    )


def my_assignment(request: HttpRequest, pk: int) -> Assignment:
    """An assignment of a class the logged-in student belongs to (not archived), else 404."""
    return get_object_or_404(
        Assignment.objects.select_related("classroom", "lesson"),
        pk=pk,
        classroom__memberships__student=request.user,
        classroom__archived_at__isnull=True,
    )


def own_library_puzzle(request: HttpRequest, pk: int) -> LibraryPuzzle:
    return get_object_or_404(
        LibraryPuzzle.objects.select_related("puzzle"),
        pk=pk,
        owner=request.user,
        owner__profile__is_teacher=True,
    )


def may_open_puzzle(user: Any, puzzle: Puzzle) -> bool:
    """May this account open a teacher's puzzle on the puzzle pages? Its owner may, and the
    students of a class (not archived) it is set in; registered with
    lessons.visibility when the app starts (classroom.apps)."""
    if LibraryPuzzle.objects.filter(puzzle=puzzle, owner=user).exists():
        return True
    return AssignmentItem.objects.filter(
        puzzle=puzzle,
        assignment__classroom__memberships__student=user,
        assignment__classroom__archived_at__isnull=True,
    ).exists()


def query_id(request: HttpRequest, name: str) -> int | None:
    """A numeric id from the query string; None when absent. Raises 404 for anything
    that is not a small whole number, like any other forged id."""
    value = request.GET.get(name, "")
    if not value:
        return None
    number = small_int(value, 12)
    if number is None:
        raise Http404
    return number
