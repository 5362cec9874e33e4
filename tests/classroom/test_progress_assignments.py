"""/progress/: a student's assignments in brief (lessons/ includes the classroom's piece by
template name, never importing classroom/)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory, AssignmentFactory

pytestmark = pytest.mark.django_db


def test_a_student_sees_what_is_to_do_overdue_and_done_on_their_progress_page(
    world: World,
) -> None:
    overdue = AssignmentFactory(
        classroom=world.classroom, title="Ripasso", due_at=timezone.now() - timedelta(hours=2)
    )
    done = AssignmentFactory(classroom=world.classroom, title="Finito")
    AnswerFactory(assignment=done, user=world.student, puzzle=done.items.get().puzzle)
    html = logged_in(world.student).get("/progress/").content.decode()
    assert "I miei compiti" in html
    assert "2 da fare" in html and "1 in ritardo" in html and "1 fatto" in html
    assert f"/classes/assignments/{overdue.pk}/" in html
    assert f"/classes/assignments/{world.assignment.pk}/" in html
    assert f"/classes/assignments/{done.pk}/" not in html
    assert world.other_assignment.title not in html


def test_a_learner_without_a_class_sees_no_assignments(world: World) -> None:
    html = logged_in(world.teacher).get("/progress/").content.decode()
    assert "assignment-summary" not in html
    assert "assignment-summary" not in logged_in(None).get("/progress/").content.decode()
