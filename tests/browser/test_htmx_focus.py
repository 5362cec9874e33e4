"""After every htmx swap the focus is where the news is, or stays on the control the learner is
using: never dropped on <body>, where a keyboard or screen-reader user would be lost
(static/js/board.js). Every swap of the site is driven here from the keyboard alone."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from lessons.models import Lesson, Step
from tests.browser.conftest import Visit
from tests.factories import CLOSE, AttemptFactory, PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-long-test-password"

#: Records, after each swap has settled, where the focus is.
RECORDER = """
window.swaps = [];
document.addEventListener("htmx:afterSettle", (event) => {
  // An outerHTML swap replaces the target: look at the element now in its place.
  const target = event.detail.target;
  const live = (target.id && document.getElementById(target.id)) || target;
  const active = document.activeElement;
  window.swaps.push({
    target: target.id || target.className,
    active: active ? (active.id || active.getAttribute("role") || active.tagName) : null,
    lost: !active || active === document.body || !active.isConnected,
    inside: live.contains(active),
  });
});
"""


@pytest.fixture
def page(visit: Visit) -> Page:
    visit.page.add_init_script(RECORDER)
    return visit.page


def swap(page: Page, action: Any, target: str | None = None) -> dict[str, Any]:
    """Do something that swaps; the record of that swap once it has settled.

    With a target, the record of the first swap of that target after the action: a swap still
    due from something done before (a card chosen just before, drawn late) is passed over."""
    count = page.evaluate("window.swaps.length")
    action()
    # A function, not an expression: the page's CSP refuses to eval a string.
    page.wait_for_function(
        "([count, target]) => window.swaps.slice(count).some("
        "(swap) => target === null || swap.target === target)",
        arg=[count, target],
    )
    record: dict[str, Any] = page.evaluate(
        "([count, target]) => window.swaps.slice(count).find("
        "(swap) => target === null || swap.target === target)",
        [count, target],
    )
    assert not record["lost"], f"the focus was lost after swapping {record['target']}"
    return record


def tab_to(page: Page, locator: Any) -> None:
    for _ in range(60):
        if locator.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


def test_the_notation_box_keeps_the_focus_on_its_field(visit: Visit, page: Page) -> None:
    visit.open("/")
    field = page.get_by_role("textbox", name="Carte")
    field.fill("10h jk")
    record = swap(page, lambda: field.press("Enter"))
    assert record["inside"]
    expect(page.get_by_role("textbox", name="Carte")).to_be_focused()
    assert visit.errors == []


def test_every_swap_of_a_puzzle_puts_the_focus_on_the_news(visit: Visit, page: Page) -> None:
    puzzle = PuzzleFactory(slug="bound-joker")
    visit.open(f"/puzzles/{puzzle.slug}/")
    # Choosing a card: the choice is drawn by the server, the focus stays on the card.
    option = page.get_by_role("option", name="10 di fiori")
    page.get_by_role("option").first.focus()
    tab_to(page, page.get_by_role("option").first)
    while not option.evaluate("el => el === document.activeElement"):
        page.keyboard.press("ArrowRight")
    record = swap(page, lambda: page.keyboard.press("Space"), "selection")
    assert not record["inside"]
    expect(option).to_be_focused()
    # The hint.
    hint = page.get_by_role("button", name=re.compile("Mostra un suggerimento"))
    tab_to(page, hint)
    record = swap(page, lambda: page.keyboard.press("Enter"), "hint")
    assert record["inside"]
    # A wrong answer: the feedback.
    answer = page.get_by_role("button", name="Attacca le carte scelte")
    tab_to(page, answer)
    record = swap(page, lambda: page.keyboard.press("Enter"), "puzzle")
    assert record["active"] == "feedback"
    assert visit.errors == []


def test_an_answer_refused_as_no_answer_is_swapped_in_and_focused(visit: Visit, page: Page) -> None:
    puzzle = PuzzleFactory(slug="bound-joker")
    visit.open(f"/puzzles/{puzzle.slug}/")
    # No card chosen: the server answers 400 with a sentence, which must still be shown.
    answer = page.get_by_role("button", name="Attacca le carte scelte")
    tab_to(page, answer)
    record = swap(page, lambda: page.keyboard.press("Enter"), "puzzle")
    assert record["inside"]
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Scegli almeno una carta")
    expect(alert).to_be_focused()
    # Chromium logs every 4xx response on the console; nothing else may be there.
    assert [error for error in visit.errors if "status of 400" not in error] == []


def test_the_line_builder_keeps_the_focus_in_the_puzzle_move_after_move(
    visit: Visit, page: Page
) -> None:
    PuzzleFactory(slug="close-it", **CLOSE)
    visit.open("/puzzles/close-it/")
    for name in ("fante di picche", "donna di picche", "re di picche"):
        page.get_by_role("option", name=name).click()
    lay = page.get_by_role("button", name="Cala le carte scelte")
    tab_to(page, lay)
    record = swap(page, lambda: page.keyboard.press("Enter"), "puzzle")
    assert record["inside"]
    assert visit.errors == []


def test_stepping_through_a_lesson_and_answering_keeps_the_focus_in_the_step(
    visit: Visit, page: Page
) -> None:
    lesson = Lesson.objects.create(
        slug="first",
        order=1,
        title_it="Primo",
        title_en="First",
        summary_it="…",
        summary_en="…",
        rules=["R1"],
    )
    Step.objects.create(lesson=lesson, number=1, kind="explain", text_it="Uno", text_en="One")
    Step.objects.create(
        lesson=lesson,
        number=2,
        kind="ask",
        text_it="Quante?",
        text_en="How many?",
        question={
            "choice": {
                "options": [{"it": "108", "en": "108"}, {"it": "52", "en": "52"}],
                "answer": 0,
            }
        },
    )
    visit.open("/lessons/first/1/")
    forward = page.get_by_role("link", name="Avanti")
    tab_to(page, forward)
    record = swap(page, lambda: page.keyboard.press("Enter"), "step")
    assert record["active"] == "step-heading"
    page.locator("#choice-1").focus()
    page.keyboard.press("Space")
    tab_to(page, page.get_by_role("button", name="Rispondi"))
    record = swap(page, lambda: page.keyboard.press("Enter"))
    assert record["active"] == "feedback"
    back = page.get_by_role("link", name="Indietro")
    tab_to(page, back)
    record = swap(page, lambda: page.keyboard.press("Enter"))
    assert record["active"] == "step-heading"
    assert visit.errors == []


def test_listing_every_recent_answer_on_the_progress_page(visit: Visit, page: Page) -> None:
    user = UserFactory(username="focus-learner")
    for number in range(12):
        AttemptFactory(user=user, puzzle=PuzzleFactory(slug=f"p-{number}"))
    visit.open("/accounts/login/")
    page.get_by_label("Nome utente").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Accedi").click()
    expect(page).to_have_url(f"{visit.base_url}/progress/")
    more = page.locator("[hx-get*='recent=all']")
    expect(more.first).to_be_visible()
    tab_to(page, more.first)
    record = swap(page, lambda: page.keyboard.press("Enter"))
    assert record["inside"]
    assert visit.errors == []


def test_an_answer_the_server_fails_on_says_so_instead_of_doing_nothing(
    visit: Visit, page: Page
) -> None:
    puzzle = PuzzleFactory(slug="bound-joker")
    visit.open(f"/puzzles/{puzzle.slug}/")
    # The server fails on the answer (a 500 played by the browser), then the network is down.
    page.route(f"**/puzzles/{puzzle.slug}/", lambda route: route.fulfill(status=500, body="x"))
    page.get_by_role("option", name="10 di fiori").click()
    answer = page.get_by_role("button", name="Attacca le carte scelte")
    tab_to(page, answer)
    page.keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("nulla è stato salvato")
    page.unroute(f"**/puzzles/{puzzle.slug}/")
    page.route(f"**/puzzles/{puzzle.slug}/", lambda route: route.abort())
    answer.click()
    expect(page.get_by_role("alert")).to_contain_text("connessione")


def test_a_failed_answer_stays_said_when_an_earlier_choice_is_drawn_after_it(
    visit: Visit, page: Page, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hand's choice is drawn by a request sent before the answer and answered after the
    # answer's failure (a slow server): its swap must not clear what the failure said.
    from lessons import puzzle_views

    drawn = puzzle_views.puzzle_selection

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.5)
        return drawn(*args, **kwargs)

    monkeypatch.setattr(puzzle_views, "puzzle_selection", slow)
    puzzle = PuzzleFactory(slug="bound-joker")
    visit.open(f"/puzzles/{puzzle.slug}/")
    page.route(f"**/puzzles/{puzzle.slug}/", lambda route: route.fulfill(status=500, body="x"))
    page.get_by_role("option", name="10 di fiori").click()
    page.get_by_role("button", name="Attacca le carte scelte").click()
    expect(page.get_by_role("alert")).to_contain_text("nulla è stato salvato")
    expect(page.locator("#selection")).to_contain_text("La tua scelta", timeout=10_000)
    expect(page.get_by_role("alert")).to_contain_text("nulla è stato salvato")
