"""A close puzzle in a real browser: a move the engine refuses is shown with its reason and
taken back, and the learner goes on to close (issue 18)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lessons.models import Attempt
from tests.browser.conftest import Visit
from tests.factories import PuzzleFactory, position

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("visit", [{"locale": "en-GB"}], indirect=True)
def test_a_refused_move_is_taken_back_and_the_hand_goes_on(visit: Visit) -> None:
    PuzzleFactory(
        slug="close-it",
        kind="close",
        params={},
        position=position(
            ["KS", "QS", "JS", "5D"],
            [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]],
            pozzetti_taken=[True, False],
        ),
    )
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
    page.get_by_role("button", name="Take the move back").click()
    expect(page.locator(".refused")).to_have_count(0)
    expect(page.get_by_text("Your moves so far")).to_be_visible()
    page.get_by_role("option", name="5 of diamonds").click()
    page.get_by_role("button", name="Discard the chosen card").click()
    expect(page.locator("#feedback")).to_contain_text("Correct")
    expect(page.locator("#feedback")).not_to_contain_text("Your rating")
    attempt = Attempt.objects.get()
    assert attempt.correct and not attempt.rated
    assert visit.errors == []
