"""The practice table in the browser: a whole hand with the keyboard alone, in Italian, on a
phone held upright, the others' moves one at a time; the same hand over plain forms without
JavaScript; a frame skipped and a turn taken back; a refused move and its sentence; axe-core
on the table, a frame and the review; the focus after every swap."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from engine.actions import Action, ActionKind
from engine.bots import decide, legal_in_view
from engine.state import Phase
from play import games, hands, speed, table
from play.forms import BEGINNER
from play.models import Game
from tests.browser.conftest import Visit
from tests.browser.test_accessibility import assert_accessible
from tests.browser.test_keyboard_journeys import follow, tab_to
from tests.factories import GameFactory
from tests.play.test_live import finish_hand

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True}
NO_SCRIPT = {**PHONE, "java_script_enabled": False}
YOUR_TURN = "Tocca a te"
BEGINNERS_HAND = "Distribuisci una smazzata da principiante"


def deal_by_keyboard(page: Page) -> None:
    """The start page's first button: the beginner's hand (play.forms.BEGINNER)."""
    follow(page, page.get_by_role("button", name=BEGINNERS_HAND))
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator(".play-turn")).to_contain_text(YOUR_TURN, timeout=15_000)


def first_card_by_keyboard(page: Page) -> None:
    """Tab into the hand, Home to its first card, Space to choose it."""
    tab_to(page, page.locator("[role=option][tabindex='0']"))
    page.keyboard.press("Home")
    page.keyboard.press("Space")
    expect(page.locator("[role=option][aria-selected=true]")).to_have_count(1)


#: The deal of the whole hands played below: drawing and discarding the first card against
#: the beginner (the start page's first button), the learner sees it end in 34 turns (26
#: against the club player: it was the shortest of the first sixty seeds then).
WHOLE_HAND = 47
#: The deal of the review's journey: its hand gives the coach something to flag in 12 turns.
DEAL = 7
#: The pause between the frames of the others' moves in these tests (the site's is longer).
QUICK_FRAMES = 150
HAND_OVER = "La smazzata è finita"


@pytest.fixture
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game dealt is the deal of WHOLE_HAND, so the same choices play the same hand."""
    monkeypatch.setattr(games.secrets, "randbelow", lambda _limit: WHOLE_HAND)
    monkeypatch.setitem(speed.FRAME_MS, speed.Speed.NORMAL, QUICK_FRAMES)


def first_card_hand() -> list[str]:
    """The hand of WHOLE_HAND played by the services as the journeys below play it: draw from
    the stock, discard the first card of the hand as the page sorts it (by suit), in the
    beginner's game that the start page's first button deals."""
    game = GameFactory(user=None, session_key="reference", seed=WHOLE_HAND, **BEGINNER)
    for _ in range(400):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return game.actions
        action = None
        if hand.learner_to_move and hand.position.phase is Phase.DRAW:
            action = Action(ActionKind.DRAW)
        elif hand.learner_to_move:
            first = table.sorted_hand(tuple(hand.position.hand), "suit")[0]
            action = Action(ActionKind.DISCARD, (first,))
        games.move(game, game.version, action)
    raise AssertionError("the reference hand did not end")


def played_hand() -> list[str]:
    return Game.objects.exclude(session_key="reference").get().actions


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_whole_hand_with_the_keyboard_alone_in_italian_on_a_phone(
    visit: Visit, fixed_deal: None
) -> None:
    page = visit.open("/play/")
    deal_by_keyboard(page)
    turn_line = page.locator(".play-turn")
    for turn in range(60):
        expect(turn_line).to_contain_text(re.compile(f"{YOUR_TURN}|{HAND_OVER}"), timeout=20_000)
        if turn:
            # After every swap the focus is on the table's news, never lost at the page's top.
            expect(turn_line).to_be_focused(timeout=10_000)
        if HAND_OVER in turn_line.inner_text():
            break
        follow(page, page.get_by_role("button", name="Pesca dal tallone"))
        expect(turn_line).to_contain_text("poi scarta una carta")
        expect(turn_line).to_be_focused(timeout=10_000)
        first_card_by_keyboard(page)
        follow(page, page.get_by_role("button", name="Scarta", exact=True))
        expect(page.locator(".play-log")).to_contain_text("Scarti")
        if turn == 0:
            # The others' moves come one at a time, each announced, the table following.
            expect(page.locator("#play-news")).to_contain_text("Il tuo avversario", timeout=10_000)
            visit.screenshot("play-phone-keyboard")
    else:
        raise AssertionError("the hand did not end in 60 turns")
    score = page.get_by_role("region", name="Il punteggio")
    expect(score).to_contain_text("Totale")
    # The page is no wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The hand played is the hand the services play with the same choices.
    assert played_hand() == first_card_hand()
    follow(page, page.get_by_role("link", name="Analizza la smazzata"))
    expect(page).to_have_url(re.compile(r"/review/$"))
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{**PHONE, "reduced_motion": "no-preference"}], indirect=True)
def test_the_others_moves_step_by_step_skip_and_take_back_by_keyboard(
    visit: Visit, fixed_deal: None, axe: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Frames that wait, so that one can be looked at, checked and skipped.
    monkeypatch.setitem(speed.FRAME_MS, speed.Speed.NORMAL, 60_000)
    page = visit.open("/play/")
    deal_by_keyboard(page)
    follow(page, page.get_by_role("button", name="Pesca dal tallone"))
    first_card_by_keyboard(page)
    follow(page, page.get_by_role("button", name="Scarta", exact=True))
    # The first frame: the table after the learner's own discard, announced; the focus on
    # the way out of the wait.
    skip = page.get_by_role("link", name="Salta alla fine delle loro mosse")
    expect(skip).to_be_focused(timeout=10_000)
    expect(page.locator("#play-news")).to_contain_text("Scarti")
    expect(page.get_by_role("button", name="Pesca dal tallone")).to_have_count(0)
    assert_accessible(page, axe, "a frame of the others' moves")
    page.keyboard.press("Enter")
    turn_line = page.locator(".play-turn")
    expect(turn_line).to_contain_text(YOUR_TURN)
    expect(turn_line).to_be_focused(timeout=10_000)
    # Take the turn back: the table is back at its start, and the page says what happened.
    follow(page, page.get_by_role("button", name="Annulla il tuo ultimo turno"))
    notice = page.locator(".play-status .alert")
    expect(notice).to_contain_text("Il tuo ultimo turno è stato annullato")
    expect(notice).to_be_focused(timeout=10_000)
    expect(page.get_by_role("button", name="Pesca dal tallone")).to_be_visible()
    assert Game.objects.get().helped
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
    expect(alert).to_be_focused(timeout=10_000)
    expect(page.locator(".play-turn")).to_contain_text("poi scarta una carta")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [NO_SCRIPT], indirect=True)
def test_the_same_hand_without_javascript_over_plain_forms(visit: Visit, fixed_deal: None) -> None:
    page = visit.open("/play/")
    page.get_by_role("button", name=BEGINNERS_HAND).click()
    turn_line = page.locator(".play-turn")
    for turn in range(60):
        while page.get_by_role("button", name="Continua").count():
            page.get_by_role("button", name="Continua").click()
        expect(turn_line).to_contain_text(re.compile(f"{YOUR_TURN}|{HAND_OVER}"))
        if HAND_OVER in turn_line.inner_text():
            break
        # Without JavaScript the table is the end of the others' moves, and the log all of them.
        expect(page.locator("#play-skip")).to_have_count(0)
        page.get_by_role("button", name="Pesca dal tallone").click()
        expect(turn_line).to_contain_text("poi scarta una carta")
        page.locator("input[name=cards]").first.check()
        page.get_by_role("button", name="Scarta", exact=True).click()
        expect(page.locator(".play-log")).to_contain_text("Scarti")
        if turn == 0:
            visit.screenshot("play-phone-no-javascript")
    else:
        raise AssertionError("the hand did not end in 60 turns")
    expect(page.get_by_role("region", name="Il punteggio")).to_contain_text("Totale")
    assert played_hand() == first_card_hand()


def play_turns(game: Game, turns: int) -> None:
    """The learner's turns as the random bot plays them, through the table's service."""
    for _ in range(turns * 6):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return
        if not hand.learner_to_move:
            # The bots' turns stopped at their deadline (a loaded machine): let them go on.
            games.move(game, game.version, None)
            continue
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
    expect(try_section.locator("[data-focus].alert")).to_be_focused(timeout=10_000)
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


@pytest.mark.parametrize("visit", [PHONE], indirect=True)
def test_a_match_goes_on_to_the_next_hand_by_keyboard_with_the_score_so_far(
    visit: Visit, fixed_deal: None, axe: str
) -> None:
    page = visit.open("/play/")
    # A match is one of the more options: open them, choose it, deal.
    follow(page, page.locator("details.play-options summary"))
    tab_to(page, page.get_by_label("Una sola smazzata"))
    page.keyboard.press("ArrowDown")
    expect(page.get_by_label("Una partita fino al punteggio stabilito")).to_be_checked()
    follow(page, page.get_by_role("button", name="Distribuisci le carte"))
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator(".play-turn")).to_contain_text(YOUR_TURN, timeout=15_000)
    game = Game.objects.get()
    assert game.match
    # The first hand is played to its end by the services, as a beginner would play it.
    first = finish_hand(game)
    scores = hands.scores(first)
    page.reload()
    expect(page.locator(".play-turn")).to_contain_text("distribuisci la prossima")
    score = page.get_by_role("region", name="Il punteggio")
    expect(score).to_contain_text("La partita finora (si gioca a 2005)")
    expect(score).to_contain_text("Nessuno è ancora arrivato a 2005")
    assert_accessible(page, axe, "the table at the end of a match's hand")
    follow(page, page.get_by_role("button", name="Distribuisci la prossima smazzata"))
    # The deal has passed: the learner opens the second hand, told the score before it.
    turn_line = page.locator(".play-turn")
    expect(turn_line).to_contain_text(YOUR_TURN)
    expect(turn_line).to_be_focused(timeout=10_000)
    expect(page.locator(".play-match")).to_contain_text(
        f"Smazzata numero 2 di una partita a 2005; il punteggio prima di questa: "
        f"tu {scores[0]}, il tuo avversario {scores[1]}."
    )
    review = visit.open(f"/play/{game.pk}/review/?hand=1")
    expect(review.get_by_role("heading", level=1)).to_contain_text("(smazzata 1)")
    expect(review.get_by_role("navigation", name="Le smazzate della partita")).to_be_visible()
    assert visit.errors == []


WAIT = "Aspetta un secondo."


@pytest.mark.parametrize("visit", [{**PHONE, "reduced_motion": "no-preference"}], indirect=True)
def test_a_frame_refused_for_a_moment_is_asked_again_after_retry_after(
    visit: Visit, fixed_deal: None
) -> None:
    """The next frame of the others' moves, answered 429 once (a limit by cost, the lane's
    turn), is asked again by the page itself once Retry-After has passed: the learner gets
    their turn without pressing anything or reloading."""
    page = visit.open("/play/")
    deal_by_keyboard(page)
    asked: list[str] = []

    def once_refused(route: Route) -> None:
        asked.append(route.request.url)
        if len(asked) == 1:
            route.fulfill(
                status=429,
                headers={"Retry-After": "1", "Content-Type": "text/html; charset=utf-8"},
                body=f'<div class="alert alert-warning mt-3 mb-0" data-focus>{WAIT}</div>',
            )
        else:
            route.continue_()

    page.route(re.compile(r"/play/\d+/\?at=\d+"), once_refused)
    follow(page, page.get_by_role("button", name="Pesca dal tallone"))
    first_card_by_keyboard(page)
    follow(page, page.get_by_role("button", name="Scarta", exact=True))
    expect(page.locator("#messages")).to_contain_text(WAIT, timeout=10_000)
    expect(page.locator(".play-turn")).to_contain_text(YOUR_TURN, timeout=20_000)
    # The refused frame was asked for again, the same one, and the hand went on from it;
    # the refusal's sentence went with the retry.
    assert len(asked) >= 2 and asked[1] == asked[0]
    expect(page.locator("#messages")).not_to_contain_text(WAIT)
    expect(page.get_by_role("button", name="Pesca dal tallone")).to_be_visible()
    assert [error for error in visit.errors if "429" not in error] == []
