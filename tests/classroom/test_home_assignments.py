"""The home page's "My assignments": a student's unfinished work, nothing for others."""

from __future__ import annotations

import pytest

from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory

pytestmark = pytest.mark.django_db


def test_a_student_sees_their_open_assignments_on_the_home_page(world: World) -> None:
    html = logged_in(world.student).get("/").content.decode()
    assert 'id="my-assignments-heading"' in html
    assert f'href="/classes/assignments/{world.assignment.pk}/"' in html
    assert world.other_assignment.title not in html


def test_a_finished_assignment_leaves_the_home_page(world: World) -> None:
    puzzle = world.assignment.items.get().puzzle
    AnswerFactory(assignment=world.assignment, user=world.student, puzzle=puzzle)
    html = logged_in(world.student).get("/").content.decode()
    assert world.assignment.title not in html


@pytest.mark.parametrize("role", ["anonymous", "teacher"])
def test_nobody_else_sees_the_box(world: World, role: str) -> None:
    user = None if role == "anonymous" else world.teacher
    html = logged_in(user).get("/").content.decode()
    assert "my-assignments-heading" not in html
