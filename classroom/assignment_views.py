"""The teacher's assignments: set one, follow it (who did what, the common mistakes),
change its title or due date, delete it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from accounts.models import display_name
from burraco_tutor.http import HtmxHttpRequest, small_int
from classroom import answers, assignments, duplicate, hands, preview, progress, services
from classroom.access import own_assignment, own_class, query_id, teacher_required
from classroom.forms import AssignmentEditForm, AssignmentForm, with_token
from classroom.models import Assignment, Classroom
from lessons.models import Puzzle, Theme
from lessons.rulebook import rule_number, theme_title
from play import games as play_games
from play import hands as play_hands
from play import review as play_review

#: How many puzzles the picker lists for a theme.
PICKER_LIMIT = 80


@vary_on_headers("HX-Request")
@login_required
@require_http_methods(["GET", "POST"])
def assignment_new(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Set work: a lesson, puzzles picked from a theme or the library, or a generated set.
    The picker's "Show" button sends the form by GET, so the page keeps what was filled."""
    classroom = own_class(request, pk)
    if request.method == "POST":
        form = AssignmentForm(classroom, request.user, request.POST)
        if form.is_valid():
            token = form.cleaned_data["token"]
            if services.spend_form_token(classroom, token):
                assignment = assignments.create_assignment(classroom, **_created(form))
                services.form_token_made(classroom, token, assignment.pk)
                messages.success(request, _("The assignment is set."))
                return redirect("classroom:assignment", classroom.pk, assignment.pk)
            made = services.made_with(classroom, token)
            if made is not None and classroom.assignments.filter(pk=made).exists():
                # The same form sent again (a double click, a stale tab): the one it set.
                messages.info(
                    request, _("This form was sent before: here is the assignment it set.")
                )
                return redirect("classroom:assignment", classroom.pk, made)
            form.add_error(None, RESENT)
    else:
        form = AssignmentForm(classroom, request.user, initial=_initial(request.GET))
    _fresh_token(classroom, form)
    context = _picker(request, classroom, form)
    if request.htmx and request.htmx.target == "picker":
        return render(request, "classroom/assignment_form.html#picker", context)
    status = 400 if form.is_bound else 200
    return render(request, "classroom/assignment_form.html", context, status=status)


RESENT = gettext_lazy(
    "This form was sent before, or the page was out of date, so nothing was set. Check the"
    " class's assignments first, then send the form again if one is missing."
)


def _fresh_token(classroom: Classroom, form: AssignmentForm) -> None:
    """The form drawn with a new one-time token, which a second send cannot reuse."""
    with_token(form, services.new_form_token(classroom))


def _created(form: AssignmentForm) -> dict[str, Any]:
    data = form.cleaned_data
    dealt = data["content"] == Assignment.Content.DUPLICATE
    return {
        "title": data["title"],
        "content": data["content"],
        "due_at": data["due_at"],
        "lesson": data.get("lesson"),
        "puzzles": list(data.get("puzzles") or []),
        "spec": getattr(form, "spec", None),
        "table": {
            "bot_level": data.get("bot_level") or "",
            "players": data.get("players") or 2,
            "coach": bool(data.get("coach")),
            "count": (data.get("deals") if dealt else data.get("hands")) or 0,
            "rules": data.get("preset") if dealt else "",
        },
    }


def _initial(query: QueryDict) -> dict[str, Any]:
    """What a GET of the form (the picker's button) filled in, to show it again."""
    fields = (
        "title",
        "due_at",
        "content",
        "lesson",
        "theme",
        "puzzle_kind",
        "rating",
        "count",
        "bot_level",
        "players",
        "hands",
        "coach",
        "deals",
        "preset",
    )
    initial: dict[str, Any] = {name: query[name][:200] for name in fields if name in query}
    initial["puzzles"] = _ids(query.getlist("puzzles"))
    return initial


def _ids(values: list[str]) -> list[int]:
    numbers = (small_int(value, 12) for value in values[: assignments.MAX_ITEMS * 2])
    return [number for number in numbers if number is not None][: assignments.MAX_ITEMS]


def _picker(request: HtmxHttpRequest, classroom: Classroom, form: AssignmentForm) -> dict[str, Any]:
    """The puzzles chosen so far, ticked, and those of the theme looked for."""
    usable = assignments.usable_puzzles(classroom, request.user)
    data = form.data if form.is_bound else request.GET
    chosen_ids = _ids(data.getlist("puzzles")) if hasattr(data, "getlist") else []
    chosen = list(usable.filter(pk__in=chosen_ids))
    find = (data.get("find") or "")[:40]
    found: list[Puzzle] = []
    themes = list(
        Theme.objects.filter(puzzles__in=usable).distinct().values_list("name", flat=True)
    )
    if find == "library":
        found = list(usable.filter(source=Puzzle.Source.TEACHER)[:PICKER_LIMIT])
    elif find in themes:
        # Only a theme the picker offers: anything else (a NUL byte is a 500 on PostgreSQL,
        # tests/test_garbage_sweep.py) finds nothing.
        found = list(usable.filter(themes__name=find).distinct()[:PICKER_LIMIT])
    return {
        "classroom": classroom,
        "form": form,
        "form_url": reverse("classroom:assignment_new", args=[classroom.pk]),
        "chosen": chosen,
        "found": [puzzle for puzzle in found if puzzle not in chosen],
        "find": find,
        "finds": sorted(((name, theme_title(name)) for name in themes), key=_theme_order),
    }


def _theme_order(pair: tuple[str, str]) -> tuple[int, str]:
    return rule_number(pair[0]), pair[0]


@login_required
def assignment_detail(request: HtmxHttpRequest, pk: int, assignment: int) -> HttpResponse:
    """Who has done the assignment, and the wrong answers that came up most."""
    classroom = own_class(request, pk)
    work_set = own_assignment(classroom, assignment)
    found = progress.students(classroom)
    work = progress.load([work_set], [student.id for student in found], verdicts=True)
    shared = [puzzle_id for _number, puzzle_id in work.items.get((work_set.pk, None), [])]
    wrong = [row.puzzle_id for rows in work.wrong_answers(work_set).values() for row in rows]
    puzzles = answers.puzzles_by_id([*shared, *wrong])
    context = {
        "classroom": classroom,
        "assignment": work_set,
        "cells": [(student, work.cell(work_set, student.id)) for student in found],
        "mistakes": answers.common_mistakes(work, work_set, puzzles),
        "lesson_tries": progress.lesson_tries(work, work_set),
        "hand_rules": hands.rule_counts(work_set),
        "standing": (
            duplicate.standing(work_set, found) if duplicate.is_duplicate(work_set) else None
        ),
    }
    return render(request, "classroom/assignment.html", context)


@login_required
def hand_review(request: HtmxHttpRequest, pk: int, assignment: int, game: int) -> HttpResponse:
    """A student's hand of a "play N hands" assignment, as its teacher reviews it: the
    score, the score gap and each flagged decision (404 for any hand not filed under this
    assignment of the teacher's class)."""
    classroom = own_class(request, pk)
    work_set = own_assignment(classroom, assignment)
    played = hands.teacher_game(classroom, work_set, game)
    member = played.user
    try:
        hand = play_games.load(played)
    except play_hands.BrokenGame:
        return render(request, "play/broken.html", status=400)
    context = {
        **play_review.summary(played, hand, teacher=True),
        "classroom": classroom,
        "assignment": work_set,
        "student_id": played.user_id,
        "name": display_name(member) if member is not None else "",
    }
    return render(request, "classroom/hand_review.html", context)


@teacher_required
@require_http_methods(["GET", "POST"])
def set_puzzle(request: HtmxHttpRequest, puzzle: int) -> HttpResponse:
    """The "set this in a class" control of a puzzle's page: add the puzzle to one of the
    teacher's hand-picked assignments, or open a new assignment's form with it chosen.
    Opened (a teacher whose session ran out comes back here from the log-in page), it goes
    to the puzzle's page, where the control is, instead of an empty 405."""
    found = get_object_or_404(Puzzle, pk=puzzle)
    if request.method != "POST":
        return redirect("lessons:puzzle", found.slug)
    places = assignments.places_for(found, request.user)
    target = request.POST.get("target", "")
    for place in places:
        if target == f"new-{place.classroom.pk}":
            url = reverse("classroom:assignment_new", args=[place.classroom.pk])
            query: dict[str, str | int] = {"content": "puzzles", "puzzles": found.pk}
            return redirect(f"{url}?{urlencode(query)}")
        for chosen in place.assignments:
            if target == f"add-{chosen.pk}":
                try:
                    assignments.add_puzzle(chosen, found)
                except assignments.PlaceError as error:
                    context = {"puzzle": found, "places": places, "error": str(error)}
                    return render(request, "classroom/set_puzzle.html", context, status=400)
                messages.success(request, _("The puzzle is added to the assignment."))
                return redirect("classroom:assignment", place.classroom.pk, chosen.pk)
    unknown = _("Choose an assignment of one of your classes, or a new one.")
    context = {"puzzle": found, "places": places, "error": unknown}
    return render(request, "classroom/set_puzzle.html", context, status=400)


@login_required
def assignment_preview(
    request: HtmxHttpRequest, pk: int, assignment: int, number: int
) -> HttpResponse:
    """Puzzle ``number`` as the students see it, with its answer key; of a generated set,
    the chosen student's (``?student=``), made now if they have not opened it yet, as it
    would be made for them."""
    classroom = own_class(request, pk)
    work_set = own_assignment(classroom, assignment)
    if work_set.content == Assignment.Content.LESSON:
        raise Http404
    found = progress.students(classroom)
    student = _previewed_student(request, work_set, found)
    generated = work_set.content == Assignment.Content.GENERATED
    item = None
    if student is not None or not generated:
        item = assignments.item_for(work_set, student.id if student else 0, number)
        if item is None:
            raise Http404
    context = {
        "classroom": classroom,
        "assignment": work_set,
        "number": number,
        "numbers": range(1, work_set.count + 1),
        "students": found,
        "student": student,
        # A generated set is made for each student: with none in the class, nothing to show.
        "shown": preview.preview(item.puzzle) if item is not None else None,
    }
    return render(request, "classroom/preview.html", context)


def _previewed_student(
    request: HtmxHttpRequest, work_set: Assignment, found: list[progress.Student]
) -> progress.Student | None:
    """The student whose generated set is previewed (the first by name unless chosen; 404
    for anyone not in the class); None for puzzles that are the same for everyone."""
    wanted = query_id(request, "student")
    if work_set.content != Assignment.Content.GENERATED or (not found and wanted is None):
        return None
    for student in found:
        if wanted is None or student.id == wanted:
            return student
    raise Http404


@login_required
@require_http_methods(["GET", "POST"])
def assignment_edit(request: HtmxHttpRequest, pk: int, assignment: int) -> HttpResponse:
    """The title and the due date; the content stays as it was set."""
    classroom = own_class(request, pk)
    work_set = own_assignment(classroom, assignment)
    initial = {"title": work_set.title, "due_at": work_set.due_at}
    form = AssignmentEditForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        assignments.replace_due(work_set, form.cleaned_data["title"], form.cleaned_data["due_at"])
        messages.success(request, _("The assignment is saved."))
        return redirect("classroom:assignment", classroom.pk, work_set.pk)
    status = 400 if request.method == "POST" else 200
    context = {"classroom": classroom, "assignment": work_set, "form": form}
    return render(request, "classroom/assignment_edit.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def assignment_delete(request: HtmxHttpRequest, pk: int, assignment: int) -> HttpResponse:
    """Delete an assignment after a confirmation; the students' answers stay theirs."""
    classroom = own_class(request, pk)
    work_set = own_assignment(classroom, assignment)
    if request.method == "POST":
        work_set.delete()
        messages.success(request, _("The assignment is deleted."))
        return redirect("classroom:class", classroom.pk)
    context = {"classroom": classroom, "assignment": work_set}
    return render(request, "classroom/assignment_delete.html", context)
