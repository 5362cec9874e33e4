"""A "play N hands" assignment in real browsers, in Italian: the teacher sets one hand
against beginner bots; the student finds it on the home page, starts the hand from it (the
settings fixed), plays a turn at the table and the rest of the hand; the grid counts the
hand, the teacher opens the student's page and the hand's review; the student's progress
page shows the hand, and the table says the hand is played once. axe-core finds no serious
violation on the new pages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from classroom.models import AssignmentGame
from play.models import Game
from tests.browser.conftest import Visit
from tests.browser.test_classroom_journey import accessible, log_in, two_browsers  # noqa: F401
from tests.browser.test_play_journey import play_turns
from tests.factories import (
    ClassroomFactory,
    MembershipFactory,
    ProfileFactory,
    TeacherFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hands_assignment_end_to_end(
    two_browsers: tuple[Visit, Visit],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from play import games

    # Seed 7's deal: a hand that gives the coach something to flag.
    monkeypatch.setattr(games.secrets, "randbelow", lambda limit: 7)
    anna = TeacherFactory(username="anna")
    bruno = UserFactory(username="bruno")
    ProfileFactory(user=bruno, display_name="Bruno")
    classroom = ClassroomFactory(teacher=anna, name="Circolo del martedì")
    MembershipFactory(classroom=classroom, student=bruno)
    teacher, student = two_browsers

    # The teacher sets one hand against beginner bots, coach on.
    page = log_in(teacher, "anna")
    page = teacher.open(f"/classes/{classroom.pk}/assignments/new/")
    page.get_by_label("Titolo").fill("Una smazzata")
    page.get_by_label("Smazzate al tavolo d'allenamento contro i bot").check()
    expect(page.get_by_label("Quante smazzate")).to_be_visible()
    page.get_by_label("Quante smazzate").fill("1")
    page.get_by_label("Il livello dei bot").select_option("beginner")
    accessible(page, "the new assignment form, hands")
    teacher.screenshot("classroom-hands-new-it")
    page.get_by_role("button", name="Assegna il compito").click()
    expect(page.get_by_role("heading", name="Una smazzata")).to_be_visible()
    expect(page.locator("main")).to_contain_text("contro bot di livello Principiante")

    # The student finds it on the home page and starts the hand from it.
    log_in(student, "bruno")
    page = student.open("/")
    box = page.locator("section[aria-labelledby=my-assignments-heading]")
    expect(box).to_contain_text("Una smazzata")
    box.get_by_role("link", name="Una smazzata").click()
    expect(page.locator("main")).to_contain_text("Smazzate finite: 0 su 1")
    accessible(page, "the student's hands assignment")
    page.get_by_role("button", name="Gioca una smazzata").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    game = Game.objects.get(user=bruno)
    assert (game.opponents, game.coach, game.players) == ("beginner", "turns", 2)
    assert AssignmentGame.objects.filter(game=game, student=bruno).exists()
    # The table says the hand counts and is played once.
    expect(page.locator(".assignment-claim")).to_contain_text("si può giocare una volta sola")
    # One turn in the browser, the rest of the hand as the random bot would play it.
    expect(page.locator(".play-turn")).to_contain_text("Tocca a te", timeout=15_000)
    page.get_by_role("button", name="Pesca dal tallone").click()
    expect(page.locator(".play-turn")).to_contain_text("poi scarta una carta")
    page.locator("[role=option]").first.click()
    page.get_by_role("button", name="Scarta", exact=True).click()
    expect(page.locator(".play-log")).to_contain_text("Scarti")
    # The bots' moves step in frame by frame; once the table is the learner's again, the page
    # is left, so no frame is read from SQLite while the test's own moves write (a "table is
    # locked" under load).
    expect(page.locator(".play-turn")).to_contain_text("Tocca a te", timeout=30_000)
    page.goto("about:blank")
    play_turns(game, 400)
    game.refresh_from_db()
    assert game.finished and game.score is not None

    # The grid counts the hand; the student's page shows it; its review opens.
    page = teacher.open(f"/classes/{classroom.pk}/")
    expect(page.locator(".grid-cell").first).to_contain_text("1/1")
    page.locator(".grid-cell a").first.click()
    expect(page.locator("#answers")).to_contain_text("Smazzata 1")
    accessible(page, "the student's page, hands")
    page.locator("#answers").get_by_role("link", name="Analisi della smazzata").click()
    expect(page.get_by_role("heading", name="Una smazzata di Bruno")).to_be_visible()
    expect(page.locator("#hand-score")).to_contain_text(str(game.score))
    accessible(page, "the teacher's review of a hand")
    teacher.screenshot("classroom-hand-review-it")

    # The student's progress page: the hand counted at the beginner level.
    page = student.open("/progress/")
    levels = page.locator("#practice-levels")
    expect(levels).to_contain_text("Principiante")
    summary = page.locator("section[aria-labelledby=assignment-summary-heading]")
    expect(summary).to_contain_text("1 fatto")
    accessible(page, "the progress page with the practice table")
    assert teacher.errors == [] and student.errors == []
