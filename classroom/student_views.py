"""The student's side: joining a class, an assignment, and its puzzles one by one.

A puzzle of an assignment is answered here rather than on /puzzles/, so the student
stays in the assignment (its number, the next one, the way back); the answer goes through
the same pipeline (lessons.answering) and is kept as the same Attempt, filed under this
assignment and number (AssignmentAnswer), which is what the teacher's pages read.
"""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.cost import heavy
from burraco_tutor.http import HtmxHttpRequest
from burraco_tutor.limits import limited
from classroom import assignments, duplicate, hands, progress, services
from classroom.access import account_id, my_assignment
from classroom.forms import JoinForm
from classroom.models import Assignment, AssignmentItem, Classroom
from engine import puzzles as engine_puzzles
from lessons import answering
from lessons.answering import flow
from play.models import Game


@login_required
@require_http_methods(["GET", "POST"])
@limited("join")
def join(request: HtmxHttpRequest) -> HttpResponse:
    """Join a class with the code the teacher gave."""
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return _join(request, form.cleaned_data["code"])
    status = 400 if request.method == "POST" else 200
    return render(request, "classroom/join.html", {"form": form}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@limited("join")
def join_link(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The class's link: say which class it is, and join it on the button."""
    classroom = services.class_for_code(code)
    if classroom is None:
        # An old link (the teacher changed the code) or a mistyped one: say so, and offer
        # the form for the new code, rather than a bare "not found".
        context = {"form": JoinForm(), "stale_link": True}
        return render(request, "classroom/join.html", context, status=404)
    if request.method == "POST":
        return _join(request, classroom)
    return render(request, "classroom/join_link.html", {"classroom": classroom})


def _join(request: HtmxHttpRequest, classroom: Classroom) -> HttpResponse:
    try:
        joined = services.join(classroom, request.user)
    except services.ClassError as error:
        messages.error(request, str(error))
        return redirect("classroom:index")
    if joined:
        messages.success(request, _("You have joined the class %(name)s.") % {"name": classroom})
    else:
        messages.info(request, _("You are already in the class %(name)s.") % {"name": classroom})
    return redirect("classroom:index")


@login_required
def assignment(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """One of the student's assignments: its puzzles (or its lesson) and how far they got."""
    work = my_assignment(request, pk)
    if work.content == Assignment.Content.HANDS:
        return _hands_page(request, work)
    if work.content == Assignment.Content.DUPLICATE:
        return _duplicate_page(request, work)
    student = account_id(request)
    # A generated set's puzzles not opened yet are not made yet: they show their number.
    made = {item.number: item for item in assignments.items_for(work, student)}
    loaded = progress.load([work], [student])
    cell = loaded.cell(work, student)
    states = {state.number: state for state in loaded.item_states(work, student)}
    numbers = range(1, cell.total + 1) if work.content != Assignment.Content.LESSON else ()
    context = {
        "assignment": work,
        "cell": cell,
        "rows": [(number, made.get(number), states.get(number)) for number in numbers],
        "next": _next_number(loaded, work, student),
    }
    return render(request, "classroom/my_assignment.html", context)


def _hands_page(
    request: HtmxHttpRequest, work: Assignment, problem: str = "", status: int = 200
) -> HttpResponse:
    """A "play N hands" assignment as its student sees it: the settings, how many hands are
    finished, each hand (to go on with, or to review) and the button that deals one."""
    student = account_id(request)
    context = {
        "assignment": work,
        "cell": progress.load([work], [student]).cell(work, student),
        "hands": hands.hand_views(work, student),
        "going": hands.unfinished(work, student),
        "level": Game.Level(work.bot_level).label if work.bot_level in Game.Level else "",
        "problem": problem,
    }
    return render(request, "classroom/my_assignment.html", context, status=status)


def _duplicate_page(
    request: HtmxHttpRequest, work: Assignment, problem: str = "", status: int = 200
) -> HttpResponse:
    """A duplicate as its student sees it: the deals in order, the next one to play, and
    for each deal they have finished their result beside the class's, with the deal's key
    decisions in shares; nothing of a deal they have not finished, nor anyone's name."""
    student = account_id(request)
    found = duplicate.standing(
        work, progress.students(work.classroom), decisions=duplicate.finished(work, student)
    )
    mine = found.entry(student)
    context = {
        "assignment": work,
        "cell": progress.load([work], [student]).cell(work, student),
        "entry": mine,
        "deals": [
            (result, found.deals[result.number - 1] if result.finished else None)
            for result in (mine.deals if mine else [])
        ],
        "ranked": len(found.ranked),
        "going": hands.unfinished(work, student),
        "problem": problem,
        "student_id": student,
        "open": duplicate.is_open(work),
    }
    return render(request, "classroom/my_duplicate.html", context, status=status)


@login_required
@require_POST
@limited("play")
@heavy()
def play_hand(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Start a hand of a "play N hands" assignment, dealt with the assignment's settings:
    the form sends none of them, and a request that names one is refused (400)."""
    work = my_assignment(request, pk)
    if work.content == Assignment.Content.DUPLICATE:
        page = partial(_duplicate_page, request, work)
    elif work.content == Assignment.Content.HANDS:
        page = partial(_hands_page, request, work)
    else:
        raise Http404
    if hands.FIXED & set(request.POST):
        problem = _(
            "The assignment sets the table, the bots and the coach: a hand of it cannot be"
            " started with other settings."
        )
        return page(problem=problem, status=400)
    try:
        game = hands.start_hand(request, work)
    except hands.HandsDone as done:
        return page(problem=str(done), status=409)
    return redirect("play:table", pk=game.pk)


@vary_on_headers("HX-Request")
@login_required
@require_http_methods(["GET", "POST"])
@limited("answer")
def item(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """A puzzle of the assignment: answered like any puzzle, checked by the engine."""
    item = _my_item(request, pk, number)
    question = item.puzzle.engine_puzzle()
    draw = partial(_page, request, item, question)
    # The hint is the puzzle's own endpoint (lessons:puzzle_hint), as on the puzzle page.
    url = reverse("classroom:item", args=[item.assignment_id, item.number])
    return flow.answer(
        request,
        item.puzzle,
        question,
        draw,
        url,
        file=lambda attempt: assignments.file_answer(attempt, item),
    )


def _my_item(request: HtmxHttpRequest, pk: int, number: int) -> AssignmentItem:
    """The student's puzzle of this number (made now, in a generated set, at its first
    opening), else 404."""
    work = my_assignment(request, pk)
    row = assignments.item_for(work, account_id(request), number)
    if row is None:
        raise Http404
    row.assignment = work
    return row


def _page(
    request: HtmxHttpRequest,
    item: AssignmentItem,
    question: engine_puzzles.Puzzle,
    shown: flow.Reply,
    status: int,
) -> HttpResponse:
    work = item.assignment
    student = account_id(request)
    loaded = progress.load([work], [student])
    context = answering.page_context(
        question, shown.attempt, shown.line, shown.played, shown.verdict
    )
    context.update(
        item=item,
        assignment=work,
        puzzle=item.puzzle,
        total=loaded.cell(work, student).total,
        next=_next_number(loaded, work, student, after=item.number),
        selection_url=reverse("lessons:puzzle_selection", args=[item.puzzle.slug]),
        error=shown.error,
        hint=answering.hint_used(request, item.puzzle),
        started=answering.started(request, item.puzzle),
        # A move refused and taken back leaves the attempt unrated (answering.refused_move).
        refusal_unrated=True,
    )
    template = "classroom/item.html#item" if request.htmx else "classroom/item.html"
    return render(request, template, context, status=status)


def _next_number(
    loaded: progress.Gradebook, work: Assignment, student_id: int, after: int = 0
) -> int | None:
    """The next puzzle not solved yet (or not made yet), after ``after`` and then from
    the start."""
    solved = {state.number for state in loaded.item_states(work, student_id) if state.solved}
    total = loaded.cell(work, student_id).total
    open_numbers = [n for n in range(1, total + 1) if n not in solved and n != after]
    later = [number for number in open_numbers if number > after]
    found = later or open_numbers
    return found[0] if found else None
