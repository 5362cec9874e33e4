"""Keeping an answer: the attempt with the engine's verdict, the ratings and the review it
moves (lessons.tracking), when the page was opened (a signed field of the answer form, so
neither opening a page nor answering writes the session), and what the session remembers
between the page and the answer when there is something to remember (a hint shown, a move
refused and taken back)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from django.core import signing
from django.db import connection, transaction
from django.db.models import F
from django.http import HttpRequest

from engine import puzzles as engine_puzzles
from lessons import tracking
from lessons.learners import learner_fields, learner_filter, visitor_key
from lessons.models import Attempt, Puzzle

MAX_CARDS = 30
MAX_ACTIONS = 40
MAX_TEXT = 200
KIND = engine_puzzles.Kind


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
    time the answer (:func:`record`). A form posted back (a wrong answer, a line's next
    move) keeps the time it carried; a page opened anew starts the clock."""
    posted = request.POST.get("started", "") if request.method == "POST" else ""
    if _opened_at(posted, puzzle) is not None:
        return posted
    return signing.dumps([puzzle.pk, round(time.time(), 1)], salt=STARTED_SALT)


def _opened_at(token: str, puzzle: Puzzle) -> float | None:
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


def record(
    request: HttpRequest, puzzle: Puzzle, answer: Mapping[str, Any], verdict: engine_puzzles.Verdict
) -> Attempt:
    """Keep the attempt, with the engine's verdict (pages show it from the row, never marking
    it again). Only a learner's first attempt at a puzzle, without a hint or a refused move
    taken back (:func:`refused_move`), is rated, and a puzzle's rating moves once per
    visitor: an anonymous answer from an address whose answer at this puzzle was rated
    already (a fresh session, a cleared cookie) is not rated, and an account's first answer
    after an anonymous one from its address moves only the learner.
    The row lock on the puzzle makes two tabs answering at once agree on which.
    A rated attempt moves the learner's (and the puzzle's) ratings (lessons.tracking)."""
    began = _opened_at(request.POST.get("started", ""), puzzle)
    seconds = round(time.time() - began, 1) if began is not None else None
    # Popped only when there (a pop of a missing key leaves the session unwritten).
    hinted = bool(request.session.pop(f"hint:{puzzle.pk}", False))
    refused = bool(request.session.pop(REFUSED_KEY % puzzle.pk, False))
    fields = learner_fields(request)
    visitor = visitor_key(request)
    with transaction.atomic():
        # The play counted takes the puzzle's lock; then, in one query that sees every
        # answer committed before it, the puzzle's rating and the earlier answers.
        Puzzle.objects.filter(pk=puzzle.pk).update(plays=F("plays") + 1)
        row = _earlier(puzzle, fields, visitor)
        puzzle.rating, puzzle.rating_deviation, puzzle.volatility = (
            row["rating"],
            row["rating_deviation"],
            row["volatility"],
        )
        first = not row["answered"]
        moved = first and not hinted and not refused and not row["rated_from"]
        attempt = Attempt.objects.create(
            **fields,
            puzzle=puzzle,
            answer=dict(answer),
            correct=verdict.correct,
            code=verdict.code,
            rule="" if verdict.correct else (verdict.rule or ""),
            seconds=seconds if seconds is None or 0 <= seconds < 86_400 else None,
            hint_used=hinted,
            rated=first and not hinted and not refused and (moved or fields["user"] is not None),
            verdict=verdict.to_json(),
            visitor=visitor,
        )
        # Ratings and the review queue move in this transaction, under the puzzle's lock.
        rating = tracking.attempt_recorded(request, puzzle, attempt, puzzle_moves=moved)
        if rating is not None:
            Puzzle.objects.filter(pk=puzzle.pk).update(
                rating=rating.rating,
                rating_deviation=rating.deviation,
                volatility=rating.volatility,
            )
        return attempt


def _earlier(puzzle: Puzzle, fields: Mapping[str, Any], visitor: str) -> dict[str, Any]:
    """The puzzle's rating (its row locked by the caller), whether this learner answered it
    before (``answered``: the rows lessons.learners.owner_filter names) and whether an
    answer from this visitor's address already moved its rating (``rated_from``). For an
    account, only anonymous answers count there (classmates share a school's address).

    One statement, written out: built by the ORM (two correlated EXISTS) it cost more to
    compile than the two queries it replaced took to run (bench/profile.py answer)."""
    name = connection.ops.quote_name
    attempts, puzzles = name(Attempt._meta.db_table), name(Puzzle._meta.db_table)
    column = {f: name(Attempt._meta.get_field(f).column) for f in _ATTEMPT_FIELDS}
    user = fields["user"]
    if user is not None:
        owner, owner_params = f"{column['user']} = %s", [user.pk]
        anonymous = f" AND {column['user']} IS NULL"
    else:
        owner = f"{column['user']} IS NULL AND {column['session_key']} = %s"
        owner_params, anonymous = [fields["session_key"]], ""
    sql = (
        "SELECT rating, rating_deviation, volatility, "  # nosec B608 - names from the models, values bound
        f"EXISTS(SELECT 1 FROM {attempts} WHERE {column['puzzle']} = %s AND {owner}), "
        f"EXISTS(SELECT 1 FROM {attempts} WHERE {column['puzzle']} = %s "
        f"AND {column['visitor']} = %s AND {column['rated']}{anonymous}) "
        f"FROM {puzzles} WHERE {name(Puzzle._meta.pk.column)} = %s"
    )
    params = [puzzle.pk, *owner_params, puzzle.pk, visitor, puzzle.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rating, deviation, volatility, answered, rated_from = cursor.fetchone()
    return {
        "rating": rating,
        "rating_deviation": deviation,
        "volatility": volatility,
        "answered": bool(answered),
        "rated_from": bool(visitor) and bool(rated_from),
    }


_ATTEMPT_FIELDS = ("user", "session_key", "puzzle", "visitor", "rated")


#: The session key that marks an attempt in which the engine refused a move (unrated).
REFUSED_KEY = "refused:%s"


def refused_move(request: HttpRequest, puzzle: Puzzle) -> None:
    """A move of the line was refused and taken back: this attempt will not be rated."""
    request.session[REFUSED_KEY % puzzle.pk] = True
