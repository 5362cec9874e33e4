"""A class in a real browser: a teacher makes a class and an assignment; a student joins by
the link and does it, a mistake first; the teacher sees it done, with the mistake, on the grid,
the heat-map and the student's page, and downloads the CSV. Then the teacher's pages at phone
width in English, the accounts sheet printed, and the editor and a puzzle with the keyboard
alone. axe-core finds no serious violation on the way."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from classroom.models import Assignment, Classroom
from lessons.models import Lesson, Step
from tests.browser.conftest import AXE, Visit, arrow_and_select
from tests.browser.test_accessibility import violations
from tests.factories import (
    AnswerFactory,
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
PHONE = {"viewport": {"width": 390, "height": 844}}
ENGLISH = {"locale": "en-GB"}


def log_in(visit: Visit, username: str, english: bool = False) -> Page:
    page = visit.open("/accounts/login/")
    page.get_by_label("Username" if english else "Nome utente").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in" if english else "Accedi").click()
    expect(page).not_to_have_url(f"{visit.base_url}/accounts/login/")
    return page


def accessible(page: Page, where: str) -> None:
    if not AXE.exists():
        return
    found = violations(page, AXE.read_text(encoding="utf-8"))
    assert not found, f"{where}: {found}"


@pytest.fixture
def puzzles() -> None:
    """The bound-joker puzzle (R23) and the lesson step that teaches it."""
    lesson = Lesson.objects.create(
        slug="wildcards-move",
        order=7,
        title_it="Le matte",
        title_en="Wildcards",
        summary_it="…",
        summary_en="…",
        rules=["R23"],
    )
    Step.objects.create(
        lesson=lesson, number=1, kind="explain", text_it="…", text_en="…", rules=["R23"]
    )
    PuzzleFactory(slug="bound-joker").themes.add(ThemeFactory(name="R23"))


@pytest.fixture
def two_browsers(browser: Browser, live_server: LiveServer) -> Iterator[tuple[Visit, Visit]]:
    """The teacher's browser and the student's, side by side, in Italian."""
    contexts = [browser.new_context(locale="it-IT", **DESKTOP) for _ in range(2)]
    visits = [Visit(context.new_page(), live_server.url) for context in contexts]
    for visit in visits:
        visit.page.on("pageerror", lambda error, visit=visit: visit.errors.append(str(error)))
        visit.page.on(
            "console",
            lambda message, visit=visit: (
                visit.errors.append(message.text) if message.type == "error" else None
            ),
        )
    yield visits[0], visits[1]
    for context in contexts:
        context.close()


def test_a_class_end_to_end(two_browsers: tuple[Visit, Visit], puzzles: None) -> None:
    TeacherFactory(username="anna")
    ProfileFactory(user=UserFactory(username="bruno"), display_name="Bruno")
    teacher, student = two_browsers
    live_server_url = teacher.base_url

    # The teacher makes a class.
    page = log_in(teacher, "anna")
    page.get_by_role("link", name="Classi", exact=True).click()
    page.get_by_role("link", name="Nuova classe").click()
    page.get_by_label("Nome della classe").fill("Circolo del martedì")
    page.get_by_label("Standard").check()
    page.get_by_role("button", name="Crea la classe").click()
    expect(page.get_by_role("heading", name="Circolo del martedì")).to_be_visible()
    join_url = page.locator("#join-url").input_value()
    teacher.screenshot("classroom-class-empty-it")
    accessible(page, "the empty class")

    # ...and an assignment: the bound-joker puzzle, found by its theme.
    page.get_by_role("link", name="Nuovo compito").click()
    page.get_by_label("Titolo").fill("Le matte vincolate")
    page.get_by_label("Cerca esercizi su").select_option("R23")
    expect(page.locator("#picker")).to_contain_text("Spunta gli esercizi da assegnare")
    expect(page.get_by_role("button", name="Mostra", exact=True)).to_be_hidden()  # htmx's job
    page.get_by_label("Puoi attaccare il").check()
    teacher.screenshot("classroom-assignment-new-it")
    accessible(page, "the new assignment form")
    page.get_by_role("button", name="Assegna il compito").click()
    expect(page.get_by_role("heading", name="Le matte vincolate")).to_be_visible()

    # The student joins by the link and finds the assignment on the home page.
    log_in(student, "bruno")
    page = student.open(join_url.removeprefix(live_server_url))
    expect(
        page.get_by_role("heading", name="Entra nella classe «Circolo del martedì»")
    ).to_be_visible()
    page.get_by_role("button", name="Entra nella classe").click()
    expect(page.locator("#messages")).to_contain_text("Sei entrato nella classe")
    expect(page.get_by_role("heading", name="I miei compiti")).to_be_visible()
    student.screenshot("classroom-index-student-it")
    accessible(page, "the student's classes")
    page = student.open("/")
    box = page.locator("section[aria-labelledby=my-assignments-heading]")
    expect(box).to_contain_text("Le matte vincolate")
    student.screenshot("classroom-home-student-it")
    box.get_by_role("link", name="Le matte vincolate").click()
    page.get_by_role("link", name="Comincia").click()

    # A mistake first (the joker is bound), then the right answer.
    page.get_by_role("option", name="10 di fiori").click()
    page.get_by_role("button", name="Attacca le carte scelte").click()
    expect(page.locator("#feedback")).to_contain_text("Non proprio")
    expect(page.get_by_role("link", name="Esercizio successivo")).to_have_count(0)  # the only one
    student.screenshot("classroom-item-wrong-it")
    accessible(page, "a puzzle of the assignment, answered wrong")
    page.get_by_role("option", name="10 di fiori").click()
    page.get_by_role("option", name="7 di fiori").click()
    page.get_by_role("button", name="Attacca le carte scelte").click()
    expect(page.locator("#feedback")).to_contain_text("Corretto")
    page.get_by_role("link", name="Torna al compito").click()
    expect(page.locator("main")).to_contain_text("Hai risolto tutti gli esercizi")
    expect(student.open("/").locator("#my-assignments-heading")).to_have_count(0)

    # The teacher sees it done, with the mistake.
    page = teacher.open("/classes/")
    teacher.screenshot("classroom-index-teacher-it")
    page.get_by_role("link", name="Circolo del martedì").click()
    grid = page.locator("table.class-grid")
    expect(grid).to_contain_text("Bruno")
    expect(grid).to_contain_text("Fatto")
    expect(grid).to_contain_text("1/1 · 0%")
    teacher.screenshot("classroom-grid-it")
    accessible(page, "the grid")
    page.get_by_role("link", name="Errori per regola").click()
    expect(page.locator("table.heatmap")).to_contain_text("R23")
    expect(page.locator("td.heat-4")).to_have_text("1")
    teacher.screenshot("classroom-mistakes-it")
    accessible(page, "the heat-map")
    page.get_by_role("link", name="Bruno").click()
    answers = page.locator("#answers")
    expect(answers).to_contain_text("Sbagliata")
    expect(answers).to_contain_text("Il jolly sostituisce già il 7 di fiori")
    expect(answers.locator(".meld-changed")).to_be_visible()
    teacher.screenshot("classroom-student-it")
    accessible(page, "the student's answers")
    page.get_by_role("link", name="Circolo del martedì").click()
    with page.expect_download() as download:
        page.get_by_role("link", name="Risposte (CSV)").click()
    # Italian spreadsheets want ";" between fields.
    text = download.value.path().read_text("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert [row[6] for row in rows[1:]] == ["no", "sì"]
    assert rows[1][7] == "R23"
    page = teacher.open(
        f"/classes/{Classroom.objects.get().pk}/assignments/{Assignment.objects.get().pk}/"
    )
    expect(page.locator("main")).to_contain_text("1× da 1 studente")
    teacher.screenshot("classroom-assignment-it")
    assert teacher.errors == [] and student.errors == []


@pytest.fixture
def busy_class() -> Classroom:
    """A class of five with two assignments and a few mistakes, for the teacher's pages."""
    teacher = TeacherFactory(username="anna", profile__language="en")
    classroom = Classroom.objects.create(teacher=teacher, name="Tuesday club")
    puzzles = [PuzzleFactory(), PuzzleFactory()]
    first = AssignmentFactory(classroom=classroom, title="Bound jokers", puzzles=puzzles[:1])
    AssignmentFactory(classroom=classroom, title="More attaching", puzzles=puzzles)
    names = ["Ada Lovelace", "Bruno Munari", "Carla Fracci", "Dario Fo", "Elsa Morante"]
    for number, name in enumerate(names):
        user = UserFactory(username=name.split()[0].lower())
        ProfileFactory(user=user, display_name=name)
        MembershipFactory(classroom=classroom, student=user)
        for _ in range(number):
            AnswerFactory(
                assignment=first,
                user=user,
                puzzle=puzzles[0],
                answer={"meld": 0, "cards": ["10C"]},
                correct=False,
                code="bound_wildcard",
                rule="R23",
            )
        if number % 2:
            right = {"meld": 0, "cards": ["10C", "7C"]}
            AnswerFactory(assignment=first, user=user, puzzle=puzzles[0], answer=right)
    assert first.items.count() == 1
    return classroom


@pytest.mark.parametrize("visit", [{**DESKTOP, **ENGLISH}], indirect=True)
def test_the_puzzle_finder_shows_the_last_theme_chosen(visit: Visit) -> None:
    # Arrowing through the closed list changes it at each step: every change but the last
    # is on its way when the next comes, and the picker must end with the last theme's.
    teacher = TeacherFactory(username="anna")
    classroom = ClassroomFactory(teacher=teacher)
    first, last = PuzzleFactory(), PuzzleFactory()
    first.themes.add(ThemeFactory(name="R23"))
    last.themes.add(ThemeFactory(name="R12"))
    log_in(visit, "anna", english=True)
    page = visit.open(f"/classes/{classroom.pk}/assignments/new/")
    page.locator("#find").evaluate(
        """select => {
          for (const theme of ["R23", "R12"]) {
            select.value = theme;
            select.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }"""
    )
    expect(page.locator(f"#puzzle-{last.pk}")).to_be_visible()
    expect(page.locator(f"#puzzle-{first.pk}")).to_have_count(0)
    expect(page.locator("#find")).to_have_value("R12")
    assert visit.errors == []


def new_puzzle_in_english(visit: Visit) -> Page:
    """A teacher who reads English, on the editor's new puzzle once the engine has checked it."""
    TeacherFactory(username="anna", profile__language="en")
    log_in(visit, "anna", english=True)
    page = visit.open("/classes/library/new/")
    expect(page.locator("#preview")).to_contain_text("The engine accepts the puzzle")
    return page


@pytest.mark.parametrize("visit", [{**DESKTOP, **ENGLISH}], indirect=True)
def test_the_editor_shows_the_fields_of_the_kind_chosen_last(visit: Visit) -> None:
    page = new_puzzle_in_english(visit)
    page.get_by_label("Kind of question").evaluate(
        """select => {
          for (const kind of ["lay-meld", "score"]) {
            select.value = kind;
            select.dispatchEvent(new Event("change", { bubbles: true }));
          }
        }"""
    )
    expect(page.get_by_label("What to count")).to_be_visible()
    expect(page.get_by_label("The meld asked for")).to_have_count(0)
    expect(page.get_by_label("Kind of question")).to_have_value("score")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{**DESKTOP, **ENGLISH}], indirect=True)
def test_two_cards_pressed_at_once_in_the_editors_palette_both_go_in(visit: Visit) -> None:
    page = new_puzzle_in_english(visit)
    page.get_by_label("Put the card in").select_option("my_new")
    # The second press comes while the first one's editor is on its way.
    page.locator("#pick-6H").evaluate(
        """button => {
          button.click();
          document.getElementById("pick-7H").click();
          document.getElementById("pick-8H").click();
        }"""
    )
    expect(page.locator("#id_my_melds")).to_have_value("6C JK 8C\n6H 7H 8H")
    expect(page.locator("#pick-7H .palette-left")).to_have_text("1")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{**PHONE, **ENGLISH}], indirect=True)
def test_the_teachers_pages_on_a_phone_in_english(visit: Visit, busy_class: Classroom) -> None:
    page = log_in(visit, "anna", english=True)
    page = visit.open(f"/classes/{busy_class.pk}/")
    expect(page.locator("table.class-grid")).to_contain_text("Elsa Morante")
    expect(page.locator("table.class-grid")).to_contain_text("In progress")
    visit.screenshot("classroom-grid-phone-en")
    page = visit.open(f"/classes/{busy_class.pk}/mistakes/")
    expect(page.locator("td.heat-4")).to_have_text("4")
    visit.screenshot("classroom-mistakes-phone-en")
    page = visit.open(f"/classes/{busy_class.pk}/students/add/")
    page.get_by_label("Students' names").fill("Giulia Rossi\nNiccolò Bianchi\nMarco\nMarco")
    page.get_by_role("button", name="Make the accounts").click()
    expect(page.get_by_role("heading", name="Accounts to hand out")).to_be_visible()
    expect(page.locator(".account-card")).to_have_count(4)
    expect(page.get_by_role("button", name="Print the sheet")).to_be_visible()
    visit.screenshot("classroom-sheet-phone-en")
    page.emulate_media(media="print")
    expect(page.locator("header")).to_be_hidden()
    expect(page.get_by_role("button", name="Print the sheet")).to_be_hidden()
    visit.screenshot("classroom-sheet-print-en")
    page.emulate_media(media="screen")
    accessible(page, "the accounts sheet")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{**DESKTOP, **ENGLISH}], indirect=True)
def test_the_editor_with_the_keyboard_alone(visit: Visit) -> None:
    TeacherFactory(username="anna", profile__language="en")
    page = log_in(visit, "anna", english=True)
    page = visit.open("/classes/library/new/")
    expect(page.locator("#preview")).to_contain_text("The engine accepts the puzzle")
    visit.screenshot("classroom-editor-en")
    accessible(page, "the editor")
    # Type a card that is no card: the preview says so, the field keeps the focus.
    hand = page.get_by_label("The student's hand")
    hand.focus()
    page.keyboard.press("End")
    page.keyboard.type(" 1OC")
    expect(page.locator("#preview")).to_contain_text("“1OC” is not a card")
    expect(hand).to_be_focused()
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    expect(page.locator("#preview")).to_contain_text("The engine accepts the puzzle")
    # Put the 9♣ on the student's last meld from the palette, by keyboard.
    page.get_by_label("Put the card in").select_option("my_last")
    nine = page.locator("#pick-9C")
    nine.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_label("The student's melds")).to_have_value("6C JK 8C 9C")
    expect(page.locator("#pick-9C")).to_be_focused()
    expect(page.locator("#preview")).to_contain_text("The engine accepts the puzzle")
    # Another kind of question brings its own fields.
    page.get_by_label("Kind of question").select_option("classify")
    expect(page.get_by_label("Number of the student's meld")).to_be_visible()
    expect(page.locator("#preview")).to_contain_text("Not a burraco")
    page.get_by_label("Name in your library").fill("Six clubs")
    page.get_by_label("The question, in English").fill("Is your meld [6C] … [9C] a burraco?")
    visit.screenshot("classroom-editor-classify-en")
    page.get_by_role("button", name="Save in your library").click()
    expect(page.get_by_role("heading", name="Six clubs")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Correct answers")
    visit.screenshot("classroom-library-puzzle-en")
    # The console's one complaint is the card that was no card, answered 400 on purpose.
    assert visit.errors == [
        "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    ]


@pytest.mark.parametrize("visit", [{**PHONE}], indirect=True)
def test_a_student_answers_with_the_keyboard_alone_on_a_phone(visit: Visit) -> None:
    assignment = AssignmentFactory(title="Le matte")
    MembershipFactory(classroom=assignment.classroom, student=UserFactory(username="bruno"))
    page = log_in(visit, "bruno")
    page = visit.open(f"/classes/assignments/{assignment.pk}/1/")
    page.get_by_role("option").first.focus()
    arrow_and_select(page, "10 di fiori")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Attacca le carte scelte")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#feedback")).to_be_focused()
    expect(page.locator("#feedback")).to_contain_text("Non proprio")
    visit.screenshot("classroom-item-phone-it")
    assert visit.errors == []


@pytest.mark.parametrize("visit", [{**DESKTOP, **ENGLISH}], indirect=True)
def test_the_accounts_sheet_on_a_wide_screen_keeps_each_name_and_password_on_its_card(
    visit: Visit, busy_class: Classroom
) -> None:
    # At 1280 px four narrow cards a row let long usernames and the passwords spill over the
    # card's edge and wrap mid-word.
    log_in(visit, "anna", english=True)
    page = visit.open(f"/classes/{busy_class.pk}/students/add/")
    names = "Alessandro Bartolomeo Casalegno\nMaria Vittoria Santangelo\nLuca\nBeatrice Ferraris"
    page.get_by_label("Students' names").fill(names)
    page.get_by_role("button", name="Make the accounts").click()
    expect(page.locator(".account-card")).to_have_count(4)
    spilled = page.locator(".account-card dd, .account-card p").evaluate_all(
        """items => items.filter(item => {
            const card = item.closest('.account-card').getBoundingClientRect();
            const box = item.getBoundingClientRect();
            const lines = Math.round(box.height / parseFloat(getComputedStyle(item).lineHeight));
            return box.right > card.right + 0.5 || item.scrollWidth > item.clientWidth + 0.5
                || (item.tagName === 'DD' && lines > 1);
        }).map(item => item.textContent)"""
    )
    visit.screenshot("classroom-sheet-desktop-en")
    assert spilled == []


@pytest.mark.parametrize("visit", [{**DESKTOP, **ENGLISH}], indirect=True)
def test_a_teacher_sets_a_puzzle_from_its_page_previews_it_and_extends_a_due_date(
    visit: Visit, busy_class: Classroom
) -> None:
    puzzle = PuzzleFactory(slug="one-more-joker")
    log_in(visit, "anna", english=True)
    page = visit.open(f"/puzzles/{puzzle.slug}/")
    control = page.locator(".set-in-class")
    control.get_by_label("Add it to").select_option(label="Bound jokers")
    control.get_by_role("button", name="Set it").click()
    expect(page.get_by_role("heading", name="Bound jokers")).to_be_visible()
    page.get_by_role("link", name="See what students see").click()
    page.get_by_role("link", name="2", exact=True).click()
    expect(page.get_by_role("heading", name="Answer key")).to_be_visible()
    expect(page.locator(".answer-key li")).not_to_have_count(0)
    visit.screenshot("classroom-preview-en")
    accessible(page, "the preview")
    ada = busy_class.memberships.get(student__username="ada").student_id
    first = Assignment.objects.get(title="Bound jokers")
    page = visit.open(f"/classes/{busy_class.pk}/students/{ada}/?assignment={first.pk}")
    page.get_by_label("Due for this student").fill("2099-01-31T20:00")
    page.get_by_role("button", name="Give more time").click()
    expect(page.locator("main")).to_contain_text("Due for this student on 31 January 2099")
    visit.screenshot("classroom-extension-en")
    accessible(page, "the student's page with an extension")
    assert visit.errors == []
