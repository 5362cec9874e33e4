"""Puzzle pages: themes, one puzzle with its board, answering, hints and the next puzzle."""

from __future__ import annotations

import json
import re
from functools import cache, partial

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import get_script_prefix
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest
from burraco_tutor.limits import limited
from burraco_tutor.reversing import reverse
from engine import puzzles as engine_puzzles
from lessons import answering, ratings, review, selection, themes, versioned, visibility
from lessons.answering import flow
from lessons.models import Puzzle
from lessons.rulebook import theme_title

#: A lesson's slug, as content files name them (docs/content.md).
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)


def puzzle_list(request: HtmxHttpRequest) -> HttpResponse:
    """The themes grouped by topic, each with how many puzzles practise it and how many of
    them the learner has solved; ``?kind=`` lists one kind of puzzle only."""
    kind = _kind(request)
    context = {
        "groups": themes.groups(request, kind),
        "kinds": themes.kinds(),
        "kind": kind,
        "kind_query": urlencode({"kind": kind}) if kind else "",
    }
    return render(request, "lessons/puzzles.html", context)


def puzzle_next(request: HtmxHttpRequest) -> HttpResponse:
    """The next puzzle for this learner, near their level, on a theme and of a kind if
    asked."""
    theme = request.GET.get("theme", "")[:400] or None
    puzzle = selection.next_puzzle(request, theme, _kind(request), _lesson(request))
    url = reverse("lessons:puzzle", args=[puzzle.slug])
    query = _practice_query(request)
    return redirect(f"{url}?{urlencode(query)}" if query else url)


def _lesson(request: HtmxHttpRequest) -> str | None:
    """The lesson whose "Practise this" was followed (``?lesson=``), if it reads as a slug;
    anything else (a NUL byte PostgreSQL would refuse, say) is no limit."""
    slug = request.GET.get("lesson", "")
    return slug if SLUG.fullmatch(slug) else None


def _kind(request: HtmxHttpRequest) -> str | None:
    """The kind of puzzle asked for (``?kind=``), if it is one; anything else is no filter."""
    kind = request.GET.get("kind", "")
    return kind if kind in KINDS else None


#: The kinds of puzzle (``Puzzle.Kind.values`` builds its list anew at each call).
KINDS = frozenset(Puzzle.Kind.values)


@vary_on_headers("HX-Request")
@require_http_methods(["GET", "POST"])
@limited("answer")
def puzzle_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    # Content kept in memory (lessons.versioned); the rating the page shows is read again
    # (by record, for an answer kept).
    puzzle, question = visibility.visible_question(request, slug)
    url = reverse("lessons:puzzle", args=[puzzle.slug])
    query = _practice_query(request)
    draw = partial(_page, request, puzzle, question, url, query)
    return flow.answer(request, puzzle, question, draw, url, query=query)


def _rating_change(shown: flow.Reply) -> str | None:
    """How far a rated answer moved the learner's rating ("+12"), to show with its feedback:
    the answer just kept says it, a kept one's history point keeps it."""
    if shown.verdict is not None:
        points = shown.rating_change
    else:
        points = ratings.change(shown.attempt) if shown.attempt is not None else None
    return None if points is None else ratings.signed(points)


def _practice_query(request: HtmxHttpRequest) -> dict[str, str]:
    """The theme, kind and lesson being practised, kept across an answer and to the next
    puzzle."""
    theme, kind, lesson = request.GET.get("theme", "")[:400], _kind(request), _lesson(request)
    return {
        **({"theme": theme} if theme else {}),
        **({"kind": kind} if kind else {}),
        **({"lesson": lesson} if lesson else {}),
    }


def puzzle_selection(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """The cards chosen from the hand so far, drawn: the board's answer to each choice."""
    puzzle = visibility.visible_puzzle(request, slug)
    chosen = answering.chosen_cards(puzzle.engine_puzzle(), request.GET.getlist("cards"))
    return render(request, "lessons/board.html#chosen", {"chosen": chosen})


@require_POST
def puzzle_hint(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Show a puzzle's hint, on whichever page asks it (the puzzle page, an assignment's
    item: the one hint endpoint, lessons.answering.flow.hint); the next attempt at this
    puzzle will not be rated."""
    puzzle = visibility.visible_puzzle(request, slug)
    page = reverse("lessons:puzzle", args=[puzzle.slug])
    context = {"puzzle": puzzle, "hint": True}
    return flow.hint(request, puzzle, page, lambda: render(request, "lessons/hint.html", context))


def _fragment_keys(puzzle: Puzzle, shown: flow.Reply, change: str | None) -> dict[str, str]:
    """What the page's kept parts (its ``{% cache %}`` fragments, in each worker's memory:
    the "fragments" cache) are drawn from, each as one key: the question and its themes
    (the content's version, the puzzle, answered or not), and the feedback on an answer
    (the answer and the verdict kept with it, whether just marked, and the rating change
    shown). The language and the script prefix are in both, as the text and the links
    depend on them. Drawing these took most of an answer's rendering (bench/profile.py
    answer); the rest of the page (the rating, the form with its CSRF token and start time,
    the hint) is drawn each time."""
    where = (versioned.content_version(), puzzle.pk, get_language(), get_script_prefix())
    attempt = shown.attempt
    answered = attempt is not None
    keys = {"prompt_key": json.dumps([*where, answered])}
    if attempt is not None:
        verdict = [attempt.correct, attempt.code, attempt.rule, attempt.verdict]
        keys["feedback_key"] = json.dumps(
            [*where, shown.verdict is not None, attempt.answer, verdict, change],
            sort_keys=True,
            default=str,
        )
    return keys


def _page(
    request: HtmxHttpRequest,
    puzzle: Puzzle,
    question: engine_puzzles.Puzzle,
    answer_url: str,
    query: dict[str, str],
    shown: flow.Reply,
    status: int,
) -> HttpResponse:
    """The page, or for htmx its answer part; ``query``: the practice being kept
    (:func:`_practice_query`)."""
    if shown.verdict is None:
        # The rating the page shows, read again: the row is the content kept in memory.
        puzzle.refresh_from_db(fields=["rating"])
    attempt, error = shown.attempt, shown.error
    context = answering.page_context(question, attempt, shown.line, shown.played, shown.verdict)
    practice = urlencode(query)
    theme, kind = query.get("theme", ""), query.get("kind")
    practising = ", ".join(selection.theme_titles(theme))
    if kind:
        label = themes.kind_label(kind)
        practising = f"{practising} ({label})" if practising else label
    reviewing = review.reviewing(request, puzzle)
    context.update(
        selection_url=reverse("lessons:puzzle_selection", args=[puzzle.slug]),
        puzzle=puzzle,
        error=error,
        hint=answering.hint_used(request, puzzle),
        # The form's signed start time, for a POST made only if the form is drawn (a right
        # answer draws none); a GET's may make an anonymous visitor's session, so is made now.
        started=answering.started(request, puzzle)
        if request.method == "GET"
        else cache(partial(answering.started, request, puzzle)),
        practice_query=practice,
        answer_url=f"{answer_url}?{practice}" if practice else answer_url,
        hint_back=f"{answer_url}?{practice}" if practice else answer_url,
        # A review session names its rule and what is left; practice on a theme names it.
        reviewing=reviewing,
        review_title=theme_title(reviewing) if reviewing else "",
        review_left=review.due_count(request) if reviewing else None,
        practising="" if reviewing else practising,
        rating_change=_rating_change(shown),
        # A move refused and taken back leaves the attempt unrated (answering.refused_move).
        refusal_unrated=True,
    )
    context.update(_fragment_keys(puzzle, shown, context["rating_change"]))
    template = "lessons/puzzle.html#puzzle" if request.htmx else "lessons/puzzle.html"
    return render(request, template, context, status=status)
