"""A teacher's own puzzle on the puzzle pages: its teacher and the students of a class it is
set in may open it; to anyone else every URL that takes its slug answers 404."""

from __future__ import annotations

from typing import Any

import pytest

from classroom.models import Membership
from lessons.models import Attempt
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory, UserFactory

pytestmark = pytest.mark.django_db
RIGHT = {"meld": "0", "cards": ["10C", "7C"]}


def urls(slug: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Every URL that takes a puzzle's slug (lessons/urls.py), with a method and a form."""
    page = f"/puzzles/{slug}/"
    return [
        ("get", page, {}),
        ("get", page, {"attempt": "1"}),
        ("post", page, RIGHT),
        ("post", f"{page}hint/", {}),
        ("get", f"{page}selection/", {"cards": ["10C"]}),
    ]


def statuses(user: Any, slug: str) -> list[int]:
    client = logged_in(user)
    return [getattr(client, method)(url, data).status_code for method, url, data in urls(slug)]


@pytest.fixture
def assigned(world: World) -> World:
    """Ann's library puzzle is set in her class, where Bea is."""
    AssignmentFactory(classroom=world.classroom, puzzles=[world.library.puzzle])
    return world


def test_nobody_but_its_teacher_and_her_students_reaches_a_teachers_puzzle(
    assigned: World,
) -> None:
    slug = assigned.library.puzzle.slug
    for outsider in (None, UserFactory(username="eve"), assigned.other_teacher):
        assert set(statuses(outsider, slug)) == {404}, outsider
    # Dan is another teacher's student: the puzzle is not set in his class.
    assert set(statuses(assigned.other_student, slug)) == {404}
    assert not Attempt.objects.filter(puzzle=assigned.library.puzzle).exists()


def test_its_teacher_and_the_students_of_a_class_it_is_set_in_may_open_it(
    assigned: World,
) -> None:
    slug = assigned.library.puzzle.slug
    for insider in (assigned.teacher, assigned.student):
        assert 404 not in statuses(insider, slug), insider


def test_a_puzzle_in_the_library_but_not_set_is_only_its_teachers(world: World) -> None:
    slug = world.library.puzzle.slug
    assert set(statuses(world.student, slug)) == {404}
    assert 404 not in statuses(world.teacher, slug)


def test_a_student_who_leaves_the_class_no_longer_reaches_it(assigned: World) -> None:
    Membership.objects.filter(student=assigned.student).delete()
    assert set(statuses(assigned.student, assigned.library.puzzle.slug)) == {404}


def test_a_teachers_puzzle_failed_in_an_assignment_is_not_served_by_the_review(
    assigned: World,
) -> None:
    puzzle = assigned.library.puzzle
    client = logged_in(assigned.student)
    client.post(f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C"]})
    response = client.get("/progress/review/next/", {"rule": "R23"})
    assert puzzle.slug not in response.get("Location", "")


def test_the_next_puzzle_is_never_a_teachers(assigned: World) -> None:
    client = logged_in(assigned.student)
    for _ in range(5):
        response = client.get("/puzzles/next/", {"theme": "R23"})
        assert assigned.library.puzzle.slug not in response["Location"]
