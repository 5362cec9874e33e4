"""Keeping an answer: the attempt with the engine's verdict, the ratings and the review it
moves (lessons.tracking), when the page was opened (a signed field of the answer form, so
neither opening a page nor answering writes the session), and what the session remembers
between the page and the answer when there is something to remember (a hint shown, a move
refused and taken back)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.core import signing
from django.db import connection, transaction
from django.db.models import Field, Model
from django.http import HttpRequest

from engine import puzzles as engine_puzzles
from lessons import tracking
from lessons.learners import Learner, learner_filter, session_key, visitor_key
from lessons.models import Attempt, LearnerRating, Puzzle, ReviewCard

MAX_CARDS = 30
MAX_ACTIONS = 40
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
    time the answer (:func:`record`). A form posted back (a wrong answer, a line's next
    move) keeps the time it carried; a page opened anew starts the clock.

    An anonymous visitor who opens a puzzle without a session gets one here, once: their
    answers are then counted as theirs from the first, for the rate limits as for their
    progress (burraco_tutor.limits.by_learner counts a visitor without one by address)."""
    if request.method == "GET" and not request.user.is_authenticated:
        session_key(request)
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
    A rated attempt moves the learner's (and the puzzle's) ratings (lessons.tracking).

    A rated answer by a learner with a rating is five statements in its transaction, on
    SQLite and PostgreSQL alike: one read of all the answer needs to know, which on
    PostgreSQL also locks the puzzle's row (:func:`_read`), the attempt, the learner's rating
    (written only if no other answer moved it meanwhile, lessons.ratings.rate) and its
    point, and the puzzle's play and rating; the review cards are read only when the
    answer reviews some."""
    began = _opened_at(request.POST.get("started", ""), puzzle)
    seconds = round(time.time() - began, 1) if began is not None else None
    # Popped only when there (a pop of a missing key leaves the session unwritten).
    hinted = bool(request.session.pop(f"hint:{puzzle.pk}", False))
    refused = bool(request.session.pop(REFUSED_KEY % puzzle.pk, False))
    owner = Learner.of(request)
    fields = owner.fields()
    visitor = visitor_key(request)
    reviewed = tracking.review_of(request, puzzle, verdict)
    with transaction.atomic(savepoint=False):
        # The puzzle's row locked by the read itself (on PostgreSQL; SQLite's transaction
        # holds the write lock from its start): see _read for the answer it might miss.
        read = _read(puzzle, owner, visitor, reviewed.rules)
        puzzle.rating, puzzle.rating_deviation, puzzle.volatility = read.puzzle
        first = not read.answered
        moved = first and not hinted and not refused and not read.rated_from
        attempt = _insert(
            Attempt(
                **fields,
                puzzle=puzzle,
                answer=dict(answer),
                correct=verdict.correct,
                code=verdict.code,
                rule="" if verdict.correct else (verdict.rule or ""),
                seconds=seconds if seconds is None or 0 <= seconds < 86_400 else None,
                hint_used=hinted,
                rated=first
                and not hinted
                and not refused
                and (moved or fields["user"] is not None),
                verdict=verdict.to_json(),
                visitor=visitor,
            )
        )
        # Ratings and the review queue move in this transaction, under the puzzle's lock.
        rating = tracking.attempt_recorded(
            request,
            puzzle,
            attempt,
            puzzle_moves=moved,
            learner=read.learner,
            reviewed=reviewed if read.cards else reviewed.without_cards(),
        )
        # The play counted, and the puzzle's new rating when it moves: one statement.
        _count_play(
            puzzle,
            None if rating is None else (rating.rating, rating.deviation, rating.volatility),
        )
        return attempt


# The answer's two writes are written out, their SQL made once a process: built by the
# ORM (Model.save, QuerySet.update) each took longer to compile than to run
# (bench/profile.py answer).


@lru_cache(maxsize=8)
def _insert_sql(model: type[Model], vendor: str) -> tuple[str, tuple[Field[Any, Any], ...], bool]:
    """The INSERT of one row of ``model`` (every column but its automatic key), whether
    it returns the new key, and its fields in the statement's order."""
    name = connection.ops.quote_name
    fields = tuple(
        field
        for field in model._meta.concrete_fields
        if isinstance(field, Field) and field is not model._meta.pk
    )
    returns = connection.features.can_return_columns_from_insert
    sql = (
        f"INSERT INTO {name(model._meta.db_table)} "  # nosec B608 - names from the model, values bound
        f"({', '.join(name(str(field.column)) for field in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if returns:
        sql += f" RETURNING {name(str(model._meta.pk.column))}"
    return sql, fields, returns


def _insert(row: Attempt) -> Attempt:
    """Save a new row as ``Model.save`` would (``auto_now_add`` and the fields' own
    conversions to the database), in one written-out statement; no signals are sent
    (nothing listens for an attempt's)."""
    sql, fields, returns = _insert_sql(type(row), connection.vendor)
    params = [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row.pk = cursor.fetchone()[0] if returns else cursor.lastrowid
    row._state.adding, row._state.db = False, connection.alias
    return row


@lru_cache(maxsize=4)
def _play_sql(vendor: str, rated: bool) -> str:
    name = connection.ops.quote_name
    meta = Puzzle._meta
    columns = {field: name(str(meta.get_field(field).column)) for field in _PUZZLE_MOVES}  # type: ignore[union-attr]
    moves = [f"{columns['plays']} = {columns['plays']} + 1"]
    if rated:
        moves += [f"{columns[field]} = %s" for field in _PUZZLE_MOVES[1:]]
    return (
        f"UPDATE {name(meta.db_table)} SET {', '.join(moves)} "  # nosec B608 - names from the model, values bound
        f"WHERE {name(str(meta.pk.column))} = %s"
    )


_PUZZLE_MOVES = ("plays", "rating", "rating_deviation", "volatility")


def _count_play(puzzle: Puzzle, rating: tuple[float, float, float] | None) -> None:
    """One more play of the puzzle, and its new rating, deviation and volatility when it
    moves."""
    params = [*(rating or ()), puzzle.pk]
    with connection.cursor() as cursor:
        cursor.execute(_play_sql(connection.vendor, rating is not None), params)


@dataclass(frozen=True)
class _Read:
    """What an answer needs to know, read with the puzzle's row locked (:func:`_read`)."""

    #: The puzzle's rating, deviation and volatility.
    puzzle: tuple[float, float, float]
    #: This learner answered the puzzle before.
    answered: bool
    #: An answer from this visitor's address moved the puzzle's rating already.
    rated_from: bool
    #: This learner has a review card for one of the rules the answer reviews.
    cards: bool
    #: The learner's rating row as read (not locked), or None before their first rating.
    learner: LearnerRating | None


def _read(puzzle: Puzzle, owner: Learner, visitor: str, rules: Sequence[str]) -> _Read:
    """In one statement that locks the puzzle's row (on SQLite the transaction holds the
    write lock from its start) and sees every answer committed before the lock: the puzzle's
    rating, whether this learner answered it before (``answered``), whether an answer from
    this visitor's address already moved its rating (``rated_from``; for an account, only
    anonymous answers count there, as classmates share a school's address), whether the
    learner has a card for any rule the answer reviews, and the learner's rating row.

    On PostgreSQL the statement locks the row (``FOR UPDATE OF``), and a statement that
    waited for the lock reads the locked row as it is now but every other row as it was when
    the statement began: it would miss the answer of the other tab that held the lock. Every
    answer counts its play under the lock, so the statement also reads the play count as it
    began (a subquery) beside the locked row's: when they differ, another answer came in
    between, and the same read runs again, lock held, seeing it (one more statement, only
    then).

    Written out, and made once a process (:func:`_read_sql`): built by the ORM (three
    correlated EXISTS and a join) it cost more to compile than the queries it replaced took
    to run (bench/profile.py answer), and SQLite's write lock is held meanwhile."""
    by_account = owner.user is not None
    who = owner.user.pk if owner.user is not None else owner.session_key
    sql = _read_sql(connection.vendor, by_account, len(rules))
    locks = connection.features.has_select_for_update
    # The learner's answers, this address's rated ones, the cards, the learner's rating.
    params = [who, visitor, *([who, *rules] if rules else []), who, puzzle.pk]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchone()
        if locks:
            now, then, *found = found
            if now != then:  # another answer held the lock: read again, seeing it
                cursor.execute(sql, params)
                found = cursor.fetchone()[2:]
    rating, deviation, volatility, answered, rated_from, has_cards, *learner = found
    row = None
    if learner[0] is not None:
        row = LearnerRating(**dict(zip(_LEARNER_COLUMNS, learner, strict=True)), **owner.fields())
        row._state.adding, row._state.db = False, connection.alias
    return _Read(
        puzzle=(rating, deviation, volatility),
        answered=bool(answered),
        rated_from=bool(visitor) and bool(rated_from),
        cards=bool(has_cards),
        learner=row,
    )


@lru_cache(maxsize=32)
def _read_sql(vendor: str, by_account: bool, rules: int) -> str:
    """:func:`_read`'s statement, made once a process for each shape: a learner with an
    account or a session, and how many rules the answer reviews. Its parameters, in order:
    the learner, the visitor, the learner and the rules when there are rules, the learner,
    the puzzle."""
    name = connection.ops.quote_name
    attempts, puzzles = name(Attempt._meta.db_table), name(Puzzle._meta.db_table)
    ratings_table, cards_table = (
        name(LearnerRating._meta.db_table),
        name(ReviewCard._meta.db_table),
    )

    def column(model: type[Model], field: str) -> str:
        found = model._meta.get_field(field)
        assert isinstance(found, Field)
        return name(str(found.column))

    def owned(model: type[Model], alias: str) -> str:
        user, key = f"{alias}.{column(model, 'user')}", f"{alias}.{column(model, 'session_key')}"
        return f"{user} = %s" if by_account else f"{user} IS NULL AND {key} = %s"

    pk, of_puzzle = f"p.{column(Puzzle, 'id')}", column(Attempt, "puzzle")
    mine = owned(Attempt, "a")
    anonymous = f" AND b.{column(Attempt, 'user')} IS NULL" if by_account else ""
    rated = owned(LearnerRating, "r")
    if rules:
        marks = ", ".join(["%s"] * rules)
        cards = (
            f"EXISTS(SELECT 1 FROM {cards_table} c WHERE {owned(ReviewCard, 'c')} "  # nosec B608 - names from the models, values bound
            f"AND c.{column(ReviewCard, 'rule')} IN ({marks}))"
        )
    else:
        cards = "0 = 1"
    locks = connection.features.has_select_for_update
    plays = column(Puzzle, "plays")
    # The play count as the statement began, beside the locked row's (see _read).
    began = (
        f"p.{plays}, (SELECT q.{plays} FROM {puzzles} q WHERE q.{column(Puzzle, 'id')} = {pk}), "  # nosec B608 - names from the models
        if locks
        else ""
    )
    return (
        f"SELECT {began}p.rating, p.rating_deviation, p.volatility, "  # nosec B608 - names from the models, values bound
        f"EXISTS(SELECT 1 FROM {attempts} a WHERE a.{of_puzzle} = {pk} AND {mine}), "
        f"EXISTS(SELECT 1 FROM {attempts} b WHERE b.{of_puzzle} = {pk} "
        f"AND b.{column(Attempt, 'visitor')} = %s AND b.{column(Attempt, 'rated')}{anonymous}), "
        f"{cards}, "
        + ", ".join(f"r.{column(LearnerRating, field)}" for field in _LEARNER_COLUMNS)
        + f" FROM {puzzles} p LEFT JOIN {ratings_table} r ON {rated} "
        f"WHERE {pk} = %s" + (" FOR UPDATE OF p" if locks else "")
    )


#: The learner's rating row as :func:`_read` reads it.
_LEARNER_COLUMNS = ("id", "rating", "rating_deviation", "volatility", "games")


#: The session key that marks an attempt in which the engine refused a move (unrated).
REFUSED_KEY = "refused:%s"


def refused_move(request: HttpRequest, puzzle: Puzzle) -> None:
    """A move of the line was refused and taken back: this attempt will not be rated."""
    request.session[REFUSED_KEY % puzzle.pk] = True
