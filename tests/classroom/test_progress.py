"""classroom.progress: each student's status, score and time on an assignment, from the
attempts and lesson steps made after it was set."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from classroom.models import Assignment, AssignmentItem
from classroom.progress import Status, load
from lessons.models import Attempt, Lesson, Step, StepProgress
from tests.factories import (
    AnswerFactory,
    AssignmentFactory,
    AttemptFactory,
    MembershipFactory,
    PuzzleFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def answer(
    user: Any,
    puzzle: Any,
    correct: bool,
    minutes_ago: float,
    seconds: float = 30,
    given_in: Assignment | None = None,
    library: bool = False,
) -> None:
    """An answer given ``minutes_ago`` in ``given_in`` (by default the one assignment that
    holds the puzzle), or with ``library`` on the puzzle's own page."""
    if library:
        factory, where = AttemptFactory, {}
    else:
        found = given_in or AssignmentItem.objects.get(puzzle=puzzle).assignment
        factory, where = AnswerFactory, {"assignment": found}
    attempt = factory(
        **where,
        user=user,
        puzzle=puzzle,
        correct=correct,
        code="correct" if correct else "bound_wildcard",
        rule="" if correct else "R23",
        seconds=seconds,
    )
    at = timezone.now() - timedelta(minutes=minutes_ago)
    Attempt.objects.filter(pk=attempt.pk).update(created_at=at)


@pytest.fixture
def setting() -> tuple[Assignment, Any, list[Any]]:
    """Two puzzles set 60 minutes ago, due in a day, and a student of the class."""
    puzzles = [PuzzleFactory(), PuzzleFactory()]
    assignment = AssignmentFactory(
        puzzles=puzzles,
        set_at=timezone.now() - timedelta(minutes=60),
        due_at=timezone.now() + timedelta(days=1),
    )
    student = MembershipFactory(classroom=assignment.classroom).student
    return assignment, student, puzzles


def cell(assignment: Assignment, student: Any) -> Any:
    assignment.refresh_from_db()
    return load([assignment], [student.pk]).cell(assignment, student.pk)


def test_a_student_who_has_not_answered_has_not_started(setting: Any) -> None:
    assignment, student, _ = setting
    result = cell(assignment, student)
    assert (result.status, result.done, result.total, result.score) == (
        Status.NOT_STARTED,
        0,
        2,
        None,
    )


def test_answers_in_the_open_library_do_not_count_before_or_after_it_was_set(
    setting: Any,
) -> None:
    assignment, student, puzzles = setting
    answer(student, puzzles[0], True, minutes_ago=90, library=True)
    answer(student, puzzles[1], True, minutes_ago=5, library=True)
    assert cell(assignment, student).status == Status.NOT_STARTED


def test_an_answer_counts_for_the_assignment_it_was_given_in_and_no_other(setting: Any) -> None:
    homework, student, puzzles = setting
    review = AssignmentFactory(
        classroom=homework.classroom,
        puzzles=[puzzles[0], PuzzleFactory(), PuzzleFactory()],
        title="Ripasso",
        set_at=timezone.now() - timedelta(minutes=60),
        due_at=timezone.now() - timedelta(minutes=1),
    )
    answer(student, puzzles[0], False, minutes_ago=30, given_in=homework)
    answer(student, puzzles[0], True, minutes_ago=20, given_in=homework)
    work = load([homework, review], [student.pk])
    assert (work.cell(homework, student.pk).done, work.cell(review, student.pk).done) == (1, 0)
    late = work.cell(review, student.pk)
    assert (late.status, late.started) == (Status.LATE, False)
    assert not any(work.wrong_answers(review).values())
    assert len(work.wrong_answers(homework)[1]) == 1
    filed = [(a.title, number) for a, number, _row in work.counted_attempts(student.pk)]
    assert filed == [(homework.title, 1), (homework.title, 1)]


def test_one_puzzle_solved_of_two_is_in_progress_with_its_score_and_time(
    setting: Any,
) -> None:
    assignment, student, puzzles = setting
    answer(student, puzzles[0], False, minutes_ago=30, seconds=50)
    answer(student, puzzles[0], True, minutes_ago=29, seconds=40)
    answer(student, puzzles[1], False, minutes_ago=28, seconds=30)
    result = cell(assignment, student)
    assert result.status == Status.IN_PROGRESS
    assert (result.done, result.total) == (1, 2)
    assert result.score == 0  # neither right at the first try
    assert result.seconds == 120 and result.minutes == 2


def test_every_puzzle_solved_before_the_due_date_is_done(setting: Any) -> None:
    assignment, student, puzzles = setting
    answer(student, puzzles[0], True, minutes_ago=30)
    answer(student, puzzles[1], False, minutes_ago=20)
    answer(student, puzzles[1], True, minutes_ago=10)
    result = cell(assignment, student)
    assert result.status == Status.DONE
    assert result.score == 50
    assert result.finished_at is not None


def test_unfinished_work_past_the_due_date_is_late(setting: Any) -> None:
    assignment, student, puzzles = setting
    answer(student, puzzles[0], True, minutes_ago=30)
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() - timedelta(minutes=5))
    assert cell(assignment, student).status == Status.LATE


def test_work_not_even_started_by_the_due_date_is_late(setting: Any) -> None:
    assignment, student, _ = setting
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() - timedelta(minutes=5))
    assert cell(assignment, student).status == Status.LATE


def test_work_finished_after_the_due_date_stays_late_and_says_when(setting: Any) -> None:
    assignment, student, puzzles = setting
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=timezone.now() - timedelta(minutes=15)
    )
    answer(student, puzzles[0], True, minutes_ago=20)
    answer(student, puzzles[1], True, minutes_ago=5)
    result = cell(assignment, student)
    assert result.status == Status.LATE
    assert result.finished and result.done == 2


def test_another_students_answers_are_not_mine(setting: Any) -> None:
    assignment, student, puzzles = setting
    answer(UserFactory(), puzzles[0], True, minutes_ago=5)
    assert cell(assignment, student).status == Status.NOT_STARTED


def test_a_lesson_is_done_when_its_steps_are_and_its_questions_answered_since_it_was_set() -> None:
    lesson = Lesson.objects.create(
        slug="sets", order=3, title_it="Tris", title_en="Sets", summary_it="…", summary_en="…"
    )
    explain = Step.objects.create(lesson=lesson, number=1, kind="explain", text_it="…", text_en="…")
    ask = Step.objects.create(lesson=lesson, number=2, kind="ask", text_it="…", text_en="…")
    assignment = AssignmentFactory(
        content="lesson", lesson=lesson, set_at=timezone.now() - timedelta(minutes=60)
    )
    student = MembershipFactory(classroom=assignment.classroom).student
    # The explanation was read last week: it counts. The question was answered last week
    # too: it must be answered again.
    long_ago = timezone.now() - timedelta(days=7)
    StepProgress.objects.create(user=student, step=explain, done=True)
    StepProgress.objects.create(user=student, step=ask, done=True, first_try=True, tries=1)
    StepProgress.objects.update(updated_at=long_ago)
    result = cell(assignment, student)
    assert (result.status, result.done, result.total) == (Status.NOT_STARTED, 1, 2)
    StepProgress.objects.filter(step=ask).update(updated_at=timezone.now(), tries=2)
    result = cell(assignment, student)
    assert (result.status, result.done, result.score, result.seconds) == (
        Status.DONE,
        2,
        100,
        None,
    )


def test_a_lesson_set_twice_counts_an_answer_for_each_assignment_set_before_it() -> None:
    # The chosen reading (docs/classroom.md): a lesson is taken on its own pages, with one
    # progress row per step, so an answer belongs to every assignment of that lesson set
    # before it. Between the two, it counts for the first only; the second asks again.
    lesson = Lesson.objects.create(
        slug="sets", order=3, title_it="Tris", title_en="Sets", summary_it="…", summary_en="…"
    )
    ask = Step.objects.create(lesson=lesson, number=1, kind="ask", text_it="…", text_en="…")
    first = AssignmentFactory(
        content="lesson", lesson=lesson, set_at=timezone.now() - timedelta(days=3)
    )
    again = AssignmentFactory(
        classroom=first.classroom,
        content="lesson",
        lesson=lesson,
        set_at=timezone.now() - timedelta(hours=1),
    )
    student = MembershipFactory(classroom=first.classroom).student
    StepProgress.objects.create(user=student, step=ask, done=True, first_try=True, tries=1)
    StepProgress.objects.update(updated_at=timezone.now() - timedelta(days=1))
    assert (cell(first, student).status, cell(again, student).status) == (
        Status.DONE,
        Status.NOT_STARTED,
    )
    StepProgress.objects.update(updated_at=timezone.now(), tries=2)
    assert (cell(first, student).status, cell(again, student).status) == (
        Status.DONE,
        Status.DONE,
    )
