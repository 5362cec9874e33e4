"""A discard question in a real browser, on a phone and a computer: the card is the radio
button (a walk through the site found the radio dots sat above the cards, apart from them)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Visit
from tests.lessons.test_discard_puzzle import discard_puzzle

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "visit",
    [
        {"viewport": {"width": 390, "height": 844}, "locale": "it-IT"},
        {"viewport": {"width": 1280, "height": 800}, "locale": "en-GB"},
    ],
    indirect=True,
    ids=["phone-it", "desktop-en"],
)
def test_the_card_is_the_radio_button(visit: Visit) -> None:
    puzzle = discard_puzzle()
    page = visit.open(f"/puzzles/{puzzle.slug}/")
    choices = page.locator(".discard-choice li")
    expect(choices).to_have_count(3)
    # Nothing is drawn above a card: each choice is as tall as its card.
    heights = choices.evaluate_all(
        "items => items.map(li => [li.getBoundingClientRect().height,"
        " li.querySelector('label').getBoundingClientRect().height])"
    )
    assert all(abs(whole - card) < 1 for whole, card in heights), heights
    # Still radio buttons named by their card, for the mouse, the keyboard and screen readers.
    king = "re di picche" if "it" in page.evaluate("navigator.language") else "king of spades"
    radio = page.get_by_role("radio", name=king)
    page.locator(f"label[for={radio.get_attribute('id')}]").click()
    expect(radio).to_be_checked()
    page.keyboard.press("ArrowRight")
    expect(radio).not_to_be_checked()
    page.keyboard.press("ArrowLeft")
    expect(radio).to_be_checked()
    expect(radio).to_be_focused()
    visit.screenshot(f"discard-choice-{page.viewport_size['width']}")  # type: ignore[index]
    page.locator("#puzzle form button[type=submit]").first.click()
    expect(page.locator("#feedback")).to_contain_text("Corretto" if king[0] == "r" else "Correct")
    assert visit.errors == []
