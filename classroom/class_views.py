"""The teacher's class pages: make and edit a class, the grid, the mistakes, the students."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from accounts.models import display_name
from burraco_tutor.http import HtmxHttpRequest
from classroom import answers, assignments, hands, heatmap, progress, services
from classroom.access import (
    class_member,
    own_assignment,
    own_class,
    query_id,
    teacher_required,
)
from classroom.forms import ClassForm, ExtensionForm, StudentNamesForm, with_token
from classroom.models import Assignment, Classroom, Membership

#: The session key of the one-time token that guards a list of names against a resend.
NAMES_TOKEN = "classroom:names-token"  # nosec B105 - the name of a session key, not a password


@teacher_required
@require_http_methods(["GET", "POST"])
def class_new(request: HtmxHttpRequest) -> HttpResponse:
    form = ClassForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.create_class(request.user, **form.cleaned_data)
        except services.ClassError as error:
            messages.error(request, str(error))
            return redirect("classroom:class_new")
        messages.success(request, _("The class is ready: give your students its code or link."))
        return redirect("classroom:class", classroom.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "classroom/class_form.html", {"form": form}, status=status)


@login_required
def class_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The grid: every student against every assignment."""
    classroom = own_class(request, pk)
    # Read only when the cached grid is out of date (grid_version).
    work = SimpleLazyObject(lambda: progress.class_work(classroom))
    join_url = request.build_absolute_uri(reverse("classroom:join_link", args=[classroom.code]))
    context = {
        "classroom": classroom,
        "work": work,
        "rows": SimpleLazyObject(lambda: work.rows()),
        "join_url": join_url,
        "grid_version": progress.grid_version(classroom),
    }
    return render(request, "classroom/class.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def class_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The name and the rules; a new join code on its own button."""
    classroom = own_class(request, pk)
    if request.method == "POST" and request.POST.get("op") == "new_code":
        services.new_join_code(classroom)
        messages.success(
            request, _("The class has a new code: the old code and link no longer work.")
        )
        return redirect("classroom:class_edit", classroom.pk)
    form = ClassForm(request.POST or None, instance=classroom)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("The class is saved."))
        return redirect("classroom:class", classroom.pk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "classroom": classroom}
    return render(request, "classroom/class_form.html", context, status=status)


@login_required
@require_POST
def class_archive(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Archive the class (``archive=1``) or bring it back (``archive=0``)."""
    classroom = own_class(request, pk)
    if request.POST.get("archive") not in ("0", "1"):
        return HttpResponseBadRequest(
            _("Say whether to archive the class (1) or bring it back (0).")
        )
    archive = request.POST["archive"] == "1"
    services.set_archived(classroom, archive)
    if archive:
        messages.success(request, _("The class is archived: its students no longer see it."))
        return redirect("classroom:index")
    messages.success(request, _("The class is back: its students see it again."))
    return redirect("classroom:class", classroom.pk)


@login_required
def mistakes(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Students against rules: where the class's wrong answers are."""
    classroom = own_class(request, pk)
    work = progress.class_work(classroom)
    context = {"classroom": classroom, "heat": heatmap.build(work)}
    return render(request, "classroom/mistakes.html", context)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def students_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Accounts for a list of names; their passwords are shown once, on a sheet to print
    (the response is never cached, and the passwords are kept nowhere)."""
    classroom = own_class(request, pk)
    form = StudentNamesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        token = form.cleaned_data["token"]
        if token == request.session.pop(NAMES_TOKEN, None) and services.spend_names_token(
            classroom, token
        ):
            accounts = services.create_students(classroom, form.cleaned_data["names"])
            context = {"classroom": classroom, "accounts": accounts}
            return render(request, "classroom/sheet.html", context)
        form.add_error(None, RESENT)
    return _names_page(request, classroom, form)


RESENT = gettext_lazy(
    "This list was sent before, or the page was out of date. Check the class's students"
    " first, then send the names that are missing."
)


def _names_page(
    request: HtmxHttpRequest, classroom: Classroom, form: StudentNamesForm
) -> HttpResponse:
    """The names form with a fresh one-time token, which a second send cannot reuse."""
    request.session[NAMES_TOKEN] = token = services.new_names_token(classroom)
    with_token(form, token)
    status = 400 if form.is_bound else 200
    context = {"classroom": classroom, "form": form}
    return render(request, "classroom/students_add.html", context, status=status)


@vary_on_headers("HX-Request")
@login_required
def student_detail(request: HtmxHttpRequest, pk: int, student: int) -> HttpResponse:
    """One student's work: each assignment, and the chosen one's answers on the board."""
    classroom = own_class(request, pk)
    member = class_member(classroom, student)
    return _student_page(request, classroom, member, query_id(request, "assignment"))


@login_required
@require_POST
def student_due(request: HtmxHttpRequest, pk: int, student: int, assignment: int) -> HttpResponse:
    """Give one student a later due date for an assignment, or take it back."""
    classroom = own_class(request, pk)
    member = class_member(classroom, student)
    work = own_assignment(classroom, assignment)
    form = ExtensionForm(work, request.POST)
    if not form.is_valid():
        return _student_page(request, classroom, member, work.pk, form, status=400)
    assignments.extend(work, student, form.cleaned_data["due_at"])
    if form.cleaned_data["due_at"] is None:
        messages.success(request, _("The student's due date is the class's again."))
    else:
        messages.success(request, _("The student has a later due date."))
    url = reverse("classroom:student", args=[classroom.pk, student])
    return redirect(f"{url}?assignment={work.pk}")


def _student_page(
    request: HtmxHttpRequest,
    classroom: Classroom,
    member: Membership,
    wanted: int | None,
    due_form: ExtensionForm | None = None,
    status: int = 200,
) -> HttpResponse:
    student = member.student_id
    set_work = list(classroom.assignments.select_related("lesson").order_by("due_at", "pk"))
    work = progress.load(set_work, [student], verdicts=True)
    chosen = _chosen(work, wanted, student)
    states = work.item_states(chosen, student) if chosen else []
    puzzles = answers.puzzles_by_id(state.puzzle_id for state in states)
    if chosen is not None and due_form is None:
        due = work.due_for(chosen, student)
        due_form = ExtensionForm(chosen, initial={"due_at": timezone.localtime(due)})
    context = {
        "classroom": classroom,
        "member": member,
        "name": display_name(member.student),
        "cells": [(a, work.cell(a, student)) for a in set_work],
        "chosen": chosen,
        "chosen_cell": work.cell(chosen, student) if chosen else None,
        "due_form": due_form,
        "items": answers.item_views(states, puzzles),
        "hands": (
            hands.hand_views(chosen, student)
            if chosen is not None and chosen.content in progress.HAND_CONTENTS
            else []
        ),
    }
    template = "classroom/student.html#answers" if request.htmx else "classroom/student.html"
    return render(request, template, context, status=status)


def _chosen(work: progress.Gradebook, wanted: int | None, student: int) -> Assignment | None:
    """The assignment asked for (404 if it is not this class's), else the latest one the
    student has worked on, else the latest set."""
    if wanted is not None:
        for assignment in work.assignments:
            if assignment.pk == wanted:
                return assignment
        raise Http404
    started = [a for a in work.assignments if work.cell(a, student).started]
    latest = sorted(started or work.assignments, key=lambda a: (a.set_at, a.pk))
    return latest[-1] if latest else None


@login_required
@require_http_methods(["GET", "POST"])
def student_remove(request: HtmxHttpRequest, pk: int, student: int) -> HttpResponse:
    """Take a student out of the class, after a confirmation page."""
    context = _member_context(request, pk, student)
    if request.method == "POST":
        services.remove_student(context["member"])
        said = _("%(name)s is no longer in the class.") % {"name": context["name"]}
        messages.success(request, said)
        return redirect("classroom:class", context["classroom"].pk)
    return render(request, "classroom/student_remove.html", context)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def student_password(request: HtmxHttpRequest, pk: int, student: int) -> HttpResponse:
    """A new password for an account the teacher made, shown once on a sheet."""
    context = _member_context(request, pk, student)
    member = context["member"]
    if not member.created_by_teacher:
        return render(request, "classroom/student_password.html", context, status=400)
    if request.method == "POST":
        account = services.reset_password(member)
        return render(request, "classroom/sheet.html", {**context, "accounts": [account]})
    return render(request, "classroom/student_password.html", context)


def _member_context(request: HtmxHttpRequest, pk: int, student: int) -> dict[str, Any]:
    """The teacher's class, the student's membership of it and the student's name (404
    when the class is not the teacher's or the student is not in it)."""
    classroom = own_class(request, pk)
    member = class_member(classroom, student)
    return {"classroom": classroom, "member": member, "name": display_name(member.student)}
