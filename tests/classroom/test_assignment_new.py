"""/classes/<id>/assignments/new/: a lesson, hand-picked puzzles or a generated set."""

from __future__ import annotations

from typing import Any

import pytest

from classroom.models import Assignment
from classroom.services import new_form_token
from lessons.models import Lesson, Puzzle, Theme
from tests.classroom.conftest import World, logged_in
from tests.factories import PuzzleFactory

pytestmark = pytest.mark.django_db
DUE = {"title": "For Tuesday", "due_at": "2031-03-04T20:00"}


def url(world: World) -> str:
    return f"/classes/{world.classroom.pk}/assignments/new/"


def signed(world: World, data: dict[str, Any]) -> dict[str, Any]:
    """The form's fields with the one-time token a page of the form carries."""
    return {**data, "token": new_form_token(world.classroom)}


def test_hand_picked_puzzles_become_the_assignments_items_in_order(world: World) -> None:
    first, second = PuzzleFactory(), PuzzleFactory()
    data = {**DUE, "content": "puzzles", "puzzles": [second.pk, first.pk]}
    response = logged_in(world.teacher).post(url(world), signed(world, data))
    assignment = Assignment.objects.get(title="For Tuesday")
    assert response["Location"] == f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/"
    assert assignment.classroom == world.classroom and assignment.count == 2
    assert set(assignment.items.values_list("puzzle_id", flat=True)) == {first.pk, second.pk}
    assert assignment.due_at.isoformat().startswith("2031-03-04T19:00")  # 20:00 in Rome


def test_a_lesson_assignment_names_its_lesson(world: World) -> None:
    lesson = Lesson.objects.create(
        slug="sets", order=3, title_it="Tris", title_en="Sets", summary_it="…", summary_en="…"
    )
    data = {**DUE, "content": "lesson", "lesson": lesson.pk}
    logged_in(world.teacher).post(url(world), signed(world, data))
    assert Assignment.objects.get(title="For Tuesday").lesson == lesson


def test_the_lesson_picker_lists_lessons_by_number_and_title_not_slug(world: World) -> None:
    Lesson.objects.create(
        slug="the-deck-and-the-deal",
        order=1,
        title_it="Il mazzo e la distribuzione",
        title_en="The deck and the deal",
        summary_it="…",
        summary_en="…",
    )
    html = logged_in(world.teacher).get(url(world)).content.decode()
    assert ">1. Il mazzo e la distribuzione</option>" in html
    assert ">the-deck-and-the-deal<" not in html


def test_a_generated_set_keeps_what_it_asks_for_under_the_class_rules(world: World) -> None:
    world.classroom.rules = "strict"
    world.classroom.save()
    data = {**DUE, "content": "generated", "theme": "R23", "puzzle_kind": "attach"}
    data |= {"rating": "1200", "count": "10"}
    response = logged_in(world.teacher).post(url(world), signed(world, data))
    assert response.status_code == 302
    assignment = Assignment.objects.get(title="For Tuesday")
    assert (assignment.theme, assignment.puzzle_kind, assignment.rating, assignment.count) == (
        "R23",
        "attach",
        1200,
        10,
    )
    assert assignment.rules == "strict" and not assignment.items.exists()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"content": "puzzles"}, "puzzles"),
        ({"content": "puzzles", "puzzles": ["999999"]}, "puzzles"),
        ({"content": "puzzles", "puzzles": ["abc"]}, "puzzles"),
        ({"content": "lesson"}, "lesson"),
        ({"content": "lesson", "lesson": "999999"}, "lesson"),
        ({"content": "generated"}, "theme"),
        ({"content": "generated", "theme": "R99", "rating": "1200", "count": "5"}, "theme"),
        ({"content": "generated", "theme": "R23", "rating": "99999", "count": "5"}, "rating"),
        ({"content": "generated", "theme": "R23", "rating": "1200", "count": "31"}, "count"),
        ({"content": "homework"}, "content"),
        ({"content": "puzzles", "title": "x" * 121}, "title"),
        ({"content": "puzzles", "due_at": "someday"}, "due_at"),
        ({"content": "puzzles", "due_at": "1850-01-01T10:00"}, "due_at"),
    ],
)
def test_a_form_that_asks_nothing_possible_is_refused_with_400(
    world: World, data: dict[str, Any], field: str
) -> None:
    response = logged_in(world.teacher).post(url(world), signed(world, {**DUE, **data}))
    assert response.status_code == 400
    assert response.context["form"].errors[field]
    assert not Assignment.objects.filter(classroom=world.classroom, title="For Tuesday").exists()


def test_a_theme_the_class_rules_do_not_have_is_not_offered(world: World) -> None:
    # Semi-clean burracos (R28) need the semi-clean rules; the class plays standard ones.
    data = {**DUE, "content": "generated", "theme": "R28", "puzzle_kind": "score"}
    data |= {"rating": "1500", "count": "30"}
    response = logged_in(world.teacher).post(url(world), signed(world, data))
    assert response.status_code == 400
    assert response.context["form"].errors["theme"]


def test_another_teachers_library_puzzle_cannot_be_picked(world: World) -> None:
    data = {**DUE, "content": "puzzles", "puzzles": [world.other_library.puzzle_id]}
    response = logged_in(world.teacher).post(url(world), signed(world, data))
    assert response.status_code == 400


def test_a_puzzle_written_for_other_rules_cannot_be_picked(world: World) -> None:
    strict = PuzzleFactory(rules="strict")
    data = {**DUE, "content": "puzzles", "puzzles": [strict.pk]}
    assert logged_in(world.teacher).post(url(world), signed(world, data)).status_code == 400


def test_the_picker_lists_a_themes_puzzles_and_keeps_those_already_chosen(world: World) -> None:
    theme = Theme.objects.create(name="R23")
    themed, chosen = PuzzleFactory(), PuzzleFactory()
    themed.themes.add(theme)
    client = logged_in(world.teacher)
    response = client.get(url(world), {"find": "R23", "puzzles": [chosen.pk], "title": "Kept"})
    html = response.content.decode()
    assert f'value="{themed.pk}" id="puzzle-{themed.pk}">' in html
    assert f'value="{chosen.pk}" id="puzzle-{chosen.pk}" checked>' in html
    assert 'value="Kept"' in html


def test_the_picker_alone_comes_back_to_htmx(world: World) -> None:
    theme = Theme.objects.create(name="R23")
    PuzzleFactory().themes.add(theme)
    response = logged_in(world.teacher).get(
        url(world), {"find": "R23"}, headers={"HX-Request": "true", "HX-Target": "picker"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="picker">')
    assert "<html" not in html


def test_the_picker_offers_the_teachers_own_puzzles(world: World) -> None:
    html = logged_in(world.teacher).get(url(world), {"find": "library"}).content.decode()
    assert f'id="puzzle-{world.library.puzzle_id}"' in html
    assert f'id="puzzle-{world.other_library.puzzle_id}"' not in html
    assert Puzzle.objects.filter(source="teacher").count() == 2


def test_a_due_date_already_past_is_refused_with_a_sentence(world: World) -> None:
    # It was taken silently, and the assignment was late for everyone from the start.
    data = {**DUE, "due_at": "2020-03-04T20:00", "content": "lesson"}
    data["lesson"] = Lesson.objects.create(
        slug="sets", order=3, title_it="Tris", title_en="Sets", summary_it="…", summary_en="…"
    ).pk
    response = logged_in(world.teacher).post(url(world), signed(world, data))
    assert response.status_code == 400
    assert "Questo momento è già passato" in response.content.decode()
    assert not Assignment.objects.filter(title="For Tuesday").exists()
