"""/classes/<id>/assignments/<id>/edit/ and /delete/: a new title or due date; deleting."""

from __future__ import annotations

import pytest

from classroom.models import Assignment
from lessons.models import Attempt
from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory

pytestmark = pytest.mark.django_db


def url(world: World, action: str) -> str:
    return f"/classes/{world.classroom.pk}/assignments/{world.assignment.pk}/{action}/"


def test_the_title_and_due_date_change_and_the_puzzles_stay(world: World) -> None:
    data = {"title": "For Friday", "due_at": "2031-05-02T18:30"}
    response = logged_in(world.teacher).post(url(world, "edit"), data)
    assert response.status_code == 302
    world.assignment.refresh_from_db()
    assert world.assignment.title == "For Friday"
    assert world.assignment.due_at.isoformat().startswith("2031-05-02T16:30")  # in Rome
    assert world.assignment.items.count() == 1


@pytest.mark.parametrize(
    "data",
    [{"title": "", "due_at": "2031-05-02T18:30"}, {"title": "X", "due_at": "tomorrow"}],
)
def test_a_bad_title_or_date_is_refused_with_400(world: World, data: dict[str, str]) -> None:
    response = logged_in(world.teacher).post(url(world, "edit"), data)
    assert response.status_code == 400
    world.assignment.refresh_from_db()
    assert world.assignment.title.startswith("Homework")


def test_deleting_asks_first_then_keeps_the_students_answers(world: World) -> None:
    AnswerFactory(
        assignment=world.assignment,
        user=world.student,
        puzzle=world.assignment.items.get().puzzle,
    )
    client = logged_in(world.teacher)
    assert "Elimina il compito" in client.get(url(world, "delete")).content.decode()
    response = client.post(url(world, "delete"))
    assert response["Location"] == f"/classes/{world.classroom.pk}/"
    assert not Assignment.objects.filter(pk=world.assignment.pk).exists()
    assert Attempt.objects.filter(user=world.student).count() == 1
