"""/classes/<id>/: the grid of students against assignments, in a fixed number of queries."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from classroom.assignments import SetSpec, create_assignment, make_set
from lessons.models import Lesson, Step, StepProgress
from tests.classroom.conftest import World, logged_in
from tests.factories import (
    AnswerFactory,
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    PuzzleFactory,
)

pytestmark = pytest.mark.django_db


def test_the_grid_shows_each_students_status_on_each_assignment(world: World) -> None:
    puzzle = world.assignment.items.get().puzzle
    AnswerFactory(
        assignment=world.assignment, user=world.student, puzzle=puzzle, correct=True, seconds=90
    )
    html = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/").content.decode()
    assert world.assignment.title in html
    assert "bea" in html
    assert "1/1" in html and "100%" in html
    assert world.other_assignment.title not in html
    assert "dan" not in html
    assert f"/classes/{world.classroom.pk}/students/{world.student.pk}/?assignment=" in html


def test_an_empty_class_says_how_students_join(db: None) -> None:
    classroom = ClassroomFactory()
    html = logged_in(classroom.teacher).get(f"/classes/{classroom.pk}/").content.decode()
    assert classroom.code in html
    assert f"http://testserver/classes/join/{classroom.code}/" in html


def class_of(size: int) -> Any:
    """A class of ``size`` students with a hand-picked, a generated and a lesson
    assignment, each student having answered something."""
    classroom = ClassroomFactory()
    puzzles = [PuzzleFactory(), PuzzleFactory()]
    chosen = AssignmentFactory(classroom=classroom, puzzles=puzzles)
    generated = create_assignment(
        classroom,
        title="Generated",
        content="generated",
        due_at=timezone.now() + timedelta(days=1),
        spec=SetSpec("R23", "attach", 1200, 2, "standard"),
    )
    lesson = Lesson.objects.create(
        slug=f"l{size}", order=size, title_it="L", title_en="L", summary_it="…", summary_en="…"
    )
    step = Step.objects.create(lesson=lesson, number=1, kind="ask", text_it="…", text_en="…")
    AssignmentFactory(classroom=classroom, content="lesson", lesson=lesson)
    for n in range(size):
        student = MembershipFactory(classroom=classroom).student
        AnswerFactory(assignment=chosen, user=student, puzzle=puzzles[n % 2], correct=bool(n % 3))
        if n % 2:
            own = make_set(generated, student.pk)[0].puzzle
            AnswerFactory(assignment=generated, user=student, puzzle=own)
        StepProgress.objects.create(user=student, step=step, done=True, first_try=True, tries=1)
    return classroom


def queries_for_grid(classroom: Any) -> int:
    client = logged_in(classroom.teacher)
    client.get(f"/classes/{classroom.pk}/")  # the session and the like, once
    with CaptureQueriesContext(connection) as context:
        response = client.get(f"/classes/{classroom.pk}/")
    assert response.status_code == 200
    return len(context.captured_queries)


def test_the_grid_takes_as_many_queries_for_thirty_students_as_for_three(
    db: None, django_assert_num_queries: Any, steady_content_version: None
) -> None:
    small, large = class_of(3), class_of(30)
    count = queries_for_grid(small)
    assert queries_for_grid(large) == count
    client = logged_in(large.teacher)
    client.get(f"/classes/{large.pk}/")
    with django_assert_num_queries(count):
        client.get(f"/classes/{large.pk}/")
    assert count <= 12
