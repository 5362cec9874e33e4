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
from play import hands as play_hands
from play.models import Game
from tests.browser.conftest import Visit, on_every_screen
from tests.browser.test_classroom_journey import PASSWORD, accessible
from tests.classroom.test_duplicate import play_out
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


def dealt(assignment: Assignment, student: object, number: int) -> Game:
    """Deal ``number`` of the duplicate for the student, from its own seed, filed under it."""
    game = Game.objects.create(
        user=student,
        seed=duplicate.deal_seed(assignment, number),
        players=assignment.players,
        opponents=assignment.bot_level,
        partner=assignment.bot_level,
        preset=assignment.rules,
        coach=Game.Coach.OFF,
        takebacks=False,
    )
    AssignmentGame.objects.create(game=game, assignment=assignment, student=student, number=number)
    return game


def played(assignment: Assignment, student: object, number: int, mine: int, theirs: int) -> None:
    """A deal the student finished with these totals (no move needed for the figures)."""
    game = dealt(assignment, student, number)
    Game.objects.filter(pk=game.pk).update(
        finished=True, score=mine, their_score=theirs, hands_ended=1
    )


@on_every_screen
def test_a_duplicate_for_the_teacher_and_the_student(
    visit: Visit, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The whole first deal is played move by move below; the coach's word is not looked at.
    monkeypatch.setattr(play_hands, "review", lambda position, action, memory=None: None)
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
    # Deal 1 played out by both, alike until Bruno's second discard.
    first = {carla: dealt(assignment, carla, 1), bruno: dealt(assignment, bruno, 1)}
    play_out(first[carla], seed=3)
    play_out(first[bruno], seed=3, other_discard_at=1)
    points = {who: duplicate.deal_points(Game.objects.get(pk=g.pk)) for who, g in first.items()}
    assert None not in points.values()
    average = str(round((points[carla] + points[bruno]) / 2))
    for number, (mine, theirs) in enumerate([(300, 100), (0, 250)], start=2):
        played(assignment, carla, number, mine, theirs)

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
    # Only the tables a duplicate is played at are offered: two or four.
    for players in ("3", "5", "6"):
        expect(page.locator(f'input[name="players"][value="{players}"]')).to_be_hidden()
    for players in ("2", "4"):
        expect(page.locator(f'input[name="players"][value="{players}"]')).to_be_visible()
    accessible(page, "the new assignment form, duplicate")
    fits(page)

    # The ranking: names, each deal's match points, the class's average and median.
    page = visit.open(f"/classes/{classroom.pk}/assignments/{assignment.pk}/")
    ranking = page.locator("table.duplicate-ranking")
    expect(ranking).to_be_visible()
    total = points[carla] + 200 - 250
    carla_row = ranking.locator("tbody tr").first
    expect(carla_row).to_contain_text("Carla")
    expect(carla_row).to_contain_text(str(total))
    expect(carla_row.locator("td").last).to_have_text(str(victory_points(total, hands=3)[0]))
    expect(ranking.locator("tbody tr").nth(1)).to_contain_text(
        "not ranked" if english else "non in classifica"
    )
    expect(ranking.locator("tfoot tr").first).to_contain_text(average)
    # The key decision of deal 1: Bruno's second discard, each choice with its student.
    decisions = page.locator(".duplicate-deal").first
    expect(decisions).to_contain_text("Turn 2: the discard" if english else "Turno 2: lo scarto")
    expect(decisions.locator(".duplicate-choice")).to_have_count(2)
    expect(decisions).to_contain_text("Bruno")
    expect(decisions).to_contain_text("Carla")
    accessible(page, "the duplicate's ranking")
    fits(page)
    visit.screenshot(f"classroom-duplicate-ranking-{request.node.callspec.id}")

    # The student: deal 1 beside the class's, nothing of deals 2 and 3, then deal 2.
    page = log_in(visit, "bruno", f"/classes/assignments/{assignment.pk}/")
    deals = page.locator(".duplicate-deal")
    expect(deals.nth(0)).to_contain_text(str(points[bruno]))
    expect(deals.nth(0)).to_contain_text(average)
    expect(deals.nth(0).locator(".duplicate-choice")).to_have_count(2)
    expect(deals.nth(0)).to_contain_text("your choice" if english else "la tua scelta")
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
