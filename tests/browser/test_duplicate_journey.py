"""A class duplicate in real browsers, in Italian and English, on a computer and a phone: the
teacher's form shows the duplicate's part (and hides the count of hands), the ranking page
names the students with each deal's match points beside the class's; the student sees the
deal they finished beside the class's, nothing of the deals still to play, and starts the
next deal, which the table says is the class's duplicate. axe-core finds no serious
violation, and no page is wider than the screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from classroom import duplicate
from classroom.models import Assignment, AssignmentGame
from engine.match import victory_points
from play.models import Game
from tests.browser.conftest import Visit, on_every_screen
from tests.browser.test_classroom_journey import PASSWORD, accessible
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    ProfileFactory,
    TeacherFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(visit: Visit, username: str, then: str) -> Page:
    visit.page.context.clear_cookies()
    page = visit.open(f"/accounts/login/?next={then}")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    expect(page).to_have_url(f"{visit.base_url}{then}")
    return page


def fits(page: Page) -> None:
    """No page wider than the screen (a table scrolls within its own box)."""
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0


def played(assignment: Assignment, student: object, number: int, mine: int, theirs: int) -> None:
    """A deal the student finished (the deal's own seed, no move needed for the figures)."""
    game = Game.objects.create(
        user=student,
        seed=duplicate.deal_seed(assignment, number),
        players=assignment.players,
        opponents=assignment.bot_level,
        partner=assignment.bot_level,
        preset=assignment.rules,
        coach=Game.Coach.OFF,
        takebacks=False,
        finished=True,
        score=mine,
        their_score=theirs,
        hands_ended=1,
    )
    AssignmentGame.objects.create(game=game, assignment=assignment, student=student, number=number)


@on_every_screen
def test_a_duplicate_for_the_teacher_and_the_student(
    visit: Visit, request: pytest.FixtureRequest
) -> None:
    english = request.node.callspec.id.startswith("en")
    language = "en" if english else "it"
    anna = TeacherFactory(username="anna", profile__language=language)
    bruno, carla = UserFactory(username="bruno"), UserFactory(username="carla")
    ProfileFactory(user=bruno, display_name="Bruno", language=language)
    ProfileFactory(user=carla, display_name="Carla", language=language)
    classroom = ClassroomFactory(teacher=anna, name="Circolo")
    MembershipFactory(classroom=classroom, student=bruno)
    MembershipFactory(classroom=classroom, student=carla)
    assignment = AssignmentFactory(
        classroom=classroom,
        title="Duplicato del venerdì",
        content="duplicate",
        count=3,
        players=2,
        bot_level="random",
        coach=False,
        seed=2026,
    )
    for number, (mine, theirs) in enumerate([(905, 0), (300, 100), (0, 250)], start=1):
        played(assignment, carla, number, mine, theirs)
    played(assignment, bruno, 1, 505, 0)

    # The teacher's form: the duplicate's part, its deals and rules; no count of hands.
    page = log_in(visit, "anna", f"/classes/{classroom.pk}/assignments/new/")
    label = (
        "A duplicate: the same deals for every student, ranked"
        if english
        else "Un duplicato: le stesse smazzate per ogni studente, in classifica"
    )
    page.get_by_label(label).check()
    expect(page.locator(".content-duplicate")).to_be_visible()
    expect(page.locator("#id_hands")).to_be_hidden()
    expect(page.locator("#id_bot_level")).to_be_visible()
    accessible(page, "the new assignment form, duplicate")
    fits(page)

    # The ranking: names, each deal's match points, the class's average and median.
    page = visit.open(f"/classes/{classroom.pk}/assignments/{assignment.pk}/")
    ranking = page.locator("table.duplicate-ranking")
    expect(ranking).to_be_visible()
    vp = victory_points(905 + 200 - 250, hands=3)[0]
    carla_row = ranking.locator("tbody tr").first
    expect(carla_row).to_contain_text("Carla")
    expect(carla_row).to_contain_text(str(vp))
    expect(ranking.locator("tbody tr").nth(1)).to_contain_text(
        "not ranked" if english else "non in classifica"
    )
    expect(ranking.locator("tfoot")).to_contain_text("705")  # deal 1: (905 + 505) / 2
    accessible(page, "the duplicate's ranking")
    fits(page)
    visit.screenshot(f"classroom-duplicate-ranking-{request.node.callspec.id}")

    # The student: deal 1 beside the class's, nothing of deals 2 and 3, then deal 2.
    page = log_in(visit, "bruno", f"/classes/assignments/{assignment.pk}/")
    deals = page.locator(".duplicate-deal")
    expect(deals.nth(0)).to_contain_text("505")
    expect(deals.nth(0)).to_contain_text("705")
    expect(deals.nth(1)).not_to_contain_text("200")
    expect(page.locator("main")).not_to_contain_text("Carla")
    accessible(page, "the student's duplicate")
    fits(page)
    visit.screenshot(f"classroom-duplicate-student-{request.node.callspec.id}")
    page.get_by_role("button", name="Play deal 2" if english else "Gioca la smazzata 2").click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    claim = "your class's duplicate" if english else "il duplicato della tua classe"
    expect(page.locator(".assignment-claim")).to_contain_text(claim)
    game = AssignmentGame.objects.get(student=bruno, number=2).game
    assert game.seed == duplicate.deal_seed(assignment, 2)
    assert visit.errors == []
