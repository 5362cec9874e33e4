"""A newcomer takes the first lesson end to end with the keyboard alone, in both languages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from lessons.content import CONTENT, load_all
from lessons.models import Lesson
from tests.browser.conftest import Visit

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def first_lesson(tmp_path: Path) -> Lesson:
    shutil.copytree(CONTENT, tmp_path / "content")
    load_all(tmp_path / "content")
    return Lesson.objects.order_by("order").first()


def tab_to(page: Page, locator_name: str, role: str = "button") -> None:
    target = page.get_by_role(role, name=locator_name).first  # type: ignore[arg-type]
    for _ in range(60):
        if target.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator_name}")


def answer_with_keyboard(page: Page, lesson: Lesson, number: int, language: str) -> None:
    """Answer the step's question: try each option in turn until the engine says right."""
    step = lesson.steps.get(number=number)
    answer_label = "Rispondi" if language == "it" else "Answer"
    right = "Corretto" if language == "it" else "Correct"
    if step.question and "choice" in step.question:
        for index in range(len(step.question["choice"]["options"])):
            page.locator(f"#choice-{index}").focus()
            page.keyboard.press("Space")
            tab_to(page, answer_label)
            page.keyboard.press("Enter")
            feedback = page.locator("#feedback")
            expect(feedback).to_be_focused()
            if right in feedback.inner_text():
                return
        raise AssertionError(f"no option of step {number} was right")
    raise AssertionError(f"step {number} of the first lesson was expected to be a choice")


@pytest.mark.parametrize(
    ("visit", "language"),
    [({"locale": "it-IT"}, "it"), ({"locale": "en-GB"}, "en")],
    indirect=["visit"],
)
def test_the_first_lesson_end_to_end_with_the_keyboard(
    visit: Visit, first_lesson: Lesson, language: str
) -> None:
    page = visit.open("/lessons/")
    start = "Comincia la lezione" if language == "it" else "Start the lesson"
    title = first_lesson.title_it if language == "it" else first_lesson.title_en
    page.get_by_role("link", name=title).first.focus()
    page.keyboard.press("Enter")
    tab_to(page, start, role="link")
    page.keyboard.press("Enter")
    total = first_lesson.steps.count()
    for number in range(1, total + 1):
        expect(page.locator("#step-heading")).to_contain_text(str(number))
        # htmx swaps the step: the tab's title and the breadcrumb follow it.
        step_word = "Passo" if language == "it" else "Step"
        expect(page).to_have_title(f"{title} · {step_word} {number} · Burraco Tutor")
        expect(page.locator("#breadcrumb-step")).to_have_text(f"{step_word} {number}")
        if first_lesson.steps.get(number=number).kind == "ask":
            answer_with_keyboard(page, first_lesson, number, language)
        visit.screenshot(f"lesson-{language}-step-{number}")
        forward = (
            ("Avanti" if language == "it" else "Next")
            if number < total
            else ("Concludi la lezione" if language == "it" else "Finish the lesson")
        )
        tab_to(page, forward, role="link")
        page.keyboard.press("Enter")
        if number < total:
            expect(page.locator("#step-heading")).to_be_focused()
    expect(page.locator("h1")).to_contain_text(
        first_lesson.title_it if language == "it" else first_lesson.title_en
    )
    done = "fatto" if language == "it" else "done"
    expect(page.locator(".badge", has_text=done)).to_have_count(total)
    visit.screenshot(f"lesson-{language}-finished")
    assert visit.errors == []
