"""The way in for a newcomer, in the browser: from the home page to a dealt table by keyboard
alone, on a phone and on a computer, in Italian and in English; the start page's more options,
the partner's level asked only where the table has a partner (three to six players); axe-core
on both pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from play.forms import BEGINNER
from play.models import Game
from tests.browser.conftest import Visit, on_every_screen
from tests.browser.test_accessibility import assert_accessible
from tests.browser.test_keyboard_journeys import follow, tab_to

pytestmark = pytest.mark.django_db(transaction=True)

#: The home page's button, and what the table says once the bots have played, by language.
WORDS = {
    "it-IT": ("Distribuisci la mia prima smazzata", "Tocca a te", "Altre opzioni"),
    "en-GB": ("Deal my first hand", "Your turn", "More options"),
}


def words(request: pytest.FixtureRequest) -> tuple[str, str, str]:
    """The words of the language this run of the test speaks (on_every_screen's locale)."""
    return WORDS[request.node.callspec.params["visit"]["locale"]]


@on_every_screen
def test_a_newcomer_goes_from_the_home_page_to_a_dealt_table_by_keyboard_alone(
    visit: Visit, axe: str, request: pytest.FixtureRequest
) -> None:
    first_hand, your_turn, _more = words(request)
    page = visit.open("/")
    assert_accessible(page, axe, "the home page")
    follow(page, page.get_by_role("button", name=first_hand))
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator(".play-turn")).to_contain_text(your_turn, timeout=15_000)
    game = Game.objects.get()
    assert {name: getattr(game, name) for name in BEGINNER} == dict(BEGINNER)
    # The full coach's Hint is there for the beginner.
    expect(page.locator("button[name=do][value=hint]")).to_be_visible()
    visit.screenshot(f"way-in-table-{request.node.callspec.id}")
    assert visit.errors == []


@on_every_screen
def test_the_partners_level_is_asked_only_where_the_table_has_a_partner(
    visit: Visit, axe: str, request: pytest.FixtureRequest
) -> None:
    _first, _turn, more = words(request)
    page = visit.open("/play/")
    options = page.locator("details.play-options")
    expect(options).not_to_have_attribute("open", "")
    assert_accessible(page, axe, "the start page")
    follow(page, options.locator("summary", has_text=more))
    expect(options).to_have_attribute("open", "")
    partner = page.locator("select[name=partner]")
    # The beginner's two players: no partner to choose.
    expect(page.locator("input[name=players][value='2']")).to_be_checked()
    expect(partner).to_be_hidden()
    tab_to(page, page.locator("input[name=players][value='2']"))
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator("input[name=players][value='4']")).to_be_checked()
    expect(partner).to_be_visible()
    assert_accessible(page, axe, "the start page's more options")
    visit.screenshot(f"way-in-options-{request.node.callspec.id}")
    page.locator("input[name=players][value='2']").check()
    expect(partner).to_be_hidden()
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{"java_script_enabled": False}], indirect=True)
def test_without_javascript_the_partners_level_shows_saying_when_it_applies(visit: Visit) -> None:
    page = visit.open("/play/")
    page.locator("details.play-options summary").click()
    expect(page.get_by_label("Il tuo compagno (da tre a sei giocatori)")).to_be_visible()
    page.locator("input[name=players][value='4']").check()
    page.get_by_role("button", name="Distribuisci le carte").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    game = Game.objects.get()
    assert (game.players, game.partner) == (4, BEGINNER["partner"])
