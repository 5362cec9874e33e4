"""Finishing an answer: one service for every page that asks a question (a puzzle, an
assignment's item, a lesson's question step), as Lichess's PuzzleFinisher finishes a
puzzle: lock, read, rate the learner and the puzzle, write, count the play.

:func:`finish` keeps an answer to a puzzle: with the puzzle's row locked, it reads all the
answer needs to know, decides whether the answer is rated, moves the learner's rating and
the puzzle's together (lessons.glicko.play, each from the other's rating before), writes the
attempt with its verdict, the learner's rating and its history point (which keeps the
change the page shows), reviews the rules it tested, files it where the page says (an
assignment) and counts the play, in one transaction. :func:`finish_step` keeps an answer to
a lesson's question step on the learner's progress row. Both return what the page shows.

Two tabs answering at once are applied one after the other: the puzzle's row lock (on
PostgreSQL ``FOR UPDATE``; SQLite's ``BEGIN IMMEDIATE`` holds the write lock from the
transaction's start) orders answers to a puzzle, and the learner's rating is written only
if no other answer moved it since it was read (its ``games``), else read again locked.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from django.db import connection, transaction
from django.db.models import Field, Model
from django.http import HttpRequest
from django.utils import timezone

from engine import puzzles as engine_puzzles
from lessons import glicko, ratings, review, tracking
from lessons.answering.recording import REFUSED_KEY, opened_at
from lessons.learners import Learner, create_or_lock, visitor_key
from lessons.models import (
    Attempt,
    LearnerRating,
    Puzzle,
    RatingHistory,
    ReviewCard,
    Step,
    StepProgress,
)

if TYPE_CHECKING:
    from lessons.tutor import StepResult


@dataclass(frozen=True)
class Finished:
    """An answer kept: its ``attempt``, and how far it moved the learner's rating as the
    page shows it (``rating_change``; None when it moved nothing)."""

    attempt: Attempt
    rating_change: int | None = None


def finish(
    request: HttpRequest,
    puzzle: Puzzle,
    answer: Mapping[str, Any],
    verdict: engine_puzzles.Verdict,
    *,
    file: Callable[[Attempt], object] | None = None,
) -> Finished:
    """Keep an answer to ``puzzle`` with the engine's verdict (pages show it from the row,
    never marking it again); ``file`` is called with the attempt, in the transaction (an
    assignment files the answer under itself).

    Only a learner's first attempt at a puzzle, without a hint or a refused move taken back
    (lessons.answering.refused_move), is rated, and a puzzle's rating moves once per
    visitor: an anonymous answer from an address whose answer at this puzzle was rated
    already (a fresh session, a cleared cookie) is not rated, and an account's first answer
    after an anonymous one from its address moves only the learner. Practice on a theme
    the learner chose (or a review) moves their rating by half as much.

    A rated answer by a learner with a rating is five statements in its transaction, on
    SQLite and PostgreSQL alike: one read of all the answer needs to know, which on
    PostgreSQL also locks the puzzle's row (:func:`_read`), the attempt, the learner's
    rating (written only if no other answer moved it meanwhile) and its point, and the
    puzzle's play and rating; the review cards are read only when the answer reviews some."""
    began = opened_at(request.POST.get("started", ""), puzzle)
    seconds = round(time.time() - began, 1) if began is not None else None
    # Popped only when there (a pop of a missing key leaves the session unwritten).
    hinted = bool(request.session.pop(f"hint:{puzzle.pk}", False))
    refused = bool(request.session.pop(REFUSED_KEY % puzzle.pk, False))
    owner = Learner.of(request)
    visitor = visitor_key(request)
    reviewed = tracking.review_of(request, puzzle, verdict)
    focused = tracking.themed(request, puzzle) or reviewed.reviewing is not None
    # The attempt and its columns made before the transaction, which on SQLite holds the
    # database's write lock from its start: only whether it is rated, and when it was kept,
    # are decided under the lock.
    attempt = Attempt(
        **owner.fields(),
        puzzle=puzzle,
        answer=dict(answer),
        **Attempt.verdict_columns(verdict),
        seconds=seconds if seconds is None or 0 <= seconds < 86_400 else None,
        hint_used=hinted,
        rated=False,
        visitor=visitor,
    )
    columns = _columns(attempt, late=("rated",))
    with transaction.atomic(savepoint=False):
        # The puzzle's row locked by the read itself (on PostgreSQL; SQLite's transaction
        # holds the write lock from its start): see _read for the answer it might miss.
        read = _read(puzzle, owner, visitor, reviewed.rules)
        puzzle.rating, puzzle.rating_deviation, puzzle.volatility = read.puzzle
        counts = not read.answered and not hinted and not refused
        puzzle_moves = counts and not read.rated_from
        attempt.rated = counts and (puzzle_moves or owner.user is not None)
        _insert(attempt, columns)
        change, moved = None, None
        if attempt.rated:
            weight = ratings.THEMED_WEIGHT if focused else 1.0
            change, moved = _rate(owner, attempt, read.learner, ratings.as_rating(puzzle), weight)
        if reviewed.rules and (read.cards or reviewed.makes_cards):
            review.review(owner, reviewed.rules, review.grade(attempt), attempt.created_at)
        if file is not None:
            file(attempt)
        # The play counted, and the puzzle's new rating when it moves: one statement.
        _count_play(puzzle, moved if puzzle_moves else None)
        return Finished(attempt, change)


def _rate(
    owner: Learner,
    attempt: Attempt,
    known: LearnerRating | None,
    puzzle: glicko.Rating,
    weight: float,
) -> tuple[int, glicko.Rating]:
    """Move the learner's rating for a rated attempt at a puzzle rated ``puzzle`` (read
    under the puzzle's lock) and keep the point with its change; returns the change as the
    page shows it and the puzzle's new rating.

    ``known`` is the learner's row as :func:`_read` read it, unlocked: the new rating is
    written only if the row is still as read (its ``games``, which every move counts), else
    (another tab's answer moved it meanwhile) the row is read again, locked, and the answer
    applied to it. Without ``known`` (a first rating) the row is made or read locked."""
    learner = known
    if learner is not None:
        mine, theirs = glicko.play(
            ratings.as_rating(learner), puzzle, attempt.correct, weight=weight
        )
        change = round(mine.rating) - round(learner.rating)
        if not _move_if_unchanged(learner, mine):
            learner = None
    if learner is None:
        learner = ratings.lock(owner)
        mine, theirs = glicko.play(
            ratings.as_rating(learner), puzzle, attempt.correct, weight=weight
        )
        change = round(mine.rating) - round(learner.rating)
        ratings.move(learner, mine)
    _insert(
        RatingHistory(
            learner=learner,
            attempt=attempt,
            rating=mine.rating,
            rating_deviation=mine.deviation,
            puzzle_rating=puzzle.rating,
            puzzle_deviation=puzzle.deviation,
            solved=attempt.correct,
            weight=weight,
            change=change,
            at=attempt.created_at,
        )
    )
    return change, theirs


def _move_if_unchanged(row: LearnerRating, rating: glicko.Rating) -> bool:
    """Write the learner's new rating, if nothing moved it since ``row`` was read (its
    ``games``, which every move counts); False, writing nothing, if something did."""
    written = LearnerRating.objects.filter(pk=row.pk, games=row.games).update(
        rating=rating.rating,
        rating_deviation=rating.deviation,
        volatility=rating.volatility,
        games=row.games + 1,
        updated_at=timezone.now(),
    )
    if written:
        row.rating, row.rating_deviation, row.volatility = (
            rating.rating,
            rating.deviation,
            rating.volatility,
        )
        row.games += 1
    return bool(written)


def step_progress_row(owner: Learner, step: Step) -> StepProgress:
    """The learner's progress row for a step, locked for update; made if missing (two tabs
    answering at once: learners.create_or_lock)."""
    row = StepProgress.objects.select_for_update().filter(owner.rows(), step=step).first()
    return row if row is not None else create_or_lock(StepProgress, owner, {"step": step})


def finish_step(request: HttpRequest, step: Step, result: StepResult) -> StepProgress:
    """Keep an answer to a lesson's question step (``result``: lessons.tutor.StepResult):
    the first try decides the stars; a right answer completes the step. The result is kept
    with the row, for the page to show it after post/redirect/get (lessons.tutor.kept_result).
    A step's answer moves no rating and reviews nothing."""
    correct = result.correct
    with transaction.atomic():
        row = step_progress_row(Learner.of(request), step)
        row.tries += 1
        if row.first_try is None:
            row.first_try = correct
        row.done = row.done or correct
        row.answered = result.to_json()
        row.save(update_fields=["tries", "first_try", "done", "answered", "updated_at"])
        return row


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


#: A column of a new row whose value is worked out as it is written (:func:`_columns`).
_LATE = object()

_RowT = TypeVar("_RowT", bound=Model)


def _columns(row: Model, late: Sequence[str] = ()) -> list[Any]:
    """A new row's values as the database takes them, in :func:`_insert_sql`'s order, for
    :func:`_insert`; the fields named in ``late``, and those that set their own value
    when saved (``auto_now_add``: the moment the row is written), are left to it."""
    _sql, fields, _returns = _insert_sql(type(row), connection.vendor)
    return [
        _LATE
        if field.attname in late
        or getattr(field, "auto_now_add", False)
        or getattr(field, "auto_now", False)
        else field.get_db_prep_save(field.pre_save(row, True), connection)
        for field in fields
    ]


def _insert(row: _RowT, columns: list[Any] | None = None) -> _RowT:
    """Save a new row as ``Model.save`` would (``auto_now_add`` and the fields' own
    conversions to the database), in one written-out statement, its values from
    :func:`_columns` when given (those left there worked out now); no signals are sent
    (nothing listens for an attempt's or a rating point's)."""
    sql, fields, returns = _insert_sql(type(row), connection.vendor)
    if columns is None:
        columns = [_LATE] * len(fields)
    params = [
        field.get_db_prep_save(field.pre_save(row, True), connection) if value is _LATE else value
        for field, value in zip(fields, columns, strict=True)
    ]
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


def _count_play(puzzle: Puzzle, rating: glicko.Rating | None) -> None:
    """One more play of the puzzle, and its new rating, deviation and volatility when it
    moves."""
    moves = () if rating is None else (rating.rating, rating.deviation, rating.volatility)
    params = [*moves, puzzle.pk]
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
        f"AND b.{column(Attempt, 'visitor')} = %s AND b.{column(Attempt, 'rated')} = TRUE"
        f"{anonymous}), "
        f"{cards}, "
        + ", ".join(f"r.{column(LearnerRating, field)}" for field in _LEARNER_COLUMNS)
        + f" FROM {puzzles} p LEFT JOIN {ratings_table} r ON {rated} "
        f"WHERE {pk} = %s" + (" FOR UPDATE OF p" if locks else "")
    )


#: The learner's rating row as :func:`_read` reads it.
_LEARNER_COLUMNS = ("id", "rating", "rating_deviation", "volatility", "games")
