"""Puzzle pages: themes, one puzzle with its board, answering, hints and the next puzzle."""

from __future__ import annotations

from django.db.models import Count, prefetch_related_objects
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest
from burraco_tutor.limits import limited
from engine import puzzles as engine_puzzles
from lessons import quiz, ratings, review, selection, visibility
from lessons.models import Attempt, Puzzle, Theme
from lessons.rulebook import rule_number, theme_title


def puzzle_list(request: HtmxHttpRequest) -> HttpResponse:
    """The themes, rules first, each with how many puzzles practise it."""
    themes = Theme.objects.annotate(count=Count("puzzles")).filter(count__gt=0)
    rows = sorted(
        ((theme.name, theme_title(theme.name), theme.count) for theme in themes),
        key=lambda row: (rule_number(row[0]), row[0]),
    )
    return render(request, "lessons/puzzles.html", {"themes": rows})


def puzzle_next(request: HtmxHttpRequest) -> HttpResponse:
    """The next puzzle for this learner, near their level, on a theme if asked."""
    theme = request.GET.get("theme", "")[:400] or None
    puzzle = selection.next_puzzle(request, theme)
    url = reverse("lessons:puzzle", args=[puzzle.slug])
    return redirect(f"{url}?{urlencode({'theme': theme})}" if theme else url)


@vary_on_headers("HX-Request")
@require_http_methods(["GET", "POST"])
@limited("answer")
def puzzle_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    puzzle = visibility.visible_puzzle(request, slug)
    question = puzzle.engine_puzzle()
    if request.method == "GET":
        quiz.started(request, puzzle)
        attempt = quiz.own_attempt(request, puzzle, request.GET.get("attempt", ""))
        return _page(request, puzzle, question, attempt=attempt)
    try:
        posted = quiz.read_answer(question, request.POST)
    except quiz.AnswerError as error:
        return _page(request, puzzle, question, error=str(error), status=400)
    if posted.verdict is None:
        if posted.played is not None and posted.played.refusal is not None:
            quiz.refused_move(request, puzzle)
        return _page(request, puzzle, question, line=posted.line, played=posted.played)
    # The themes: the review queue's rules, and the badges of the answered page.
    prefetch_related_objects([puzzle], "themes")
    attempt = quiz.record(request, puzzle, posted.answer, posted.verdict)
    if request.htmx:
        return _page(request, puzzle, question, attempt=attempt, verdict=posted.verdict)
    url = reverse("lessons:puzzle", args=[puzzle.slug])
    query = {"attempt": attempt.pk, **_theme_query(request)}
    return redirect(f"{url}?{urlencode(query)}#feedback")


def _rating_change(attempt: Attempt | None) -> str | None:
    """How far a rated answer moved the learner's rating ("+12"), to show with its feedback."""
    points = ratings.change(attempt) if attempt is not None else None
    return None if points is None else ratings.signed(points)


def _theme_query(request: HtmxHttpRequest) -> dict[str, str]:
    """The theme being practised, kept across an answer."""
    theme = request.GET.get("theme", "")[:400]
    return {"theme": theme} if theme else {}


def puzzle_selection(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The cards chosen from the hand so far, drawn: the board's answer to each choice."""
    puzzle = visibility.visible_puzzle(request, slug)
    chosen = quiz.chosen_cards(puzzle.engine_puzzle(), request.GET.getlist("cards"))
    context = {"chosen": chosen, "selection_url": request.path}
    return render(request, "lessons/board.html#selection", context)


@require_POST
def puzzle_hint(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Show the hint: the next attempt at this puzzle will not be rated."""
    puzzle = visibility.visible_puzzle(request, slug)
    quiz.use_hint(request, puzzle)
    if request.htmx:
        return render(request, "lessons/puzzle.html#hint", {"puzzle": puzzle, "hint": True})
    return redirect(reverse("lessons:puzzle", args=[puzzle.slug]) + "#hint")


def _page(
    request: HtmxHttpRequest,
    puzzle: Puzzle,
    question: engine_puzzles.Puzzle,
    *,
    attempt: Attempt | None = None,
    verdict: engine_puzzles.Verdict | None = None,
    line: list[str] | None = None,
    played: engine_puzzles.Line | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    context = quiz.page_context(question, attempt, line or [], played, verdict)
    theme = request.GET.get("theme", "")[:400]
    reviewing = review.reviewing(request, puzzle)
    context.update(
        selection_url=reverse("lessons:puzzle_selection", args=[puzzle.slug]),
        puzzle=puzzle,
        error=error,
        hint=quiz.hint_used(request, puzzle),
        theme=theme,
        answer_url=reverse("lessons:puzzle", args=[puzzle.slug])
        + (f"?{urlencode(_theme_query(request))}" if theme else ""),
        # A review session names its rule and what is left; practice on a theme names it.
        reviewing=reviewing,
        review_title=theme_title(reviewing) if reviewing else "",
        review_left=review.due_count(request) if reviewing else None,
        practising=[] if reviewing else selection.theme_titles(theme),
        rating_change=_rating_change(attempt),
    )
    template = "lessons/puzzle.html#puzzle" if request.htmx else "lessons/puzzle.html"
    return render(request, template, context, status=status)
