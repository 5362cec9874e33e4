"""A learner's progress in a real browser: puzzles answered anonymously, then sign-up, and the
same progress on /progress/; the page at desktop and phone width in both languages; the
keyboard alone."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from lessons import glicko
from lessons.models import Attempt, LearnerRating, Puzzle, RatingHistory
from tests.browser.conftest import DESKTOP_SIZE, PHONE_SIZE, Visit, on_every_screen
from tests.factories import ProfileFactory, PuzzleFactory, ThemeFactory

pytestmark = pytest.mark.django_db(transaction=True)
DESKTOP = DESKTOP_SIZE
PHONE = PHONE_SIZE
PASSWORD = "a-long-test-password"


def themed(slug: str, *themes: str, rating: float = 1450) -> Puzzle:
    puzzle = PuzzleFactory(slug=slug, rating=rating)
    for name in themes:
        puzzle.themes.add(ThemeFactory(name=name))
    return puzzle


def attach(page: Page, *cards: str, button: str = "Attacca le carte scelte") -> None:
    for card in cards:
        page.get_by_role("option", name=card).click()
    page.get_by_role("button", name=button).click()
    expect(page.locator("#feedback")).to_be_visible()


def test_answers_given_anonymously_are_on_the_progress_page_after_signing_up(visit: Visit) -> None:
    themed("bound-joker", "R23", "wildcards")
    themed("seven-of-clubs", "R17", "attaching")
    page = visit.open("/puzzles/bound-joker/")
    attach(page, "10 di fiori")
    expect(page.locator("#feedback")).to_contain_text("Non proprio")
    page = visit.open("/puzzles/seven-of-clubs/")
    attach(page, "10 di fiori", "7 di fiori")
    expect(page.locator("#feedback")).to_contain_text("Corretto")

    page = visit.open("/progress/")
    expect(page.get_by_role("heading", name="I tuoi progressi")).to_be_visible()
    anonymous_rating = page.locator("#rating-value").inner_text()
    visit.screenshot("progress-anonymous-it")
    page.locator("main").get_by_role("link", name="Registrati").click()
    page.get_by_label("Nome utente").fill("giulia")
    page.get_by_label("Indirizzo e-mail").fill("giulia@example.org")
    page.get_by_label("Nome visualizzato").fill("Giulia")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    visit.screenshot("signup-it")
    page.get_by_role("button", name="Crea il mio account").click()

    expect(page).to_have_url(f"{visit.base_url}/progress/")
    expect(page.locator("#messages")).to_contain_text("Ciao, Giulia")
    expect(page.locator("#rating-value")).to_have_text(anonymous_rating)
    user_rating = LearnerRating.objects.get(user__username="giulia")
    assert anonymous_rating == str(round(user_rating.rating))
    expect(page.locator("#recent li")).to_have_count(2)
    expect(page.locator("#recent")).to_contain_text("R23 · La matta vincolata")
    expect(page.locator("#streak-value")).to_have_text("1")
    expect(
        page.get_by_role("img", name="Il tuo punteggio dopo ogni esercizio valutato")
    ).to_be_visible()
    rules = page.locator("section[aria-labelledby=rules-heading]").get_by_role("progressbar")
    expect(rules.first).to_have_attribute("aria-label", "R23 · La matta vincolata")
    expect(rules.first).to_have_attribute("aria-valuenow", "0")
    assert Attempt.objects.filter(user__username="giulia").count() == 2
    visit.screenshot("progress-after-signup-it")
    assert visit.errors == []


@pytest.mark.parametrize(
    "visit", [{"locale": "en-GB", "viewport": PHONE}], indirect=True, ids=["en-phone"]
)
def test_signing_up_and_reaching_the_review_with_the_keyboard_alone(visit: Visit) -> None:
    themed("bound-joker", "R23")
    page = visit.open("/puzzles/bound-joker/")
    attach(page, "10 of clubs", button="Attach the chosen cards")
    page = visit.open("/accounts/signup/?next=/progress/")
    page.get_by_label("Username").focus()
    page.keyboard.type("sam")
    for text in ("sam@example.org", PASSWORD, PASSWORD, "Sam"):
        page.keyboard.press("Tab")
        page.keyboard.type(text)
    page.keyboard.press("Tab")  # the language: English, the page's, is already chosen
    expect(page.get_by_label("Preferred language")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_label("I teach")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Create my account")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{visit.base_url}/progress/")
    expect(page.locator("#recent li")).to_have_count(1)
    review = page.get_by_role("link", name="Open the review")
    for _ in range(40):
        page.keyboard.press("Tab")
        if review.evaluate("el => el === document.activeElement"):
            break
    expect(review).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Review of mistakes")).to_be_visible()
    expect(page.locator("main")).to_contain_text("R23 · A bound wildcard")
    visit.screenshot("review-en-phone")
    assert visit.errors == []


def a_learner_with_history(language: str) -> None:
    """An account with fifteen rated answers over five days, on several rules and themes."""
    user = ProfileFactory(user__username="marta", language=language).user
    rating = LearnerRating.objects.create(user=user)
    now = timezone.now()
    learner = glicko.Rating()
    topics = [("R23", "wildcards"), ("R11", "sets"), ("R30", "closing"), ("R17", "attaching")]
    for n in range(15):
        rule, topic = topics[n % len(topics)]
        puzzle = themed(f"p{n}", rule, topic, rating=1350 + 20 * n)
        solved = n % 3 != 0
        attempt = Attempt.objects.create(
            user=user,
            puzzle=puzzle,
            answer={"none": True},
            correct=solved,
            code="correct" if solved else "x",
            rule="" if solved else rule,
            rated=True,
        )
        at = now - timedelta(days=(14 - n) // 3, minutes=n)
        Attempt.objects.filter(pk=attempt.pk).update(created_at=at)
        learner, _ = glicko.play(learner, glicko.Rating(puzzle.rating, 200), solved)
        RatingHistory.objects.create(
            learner=rating,
            attempt=attempt,
            rating=learner.rating,
            rating_deviation=learner.deviation,
            puzzle_rating=puzzle.rating,
            puzzle_deviation=200,
            solved=solved,
            at=at,
        )
    LearnerRating.objects.filter(pk=rating.pk).update(
        rating=learner.rating, rating_deviation=learner.deviation, games=15
    )


def log_in(visit: Visit, username: str) -> Page:
    page = visit.open("/accounts/login/?next=/progress/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    expect(page).to_have_url(f"{visit.base_url}/progress/")
    return page


@on_every_screen
def test_the_progress_page_fits_the_screen_in_both_languages(
    visit: Visit, request: pytest.FixtureRequest
) -> None:
    a_learner_with_history(request.node.callspec.id[:2])
    page = log_in(visit, "marta")
    chart = page.locator("figure.rating-chart svg")
    expect(chart).to_be_visible()
    assert chart.locator("circle").count() == 15
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    english = request.node.callspec.id.startswith("en")
    heading = "Your progress" if english else "I tuoi progressi"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    visit.screenshot(f"progress-{request.node.callspec.id}")
    assert visit.errors == []
