"""A library puzzle's page (/puzzles/<id>/) lets a teacher set it in a class: added to one
of their hand-picked assignments, or chosen in a new assignment's form."""

from __future__ import annotations

import pytest

from classroom.models import AssignmentItem
from tests.classroom.conftest import World, logged_in
from tests.factories import ClassroomFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def set_url(puzzle: object) -> str:
    return f"/classes/set-puzzle/{puzzle.pk}/"  # type: ignore[attr-defined]


def test_a_teacher_sees_where_the_puzzle_can_be_set_and_a_learner_sees_nothing(
    world: World,
) -> None:
    puzzle = PuzzleFactory()
    ClassroomFactory(teacher=world.teacher, name="Strict club", rules="strict")
    html = logged_in(world.teacher).get(f"/puzzles/{puzzle.slug}/").content.decode()
    assert "Assegna questo esercizio a una classe" in html
    assert f'value="add-{world.assignment.pk}"' in html
    assert f'value="new-{world.classroom.pk}"' in html
    assert "Strict club" not in html  # the puzzle is written for the standard rules
    learner = logged_in(world.student).get(f"/puzzles/{puzzle.slug}/").content.decode()
    assert "set-in-class" not in learner


def test_the_puzzle_is_added_after_the_assignments_others(world: World) -> None:
    puzzle = PuzzleFactory()
    response = logged_in(world.teacher).post(
        set_url(puzzle), {"target": f"add-{world.assignment.pk}"}
    )
    assert (
        response["Location"] == f"/classes/{world.classroom.pk}/assignments/{world.assignment.pk}/"
    )
    added = AssignmentItem.objects.get(assignment=world.assignment, puzzle=puzzle)
    world.assignment.refresh_from_db()
    assert (added.number, world.assignment.count) == (2, 2)
    # Already there: no longer offered for that assignment.
    html = logged_in(world.teacher).get(f"/puzzles/{puzzle.slug}/").content.decode()
    assert f'value="add-{world.assignment.pk}"' not in html


def test_a_new_assignment_opens_its_form_with_the_puzzle_chosen(world: World) -> None:
    puzzle = PuzzleFactory()
    client = logged_in(world.teacher)
    response = client.post(set_url(puzzle), {"target": f"new-{world.classroom.pk}"})
    location = response["Location"]
    assert location.startswith(f"/classes/{world.classroom.pk}/assignments/new/?")
    form = client.get(location).content.decode()
    assert f'value="{puzzle.pk}" id="puzzle-{puzzle.pk}" checked>' in form


@pytest.mark.parametrize("target", ["", "add-999999", "new-999999", "add-other", "nonsense"])
def test_a_choice_that_is_not_the_teachers_is_refused_with_a_sentence(
    world: World, target: str
) -> None:
    puzzle = PuzzleFactory()
    if target == "add-other":
        target = f"add-{world.other_assignment.pk}"
    response = logged_in(world.teacher).post(set_url(puzzle), {"target": target})
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not AssignmentItem.objects.filter(puzzle=puzzle).exists()


def test_another_teachers_library_puzzle_cannot_be_set(world: World) -> None:
    puzzle = world.other_library.puzzle
    response = logged_in(world.teacher).post(
        set_url(puzzle), {"target": f"add-{world.assignment.pk}"}
    )
    assert response.status_code == 400
    assert not AssignmentItem.objects.filter(puzzle=puzzle).exists()


def test_only_teachers_may_set_puzzles(world: World) -> None:
    puzzle = PuzzleFactory()
    response = logged_in(world.student).post(
        set_url(puzzle), {"target": f"add-{world.assignment.pk}"}
    )
    assert response.status_code == 403


def test_opening_the_address_after_logging_in_again_leads_to_the_puzzle(world: World) -> None:
    # A teacher whose session ran out posts, logs in again and lands here with a GET.
    puzzle = PuzzleFactory()
    response = logged_in(world.teacher).get(set_url(puzzle))
    assert response.status_code == 302
    assert response["Location"] == f"/puzzles/{puzzle.slug}/"
    assert not AssignmentItem.objects.filter(puzzle=puzzle).exists()
