"""CSV downloads of a class's work, for a spreadsheet."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils import timezone
from django.utils.text import slugify

from burraco_tutor.http import HtmxHttpRequest
from classroom import export, progress
from classroom.access import own_class
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


def _download(classroom: Classroom, what: str, text: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    name = slugify(classroom.name) or "class"
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="{name}-{what}-{stamp}.csv"'
    response["Cache-Control"] = "private, no-store"
    return response
