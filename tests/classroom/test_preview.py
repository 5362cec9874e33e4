"""/classes/<id>/assignments/<id>/preview/<n>/: the teacher sees a puzzle as students see
it, with its answer key, and a student's generated set before the student opens it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.assignments import SetSpec, create_assignment
from classroom.models import Assignment, AssignmentItem
from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db


def url(world: World, number: int = 1, assignment: object = None) -> str:
    pk = getattr(assignment, "pk", world.assignment.pk)
    return f"/classes/{world.classroom.pk}/assignments/{pk}/preview/{number}/"


def jokers(world: World) -> Assignment:
    """A generated set of three attach puzzles on R23, due tomorrow."""
    return create_assignment(
        world.classroom,
        title="Jokers",
        content="generated",
        due_at=timezone.now() + timedelta(days=1),
        spec=SetSpec("R23", "attach", 1300, 3, "standard"),
    )


def test_a_hand_picked_puzzle_shows_its_board_and_its_answer_key(world: World) -> None:
    response = logged_in(world.teacher).get(url(world))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Puoi attaccare" in html and 'class="board"' in html
    assert "Soluzioni" in html
    # The key: the 10♣ goes in with the 7♣ (R23), drawn as cards.
    key = html[html.index('class="answer-key"') : html.index("Suggerimento")]
    assert "10 di fiori" in key and "7 di fiori" in key


def test_a_students_generated_set_can_be_seen_before_they_open_it(world: World) -> None:
    generated = jokers(world)
    assert not AssignmentItem.objects.filter(assignment=generated).exists()
    client = logged_in(world.teacher)
    html = client.get(url(world, 2, generated), {"student": world.student.pk}).content.decode()
    assert "Soluzioni" in html and 'class="board"' in html
    made = AssignmentItem.objects.get(assignment=generated)
    assert (made.student, made.number) == (world.student, 2)
    # The student opening it gets the very puzzle the teacher saw.
    student = logged_in(world.student)
    page = student.get(f"/classes/assignments/{generated.pk}/2/").content.decode()
    assert made.puzzle.prompt_it[:20] in page
    assert AssignmentItem.objects.filter(assignment=generated).count() == 1
    mine = client.get(
        f"/classes/{world.classroom.pk}/students/{world.student.pk}/",
        {"assignment": generated.pk},
    )
    assert f"{url(world, 1, generated)}?student={world.student.pk}" in mine.content.decode()


def test_the_preview_is_the_teachers_own_and_numbers_past_the_end_are_not_found(
    world: World,
) -> None:
    for user in (world.other_teacher, world.student):
        assert logged_in(user).get(url(world)).status_code == 404
    assert logged_in(world.teacher).get(url(world, 2)).status_code == 404
    other = f"/classes/{world.classroom.pk}/assignments/{world.other_assignment.pk}/preview/1/"
    assert logged_in(world.teacher).get(other).status_code == 404


def test_the_assignment_page_links_to_the_preview(world: World) -> None:
    page = f"/classes/{world.classroom.pk}/assignments/{world.assignment.pk}/"
    assert url(world) in logged_in(world.teacher).get(page).content.decode()


def test_a_generated_set_in_a_class_without_students_says_there_is_nothing_to_show(
    world: World,
) -> None:
    world.classroom.memberships.all().delete()
    generated = jokers(world)
    response = logged_in(world.teacher).get(url(world, 1, generated))
    assert response.status_code == 200
    assert "La classe non ha ancora studenti" in response.content.decode()
    assert not AssignmentItem.objects.filter(assignment=generated).exists()


def test_the_preview_and_the_edit_page_lead_back_to_the_classes_like_the_others(
    world: World,
) -> None:
    edit = f"/classes/{world.classroom.pk}/assignments/{world.assignment.pk}/edit/"
    for page in (url(world), edit):
        html = logged_in(world.teacher).get(page).content.decode()
        crumbs = html[html.index('class="breadcrumb"') : html.index("</ol>")]
        assert 'href="/classes/">Classi</a>' in crumbs
