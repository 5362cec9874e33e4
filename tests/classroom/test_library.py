"""/classes/library/: the teacher's own puzzles, kept out of everyone else's way."""

from __future__ import annotations

import pytest

from lessons.models import Puzzle
from tests.classroom.conftest import World, logged_in
from tests.factories import AttemptFactory, ClassroomFactory

pytestmark = pytest.mark.django_db


def test_the_library_lists_the_teachers_puzzles_only(world: World) -> None:
    html = logged_in(world.teacher).get("/classes/library/").content.decode()
    assert "Ann&#x27;s joker" in html
    assert "Carl" not in html


def test_a_saved_puzzle_shows_its_board_question_and_correct_answers(world: World) -> None:
    html = logged_in(world.teacher).get(f"/classes/library/{world.library.pk}/").content.decode()
    assert 'class="board"' in html
    assert "Risposte corrette" in html
    assert "Attacca al gioco 1:" in html


def test_a_teachers_puzzle_is_never_served_to_learners_as_the_next_puzzle(world: World) -> None:
    # Every other puzzle is solved: what is left are the two teachers' puzzles, and the
    # site makes a fresh generated one rather than serve them.
    for puzzle in Puzzle.objects.exclude(source="teacher"):
        AttemptFactory(user=world.other_student, puzzle=puzzle, correct=True)
    location = logged_in(world.other_student).get("/puzzles/next/")["Location"]
    assert location.startswith("/puzzles/gen-")


def test_a_teacher_whose_classes_differ_in_rules_picks_the_class_of_a_new_puzzle(
    world: World,
) -> None:
    client = logged_in(world.teacher)
    assert "?class=" not in client.get("/classes/library/").content.decode()
    strict = ClassroomFactory(teacher=world.teacher, rules="strict", name="Rigorosi")
    html = client.get("/classes/library/").content.decode()
    assert f'href="/classes/library/new/?class={strict.pk}">Rigorosi</a>' in html
    assert f'href="/classes/library/new/?class={world.classroom.pk}">' in html
