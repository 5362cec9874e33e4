"""The practice table in the browser: a hand's first turns with the keyboard alone, in
Italian, on a phone held upright; the same over plain forms without JavaScript; a refused
move and its sentence; axe-core on the table and the review."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.bots import decide, legal_in_view
from play import games, hands
from play.models import Game
from tests.browser.conftest import Visit
from tests.browser.test_accessibility import AXE, assert_accessible
from tests.browser.test_keyboard_journeys import follow, tab_to

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
NO_SCRIPT = {**PHONE, "java_script_enabled": False}
YOUR_TURN = "Tocca a te"


@pytest.fixture(scope="session")
def axe() -> str:
    """axe-core's source, as tests/browser/test_accessibility.py reads it."""
    if not AXE.exists():
        pytest.fail(f"the accessibility test needs {AXE}: run `npm ci` (make test does)")
    return AXE.read_text(encoding="utf-8")


def deal_by_keyboard(page: Page) -> None:
    follow(page, page.get_by_role("button", name="Distribuisci le carte"))
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator(".play-turn")).to_contain_text(YOUR_TURN, timeout=15_000)


def first_card_by_keyboard(page: Page) -> None:
    """Tab into the hand, Home to its first card, Space to choose it."""
    tab_to(page, page.locator("[role=option][tabindex='0']"))
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    expect(page.locator("[role=option][aria-selected=true]")).to_have_count(1)


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_hands_first_turns_with_the_keyboard_alone_in_italian_on_a_phone(
    visit: Visit,
) -> None:
    page = visit.open("/play/")
    deal_by_keyboard(page)
    for turn in range(3):
        follow(page, page.get_by_role("button", name="Pesca dal tallone"))
        turn_line = page.locator(".play-turn")
        expect(turn_line).to_contain_text("poi scarta una carta")
        # After the swap the focus is on the news, not lost at the top of the page.
        expect(turn_line).to_be_focused()
        first_card_by_keyboard(page)
        follow(page, page.get_by_role("button", name="Scarta", exact=True))
        expect(page.locator(".play-log")).to_contain_text("Scarti")
        expect(turn_line).to_contain_text(YOUR_TURN, timeout=15_000)
        expect(page.locator(".play-log")).to_contain_text("Nord")
        if turn == 0:
            visit.screenshot("play-phone-keyboard")
    # The page is no wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert visit.errors == []


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_refused_move_is_not_made_and_the_page_says_why(visit: Visit) -> None:
    page = visit.open("/play/")
    deal_by_keyboard(page)
    follow(page, page.get_by_role("button", name="Pesca dal tallone"))
    first_card_by_keyboard(page)
    # One card is no meld (R10): the engine refuses, and the table says so in Italian.
    follow(page, page.get_by_role("button", name="Cala come nuovo gioco"))
    alert = page.locator(".play-status .alert")
    expect(alert).to_contain_text("La mossa non è stata fatta")
    expect(alert.get_by_role("link", name=re.compile("Regola R"))).to_be_visible()
    expect(alert).to_be_focused()
    expect(page.locator(".play-turn")).to_contain_text("poi scarta una carta")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [NO_SCRIPT], indirect=True)
def test_the_same_turns_without_javascript_over_plain_forms(visit: Visit) -> None:
    page = visit.open("/play/")
    page.get_by_role("button", name="Distribuisci le carte").click()
    for _turn in range(3):
        while page.get_by_role("button", name="Continua").count():
            page.get_by_role("button", name="Continua").click()
        expect(page.locator(".play-turn")).to_contain_text(YOUR_TURN)
        page.get_by_role("button", name="Pesca dal tallone").click()
        expect(page.locator(".play-turn")).to_contain_text("poi scarta una carta")
        page.locator("input[name=cards]").first.check()
        page.get_by_role("button", name="Scarta", exact=True).click()
        expect(page.locator(".play-log")).to_contain_text("Scarti")
    visit.screenshot("play-phone-no-javascript")


#: The deal of the review's journey: its hand gives the coach something to flag in 12 turns.
DEAL = 7


def play_turns(game: Game, turns: int) -> None:
    """The learner's turns as the random bot plays them, through the table's service."""
    for _ in range(turns * 6):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return
        view = hand.view()
        action = decide("random", view, legal_in_view(view), hands.bot_rng(game.setup, 999))
        games.move(game, game.version, action)


# axe reads colours as they are at that instant: without motion, the log's lines are not
# caught half faded in.
@pytest.mark.parametrize("visit", [{**PHONE, "reduced_motion": "reduce"}], indirect=True)
def test_the_table_and_the_review_have_no_serious_violations(
    visit: Visit, axe: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed deal: the review needs a decision the coach flags, and a fresh seed's hand
    # might end before the learner's random moves make one.
    monkeypatch.setattr(games.secrets, "randbelow", lambda _limit: DEAL)
    assert_accessible(visit.open("/play/"), axe, "the start page")
    visit.screenshot("play-start")
    page = visit.page
    deal_by_keyboard(page)
    assert_accessible(page, axe, "the table, drawing")
    follow(page, page.get_by_role("button", name="Pesca dal tallone"))
    expect(page.locator(".play-turn")).to_contain_text("poi scarta una carta")
    assert_accessible(page, axe, "the table, playing")
    game = Game.objects.get()
    play_turns(game, 12)
    finding = game.findings.exclude(severity="none").order_by("decision").first()
    assert finding is not None
    review = visit.open(f"/play/{game.pk}/review/")
    assert_accessible(review, axe, "the review")
    visit.screenshot("play-review")
    follow(review, review.get_by_role("link", name="Riprova da qui").first)
    expect(review.locator("#try")).to_contain_text("In partita hai scelto")
    assert_accessible(review, axe, "try again from here")
    visit.screenshot("play-try-again")
    # Choose again: the coach answers in the page (htmx), the focus on its word.
    try_section = review.locator("#try")
    draw = try_section.get_by_role("button", name="Pesca dal tallone")
    if draw.count():
        follow(review, draw)
    else:
        first_card_by_keyboard(review)
        follow(review, try_section.get_by_role("button", name="Scarta", exact=True))
    expect(try_section.locator("[data-focus].alert")).to_be_focused()
    expect(try_section).to_contain_text(re.compile("Ora hai scelto|Regola R"))
    assert visit.errors == []


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_move_from_a_stale_tab_gets_the_current_table_and_a_sentence(visit: Visit) -> None:
    page = visit.open("/play/")
    deal_by_keyboard(page)
    other = page.context.new_page()
    other.goto(page.url)
    follow(page, page.get_by_role("button", name="Pesca dal tallone"))
    expect(page.locator(".play-turn")).to_contain_text("poi scarta una carta")
    # The second tab still shows the draw; htmx swaps in the 409's table and its sentence.
    other.get_by_role("button", name="Raccogli tutti gli scarti").click()
    expect(other.locator(".play-status .alert")).to_contain_text("Il tavolo era andato avanti")
    expect(other.locator(".play-turn")).to_contain_text("poi scarta una carta")
    assert visit.errors == []
