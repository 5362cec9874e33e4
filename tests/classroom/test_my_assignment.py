"""/classes/assignments/<id>/: the student's own assignment, its puzzles and how far."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from classroom import assignments
from classroom.assignments import SetSpec, create_assignment
from lessons.models import Lesson
from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory, AssignmentFactory

pytestmark = pytest.mark.django_db


def test_the_assignment_lists_its_puzzles_with_what_the_student_did(world: World) -> None:
    puzzle = world.assignment.items.get().puzzle
    client = logged_in(world.student)
    url = f"/classes/assignments/{world.assignment.pk}/"
    assert "Non ancora provato" in client.get(url).content.decode()
    AnswerFactory(assignment=world.assignment, user=world.student, puzzle=puzzle)
    html = client.get(url).content.decode()
    assert f"/classes/assignments/{world.assignment.pk}/1/" in html
    assert "Esercizi risolti: 1 su 1" in html and "Risolto" in html


def test_a_generated_sets_puzzle_is_made_for_the_student_when_they_open_it(world: World) -> None:
    assignment = create_assignment(
        world.classroom,
        title="Wildcards",
        content="generated",
        due_at=timezone.now() + timedelta(days=2),
        spec=SetSpec("R23", "", 1300, 4, "standard"),
    )
    client = logged_in(world.student)
    page = client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
    # The list names all four; none is made until it is opened (a whole set at
    # once kept the student waiting one to two seconds).
    assert page.count(f'href="/classes/assignments/{assignment.pk}/') == 4 + 1  # and Start
    assert not assignment.items.filter(student=world.student).exists()
    assert client.get(f"/classes/assignments/{assignment.pk}/4/").status_code == 200
    made = assignment.items.filter(student=world.student)
    assert list(made.values_list("number", flat=True)) == [4]
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


def test_opening_a_generated_set_weighs_a_few_candidates_not_the_whole_set(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A student's first opening once made the whole set (90 candidates and more,
    one to two seconds); now the list makes none and a puzzle its own few."""
    assignment = create_assignment(
        world.classroom,
        title="Closing",
        content="generated",
        due_at=timezone.now() + timedelta(days=2),
        spec=SetSpec("R29", "", 1200, 10, "standard"),
    )
    calls: list[str] = []
    real = assignments.from_seed

    def counted(kind: str, *args: Any, **kwargs: Any) -> Any:
        calls.append(kind)
        return real(kind, *args, **kwargs)

    monkeypatch.setattr(assignments, "from_seed", counted)
    client = logged_in(world.student)
    assert client.get(f"/classes/assignments/{assignment.pk}/").status_code == 200
    assert calls == []
    assert client.get(f"/classes/assignments/{assignment.pk}/1/").status_code == 200
    assert 0 < len(calls) <= assignments.SEARCH
