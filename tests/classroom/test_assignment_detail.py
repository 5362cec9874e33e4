"""/classes/<id>/assignments/<id>/: who did it, and the most common wrong answers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.assignments import SetSpec, create_assignment, make_set
from engine.puzzles import CannotBeDone, check, solutions
from tests.classroom.conftest import World, logged_in
from tests.factories import AnswerFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def wrong(user: object, puzzle: object, cards: list[str], assignment: object) -> None:
    AnswerFactory(
        assignment=assignment,
        user=user,
        puzzle=puzzle,
        answer={"meld": 0, "cards": cards},
        correct=False,
        code="bound_wildcard",
        rule="R23",
    )


def test_the_same_wrong_answer_from_several_students_comes_first(world: World) -> None:
    puzzle = world.assignment.items.get().puzzle
    carla = MembershipFactory(classroom=world.classroom).student
    wrong(world.student, puzzle, ["10C"], world.assignment)
    wrong(carla, puzzle, ["10C"], world.assignment)
    wrong(carla, puzzle, ["KD"], world.assignment)
    html = (
        logged_in(world.teacher)
        .get(f"/classes/{world.classroom.pk}/assignments/{world.assignment.pk}/")
        .content.decode()
    )
    assert "3 risposte sbagliate" in html
    first = html.index("2× da 2 studenti")
    assert first < html.index("1× da 1 studente")
    assert '(<a href="/rules/R23/">R23 · ' in html, "the rule links to its page"
    assert "Il jolly sostituisce già il 7 di fiori" in html


def test_a_generated_sets_mistakes_are_grouped_by_the_engines_reason(world: World) -> None:
    assignment = create_assignment(
        world.classroom,
        title="Bound",
        content="generated",
        due_at=timezone.now() + timedelta(days=1),
        spec=SetSpec("R11", "attach", 1300, 6, "standard"),
    )
    # "It cannot be done" is wrong wherever the engine finds an attachment.
    possible = [
        item
        for item in make_set(assignment, world.student.pk)
        if solutions(item.puzzle.engine_puzzle())[0] != CannotBeDone()
    ]
    for item in possible[:2]:
        verdict = check(item.puzzle.engine_puzzle(), CannotBeDone())
        AnswerFactory(
            assignment=assignment,
            user=world.student,
            puzzle=item.puzzle,
            answer={"none": True},
            correct=False,
            code=verdict.code,
            rule=verdict.rule or "",
        )
    html = (
        logged_in(world.teacher)
        .get(f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/")
        .content.decode()
    )
    assert len(possible) >= 2
    assert "raggruppati secondo il motivo" in html
    assert html.count("1 risposta sbagliata") == 2
    assert "R17 · Attaccare" in html
