"""The class grid is cached (classroom.progress.grid_version): each change it shows draws it
again at once, and an unchanged class is served without reading the students' work."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Profile
from classroom.models import Assignment
from lessons.models import Lesson, Step, StepProgress
from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory, AssignmentFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def grid(client: Any, world: World) -> str:
    response = client.get(f"/classes/{world.classroom.pk}/")
    assert response.status_code == 200
    html: str = response.content.decode()
    return html[html.index('id="grid-heading"') :]


def test_every_change_the_grid_shows_draws_it_again(world: World) -> None:
    client = logged_in(world.teacher)
    first = grid(client, world)
    assert "0/1" in first and "bea" in first and "In ritardo" not in first
    # A due date passing makes the cell late, with nothing else changed.
    Assignment.objects.filter(pk=world.assignment.pk).update(
        due_at=timezone.now() - timedelta(minutes=1)
    )
    assert "In ritardo" in grid(client, world)
    puzzle = world.assignment.items.get().puzzle
    AnswerFactory(assignment=world.assignment, user=world.student, puzzle=puzzle)
    assert "1/1" in grid(client, world)
    Profile.objects.update_or_create(user=world.student, defaults={"display_name": "Beatrice"})
    assert "Beatrice" in grid(client, world)
    MembershipFactory(classroom=world.classroom)  # a new student
    assert grid(client, world).count("<tr>") == 3  # the heading's row and two students
    Assignment.objects.filter(pk=world.assignment.pk).update(title="Jokers, again")
    assert "Jokers, again" in grid(client, world)


def test_lesson_progress_draws_the_grid_again(world: World) -> None:
    lesson = Lesson.objects.create(
        slug="sets", order=3, title_it="Tris", title_en="Sets", summary_it="…", summary_en="…"
    )
    step = Step.objects.create(lesson=lesson, number=1, kind="explain", text_it="…", text_en="…")
    AssignmentFactory(classroom=world.classroom, content="lesson", lesson=lesson, title="Sets")
    client = logged_in(world.teacher)
    assert "0/1" in grid(client, world).split("Sets")[-1]
    StepProgress.objects.create(user=world.student, step=step, done=True, tries=0)
    assert "1/1" in grid(client, world).split("Sets")[-1]
    # The lesson gains a step (a content reload): the cell counts it.
    Step.objects.create(lesson=lesson, number=2, kind="explain", text_it="…", text_en="…")
    assert "1/2" in grid(client, world).split("Sets")[-1]


def test_an_unchanged_class_is_not_read_again(world: World) -> None:
    client = logged_in(world.teacher)
    grid(client, world)
    with CaptureQueriesContext(connection) as queries:
        grid(client, world)
    assert not any(
        "lessons_attempt" in q["sql"] and "SELECT" in q["sql"] and "COUNT" not in q["sql"]
        for q in queries.captured_queries
    )
