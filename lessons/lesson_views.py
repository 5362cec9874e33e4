"""Lesson pages: the list with stars, a lesson's overview, and one step at a time."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest
from burraco_tutor.limits import limited
from engine.state import Position
from lessons import answering, hands, selection, tutor
from lessons.answering import flow
from lessons.board import board
from lessons.models import Lesson, Step


def lesson_list(request: HtmxHttpRequest) -> HttpResponse:
    rows = tutor.lessons_with_stars(request)
    # Advanced lessons may wait for a second pass: the next core lesson comes first.
    unfinished = [row.lesson for row in rows if row.stars == 0]
    upcoming = next((lesson for lesson in unfinished if not lesson.advanced), None)
    upcoming = upcoming or next(iter(unfinished), None)
    return render(request, "lessons/lessons.html", {"rows": rows, "upcoming": upcoming})


def lesson_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    lesson = get_object_or_404(Lesson, slug=slug)
    rows = tutor.progress(request, lesson)
    steps = [(step, rows.get(step.pk)) for step in lesson.steps.all()]
    resume = next((step for step, row in steps if not (row and row.done)), None)
    context = {
        "lesson": lesson,
        "steps": steps,
        "resume": resume,
        "stars": tutor.stars(lesson, rows),
    }
    return render(request, "lessons/lesson.html", context)


@vary_on_headers("HX-Request")
@require_http_methods(["GET", "POST"])
@limited("answer")
def step_detail(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    step = get_object_or_404(
        Step.objects.select_related("lesson"), lesson__slug=slug, number=number
    )
    if request.method == "GET":
        tutor.mark_seen(request, step)
        return _page(request, step)
    try:
        result = tutor.answer_step(step, request.POST)
    except answering.AnswerError as error:
        return _page(request, step, error=str(error), status=400)
    kept = None if result.pending else answering.finish_step(request, step, result).pk
    url = reverse("lessons:step", args=[slug, number])
    return flow.posted(request, kept, lambda: _page(request, step, result=result), url)


def _page(
    request: HtmxHttpRequest,
    step: Step,
    *,
    result: tutor.StepResult | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    lesson = step.lesson
    total = lesson.steps.count()
    if result is None and request.method == "GET":
        result = tutor.kept_result(request, step, flow.kept_number(request))
    context: dict[str, Any] = {
        "lesson": lesson,
        "step": step,
        "total": total,
        "previous": step.number - 1 if step.number > 1 else None,
        "next": step.number + 1 if step.number < total else None,
        "result": result,
        "error": error,
        "stars": tutor.stars(lesson, tutor.progress(request, lesson))
        if step.number == total
        else 0,
    }
    puzzle = tutor.step_puzzle(step)
    if puzzle is not None:
        if result is not None and result.pending:
            # The turn goes on: draw the moves so far, and no verdict yet.
            context.update(answering.page_context(puzzle, None, result.line or [], result.played))
            context["result"] = None
        else:
            context.update(answering.page_context(puzzle, None, [], None))
        verdict = result.feedback.verdict if result and result.feedback else None
        context.update(hands.turn_context(step.question, verdict))
    elif step.position:
        # No question about the cards: the hand is drawn on the board, as the text speaks of it.
        context["board"] = board(Position.from_json(step.position))
        context["show_own_hand"] = True
    if step.question and "choice" in step.question:
        context["options"] = tutor.choice_options(step)
        context["why"] = _why_wrong(context["options"], result)
    if context["next"] is None:
        # "Practise this" once the lessons so far have asked some kind of puzzle to practise.
        taught = selection.taught_up_to(lesson.slug)
        context["practice"] = taught is not None and bool(taught.kinds)
        following = context["next_lesson"] = lesson.following()
        if following is not None and following.advanced:
            context["next_core_lesson"] = lesson.following(skip_advanced=True)
    template = "lessons/step.html#step" if request.htmx else "lessons/step.html"
    return render(request, template, context, status=status)


def _why_wrong(options: list[tutor.ChoiceOption], result: tutor.StepResult | None) -> str:
    """Why the option the learner chose is wrong, when the content says."""
    if result is None or result.correct or result.chosen is None:
        return ""
    return next((option.why for option in options if option.index == result.chosen), "")
