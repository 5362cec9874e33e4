"""The site as `make run` serves it (DEBUG=1), in Chromium: a 400 keeps the page.

Every other browser test runs with DEBUG off, as pytest-django sets it, and so never met
what a walk through `make run` found: under DEBUG, `{% htmx_script %}` added django-htmx's
debug handler, which replaced the whole document with any 400, so "Rispondi" with nothing
chosen, an attach puzzle with no card or a bad card word in the editor wiped the page.
Here DEBUG is on, the templates are in debug mode and the static files come from the
finders, as under `runserver`; a learner and a teacher meet the everyday 400s and the
page stays, with the sentence in it. The teacher's journey also walks the editor's fixes
of that walk: a strict class's rules, a new meld gathered card by card, the cards kept
across kinds, and a table of four.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings
from playwright.sync_api import Page, expect

from lessons.content import CONTENT, read_lesson, save_lesson
from tests.browser.conftest import Visit
from tests.factories import ClassroomFactory, PuzzleFactory, TeacherFactory

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-long-test-password"


def make_run_settings() -> dict[str, Any]:
    """What `make run` differs in from the tests: DEBUG, the templates' debug mode, and the
    static files unhashed from the finders (settings.py chooses them when DEBUG=1)."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["OPTIONS"]["debug"] = True
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    return {"DEBUG": True, "TEMPLATES": templates, "STORAGES": storages}


@pytest.fixture
def debug() -> Iterator[None]:
    with override_settings(**make_run_settings()):
        yield


def kept(page: Page) -> None:
    """The page is still the whole page: the site's header and htmx without its debug
    handler (the handler's document would be the 400's fragment alone)."""
    expect(page.locator("body > header")).to_have_count(1)
    assert page.locator("script[src*='django-htmx']").count() == 0


def settled(page: Page) -> None:
    """Wait for htmx to finish a swap: a control changed before htmx has taken in the new
    content would send nothing (no person is that quick)."""
    busy = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"
    expect(page.locator(busy)).to_have_count(0)


def unexpected(visit: Visit) -> list[str]:
    """The console's errors, but for the 400s the journey asks for (Chromium logs each)."""
    return [error for error in visit.errors if "status of 400" not in error]


def test_under_debug_a_learners_400_keeps_the_page_and_says_why(debug: None, visit: Visit) -> None:
    path = next(CONTENT.glob("lessons/*the-deck-and-the-deal.yaml"))
    save_lesson(read_lesson(path))
    PuzzleFactory(slug="bound-joker")

    # "Rispondi" with nothing chosen.
    page = visit.open("/lessons/the-deck-and-the-deal/2/")
    kept(page)
    page.get_by_role("button", name="Rispondi").click()
    alert = page.locator("#step [role=alert]")
    expect(alert).to_contain_text("Scegli")
    kept(page)
    expect(page).to_have_url(f"{visit.base_url}/lessons/the-deck-and-the-deal/2/")
    # The form is still there and answers.
    page.get_by_label("108").check()
    page.get_by_role("button", name="Rispondi").click()
    expect(page.locator("#feedback")).to_contain_text("Corretto")
    visit.screenshot("debug-lesson-400-kept")

    # An attach puzzle answered with no card.
    page = visit.open("/puzzles/bound-joker/")
    page.get_by_role("button", name="Attacca le carte scelte").click()
    expect(page.locator("[role=alert]").first).to_contain_text("Scegli")
    kept(page)
    page.get_by_role("option", name="10 di fiori").click()
    page.get_by_role("option", name="7 di fiori").click()
    page.get_by_role("button", name="Attacca le carte scelte").click()
    expect(page.locator("#feedback")).to_contain_text("Corretto")
    # The attached cards are on the meld, no more in the hand.
    expect(page.get_by_role("option", name="10 di fiori")).to_have_count(0)
    assert unexpected(visit) == []


def test_under_debug_the_teachers_editor_keeps_the_page_and_builds_a_table_of_four(
    debug: None, visit: Visit
) -> None:
    teacher = TeacherFactory(username="anna")
    ClassroomFactory(teacher=teacher, rules="strict", name="Rigorosi")
    page = visit.open("/accounts/login/")
    page.get_by_label("Nome utente").fill("anna")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Accedi").click()
    expect(page).not_to_have_url(f"{visit.base_url}/accounts/login/")

    page = visit.open("/classes/library/new/")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Il motore delle regole accetta l'esercizio")
    # The teacher's class plays strict: so does the new puzzle.
    expect(page.locator("#id_rules")).to_have_value("strict")

    # 6♥ 7♥ 8♥ into "a new meld of yours" make one meld.
    page.get_by_label("Metti la carta in").select_option("my_new")
    for card in ("6H", "7H", "8H"):
        page.locator(f"#pick-{card}").click()
        expect(page.locator(f"#pick-{card} .palette-left")).to_have_text("1")
        settled(page)
    expect(page.locator("#id_my_melds")).to_have_value("6C JK 8C\n6H 7H 8H")

    # Another kind and back: the cards the answer must use are still 10♣.
    page.locator("#id_kind").select_option("classify")
    expect(page.locator("#id_focus")).to_have_count(0)
    settled(page)
    page.locator("#id_kind").select_option("attach")
    expect(page.locator("#id_focus")).to_have_value("10C")
    settled(page)

    # A bad card word: a 400 whose sentence shows in the preview; the page stays.
    page.locator("#id_hand").fill("10C 1OC KD")
    expect(preview).to_contain_text("«1OC» non è una carta")
    kept(page)
    page.locator("#id_hand").fill("10C 7C KD")
    expect(preview).to_contain_text("Il motore delle regole accetta l'esercizio")

    # Four players: the partner's and the other opponent's hands, a board of four.
    page.locator("#id_players").select_option("4")
    expect(page.locator("#id_partner")).to_have_value("11")
    settled(page)
    page.locator("#id_partner").fill("9")
    expect(preview).to_contain_text("Compagno: 9 carte in mano")
    expect(preview).to_contain_text("Avversario alla tua destra")
    expect(preview).to_contain_text("I giochi della tua squadra")
    expect(preview).to_contain_text("Il motore delle regole accetta l'esercizio")
    visit.screenshot("debug-editor-four-players")
    assert unexpected(visit) == []
