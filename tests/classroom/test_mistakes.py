"""/classes/<id>/mistakes/: the heat-map of students against the rules they got wrong."""

from __future__ import annotations

import re

import pytest

from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory, AttemptFactory, MembershipFactory, PuzzleFactory

pytestmark = pytest.mark.django_db


def wrong(user: object, puzzle: object, rule: str, assignment: object = None) -> None:
    """A wrong answer, given in ``assignment`` (None: in the open library)."""
    fields = {"user": user, "puzzle": puzzle, "correct": False, "code": "x", "rule": rule}
    if assignment is None:
        AttemptFactory(**fields)
    else:
        AnswerFactory(assignment=assignment, **fields)


def test_each_cell_counts_a_students_mistakes_on_a_rule_shaded_by_how_many(
    world: World,
) -> None:
    puzzle = world.assignment.items.get().puzzle
    carla = MembershipFactory(classroom=world.classroom).student
    for _ in range(4):
        wrong(world.student, puzzle, "R23", world.assignment)
    wrong(world.student, puzzle, "R19", world.assignment)
    wrong(carla, puzzle, "R23", world.assignment)
    # Work outside the class's assignments is not the teacher's to see.
    wrong(world.student, PuzzleFactory(), "R30")
    html = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/mistakes/").content.decode()
    headers = re.findall(r"<abbr title=\"[^\"]+\">(R\d+)</abbr>", html)
    assert headers == ["R19", "R23"]
    # Each rule's name leads to its page in the rules reference.
    assert 'href="/rules/R19/"' in html and 'href="/rules/R23/"' in html
    assert '<td class="heat heat-4">4</td>' in html
    assert '<td class="heat heat-1">1</td>' in html
    assert "R30" not in html


def test_a_class_without_mistakes_says_so(world: World) -> None:
    html = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/mistakes/").content.decode()
    assert "Ancora nessuna risposta sbagliata" in html


def test_a_wrong_answer_to_an_assigned_puzzle_in_the_open_library_is_not_counted(
    world: World,
) -> None:
    wrong(world.student, world.assignment.items.get().puzzle, "R23")
    html = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/mistakes/").content.decode()
    assert "Ancora nessuna risposta sbagliata" in html
