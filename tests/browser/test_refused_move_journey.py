"""A close puzzle in a real browser: a move the engine refuses is shown with its reason and
taken back, and the learner goes on to close; a wrong answer's solution played on the table;
the puzzles' list by topic and kind. Each checked with axe."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lessons.models import Attempt, Theme
from tests.browser.conftest import Visit
from tests.browser.test_accessibility import assert_accessible
from tests.factories import CLOSE, PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)


def close_puzzle() -> None:
    puzzle = PuzzleFactory(slug="close-it", **CLOSE)
    puzzle.themes.set([Theme.objects.get_or_create(name=name)[0] for name in ("R30", "closing")])


@pytest.mark.parametrize("visit", [{"locale": "en-GB"}], indirect=True)
def test_a_refused_move_is_taken_back_and_the_hand_goes_on(visit: Visit, axe: str) -> None:
    close_puzzle()
    page = visit.open("/puzzles/close-it/")
    for name in ("jack of spades", "queen of spades", "king of spades"):
        page.get_by_role("option", name=name).click()
    page.get_by_role("button", name="Lay down the chosen cards").click()
    expect(page.get_by_text("Your moves so far")).to_be_visible()
    page.get_by_role("option", name="5 of diamonds").click()
    page.get_by_role("radio", name="Meld 1").check()
    page.get_by_role("button", name="Attach the chosen cards").click()
    refused = page.locator(".refused")
    expect(refused).to_contain_text("That move is not allowed")
    expect(refused).to_contain_text("R13")
    visit.screenshot("puzzle-move-refused")
    assert_accessible(page, axe, "a refused move")
    page.get_by_role("button", name="Take the move back").click()
    expect(page.locator(".refused")).to_have_count(0)
    expect(page.get_by_text("Your moves so far")).to_be_visible()
    page.get_by_role("option", name="5 of diamonds").click()
    page.get_by_role("button", name="Discard the chosen card").click()
    expect(page.locator("#feedback")).to_contain_text("Correct")
    expect(page.locator("#feedback")).not_to_contain_text("puzzle rating")
    attempt = Attempt.objects.get()
    assert attempt.correct and not attempt.rated
    assert visit.errors == []


def test_a_wrong_answer_plays_the_solution_on_the_table(visit: Visit, axe: str) -> None:
    close_puzzle()
    page = visit.open("/puzzles/?kind=close")
    expect(page.get_by_role("heading", name="La chiusura")).to_be_visible()
    assert_accessible(page, axe, "the puzzles by topic, one kind")
    page.get_by_role("link", name="R30 · La chiusura").click()
    expect(
        page.get_by_text("Ti stai esercitando su: R30 · La chiusura (Chiudere la smazzata)")
    ).to_be_visible()
    page.get_by_role("button", name="In questo turno non si può").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Variazione del tuo punteggio negli esercizi: −")
    feedback.get_by_text("Mostra una risposta corretta").click()
    table = feedback.locator(".solution-board")
    expect(table).to_be_visible()
    expect(table.get_by_role("list", name="Gioco 2")).to_be_visible()
    visit.screenshot("puzzle-solution-played")
    assert_accessible(page, axe, "a solution played on the table")
    assert visit.errors == []
