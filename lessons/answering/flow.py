"""The one answering flow of every page that asks a question (a puzzle, a lesson's question
step, an assignment's item):

- the page's URL answers GET (the question, and with ``?attempt=<number>`` one of the
  learner's kept answers and its verdict) and POST (an answer, or a line's next move);
- an htmx POST gets the page's answer part back at once; a POST without JavaScript is
  redirected to the page with ``?attempt=<number>#feedback`` (post/redirect/get,
  :func:`posted` for every page, the lesson step's too), which shows the kept answer from
  its row, never marking it again;
- the hint is one endpoint for every page (``lessons:puzzle_hint``, :func:`hint`), whose
  form says which page to come back to without JavaScript (``back``).

:func:`submit` takes a posted answer to a puzzle: read and marked, a line of play still
going on shown, a refused move remembered (the attempt will not be rated), and an answer
kept, in one transaction with whatever the page files it under.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.db.models import prefetch_related_objects
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme, urlencode

from burraco_tutor.http import small_int
from engine import puzzles as engine_puzzles
from lessons.answering.finishing import finish
from lessons.answering.reading import AnswerError, Submission, line_so_far, read_answer
from lessons.answering.recording import own_attempt, refused_move, use_hint
from lessons.models import Attempt, Puzzle

#: The query parameter that names a kept answer after post/redirect/get.
KEPT = "attempt"


def kept_number(request: HttpRequest) -> int | None:
    """The number of the kept answer a GET asks to see (``?attempt=``), if it is one; whose
    it is, each page checks against its own rows (anyone else's is simply not shown)."""
    return small_int(request.GET.get(KEPT, ""), 12)


def answered(url: str, number: int, query: Mapping[str, str] | None = None) -> HttpResponseRedirect:
    """The redirect after an answer posted without JavaScript: the page again, showing the
    kept answer ``number`` (its ``query``, such as a theme practised, kept too)."""
    params = urlencode({KEPT: str(number), **(query or {})})
    return redirect(f"{url}?{params}#feedback")


def back_to(request: HttpRequest, fallback: str) -> str:
    """The page a form without JavaScript comes back to (its ``back`` field), if it is one
    of this site's paths; else ``fallback``."""
    back = request.POST.get("back", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return fallback


@dataclass(frozen=True)
class Reply:
    """What a page shows of an answer: an ``error`` (the page answers 400 with it, the
    moves of a line kept), a line of play not over yet (``line``, ``played``), an
    ``attempt`` kept with its ``verdict`` (just posted), or a kept ``attempt`` alone (a GET
    with ``?attempt=``, its verdict read from its row)."""

    error: str = ""
    line: list[str] = field(default_factory=list)
    played: engine_puzzles.Line | None = None
    attempt: Attempt | None = None
    verdict: engine_puzzles.Verdict | None = None
    #: How far the answer just kept moved the learner's rating (lessons.answering.finishing).
    rating_change: int | None = None


def submit(
    request: HttpRequest,
    puzzle: Puzzle,
    question: engine_puzzles.Puzzle,
    *,
    file: Callable[[Attempt], object] | None = None,
) -> Reply:
    """Take a posted answer to ``puzzle``; ``file`` is called with the attempt kept, in its
    transaction (an assignment files the answer under itself). The puzzle's themes are
    the review queue's rules and the answered page's badges."""
    try:
        posted: Submission = read_answer(question, request.POST)
    except AnswerError as error:
        # A close or pile question keeps the moves played so far.
        line, played = line_so_far(question, request.POST)
        return Reply(error=str(error), line=line, played=played)
    if posted.verdict is None:
        if posted.played is not None and posted.played.refusal is not None:
            refused_move(request, puzzle)
        return Reply(line=posted.line, played=posted.played)
    if "themes" not in getattr(puzzle, "_prefetched_objects_cache", {}):
        prefetch_related_objects([puzzle], "themes")  # a kept puzzle has them
    finished = finish(request, puzzle, posted.answer, posted.verdict, file=file)
    return Reply(
        attempt=finished.attempt, verdict=posted.verdict, rating_change=finished.rating_change
    )


def answer(
    request: HttpRequest,
    puzzle: Puzzle,
    question: engine_puzzles.Puzzle,
    draw: Callable[[Reply, int], HttpResponse],
    url: str,
    *,
    query: Mapping[str, str] | None = None,
    file: Callable[[Attempt], object] | None = None,
) -> HttpResponse:
    """A page that asks ``puzzle``, answered: a GET draws the question (with the kept
    answer ``?attempt=`` names, if it is the learner's); a POST is :func:`submit`-ted and
    drawn, with a 400 for an error, or after an answer kept without JavaScript redirected
    to the page at ``url`` (with ``query``) showing it. ``draw(shown, status)`` draws the
    page or, for htmx, its answer part."""
    if request.method == "GET":
        return draw(Reply(attempt=own_attempt(request, puzzle, kept_number(request))), 200)
    submitted = submit(request, puzzle, question, file=file)
    if submitted.error:
        return draw(submitted, 400)
    kept = submitted.attempt.pk if submitted.attempt is not None else None
    return posted(request, kept, lambda: draw(submitted, 200), url, query)


def posted(
    request: HttpRequest,
    kept: int | None,
    draw: Callable[[], HttpResponse],
    url: str,
    query: Mapping[str, str] | None = None,
) -> HttpResponse:
    """The answer to a POST that was no error, on every page that asks a question: the
    answer part drawn at once for htmx, or when nothing was kept (a line's next move); else
    redirected to the page at ``url`` showing the answer kept as ``kept`` (post/redirect/get,
    :func:`answered`). An error is the page's to draw, with a 400."""
    if kept is None or getattr(request, "htmx", False):
        return draw()
    return answered(url, kept, query)


def hint(
    request: HttpRequest, puzzle: Puzzle, page: str, render: Callable[[], HttpResponse]
) -> HttpResponse:
    """The one hint endpoint's answer: the hint shown (the next attempt at this puzzle is
    not rated), drawn by ``render`` for htmx, else the page it was asked on (``back``,
    falling back to ``page``) at its hint."""
    use_hint(request, puzzle)
    if getattr(request, "htmx", False):
        return render()
    return redirect(back_to(request, page) + "#hint")
