"""/classes/<id>/students/<id>/assignments/<id>/due/: one student gets a later due date."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.models import Assignment, Extension
from classroom.progress import Status, load
from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db


def url(world: World) -> str:
    return (
        f"/classes/{world.classroom.pk}/students/{world.student.pk}"
        f"/assignments/{world.assignment.pk}/due/"
    )


def overdue(world: World) -> None:
    Assignment.objects.filter(pk=world.assignment.pk).update(
        due_at=timezone.now() - timedelta(hours=1)
    )
    world.assignment.refresh_from_db()


def status(world: World) -> Status:
    return (
        load([world.assignment], [world.student.pk]).cell(world.assignment, world.student.pk).status
    )


def test_a_student_with_an_extension_is_not_late_when_the_class_is(world: World) -> None:
    overdue(world)
    assert status(world) == Status.LATE
    grid_url = f"/classes/{world.classroom.pk}/"
    assert "prorogato al" not in logged_in(world.teacher).get(grid_url).content.decode()
    later = timezone.now() + timedelta(days=2)
    response = logged_in(world.teacher).post(
        url(world), {"due_at": timezone.localtime(later).strftime("%Y-%m-%dT%H:%M")}
    )
    assert response.status_code == 302
    assert response["Location"].endswith(f"?assignment={world.assignment.pk}")
    assert Extension.objects.get().student == world.student
    assert status(world) == Status.NOT_STARTED
    page = logged_in(world.teacher).get(response["Location"]).content.decode()
    assert "Scade per questo studente" in page
    grid = logged_in(world.teacher).get(grid_url).content.decode()
    assert "prorogato al" in grid
    mine = logged_in(world.student).get(f"/classes/assignments/{world.assignment.pk}/")
    assert str(timezone.localtime(later).day) in mine.content.decode()


def test_the_extension_can_be_taken_back(world: World) -> None:
    overdue(world)
    Extension.objects.create(
        assignment=world.assignment, student=world.student, due_at=timezone.now() + timedelta(1)
    )
    logged_in(world.teacher).post(url(world), {"clear": "1"})
    assert not Extension.objects.exists()
    assert status(world) == Status.LATE


@pytest.mark.parametrize("data", [{}, {"due_at": "yesterday"}, {"due_at": "2001-01-01T10:00"}])
def test_a_date_that_is_no_later_than_the_class_is_refused_with_a_sentence(
    world: World, data: dict[str, str]
) -> None:
    response = logged_in(world.teacher).post(url(world), data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Extension.objects.exists()


def test_only_the_classs_teacher_may_extend(world: World) -> None:
    later = (timezone.now() + timedelta(days=9)).strftime("%Y-%m-%dT%H:%M")
    for user in (world.other_teacher, world.student):
        assert logged_in(user).post(url(world), {"due_at": later}).status_code == 404
    other = (
        f"/classes/{world.classroom.pk}/students/{world.student.pk}"
        f"/assignments/{world.other_assignment.pk}/due/"
    )
    assert logged_in(world.teacher).post(other, {"due_at": later}).status_code == 404
    assert not Extension.objects.exists()


def test_a_class_date_moved_past_an_extension_takes_the_student_along(world: World) -> None:
    Extension.objects.create(
        assignment=world.assignment,
        student=world.student,
        due_at=world.assignment.due_at + timedelta(days=1),
    )
    later = world.assignment.due_at + timedelta(days=5)
    Assignment.objects.filter(pk=world.assignment.pk).update(due_at=later)
    world.assignment.refresh_from_db()
    cell = load([world.assignment], [world.student.pk]).cell(world.assignment, world.student.pk)
    assert cell.due_at == later and not cell.extended
