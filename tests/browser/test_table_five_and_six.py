"""Five and six players at the practice table, measured in Chromium on a phone held upright
(390×844) and on a desktop (1280×800): dealt from the start page's options, the seats, their
sides and their melds drawn without the page running wider than the screen, each seat apart;
on the phone the stock, the pile and the learner's melds above the other sides' and the hand
kept in view, so that a move needs no more scrolling than at four players; the score table at
the end of the hand within the screen too; axe-core finds nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine.bots import decide, legal_in_view
from play import games, hands, speed
from play.models import Game
from tests.browser.conftest import SCREENSHOTS, Visit
from tests.browser.test_accessibility import assert_accessible
from tests.browser.test_table_layout import DESKTOP, PHONE, on_screen, quiet

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = [
    pytest.param({**PHONE, "locale": "en-GB"}, id="phone"),
    pytest.param(DESKTOP, id="desktop"),
]


def deal_from_the_options(page: Page, players: int) -> Game:
    page.locator("details.play-options summary").click()
    page.locator(f"input[name=players][value='{players}']").check()
    page.get_by_role("button", name="Deal", exact=True).click()
    expect(page.locator(".play-felt")).to_be_visible()
    quiet(page)
    return Game.objects.get()


def play_on(game: Game, turns: int) -> hands.Hand:
    """The learner's next ``turns`` turns played through the games service (as the table's
    form would), each answered by the bots."""
    for _ in range(turns * 4):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over or turns == 0:
            return hand
        if not hand.learner_to_move:
            games.move(game, game.version, None)
            continue
        view = hand.view()
        action = decide("club", view, legal_in_view(view), hands.bot_rng(hand.setup, 999))
        games.move(game, game.version, action)
        if action.kind.value == "discard":
            turns -= 1
    return games.load(game)


def box(page: Page, selector: str, index: int = 0) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).nth(index).bounding_box() or {}
    assert found, selector
    return found


def no_wider_than_the_screen(page: Page) -> None:
    width = page.viewport_size["width"]  # type: ignore[index]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    seats = page.locator(".play-seat")
    boxes = [box(page, ".play-seat", index) for index in range(seats.count())]
    for seat in boxes:
        assert seat["x"] >= 0 and seat["x"] + seat["width"] <= width, seat
    # Side by side, in the order of play, none over another.
    for left, right in zip(boxes, boxes[1:], strict=False):
        assert left["x"] + left["width"] <= right["x"] + 0.5, (left, right)


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("visit", SCREENS, indirect=True)
def test_five_and_six_seats_their_sides_and_melds_fit_the_screen(
    visit: Visit,
    players: int,
    monkeypatch: pytest.MonkeyPatch,
    axe: str,
) -> None:
    monkeypatch.setattr(games.secrets, "randbelow", lambda _limit: 4)
    monkeypatch.setitem(speed.FRAME_MS, speed.Speed.NORMAL, 0)
    screen = "phone" if visit.page.viewport_size["width"] < 576 else "desktop"  # type: ignore[index]
    page = visit.open("/play/")
    game = deal_from_the_options(page, players)
    assert game.players == players
    expect(page.locator(".play-seat")).to_have_count(players - 1)
    # Played on until the sides have formed at five and every side has melds.
    hand = play_on(game, 4)
    position = hand.position
    assert not hand.over and len(position.live_sides) == 3
    page.reload()
    visit.screenshot(f"table-{players}-players-{screen}")
    # What the screen shows as the page opens (a full-page shot draws the hand's bar mid-page).
    page.screenshot(path=str(SCREENSHOTS / f"table-{players}-players-{screen}-screen.png"))
    no_wider_than_the_screen(page)
    # Each seat says whom it plays with, and its side's colour is its melds' colour.
    names = page.locator(".play-seat-name").all_inner_texts()
    partnered = hands.partner_seat(position) is not None
    assert sum("your partner" in name for name in names) == int(partnered)
    assert all("(" in name for name in names), names
    expect(page.locator(".play-felt .play-melds")).to_have_count(3)
    for melds in page.locator(".play-felt .play-melds").all():
        mark = melds.locator(".play-heading .play-side-mark").get_attribute("class")
        assert mark and page.locator(f".play-seat-name .{mark.split()[-1]}").count() >= 1
    if screen == "phone":
        # The hand is kept at the bottom of the screen; the stock and the pile are above it
        # without a scroll, and the learner's melds come before the other sides'.
        assert page.evaluate("window.scrollY") == 0
        hand_top = box(page, ".play-controls")["y"]
        pile = box(page, ".play-pile")
        assert pile["y"] + pile["height"] <= hand_top, (pile, hand_top)
        mine = box(page, ".play-melds-mine")["y"]
        theirs = box(page, ".play-felt .play-melds:not(.play-melds-mine)")["y"]
        assert pile["y"] < mine < theirs
        page.mouse.wheel(0, 10_000)
        page.wait_for_timeout(200)
        assert on_screen(page, ".play-controls .hand")
        assert on_screen(page, ".play-buttons")
        page.mouse.wheel(0, -10_000)
        page.wait_for_timeout(200)
    assert_accessible(page, axe, f"the table at {players} players")
    # The hand played to its end: the score per side, within the screen.
    hand = play_on(game, 200)
    assert hand.over
    page.reload()
    expect(page.locator(".play-score")).to_be_visible()
    visit.screenshot(f"table-{players}-players-{screen}-score")
    no_wider_than_the_screen(page)
    score = page.locator(".play-score table").first
    columns = score.locator("thead th").all_inner_texts()
    assert len(columns) == 3 and columns[0].startswith("You")
    halved = score.locator("th", has_text="Credited to each player")
    expect(halved).to_have_count(1 if players == 5 else 0)
    expect(page.locator(".play-credit")).to_have_count(1 if players == 5 else 0)
    assert_accessible(page, axe, f"the score at {players} players")
    assert visit.errors == []
