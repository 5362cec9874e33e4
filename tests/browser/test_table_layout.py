"""The practice table as a card table, measured in Chromium: at 1280×800 a table with twelve
melds a side, the hand and the actions fits the screen without scrolling; on a phone held
upright a whole hand played by touch (tapping the cards, the stock, the pile, the felt and
the melds), the hand and its buttons in view after every kind of move and the page never
scrolled by one."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.actions import Action, ActionKind
from engine.bots import decide, legal_in_view
from engine.state import Position
from play import games, hands, speed, views
from play.models import Game
from tests.browser.conftest import Visit
from tests.browser.test_accessibility import assert_accessible

pytestmark = pytest.mark.django_db(transaction=True)
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "en-GB"}
#: Without motion: Bootstrap's smooth scrolling would still be moving the page when a tap's
#: own scrolling is read.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "reduced_motion": "reduce",
}
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def crowded() -> Position:
    """Late in a hand: twelve sets a side, a pile of nine, eleven cards in the hand, seven in
    the stock (the 108 cards, R1)."""
    return Position.from_json(
        {
            "players": 2,
            "to_move": 0,
            "phase": "play",
            "hands": [
                ["2C", "JK", "5S", "6S", "7S", "8C", "9C", "10C", "QS", "KS", "AS"],
                {"count": 9},
            ],
            "melds": [
                [[rank + "H", rank + "D", rank + "C"] for rank in RANKS],
                [[rank + "S", rank + "H", rank + "D"] for rank in RANKS],
            ],
            "discard": ["3C", "4C", "5C", "6C", "7C", "3S", "4S", "JC", "QC"],
            "stock": 7,
            "pozzetti_taken": [True, True],
        }
    )


def deal(page: Page) -> Game:
    page.locator("button[name=deal][value=beginner]").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    return Game.objects.get()


@pytest.mark.parametrize("visit", [DESKTOP], indirect=True)
def test_twelve_melds_a_side_the_hand_and_the_actions_fit_one_desktop_screen(
    visit: Visit, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = visit.open("/play/")
    game = deal(page)
    setup = games.load(game).setup
    monkeypatch.setattr(views, "_load", lambda _game: hands.Hand(setup, crowded()))
    page.reload()
    visit.screenshot("table-desktop-twelve-melds")
    assert page.locator(".play-meld").count() == 24
    expect(page.get_by_role("button", name="Discard", exact=True)).to_be_visible()
    # Everything on the felt, the hand and the buttons lie within the screen.
    for part in (".play-felt", ".play-controls", ".play-buttons", ".play-side"):
        bottom = page.locator(part).evaluate("el => el.getBoundingClientRect().bottom")
        assert bottom <= 800, (part, bottom)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 800, height
    assert visit.errors == []


def on_screen(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.evaluate(
        "el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; }"
    )
    return bool(box[0] >= 0 and box[1] <= page.viewport_size["height"])  # type: ignore[index]


def choose_cards(page: Page, cards: tuple[Any, ...]) -> None:
    """Tap each card in the hand (of two copies, the next one not chosen yet)."""
    taken: Counter[str] = Counter()
    for card in cards:
        code = str(card)
        page.locator(f".hand-option:has(input[value='{code}'])").nth(taken[code]).tap()
        taken[code] += 1
    expect(page.locator(".hand-option[aria-selected=true]")).to_have_count(len(cards))


def quiet(page: Page) -> None:
    """Wait until the page asks nothing more: no request in flight and none due (the bots'
    turns it asks for after a pause). Only then is the database read: the live server's
    thread writes to the same SQLite database, which a read would find locked."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, [hx-trigger^=\"load\"]')",
        timeout=30_000,
    )


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_whole_hand_by_touch_on_a_phone_keeps_the_hand_in_view_and_never_scrolls(
    visit: Visit, monkeypatch: pytest.MonkeyPatch, axe: str
) -> None:
    monkeypatch.setattr(games.secrets, "randbelow", lambda _limit: 4)
    monkeypatch.setitem(speed.FRAME_MS, speed.Speed.NORMAL, 0)
    page = visit.open("/play/")
    game = deal(page)
    # Scrolled down a little, as a player reading the felt would be: no move may move it.
    page.mouse.wheel(0, 120)
    page.wait_for_timeout(200)
    done: Counter[str] = Counter()
    for _move in range(300):
        quiet(page)
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            break
        assert hand.learner_to_move
        view = hand.view()
        action = decide("club", view, legal_in_view(view), hands.bot_rng(hand.setup, 999))
        if action.kind is ActionKind.PILE and not done["draw"]:
            action = Action(ActionKind.DRAW)  # this player likes the pile: draw once too
        kind = action.kind
        if kind is not ActionKind.DRAW and kind is not ActionKind.PILE:
            choose_cards(page, action.cards)
        place = {
            ActionKind.DRAW: ".play-stock",
            ActionKind.PILE: ".play-pile",
            ActionKind.MELD: ".play-melds-mine .play-heading",
            ActionKind.ATTACH: f".play-melds-mine .play-meld[data-tap-value='{action.meld}'] .meld",
            ActionKind.DISCARD: ".play-pile",
        }[kind]
        with page.expect_response(lambda response: response.request.method == "POST"):
            page.locator(place).tap()
            # Where the page stood once the tap was made (Playwright scrolls a place hidden
            # under the hand's bar into view before it taps): the move must leave it there.
            scrolled = page.evaluate("window.scrollY")
        quiet(page)
        game.refresh_from_db()
        hand = games.load(game)
        done[kind.value] += 1
        made = [step.action for step in hand.steps if step.seat == hands.LEARNER]
        assert made and made[-1].kind is kind, (action, page.locator(".play-status").inner_text())
        assert Counter(made[-1].cards) == Counter(action.cards), (action, made[-1])
        if hand.over:
            break
        assert page.evaluate("window.scrollY") == scrolled, kind
        assert on_screen(page, ".play-controls .hand"), kind
        assert on_screen(page, ".play-buttons"), kind
        if done[kind.value] == 1:
            visit.screenshot(f"table-phone-after-{kind.value}")
    assert games.load(Game.objects.get(pk=game.pk)).over, "the hand did not end in 300 moves"
    assert set(done) >= {"draw", "meld", "attach", "discard"}, done
    expect(page.locator(".play-score")).to_be_visible()
    assert_accessible(page, axe, "the table at the end of a hand played by touch")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [DESKTOP], indirect=True)
def test_tabbing_on_while_the_others_move_keeps_the_focus_where_it_went(
    visit: Visit, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games.secrets, "randbelow", lambda _limit: 4)
    monkeypatch.setitem(speed.FRAME_MS, speed.Speed.NORMAL, 1_500)
    page = visit.open("/play/")
    deal(page)
    page.get_by_role("button", name="Draw from the stock").click()
    page.locator(".hand-option").first.click()
    page.get_by_role("button", name="Discard", exact=True).click()
    skip = page.locator("#play-skip")
    expect(skip).to_be_focused()
    frame = page.locator("[hx-trigger^='load delay']").get_attribute("hx-get")
    page.keyboard.press("Tab")
    log = page.locator("#play-log-scroll")
    expect(log).to_be_focused()
    # The next frame replaces the table: the focus stays on the moves' log.
    expect(page.locator(f"[hx-get='{frame}']")).to_have_count(0, timeout=10_000)
    expect(log).to_be_focused()
    assert visit.errors == []
