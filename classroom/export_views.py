"""CSV downloads of a class's work, for a spreadsheet."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from burraco_tutor.http import HtmxHttpRequest
from classroom import duplicate, export, progress
from classroom.access import own_assignment, own_class
from classroom.models import Classroom


@login_required
def grid_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The grid: one row for each student and assignment."""
    classroom = own_class(request, pk)
    return _download(classroom, "grid", export.grid(progress.class_work(classroom)))


@login_required
def attempts_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Every answer given for the class's assignments."""
    classroom = own_class(request, pk)
    return _download(
        classroom, "attempts", export.attempts(progress.class_work(classroom, verdicts=True))
    )


@login_required
def duplicate_csv(request: HtmxHttpRequest, pk: int, assignment: int) -> HttpResponse:
    """A duplicate's ranking: one row for each student, each deal's match points, the
    total, the victory points and the place (404 for any other kind of assignment)."""
    classroom = own_class(request, pk)
    work_set = own_assignment(classroom, assignment)
    if not duplicate.is_duplicate(work_set):
        raise Http404("not a duplicate")
    found = duplicate.standing(work_set, progress.students(classroom), decisions=())
    what = f"duplicate-{slugify(work_set.title) or work_set.pk}"
    return _download(classroom, what, export.ranking(found))


def _download(classroom: Classroom, what: str, text: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    name = slugify(classroom.name) or "class"
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="{name}-{what}-{stamp}.csv"'
    response["Cache-Control"] = "private, no-store"
    return response
