"""What students did with their assignments, read from lessons' own rows.

Puzzle work is the Attempt rows given in the assignment (an AssignmentAnswer files each
answer under the assignment it was given in: the same puzzle answered in another
assignment or in the open library does not count here); lesson work is the StepProgress
rows of the lesson's steps (an explanation counts once read, whenever; a question counts
when answered right since the assignment was set). :func:`load` reads everything a page
needs in a fixed number of queries, whatever the number of students or assignments; the
rest is arithmetic.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection, models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import display_name
from classroom.models import (
    Assignment,
    AssignmentAnswer,
    AssignmentGame,
    AssignmentItem,
    Classroom,
    Extension,
    Membership,
)
from lessons.models import Step, StepProgress
from lessons.versioned import content_version

#: The assignments played at the practice table: hands, and a duplicate's deals.
HAND_CONTENTS = (Assignment.Content.HANDS, Assignment.Content.DUPLICATE)


class Status(models.TextChoices):
    NOT_STARTED = "not_started", _("Not started")
    IN_PROGRESS = "in_progress", _("In progress")
    DONE = "done", _("Done")
    LATE = "late", _("Late")


@dataclass(frozen=True)
class AttemptRow:
    pk: int
    user_id: int
    puzzle_id: int
    answer: Any
    correct: bool
    code: str
    rule: str
    seconds: float | None
    hint_used: bool
    created_at: datetime
    #: The engine's verdict kept with the attempt (lessons.answering.kept_verdict), when the
    #: page draws answers (load's ``verdicts``); None otherwise.
    verdict: Any = None


class ProgressRow(NamedTuple):
    """The fields of a StepProgress row that the class pages read."""

    user_id: int
    step_id: int
    done: bool
    first_try: bool | None
    tries: int
    updated_at: datetime


@dataclass(frozen=True)
class Cell:
    """One student's work on one assignment."""

    status: Status
    #: Puzzles solved, or lesson steps done, out of ``total``.
    done: int
    total: int
    #: Puzzles (or lesson questions) right at the first try, out of ``asked``.
    right_first: int
    asked: int
    #: Seconds spent answering (None for a lesson, whose steps are not timed).
    seconds: float | None
    started: bool
    finished_at: datetime | None
    #: The student's due date: the assignment's, or the extension the teacher gave them.
    due_at: datetime | None = None
    #: The assignment's own due date (to tell an extension).
    assignment_due: datetime | None = None

    @property
    def extended(self) -> bool:
        """The student has a later due date than the class."""
        return self.due_at is not None and self.due_at != self.assignment_due

    @property
    def score(self) -> int | None:
        """The share right at the first try, in percent; None before any work."""
        if not self.started or not self.asked:
            return None
        return round(100 * self.right_first / self.asked)

    @property
    def minutes(self) -> int | None:
        return None if self.seconds is None else round(self.seconds / 60)

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass(frozen=True)
class ItemState:
    """One puzzle of a student's assignment, as far as they got."""

    number: int
    puzzle_id: int
    attempts: tuple[AttemptRow, ...]

    @property
    def solved(self) -> bool:
        return any(row.correct for row in self.attempts)

    @property
    def tried(self) -> bool:
        return bool(self.attempts)

    @property
    def right_first(self) -> bool:
        return bool(self.attempts) and self.attempts[0].correct


class HandRow(NamedTuple):
    """A practice hand started from an assignment, as the class pages read it."""

    game_id: int
    student_id: int
    finished: bool
    score: int | None
    their_score: int | None
    created_at: datetime
    updated_at: datetime
    #: The opponents' level the hand was dealt with (an assignment at the student's level
    #: deals each hand at the student's level then).
    opponents: str = ""

    @property
    def won(self) -> bool | None:
        if self.score is None or self.their_score is None:
            return None
        return self.score > self.their_score


@dataclass
class Gradebook:
    """Everything students did on some assignments, loaded once."""

    assignments: list[Assignment]
    student_ids: list[int]
    #: (assignment id, student id or None for everyone) → [(number, puzzle id)], in order.
    items: dict[tuple[int, int | None], list[tuple[int, int]]]
    #: (assignment id, student id, puzzle id) → the attempts given in that assignment,
    #: oldest first.
    attempts: dict[tuple[int, int, int], list[AttemptRow]]
    #: lesson id → [(step id, kind)], in order.
    steps: dict[int, list[tuple[int, str]]]
    #: (student id, step id) → the progress row.
    progress: dict[tuple[int, int], ProgressRow]
    #: (assignment id, student id) → the student's later due date.
    extensions: dict[tuple[int, int], datetime] = field(default_factory=dict)
    now: datetime = field(default_factory=timezone.now)
    #: (assignment id, student id) → the hands started from a "play N hands" assignment,
    #: oldest first.
    hands: dict[tuple[int, int], list[HandRow]] = field(default_factory=dict)

    # --- one student, one assignment ----------------------------------------------------

    def student_items(self, assignment: Assignment, student_id: int) -> list[tuple[int, int]]:
        if assignment.content == Assignment.Content.PUZZLES:
            return self.items.get((assignment.pk, None), [])
        return self.items.get((assignment.pk, student_id), [])

    def item_states(self, assignment: Assignment, student_id: int) -> list[ItemState]:
        return [
            ItemState(
                number,
                puzzle_id,
                tuple(self.attempts.get((assignment.pk, student_id, puzzle_id), [])),
            )
            for number, puzzle_id in self.student_items(assignment, student_id)
        ]

    def due_for(self, assignment: Assignment, student_id: int) -> datetime:
        """The student's due date: the teacher's extension for them, else the assignment's
        (whichever is later: an assignment moved past an extension takes the student along)."""
        extension = self.extensions.get((assignment.pk, student_id))
        return max(extension, assignment.due_at) if extension else assignment.due_at

    def hand_rows(self, assignment: Assignment, student_id: int) -> list[HandRow]:
        return self.hands.get((assignment.pk, student_id), [])

    def cell(self, assignment: Assignment, student_id: int) -> Cell:
        if assignment.content == Assignment.Content.LESSON:
            return self._lesson_cell(assignment, student_id)
        if assignment.content in HAND_CONTENTS:
            return self._hands_cell(assignment, student_id)
        states = self.item_states(assignment, student_id)
        # A generated set's puzzles are made as they are opened: count them all.
        total = max(len(states), assignment.count)
        solved_at = [
            next(row.created_at for row in state.attempts if row.correct)
            for state in states
            if state.solved
        ]
        finished = max(solved_at) if states and len(solved_at) == total else None
        started = any(state.tried for state in states)
        seconds = sum(row.seconds or 0 for state in states for row in state.attempts)
        return Cell(
            status=self._status(assignment, student_id, started, finished),
            done=len(solved_at),
            total=total,
            right_first=sum(1 for state in states if state.right_first),
            asked=total,
            seconds=seconds,
            started=started,
            finished_at=finished,
            due_at=self.due_for(assignment, student_id),
            assignment_due=assignment.due_at,
        )

    def _lesson_cell(self, assignment: Assignment, student_id: int) -> Cell:
        steps = self.steps.get(assignment.lesson_id or 0, [])
        counted: list[ProgressRow] = []
        asks = right = 0
        started = False
        for step_id, kind in steps:
            row = self.progress.get((student_id, step_id))
            fresh = row is not None and row.updated_at >= assignment.set_at
            started = started or fresh
            if kind == Step.Kind.ASK:
                asks += 1
                if row is not None and row.done and fresh:
                    counted.append(row)
                    right += 1 if row.first_try else 0
            elif row is not None and row.done:
                counted.append(row)
        finished = None
        if steps and len(counted) == len(steps):
            finished = max(row.updated_at for row in counted)
            started = True
        return Cell(
            status=self._status(assignment, student_id, started, finished),
            done=len(counted),
            total=len(steps),
            right_first=right,
            asked=asks,
            seconds=None,
            started=started,
            finished_at=finished,
            due_at=self.due_for(assignment, student_id),
            assignment_due=assignment.due_at,
        )

    def _hands_cell(self, assignment: Assignment, student_id: int) -> Cell:
        """Hands finished of the ``count`` asked; done when the last of them ended (an
        unfinished hand counts as started)."""
        rows = self.hand_rows(assignment, student_id)
        ended = sorted(row.updated_at for row in rows if row.finished)
        total = assignment.count
        finished = ended[total - 1] if total and len(ended) >= total else None
        return Cell(
            status=self._status(assignment, student_id, bool(rows), finished),
            done=min(len(ended), total),
            total=total,
            # No share "right at the first try": a hand is played, not answered.
            right_first=0,
            asked=0,
            seconds=None,
            started=bool(rows),
            finished_at=finished,
            due_at=self.due_for(assignment, student_id),
            assignment_due=assignment.due_at,
        )

    def _status(
        self, assignment: Assignment, student_id: int, started: bool, finished: datetime | None
    ) -> Status:
        """Done when finished by the student's due date; late when it passed first."""
        due = self.due_for(assignment, student_id)
        if finished is not None and finished <= due:
            return Status.DONE
        if finished is not None or self.now > due:
            return Status.LATE
        return Status.IN_PROGRESS if started else Status.NOT_STARTED

    # --- the whole class --------------------------------------------------------------------

    def counted_attempts(self, student_id: int) -> list[tuple[Assignment, int, AttemptRow]]:
        """The student's attempts given in these assignments, with the assignment and the
        item's number they were given in."""
        return [
            (assignment, state.number, row)
            for assignment in sorted(self.assignments, key=lambda a: (a.set_at, a.pk))
            for state in self.item_states(assignment, student_id)
            for row in state.attempts
        ]

    def mistakes(self) -> dict[int, Counter[str]]:
        """Each student's wrong answers by rule id."""
        result: dict[int, Counter[str]] = {}
        for student_id in self.student_ids:
            rules = Counter(
                row.rule
                for _assignment, _number, row in self.counted_attempts(student_id)
                if not row.correct and row.rule
            )
            result[student_id] = rules
        return result

    def wrong_answers(self, assignment: Assignment) -> dict[int, list[AttemptRow]]:
        """The wrong answers to each item (by number) of an assignment, all students."""
        result: dict[int, list[AttemptRow]] = defaultdict(list)
        for student_id in self.student_ids:
            for state in self.item_states(assignment, student_id):
                result[state.number].extend(row for row in state.attempts if not row.correct)
        return dict(result)


def load(
    assignments: Sequence[Assignment], student_ids: Iterable[int], *, verdicts: bool = False
) -> Gradebook:
    """Read the items, attempts, extensions and lesson progress of these students on these
    assignments: five queries, whatever their number. With ``verdicts``, each attempt's
    kept verdict too (for pages that draw answers; the grid only counts them)."""
    assignments = list(assignments)
    students = sorted(set(student_ids))
    ids = [assignment.pk for assignment in assignments]
    items: dict[tuple[int, int | None], list[tuple[int, int]]] = defaultdict(list)
    rows = (
        AssignmentItem.objects.filter(assignment_id__in=ids)
        .filter(Q(student__isnull=True) | Q(student_id__in=students))
        .order_by("number")
        .values_list("assignment_id", "student_id", "number", "puzzle_id")
    )
    for assignment_id, student_id, number, puzzle_id in rows:
        items[(assignment_id, student_id)].append((number, puzzle_id))
    attempts: dict[tuple[int, int, int], list[AttemptRow]] = defaultdict(list)
    found = AssignmentAnswer.objects.filter(
        assignment_id__in=ids, attempt__user_id__in=students
    ).order_by("attempt__created_at", "attempt__pk")
    names = [name for name in AttemptRow.__dataclass_fields__ if verdicts or name != "verdict"]
    for assignment_id, *values in found.values_list(
        "assignment_id", *(f"attempt__{name}" for name in names)
    ):
        row = AttemptRow(**dict(zip(names, values, strict=True)))
        attempts[(assignment_id, row.user_id, row.puzzle_id)].append(row)
    extensions = {
        (assignment_id, student_id): due_at
        for assignment_id, student_id, due_at in Extension.objects.filter(
            assignment_id__in=ids, student_id__in=students
        ).values_list("assignment_id", "student_id", "due_at")
    }
    lesson_ids = {
        a.lesson_id
        for a in assignments
        if a.content == Assignment.Content.LESSON and a.lesson_id is not None
    }
    steps: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for step_id, lesson_id, kind in (
        Step.objects.filter(lesson_id__in=lesson_ids)
        .order_by("number")
        .values_list("pk", "lesson_id", "kind")
    ):
        steps[lesson_id].append((step_id, kind))
    # Plain rows, not model instances: a class of 30 on three lessons is a thousand of them.
    progress = {
        (row.user_id, row.step_id): row
        for row in map(
            ProgressRow._make,
            StepProgress.objects.filter(
                user_id__in=students, step__lesson_id__in=lesson_ids
            ).values_list(*ProgressRow._fields),
        )
    }
    hands: dict[tuple[int, int], list[HandRow]] = defaultdict(list)
    hand_ids = [a.pk for a in assignments if a.content in HAND_CONTENTS]
    if hand_ids:
        for assignment_id, *values in (
            AssignmentGame.objects.filter(assignment_id__in=hand_ids, student_id__in=students)
            .order_by("game__created_at", "game_id")
            .values_list(
                "assignment_id",
                "game_id",
                "student_id",
                "game__finished",
                "game__score",
                "game__their_score",
                "game__created_at",
                "game__updated_at",
                "game__opponents",
            )
        ):
            hand = HandRow(*values)
            hands[(assignment_id, hand.student_id)].append(hand)
    return Gradebook(
        assignments,
        students,
        dict(items),
        dict(attempts),
        dict(steps),
        progress,
        extensions,
        hands=dict(hands),
    )


def answer_key(answer: Any) -> str:
    """An answer in a form where two answers that mean the same are equal (the cards
    chosen in any order)."""
    if isinstance(answer, dict) and isinstance(answer.get("cards"), list):
        answer = {**answer, "cards": sorted(str(card) for card in answer["cards"])}
    return json.dumps(answer, sort_keys=True)


@dataclass(frozen=True)
class Row:
    """A student's assignment with how far they got."""

    assignment: Assignment
    cell: Cell


def my_assignments(user: Any, *, open_only: bool = False) -> list[Row]:
    """The assignments of the student's classes (not archived), soonest due first; with
    ``open_only``, those not finished yet."""
    assignments = list(
        Assignment.objects.filter(
            classroom__memberships__student=user, classroom__archived_at__isnull=True
        )
        .select_related("classroom", "lesson")
        .order_by("due_at", "pk")
    )
    if not assignments:
        return []
    work = load(assignments, [user.pk])
    rows = [Row(assignment, work.cell(assignment, user.pk)) for assignment in assignments]
    if open_only:
        rows = [row for row in rows if not row.cell.finished]
    return rows


@dataclass(frozen=True)
class Student:
    """A student of a class, as the teacher's pages name them."""

    id: int
    name: str
    username: str
    created_by_teacher: bool


def students(classroom: Classroom) -> list[Student]:
    """The class's students, by name (one query)."""
    rows = Membership.objects.filter(classroom=classroom).select_related("student__profile")
    found = [
        Student(
            row.student_id,
            display_name(row.student),
            row.student.get_username(),
            row.created_by_teacher,
        )
        for row in rows
    ]
    return sorted(found, key=lambda student: (student.name.casefold(), student.id))


@dataclass(frozen=True)
class ClassWork:
    """A class's students, assignments and everything they did: the teacher's grid."""

    students: list[Student]
    assignments: list[Assignment]
    work: Gradebook

    def rows(self) -> list[tuple[Student, list[tuple[Assignment, Cell]]]]:
        """Each student with their cell for each assignment, in the assignments' order."""
        return [
            (student, [(a, self.work.cell(a, student.id)) for a in self.assignments])
            for student in self.students
        ]


#: Everything the class grid shows, as rows of text, in one query: the students and their
#: names, the assignments and whether each is past due (and each student's extension), and
#: the count and latest of the
#: students' answers, lesson progress and assignment items. Plain SQL run as is on SQLite
#: and PostgreSQL, every value a parameter: the grid is viewed far more often than it
#: changes, and as five ORM queries this took 2 ms of the page's 6 on SQLite (Django's
#: query compiler, ten times what the database took) and a round trip each on PostgreSQL
#: (bench/profile.py grid, bench/http.py).
_GRID_STATE_SQL = """
    SELECT 'member', CAST(m.student_id AS TEXT), CAST(u.username AS TEXT),
           CAST(p.display_name AS TEXT), NULL, NULL, NULL, NULL, NULL
    FROM classroom_membership m
    JOIN auth_user u ON u.id = m.student_id
    LEFT JOIN accounts_profile p ON p.user_id = m.student_id
    WHERE m.classroom_id = %(classroom)s
    UNION ALL
    SELECT 'assignment', CAST(id AS TEXT), CAST(title AS TEXT), CAST(content AS TEXT),
           CAST(lesson_id AS TEXT), CAST("count" AS TEXT), CAST(rules AS TEXT),
           CAST(set_at AS TEXT), CAST(due_at AS TEXT) || CAST(due_at <= %(now)s AS TEXT)
    FROM classroom_assignment
    WHERE classroom_id = %(classroom)s
    UNION ALL
    SELECT 'extension', CAST(e.assignment_id AS TEXT), CAST(e.student_id AS TEXT),
           CAST(e.due_at AS TEXT) || CAST(e.due_at <= %(now)s AS TEXT),
           NULL, NULL, NULL, NULL, NULL
    FROM classroom_extension e
    JOIN classroom_assignment ea ON ea.id = e.assignment_id
    WHERE ea.classroom_id = %(classroom)s
    UNION ALL
    SELECT 'hands', CAST(COUNT(*) AS TEXT), CAST(SUM(g.version) AS TEXT),
           CAST(MAX(g.updated_at) AS TEXT), NULL, NULL, NULL, NULL, NULL
    FROM classroom_assignmentgame ag
    JOIN play_game g ON g.id = ag.game_id
    JOIN classroom_assignment ga ON ga.id = ag.assignment_id
    WHERE ga.classroom_id = %(classroom)s
    UNION ALL
    SELECT 'work', CAST(a.n AS TEXT), CAST(a.last AS TEXT), CAST(s.n AS TEXT),
           CAST(s.last AS TEXT), CAST(i.n AS TEXT), CAST(i.last AS TEXT), NULL, NULL
    FROM (SELECT COUNT(*) AS n, MAX(id) AS last FROM lessons_attempt
          WHERE user_id IN (SELECT student_id FROM classroom_membership
                            WHERE classroom_id = %(classroom)s)) a,
         (SELECT COUNT(*) AS n, MAX(updated_at) AS last FROM lessons_stepprogress
          WHERE user_id IN (SELECT student_id FROM classroom_membership
                            WHERE classroom_id = %(classroom)s)) s,
         (SELECT COUNT(*) AS n, MAX(item.id) AS last FROM classroom_assignmentitem item
          JOIN classroom_assignment assignment ON assignment.id = item.assignment_id
          WHERE assignment.classroom_id = %(classroom)s) i
    ORDER BY 1, 2
"""


def grid_version(classroom: Classroom) -> str:
    """A digest of everything the class grid shows (_GRID_STATE_SQL, one query). The grid
    is drawn again only when it changes (templates/classroom/class.html caches it by this):
    drawing 30 × 10 cells took 40 ms (bench/profile.py grid)."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(_GRID_STATE_SQL, {"classroom": classroom.pk, "now": now})
        rows = cursor.fetchall()
    # The lessons' steps too: a lesson assignment's cells count them (a content reload).
    state = repr((classroom.name, classroom.archived_at, rows, content_version()))
    return hashlib.sha256(state.encode()).hexdigest()[:32]


def class_work(classroom: Classroom, *, verdicts: bool = False) -> ClassWork:
    """Everything the teacher's class pages show, in a fixed number of queries (with
    ``verdicts``, the attempts' kept verdicts too: load)."""
    found = students(classroom)
    assignments = list(classroom.assignments.select_related("lesson").order_by("due_at", "pk"))
    work = load(assignments, [s.id for s in found], verdicts=verdicts)
    return ClassWork(found, assignments, work)


@dataclass(frozen=True)
class StepTries:
    """How the class did on one question of a lesson, at the first try."""

    number: int
    answered: int
    wrong_first: int


def lesson_tries(work: Gradebook, assignment: Assignment) -> list[StepTries]:
    """For each question of an assigned lesson: how many students answered it since the
    assignment was set, and how many got it wrong at their first try."""
    result = []
    steps = work.steps.get(assignment.lesson_id or 0, [])
    for number, (step_id, kind) in enumerate(steps, start=1):
        if kind != Step.Kind.ASK:
            continue
        rows = [work.progress.get((student_id, step_id)) for student_id in work.student_ids]
        fresh = [
            row
            for row in rows
            if row is not None and row.tries and row.updated_at >= assignment.set_at
        ]
        wrong = sum(1 for row in fresh if row.first_try is False)
        result.append(StepTries(number, len(fresh), wrong))
    return result
