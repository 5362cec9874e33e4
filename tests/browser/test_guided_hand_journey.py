"""A learner plays the first turns of the guided two-player hand in the browser: the script's
turn, the opponent's turn told on the board, and a legal turn of their own that the hand does
not follow."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lessons.content import CONTENT, load_all
from tests.browser.conftest import Visit

pytestmark = pytest.mark.django_db(transaction=True)
HAND_LESSONS = ("13-first-hand-two-players.yaml", "16-first-hand-four-players.yaml")


@pytest.fixture
def hand_lessons(tmp_path: Path) -> None:
    root = tmp_path / "content"
    (root / "lessons").mkdir(parents=True)
    (root / "puzzles").mkdir()
    for name in HAND_LESSONS:
        (root / "lessons" / name).write_text((CONTENT / "lessons" / name).read_text("utf-8"))
    load_all(root)


def choose(page: Page, *cards: str) -> None:
    """Pick cards of the hand by clicking them, as a learner does (by their spoken names)."""
    for card in cards:
        option = page.get_by_role("option", name=card, exact=True)
        option.click()
        expect(option).to_have_attribute("aria-selected", "true")


def press(page: Page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


@pytest.mark.parametrize("visit", [{"locale": "en-GB"}], indirect=True)
def test_the_first_turns_of_the_guided_hand(visit: Visit, hand_lessons: None) -> None:
    page = visit.open("/lessons/first-hand-two-players/2/")
    page.get_by_text("A nudge").click()
    expect(page.get_by_text("fills the gap in your hearts")).to_be_visible()

    # The replay played this turn: no "it cannot be done" beside the draw.
    expect(page.get_by_role("button", name="It cannot be done this turn")).to_have_count(0)
    press(page, "Draw from the stock")
    expect(page.get_by_text("Your moves so far")).to_be_visible()
    choose(page, *(f"{rank} of hearts" for rank in (5, 6, 7, 8, 9)))
    press(page, "Lay down the chosen cards")
    choose(page, "10 of spades")
    press(page, "Discard the chosen card")
    expect(page.locator("#feedback")).to_contain_text("Correct!")
    expect(page.locator("#hand-script")).to_contain_text("That is the move this hand follows.")
    visit.screenshot("guided-hand-en-turn-1")

    page.get_by_role("link", name="Next").click()
    expect(page.locator("#step-heading")).to_contain_text("Step 3")
    expect(page.locator(".lesson-text")).to_contain_text("Your opponent draws from the stock")
    page.get_by_role("link", name="Next").click()

    # A legal turn that is not the script's: draw rather than take the pile.
    expect(page.locator("#step-heading")).to_contain_text("Step 4")
    press(page, "Draw from the stock")
    choose(page, "queen of spades")
    press(page, "Discard the chosen card")
    # Legal, but not "Correct!": the script plays otherwise.
    expect(page.locator("#feedback")).to_contain_text("A legal turn, but not this hand's")
    expect(page.locator("#feedback")).not_to_contain_text("Correct!")
    script = page.locator("#hand-script")
    expect(script).to_contain_text("Your turn was legal, but this hand goes on with another one")
    expect(script).to_contain_text("Take the whole discard pile")
    visit.screenshot("guided-hand-en-turn-2-other")
    assert visit.errors == []
