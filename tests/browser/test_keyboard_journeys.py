"""The keyboard alone, for each of the three users, from logging in to the end of their task:
a learner (tests/browser/test_puzzle_journey.py and test_lesson_journey.py do the puzzles and
a whole lesson), a student who joins a class with its code and does the assignment, and a
teacher who makes a class and an assignment and opens a student's work from the grid (the
editor by keyboard is in test_classroom_journey.py). No mouse, no fill(): Tab, typing, Space,
arrows and Enter, as a person without a pointer would."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from classroom.models import Classroom
from tests.browser.conftest import Visit, arrow_and_select
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    ProfileFactory,
    PuzzleFactory,
    TeacherFactory,
    ThemeFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-long-test-password"
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def tab_to(page: Page, target: Locator, limit: int = 80) -> None:
    """Press Tab until the target has the focus."""
    for _ in range(limit):
        if target.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def log_in(visit: Visit, username: str) -> Page:
    page = visit.open("/accounts/login/")
    tab_to(page, page.get_by_label("Nome utente"))
    page.keyboard.type(username)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{visit.base_url}/progress/")
    return page


def follow(page: Page, link: Locator) -> None:
    tab_to(page, link)
    page.keyboard.press("Enter")


def choose(page: Page, card: str) -> None:
    """Tab into the hand (to the card last touched), Home, arrow along to the card, Space."""
    tab_to(page, page.locator("[role=option][tabindex='0']"))
    page.keyboard.press("Home")
    arrow_and_select(page, card)


@pytest.mark.parametrize("visit", [DESKTOP], indirect=True)
def test_a_student_joins_with_the_code_and_does_the_assignment(visit: Visit) -> None:
    classroom = ClassroomFactory(name="Circolo del martedì")
    AssignmentFactory(
        classroom=classroom, title="Le matte vincolate", puzzles=[PuzzleFactory(slug="bound")]
    )
    ProfileFactory(user=UserFactory(username="bruno"))
    page = log_in(visit, "bruno")
    follow(page, page.get_by_role("link", name="Classi", exact=True))
    tab_to(page, page.get_by_label("Codice della classe").first)
    page.keyboard.type(classroom.code)
    page.keyboard.press("Enter")
    expect(page.locator("#messages")).to_contain_text("Sei entrato nella classe")
    follow(page, page.get_by_role("link", name="Le matte vincolate").first)
    follow(page, page.get_by_role("link", name="Comincia"))
    choose(page, "10 di fiori")
    choose(page, "7 di fiori")
    follow(page, page.get_by_role("button", name="Attacca le carte scelte"))
    expect(page.locator("#feedback")).to_be_focused()
    expect(page.locator("#feedback")).to_contain_text("Corretto")
    follow(page, page.get_by_role("link", name="Torna al compito"))
    expect(page.locator("main")).to_contain_text("Hai risolto tutti gli esercizi")
    visit.screenshot("keyboard-student-done")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [DESKTOP], indirect=True)
def test_a_teacher_makes_a_class_and_an_assignment_and_reads_the_grid(visit: Visit) -> None:
    TeacherFactory(username="anna")
    PuzzleFactory(slug="bound").themes.add(ThemeFactory(name="R23"))
    page = log_in(visit, "anna")
    follow(page, page.get_by_role("link", name="Classi", exact=True))
    follow(page, page.get_by_role("link", name="Nuova classe"))
    tab_to(page, page.get_by_label("Nome della classe"))
    page.keyboard.type("Circolo del martedì")
    standard = page.get_by_label("Standard")
    tab_to(page, standard)
    page.keyboard.press("Space")
    expect(standard).to_be_checked()
    follow(page, page.get_by_role("button", name="Crea la classe"))
    expect(page.get_by_role("heading", name="Circolo del martedì")).to_be_visible()
    classroom = Classroom.objects.get()
    MembershipFactory(classroom=classroom, student=UserFactory(username="bruno"))

    follow(page, page.get_by_role("link", name="Nuovo compito"))
    tab_to(page, page.get_by_label("Titolo"))
    page.keyboard.type("Le matte vincolate")
    themes = page.get_by_label("Cerca esercizi su")
    tab_to(page, themes)
    # A select follows the keys typed: "R23" picks the rule's option; htmx shows its puzzles.
    page.keyboard.type("R23")
    expect(page.locator("#picker")).to_contain_text("Spunta gli esercizi da assegnare")
    puzzle = page.get_by_label("Puoi attaccare il")
    tab_to(page, puzzle)
    page.keyboard.press("Space")
    expect(puzzle).to_be_checked()
    follow(page, page.get_by_role("button", name="Assegna il compito"))
    expect(page.get_by_role("heading", name="Le matte vincolate")).to_be_visible()

    follow(page, page.get_by_role("link", name="Circolo del martedì").first)
    grid = page.locator("table.class-grid")
    expect(grid).to_contain_text("bruno")
    follow(page, grid.get_by_role("link").filter(has_text="0/1").first)
    expect(page.locator("main")).to_contain_text("bruno")
    visit.screenshot("keyboard-teacher-student")
    assert visit.errors == []
