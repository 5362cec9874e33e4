"""The teacher's puzzle library and the editor that fills it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest, small_int
from burraco_tutor.limits import limited
from classroom import editor
from classroom.access import own_library_puzzle, teacher_required
from classroom.models import Classroom, LibraryPuzzle
from engine.puzzles import PUZZLE_STOCK
from engine.rules import HAND_SIZE

#: The editor opens on a small example, so the board and the answers show from the start.
EXAMPLE = {
    "kind": "attach",
    "rules": "standard",
    "players": "2",
    "to_move": "0",
    "phase": "play",
    "hand": "10C 7C KD",
    "my_melds": "6C JK 8C",
    "their_melds": "",
    "opponent": str(HAND_SIZE),
    "discard": "4H",
    "stock": str(PUZZLE_STOCK),
    "focus": "10C",
}


@teacher_required
def library(request: HtmxHttpRequest) -> HttpResponse:
    teacher = request.user
    assert teacher.is_authenticated  # teacher_required
    entries = LibraryPuzzle.objects.filter(owner=teacher).select_related("puzzle")
    classes = list(Classroom.objects.filter(teacher=teacher, archived_at=None))
    # A new puzzle starts under a class's rules: where they differ, the teacher says which.
    if len({classroom.rules for classroom in classes}) < 2:
        classes = []
    return render(request, "classroom/library.html", {"entries": entries, "classes": classes})


@login_required
def library_puzzle(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A saved puzzle: the board, the question and its correct answers."""
    entry = own_library_puzzle(request, pk)
    fields = entry.puzzle.engine_fields()
    context = {"entry": entry, "checked": editor.check(fields), "in_use": editor.in_use(entry)}
    return render(request, "classroom/library_puzzle.html", context)


@vary_on_headers("HX-Request")
@teacher_required
@require_http_methods(["GET", "POST"])
@limited("editor")
def editor_view(request: HtmxHttpRequest) -> HttpResponse:
    return _edit(request, None)


@vary_on_headers("HX-Request")
@login_required
@require_http_methods(["GET", "POST"])
@limited("editor")
def editor_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _edit(request, own_library_puzzle(request, pk))


def _edit(request: HtmxHttpRequest, entry: LibraryPuzzle | None) -> HttpResponse:
    """Check the puzzle as it is edited; save it when the engine accepts it."""
    if request.method == "GET":
        if entry is not None:
            initial = editor.initial_from(entry.puzzle, entry.title)
        else:
            # The example starts under the rules of the class the teacher makes it for.
            class_pk = small_int(request.GET.get("class", ""), 9)
            initial = {**EXAMPLE, "rules": editor.class_rules(request.user, class_pk)}
        return _page(request, entry, editor.EditorForm(_as_data(initial)))
    op = request.POST.get("op", "check")
    try:
        data = editor.picked(request.POST) if "pick" in request.POST else request.POST
    except editor.EditorError as error:
        form = editor.EditorForm(request.POST)
        return _page(request, entry, form, error=str(error), status=400)
    form = editor.EditorForm(editor.with_defaults(data), saving=op == "save")
    fields = editor.engine_fields(form.cleaned_data) if form.is_valid() else None
    checked = editor.check(fields) if fields else None
    if op == "save" and fields and checked and checked.ok:
        saved = editor.save(request.user, form.cleaned_data, fields, entry)
        messages.success(request, _saved_message(saved))
        return redirect("classroom:library_puzzle", saved.entry.pk)
    status = 200 if checked is None or checked.ok or op != "save" else 400
    if checked is not None and checked.too_big:
        status = 400
    return _page(request, entry, form, checked, status=status if form.is_valid() else 400)


def _saved_message(saved: editor.Saved) -> str:
    if saved.copied:
        return _(
            "Students already have this puzzle, so your changes are saved as a new puzzle"
            " in your library."
        )
    return _("The puzzle is saved in your library.")


def _as_data(initial: dict[str, Any]) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in initial.items():
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else str(value)
    return data


def _page(
    request: HtmxHttpRequest,
    entry: LibraryPuzzle | None,
    form: editor.EditorForm,
    checked: editor.CheckReport | None = None,
    *,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The editor; ``checked``: the engine's verdict on the form's puzzle, when there is one."""
    fields = editor.engine_fields(form.cleaned_data) if form.is_valid() else None
    if fields and checked is None:
        checked = editor.check(fields)
    context = {
        "entry": entry,
        "form": form,
        "checked": checked,
        "error": error,
        "palette": editor.palette(fields),
        "targets": _targets(form),
        "target": form.data.get("target", "hand"),
    }
    target = request.htmx.target if request.htmx else None
    template = "classroom/editor.html"
    if target in ("preview", "editor"):
        template += f"#{target}"
    return render(request, template, context, status=status)


def _targets(form: editor.EditorForm) -> list[tuple[str, str]]:
    """The places a picked card can go, for the kind of question chosen."""
    kind = form.kind_value
    others = ("focus", "attach", *editor.FOUR_PLAYER_FIELDS)
    places = [name for name in editor.TARGETS if name not in others]
    if form.four_players:
        places += editor.FOUR_PLAYER_FIELDS
    if "focus" in editor.KIND_FIELDS[kind]:
        places.append("focus")
    if "attach" in editor.KIND_FIELDS[kind]:
        places.append("attach")
    return [(name, str(editor.TARGET_LABELS[name])) for name in places]


@login_required
@require_http_methods(["GET", "POST"])
def library_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Delete a puzzle from the library, unless an assignment uses it."""
    entry = own_library_puzzle(request, pk)
    if request.method == "POST":
        try:
            editor.remove(entry)
        except editor.EditorError as error:
            messages.error(request, str(error))
            return redirect("classroom:library_puzzle", entry.pk)
        messages.success(request, _("The puzzle is deleted."))
        return redirect("classroom:library")
    return render(request, "classroom/library_delete.html", {"entry": entry})
