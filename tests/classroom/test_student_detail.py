"""/classes/<id>/students/<id>/: one student's answers, drawn on the board."""

from __future__ import annotations

import pytest

from tests.classroom.conftest import World, bea_answers, logged_in
from tests.factories import AssignmentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def answered(world: World) -> World:
    bea_answers(world, ["10C"])
    bea_answers(world, ["10C", "7C"])
    return world


def url(world: World) -> str:
    return f"/classes/{world.classroom.pk}/students/{world.student.pk}/"


def test_each_answer_is_drawn_with_the_engines_verdict(answered: World) -> None:
    html = logged_in(answered.teacher).get(url(answered)).content.decode()
    assert html.count('class="answer-drawn') == 2
    assert "Sbagliata" in html and "Giusta" in html
    assert "Il jolly sostituisce già il 7 di fiori" in html
    assert "10 di fiori" in html
    # The rule missed links to its page, as everywhere on the site.
    assert '(<a href="/rules/R23/">R23 · ' in html
    # The board as the student left it: the meld their right answer made.
    assert 'class="meld-changed"' in html


def test_choosing_an_assignment_with_htmx_returns_only_its_answers(answered: World) -> None:
    other = AssignmentFactory(classroom=answered.classroom, title="Second")
    response = logged_in(answered.teacher).get(
        url(answered), {"assignment": other.pk}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="answers"')
    assert "Second" in html and "<html" not in html


def test_a_student_who_has_done_nothing_has_nothing_drawn(world: World) -> None:
    html = logged_in(world.teacher).get(url(world)).content.decode()
    assert "Ancora nessuna risposta" in html


def test_removing_a_student_keeps_their_account_and_answers(answered: World) -> None:
    client = logged_in(answered.teacher)
    response = client.post(
        f"/classes/{answered.classroom.pk}/students/{answered.student.pk}/remove/"
    )
    assert response.status_code == 302
    assert not answered.classroom.memberships.exists()
    answered.student.refresh_from_db()
    assert answered.student.attempts.count() == 2
    assert client.get(url(answered)).status_code == 404
    assert (
        logged_in(answered.student)
        .get(f"/classes/assignments/{answered.assignment.pk}/")
        .status_code
        == 404
    )


def test_the_board_after_a_right_attach_holds_the_played_cards_on_the_meld_only(
    answered: World,
) -> None:
    """The 9♥ of an answer was once drawn on the meld and still in the hand."""
    html = logged_in(answered.teacher).get(url(answered)).content.decode()
    board = html.split('class="meld-changed"', 1)[1]
    hand = board.split("La tua mano", 1)[1].split("</section>", 1)[0]
    assert "re di quadri" in hand
    assert "10 di fiori" not in hand and "7 di fiori" not in hand
