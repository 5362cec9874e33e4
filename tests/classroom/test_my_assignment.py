"""/classes/assignments/<id>/: the student's own assignment, its puzzles and how far."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.assignments import SetSpec, create_assignment
from lessons.models import Lesson
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory, AttemptFactory

pytestmark = pytest.mark.django_db


def test_the_assignment_lists_its_puzzles_with_what_the_student_did(world: World) -> None:
    puzzle = world.assignment.items.get().puzzle
    client = logged_in(world.student)
    url = f"/classes/assignments/{world.assignment.pk}/"
    assert "Non ancora provato" in client.get(url).content.decode()
    AttemptFactory(user=world.student, puzzle=puzzle, correct=True)
    html = client.get(url).content.decode()
    assert f"/classes/assignments/{world.assignment.pk}/1/" in html
    assert "Esercizi risolti: 1 su 1" in html and "Risolto" in html


def test_a_generated_set_is_made_for_the_student_when_they_open_it(world: World) -> None:
    assignment = create_assignment(
        world.classroom,
        title="Wildcards",
        content="generated",
        due_at=timezone.now() + timedelta(days=2),
        spec=SetSpec("R23", "", 1300, 4, "standard"),
    )
    client = logged_in(world.student)
    client.get(f"/classes/assignments/{assignment.pk}/")
    assert assignment.items.filter(student=world.student).count() == 4
    assert client.get(f"/classes/assignments/{assignment.pk}/4/").status_code == 200
    assert client.get(f"/classes/assignments/{assignment.pk}/5/").status_code == 404


def test_a_lesson_assignment_links_to_the_lesson_and_has_no_puzzle_pages(world: World) -> None:
    lesson = Lesson.objects.create(
        slug="sets", order=3, title_it="Tris", title_en="Sets", summary_it="…", summary_en="…"
    )
    assignment = AssignmentFactory(classroom=world.classroom, content="lesson", lesson=lesson)
    client = logged_in(world.student)
    assert (
        'href="/lessons/sets/"'
        in client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
    )
    assert client.get(f"/classes/assignments/{assignment.pk}/1/").status_code == 404


def test_the_classes_page_lists_the_students_assignments_and_no_others(world: World) -> None:
    html = logged_in(world.student).get("/classes/").content.decode()
    assert world.assignment.title in html
    assert world.other_assignment.title not in html
    assert "Tuesday club" in html
