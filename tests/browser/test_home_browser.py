"""The home page in a real browser: assets load, nothing errs, the keyboard can do everything."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lessons.models import Lesson
from tests.browser.conftest import DESKTOP_SIZE, PHONE_SIZE, Visit, on_every_screen

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = DESKTOP_SIZE
PHONE = PHONE_SIZE


def test_the_home_page_loads_htmx_and_bootstrap_without_console_errors(visit: Visit) -> None:
    page = visit.open("/")
    expect(page.locator("h1")).to_contain_text("Impara il Burraco")
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("typeof window.bootstrap") == "object"
    # Bootstrap's stylesheet makes the navbar a flex container (a <nav> is a block otherwise).
    assert page.locator("nav.navbar").evaluate("nav => getComputedStyle(nav).display") == "flex"
    assert visit.errors == []


def test_the_first_tab_reaches_the_skip_link_which_moves_focus_to_the_content(
    visit: Visit,
) -> None:
    page = visit.open("/")
    page.keyboard.press("Tab")
    skip_link = page.locator("a.skip-link")
    expect(skip_link).to_be_focused()
    expect(skip_link).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()


@pytest.mark.parametrize("visit", [{"viewport": DESKTOP}], indirect=True)
def test_the_language_switch_works_from_the_keyboard(visit: Visit) -> None:
    page = visit.open("/")
    english = page.get_by_role("button", name="English")
    for _ in range(20):
        page.keyboard.press("Tab")
        if english.evaluate("button => button === document.activeElement"):
            break
    expect(english).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("h1")).to_contain_text("Learn Burraco")
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")
    assert visit.errors == []


def test_the_notation_box_swaps_in_the_cards_without_reloading_the_page(visit: Visit) -> None:
    page = visit.open("/")
    page.evaluate("window.stayedOnPage = true")
    field = page.get_by_role("textbox", name="Carte")
    field.fill("10h jk")
    field.press("Enter")
    expect(page.locator("#notation")).to_contain_text("10 di cuori, jolly")
    assert page.evaluate("window.stayedOnPage") is True
    # htmx puts the focus back on the field it replaced, so typing can go on.
    expect(page.get_by_role("textbox", name="Carte")).to_be_focused()
    assert visit.errors == []


@on_every_screen
def test_the_home_page_fits_the_screen_on_desktop_and_phone(
    visit: Visit, request: pytest.FixtureRequest
) -> None:
    page = visit.open("/?cards=AS+10H+QD+JK")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    # Kept in screenshots/ (not committed) for a person to look at.
    visit.screenshot(request.node.callspec.id)
    assert visit.errors == []


@pytest.mark.parametrize(
    "visit", [{"viewport": PHONE, "java_script_enabled": False}], indirect=True
)
def test_without_javascript_the_phone_menu_is_open_and_reaches_every_page(visit: Visit) -> None:
    # Bootstrap's collapse needs JavaScript: the toggle did nothing, and Progress, log-in and
    # the language switch were out of reach on a phone.
    page = visit.open("/")
    expect(page.locator(".navbar-toggler")).to_be_hidden()
    for name in ("Progressi", "Accedi", "English"):
        expect(page.locator("#navbar-menu").get_by_text(name, exact=True)).to_be_visible()


def test_the_lesson_titles_stay_in_line_past_lesson_nine(visit: Visit) -> None:
    # The list's numbers grew wider at 10, pushing those titles right.
    for order in range(1, 12):
        Lesson.objects.create(
            slug=f"lesson-{order}",
            order=order,
            title_it=f"Lezione {order}",
            title_en=f"Lesson {order}",
            summary_it="Riassunto.",
            summary_en="Summary.",
        )
    page = visit.open("/lessons/")
    lefts = page.locator(".lesson-list a.fw-semibold").evaluate_all(
        "links => links.map(link => Math.round(link.getBoundingClientRect().left))"
    )
    assert len(lefts) == 11 and len(set(lefts)) == 1


@pytest.mark.parametrize("visit", [{"viewport": PHONE}], indirect=True)
def test_on_a_phone_a_lessons_summary_keeps_the_rows_width(visit: Visit) -> None:
    # Beside the stars and the steps done, the summary was squeezed into half the row.
    Lesson.objects.create(
        slug="long",
        order=1,
        title_it="Lezione",
        title_en="Lesson",
        summary_it="Un riassunto abbastanza lungo da andare a capo su un telefono. " * 3,
        summary_en="A summary long enough to wrap on a phone. " * 3,
    )
    page = visit.open("/lessons/")
    row = page.locator(".lesson-list > li").first.bounding_box()
    text = page.locator(".lesson-list .lesson-text").first.bounding_box()
    meta = page.locator(".lesson-list .lesson-meta").first.bounding_box()
    assert row and text and meta
    assert text["width"] > row["width"] * 0.7
    assert meta["y"] >= text["y"] + text["height"] - 1  # under the summary, not beside it
