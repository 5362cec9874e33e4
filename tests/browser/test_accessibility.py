"""axe-core (from npm, package-lock.json) in Chromium on the pages people use most: home, the
lessons, steps of each kind and puzzles of each kind before and after answering, progress, the
class grid of 30 students × 10 assignments, its heat-map and the puzzle editor: no serious or
critical violation. (Focus after htmx swaps: test_htmx_focus.py.)

axe runs in the page through Playwright's evaluate, which the Content-Security-Policy does not
govern, so the pages are checked with the policy they really have.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from lessons.content import CONTENT, load_all
from lessons.models import Lesson, Puzzle, Step
from tests.browser.conftest import Visit
from tests.factories import AttemptFactory, ProfileFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-long-test-password"
#: What counts: axe's two highest impacts.
BLOCKING = {"serious", "critical"}


@pytest.fixture
def content(tmp_path: Path) -> None:
    shutil.copytree(CONTENT, tmp_path / "content")
    load_all(tmp_path / "content")


#: Resolves once every finite CSS transition and animation in the page has finished.
SETTLED = (
    "() => Promise.all(document.getAnimations()"
    ".filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)"
    ".map(a => a.finished.catch(() => null)))"
)


def violations(page: Page, axe: str) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it is now."""
    # Colours are judged as they end, not halfway through a transition (a button taking its
    # focus colour over 0.15 s once measured 4.35:1 on its way to 4.69:1).
    page.evaluate(SETTLED)
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe)
    result = page.evaluate(
        "() => axe.run(document, {resultTypes: ['violations']})"
        ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' — ' + n.failureSummary)})))"
    )
    return [found for found in result if found["impact"] in BLOCKING]


def assert_accessible(page: Page, axe: str, where: str) -> None:
    found = violations(page, axe)
    assert not found, f"{where}:\n" + json.dumps(found, indent=2, ensure_ascii=False)


def log_in(visit: Visit, user: User) -> None:
    page = visit.open("/accounts/login/")
    page.get_by_label("Nome utente").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Accedi").click()
    expect(page).to_have_url(f"{visit.base_url}/progress/")


def first_step(kind: str) -> Step:
    """The first lesson step that explains, asks a multiple choice, or asks a puzzle."""
    for step in Step.objects.order_by("lesson__order", "number"):
        question = step.question or {}
        if (kind == "explain" and not question) or kind in question:
            return step
    raise AssertionError(f"no {kind} step in the content")


def step_url(step: Step) -> str:
    return f"/lessons/{step.lesson.slug}/{step.number}/"


def test_home_lessons_and_puzzles_have_no_serious_violations(
    visit: Visit, content: None, axe: str
) -> None:
    for path in ("/", "/?cards=AS+10H+QD+JK", "/lessons/", "/puzzles/", "/accounts/login/"):
        assert_accessible(visit.open(path), axe, path)
    lesson = Lesson.objects.order_by("order").first()
    assert lesson is not None
    assert_accessible(visit.open(f"/lessons/{lesson.slug}/"), axe, "a lesson")
    # An advanced lesson's badge, and a last step's recap and next lessons.
    advanced = Lesson.objects.filter(level=Lesson.Level.ADVANCED).order_by("order").first()
    assert advanced is not None
    assert_accessible(visit.open(f"/lessons/{advanced.slug}/"), axe, "advanced lesson")
    before = Lesson.objects.filter(order__lt=advanced.order).order_by("-order").first()
    assert before is not None
    last = f"/lessons/{before.slug}/{before.steps.count()}/"
    assert_accessible(visit.open(last), axe, "a lesson's last step")
    assert visit.errors == []


@pytest.mark.parametrize("kind", ["explain", "choice", "puzzle"])
def test_a_lesson_step_before_and_after_answering(
    visit: Visit, content: None, axe: str, kind: str
) -> None:
    step = first_step(kind)
    page = visit.open(step_url(step))
    assert_accessible(page, axe, f"{kind} step {step}")
    if kind == "choice":
        page.locator("#choice-0").check()
        page.locator("#step form button[type=submit]").first.click()
        expect(page.locator("#feedback")).to_be_focused()
        assert_accessible(page, axe, f"{kind} step {step}, answered")
    assert visit.errors == []


@pytest.mark.parametrize(
    "kind",
    ["attach", "lay-meld", "wildcard", "classify", "score", "close", "discard", "pile-use"],
)
def test_a_puzzle_before_and_after_answering(
    visit: Visit, content: None, axe: str, kind: str
) -> None:
    puzzle = Puzzle.objects.filter(kind=kind).order_by("slug").first()
    assert puzzle is not None
    page = visit.open(f"/puzzles/{puzzle.slug}/")
    assert_accessible(page, axe, f"{kind} puzzle {puzzle.slug}")
    # The quickest answer every kind has: a "cannot be done" button where there is one,
    # else the first choice offered.
    nothing = page.locator("#puzzle button[name=none]")
    if nothing.count():
        nothing.first.click()
    else:
        radios = page.locator("#puzzle input[type=radio]")
        if radios.count():
            radios.first.check()
        elif page.locator("#score").count():
            page.locator("#score").fill("0")
        elif page.locator("#count").count():
            page.locator("#count").fill("0")
        page.locator("#puzzle form.answer-form button[type=submit]").first.click()
    expect(page.locator("#feedback")).to_be_focused()
    assert_accessible(page, axe, f"{kind} puzzle {puzzle.slug}, answered")
    page.locator("#feedback summary").first.click() if page.locator(
        "#feedback summary"
    ).count() else None
    assert_accessible(page, axe, f"{kind} puzzle {puzzle.slug}, the answer shown")
    assert visit.errors == []


def test_the_progress_page_with_answers_and_without(visit: Visit, content: None, axe: str) -> None:
    assert_accessible(visit.open("/progress/"), axe, "progress, nothing done")
    user = UserFactory(username="axe-learner")
    ProfileFactory(user=user)
    for puzzle in Puzzle.objects.order_by("slug")[:12]:
        AttemptFactory(user=user, puzzle=puzzle, correct=puzzle.pk % 3 != 0, rated=True)
    log_in(visit, user)
    page = visit.open("/progress/")
    assert_accessible(page, axe, "progress, with answers")
    assert_accessible(visit.open("/progress/review/"), axe, "the review queue")
    assert_accessible(visit.open("/accounts/profile/"), axe, "the profile")
    assert visit.errors == []


def test_the_class_grid_of_30_students_and_10_assignments_and_the_editor(
    visit: Visit, axe: str
) -> None:
    """The benchmark's class (bench/seed.py), seen by its teacher."""
    import random

    from bench.seed import seed

    seeded = seed(1, random.Random(9))
    session = dict(part.split("=", 1) for part in seeded["teacher"]["cookie"].split("; "))
    visit.page.context.add_cookies(
        [{"name": name, "value": value, "url": visit.base_url} for name, value in session.items()]
    )
    page = visit.open(seeded["class_url"])
    expect(page.locator("table.class-grid tbody tr")).to_have_count(30)
    assert_accessible(page, axe, "the class grid, 30 × 10")
    assert_accessible(visit.open(seeded["class_url"] + "mistakes/"), axe, "the heat-map")
    page = visit.open("/classes/library/new/")
    expect(page.locator("#preview")).to_be_visible()
    assert_accessible(page, axe, "the puzzle editor")
    assert visit.errors == []


def test_the_rules_reference_on_a_computer_and_on_a_phone(
    visit: Visit, content: None, axe: str
) -> None:
    for path in ("/rules/", "/rules/R23/", "/rules/R38/", "/rules/R40/"):
        assert_accessible(visit.open(path), axe, path)
    page = visit.open("/rules/R23/")
    # By keyboard: the skip link, then the page's links in order, the next rule among them.
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    nxt = page.get_by_role("link", name="R24 · Le matte non tornano indietro →")
    for _ in range(40):
        page.keyboard.press("Tab")
        if nxt.evaluate("el => el === document.activeElement"):
            break
    expect(nxt).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{visit.base_url}/rules/R24/")
    page.set_viewport_size({"width": 375, "height": 740})
    page = visit.open("/rules/")
    assert_accessible(page, axe, "/rules/ on a phone")
    # Nothing wider than the screen: the cards of a long sequence wrap.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # The contents' rule numbers and the rules' headings are targets a finger can hit
    # (WCAG 2.5.5, 44 by 44 CSS pixels; they were 19 by 16).
    small = page.evaluate(
        """[...document.querySelectorAll('.rule-contents a, .rule-entry h3 a')]
        .map(a => [a.textContent.trim(), a.getBoundingClientRect()])
        .filter(([, box]) => box.height < 44 || box.width < 44).map(([text]) => text)"""
    )
    assert small == []
    visit.screenshot("rules-phone")
    assert visit.errors == []
    assert_accessible(visit.open("/rules/R99/"), axe, "an unknown rule")
    assert [error for error in visit.errors if "404" not in error] == []


def test_a_rule_page_kept_by_the_browser_still_follows_the_language_switch(visit: Visit) -> None:
    # The pages may be kept an hour (Cache-Control: private): the language is in a cookie
    # they vary on, so switching back must not show the page kept in the other language.
    page = visit.open("/rules/R23/")
    expect(page.locator("h1")).to_contain_text("La matta vincolata")
    page.get_by_role("button", name="English").click()
    expect(page.locator("h1")).to_contain_text("A bound wildcard")
    page.get_by_role("button", name="Italiano").click()
    expect(page.locator("h1")).to_contain_text("La matta vincolata")
    page.get_by_role("link", name="R24 · Le matte non tornano indietro →").click()
    page.go_back()
    expect(page.locator("h1")).to_contain_text("La matta vincolata")
