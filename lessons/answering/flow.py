"""The post of an answer, as every page that keeps attempts takes it (the puzzle page, an
assignment's item): read and marked, a line of play still going on shown, a refused move
remembered (the attempt will not be rated), and an answer kept, in one transaction with
whatever the page files it under. The page then draws the outcome (htmx) or redirects to
it (post/redirect/get, ``?attempt=``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import prefetch_related_objects
from django.http import HttpRequest

from engine import puzzles as engine_puzzles
from lessons.answering.reading import AnswerError, Posted, line_so_far, read_answer
from lessons.answering.recording import record, refused_move
from lessons.models import Attempt, Puzzle


@dataclass(frozen=True)
class Submitted:
    """What a posted answer came to: an ``error`` (the page answers 400 with it, the moves
    of a line kept), a line of play not over yet (``line``, ``played``), or an ``attempt``
    kept with its ``verdict``."""

    error: str = ""
    line: list[str] = field(default_factory=list)
    played: engine_puzzles.Line | None = None
    attempt: Attempt | None = None
    verdict: engine_puzzles.Verdict | None = None


def submit(
    request: HttpRequest,
    puzzle: Puzzle,
    question: engine_puzzles.Puzzle,
    *,
    file: Callable[[Attempt], object] | None = None,
) -> Submitted:
    """Take a posted answer to ``puzzle``; ``file`` is called with the attempt kept, in its
    transaction (an assignment files the answer under itself)."""
    try:
        posted: Posted = read_answer(question, request.POST)
    except AnswerError as error:
        # A close or pile question keeps the moves played so far.
        line, played = line_so_far(question, request.POST)
        return Submitted(error=str(error), line=line, played=played)
    if posted.verdict is None:
        if posted.played is not None and posted.played.refusal is not None:
            refused_move(request, puzzle)
        return Submitted(line=posted.line, played=posted.played)
    # The themes: the review queue's rules, and the badges of the answered page.
    prefetch_related_objects([puzzle], "themes")
    if file is None:
        attempt = record(request, puzzle, posted.answer, posted.verdict)
    else:
        with transaction.atomic():
            attempt = record(request, puzzle, posted.answer, posted.verdict)
            file(attempt)
    return Submitted(attempt=attempt, verdict=posted.verdict)
