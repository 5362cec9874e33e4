"""What an answer carries besides its fields: when the page was opened (a signed field of
the answer form, so neither opening a page nor answering writes the session), and what the
session remembers between the page and the answer when there is something to remember (a
hint shown, a move refused and taken back); and a kept answer named again after
post/redirect/get. The attempt itself is kept by lessons.answering.finishing."""

from __future__ import annotations

import time

from django.core import signing
from django.http import HttpRequest

from lessons.learners import learner_filter, session_key
from lessons.models import Attempt, Puzzle

MAX_TEXT = 200


def own_attempt(request: HttpRequest, puzzle: Puzzle, number: int | None) -> Attempt | None:
    """One of this learner's attempts at this puzzle, named by ``?attempt=`` after an answer
    posted without JavaScript (lessons.answering.flow); anyone else's, or no number, is
    simply not shown."""
    if number is None:
        return None
    return Attempt.objects.filter(learner_filter(request), puzzle=puzzle, pk=number).first()


#: The salt of the answer form's ``started`` field (:func:`started`).
STARTED_SALT = "lessons.answering.started"


def started(request: HttpRequest, puzzle: Puzzle) -> str:
    """The answer form's ``started`` field: when the learner opened the puzzle, signed, to
    time the answer (lessons.answering.finish). A form posted back (a wrong answer, a line's next
    move) keeps the time it carried; a page opened anew starts the clock.

    An anonymous visitor who opens a puzzle without a session gets one here, once: their
    answers are then counted as theirs from the first, for the rate limits as for their
    progress (burraco_tutor.limits.by_learner counts a visitor without one by address)."""
    if request.method == "GET" and not request.user.is_authenticated:
        session_key(request)
    posted = request.POST.get("started", "") if request.method == "POST" else ""
    if opened_at(posted, puzzle) is not None:
        return posted
    return signing.dumps([puzzle.pk, round(time.time(), 1)], salt=STARTED_SALT)


def opened_at(token: str, puzzle: Puzzle) -> float | None:
    """The time a ``started`` field names for this puzzle; None for anything else."""
    if not token or len(token) > MAX_TEXT:
        return None
    try:
        pk, at = signing.loads(token, salt=STARTED_SALT)
    except (signing.BadSignature, TypeError, ValueError):
        return None
    return float(at) if pk == puzzle.pk and isinstance(at, int | float) else None


def hint_used(request: HttpRequest, puzzle: Puzzle) -> bool:
    return bool(request.session.get(f"hint:{puzzle.pk}"))


def use_hint(request: HttpRequest, puzzle: Puzzle) -> None:
    """Show the hint; the next attempt at this puzzle is then not rated."""
    request.session[f"hint:{puzzle.pk}"] = True


#: The session key that marks an attempt in which the engine refused a move (unrated).
REFUSED_KEY = "refused:%s"


def refused_move(request: HttpRequest, puzzle: Puzzle) -> None:
    """A move of the line was refused and taken back: this attempt will not be rated."""
    request.session[REFUSED_KEY % puzzle.pk] = True
