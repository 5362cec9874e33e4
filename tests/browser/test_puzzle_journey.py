"""A learner in a real browser: an attach puzzle answered wrong, the explanation read,
answered right, then on to the next one; once with the mouse, once with the keyboard alone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lessons.models import Lesson, Puzzle, Step
from tests.browser.conftest import Visit, arrow_and_select
from tests.factories import CLOSE, PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 390, "height": 844}}


@pytest.fixture
def puzzles() -> list[Puzzle]:
    """The bound-joker attach puzzle (R23), a second one to go on to, and the lesson step
    that teaches R23, which the explanation links to."""
    lesson = Lesson.objects.create(
        slug="wildcards-move",
        order=7,
        title_it="Matte",
        title_en="Wildcards",
        summary_it="…",
        summary_en="…",
        rules=["R23"],
    )
    Step.objects.create(
        lesson=lesson, number=1, kind="explain", text_it="…", text_en="…", rules=["R23"]
    )
    return [PuzzleFactory(slug="bound-joker", rating=1400), PuzzleFactory(rating=1450)]


def choose_with_keyboard(page: Page, card_name: str) -> None:
    """Arrow along the hand to the card and select it with Space."""
    page.get_by_role("option").first.focus()
    option = arrow_and_select(page, card_name)
    expect(page.locator("#selection")).to_contain_text(card_name)
    expect(option).to_be_focused()  # the choice's fragment does not steal the focus


def test_a_puzzle_with_the_mouse(visit: Visit, puzzles: list[Puzzle]) -> None:
    page = visit.open("/puzzles/bound-joker/")
    expect(page.get_by_role("listbox")).to_be_visible()
    page.get_by_role("option", name="10 di fiori").click()
    # The server draws the choice back into the board's fragment.
    expect(page.locator("#selection")).to_contain_text("10 di fiori")
    page.get_by_role("button", name="Attacca le carte scelte").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Non proprio")
    expect(feedback).to_contain_text("Il jolly sostituisce già il 7 di fiori")
    link = feedback.get_by_role("link", name="R23 · La matta vincolata")
    expect(link).to_have_attribute("href", "/rules/R23/")
    lesson = feedback.get_by_role("link", name="Rivedila nella lezione")
    expect(lesson).to_have_attribute("href", "/lessons/wildcards-move/1/")
    expect(feedback).to_be_focused()
    visit.screenshot("puzzle-wrong-mouse")

    page.get_by_role("option", name="10 di fiori").click()
    page.get_by_role("option", name="7 di fiori").click()
    page.get_by_role("button", name="Attacca le carte scelte").click()
    expect(page.locator("#feedback")).to_contain_text("Corretto")
    # The answer is drawn on the board: the meld as it now lies.
    expect(page.locator(".meld-changed")).to_contain_text("10")
    visit.screenshot("puzzle-right-mouse")
    page.get_by_role("link", name="Esercizio successivo").click()
    expect(page).to_have_url(f"{visit.base_url}/puzzles/{puzzles[1].slug}/")
    assert visit.errors == []


def test_a_card_chosen_while_the_last_choice_is_on_its_way_is_drawn_too(
    visit: Visit, puzzles: list[Puzzle]
) -> None:
    page = visit.open("/puzzles/bound-joker/")
    expect(page.get_by_role("listbox")).to_be_visible()
    # Two choices in one go: the second comes while the first one's request is on its way.
    ten = page.get_by_role("option", name="10 di fiori").element_handle()
    seven = page.get_by_role("option", name="7 di fiori").element_handle()
    page.evaluate("([ten, seven]) => { ten.click(); seven.click(); }", [ten, seven])
    expect(page.get_by_role("option", name="7 di fiori")).to_have_attribute("aria-selected", "true")
    selection = page.locator("#selection")
    expect(selection).to_contain_text("10 di fiori")
    expect(selection).to_contain_text("7 di fiori")
    assert page.locator("#selection #selection").count() == 0
    assert visit.errors == []


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_puzzle_with_the_keyboard_alone_on_a_phone(visit: Visit, puzzles: list[Puzzle]) -> None:
    page = visit.open("/puzzles/bound-joker/")
    choose_with_keyboard(page, "10 di fiori")
    page.keyboard.press("Tab")  # to the meld's radio (already chosen: there is one meld)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Attacca le carte scelte")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#feedback")).to_be_focused()
    expect(page.locator("#feedback")).to_contain_text("Non proprio")
    visit.screenshot("puzzle-wrong-keyboard-phone")

    choose_with_keyboard(page, "10 di fiori")
    choose_with_keyboard(page, "7 di fiori")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#feedback")).to_contain_text("Corretto")
    next_link = page.get_by_role("link", name="Esercizio successivo")
    for _ in range(30):
        if next_link.evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{visit.base_url}/puzzles/{puzzles[1].slug}/")
    visit.screenshot("puzzle-next-keyboard-phone")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{"locale": "en-GB"}], indirect=True)
def test_a_close_puzzle_is_played_move_by_move_in_english(visit: Visit) -> None:
    PuzzleFactory(slug="close-it", **CLOSE)
    page = visit.open("/puzzles/close-it/")
    for name in ("jack of spades", "queen of spades", "king of spades"):
        page.get_by_role("option", name=name).click()
    page.get_by_role("button", name="Lay down the chosen cards").click()
    expect(page.get_by_text("Your moves so far")).to_be_visible()
    page.get_by_role("option", name="5 of diamonds").click()
    page.get_by_role("button", name="Discard the chosen card").click()
    expect(page.locator("#feedback")).to_contain_text("Correct")
    visit.screenshot("puzzle-close-english")
    assert visit.errors == []
