"""/classes/library/new/ and /edit/: the puzzle editor, checked by the engine as it goes."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from classroom.editor_views import EXAMPLE
from classroom.models import LibraryPuzzle
from lessons.models import Attempt, Puzzle
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory, AttemptFactory, ClassroomFactory

pytestmark = pytest.mark.django_db
PREVIEW = {"HX-Request": "true", "HX-Target": "preview"}
EDITOR = {"HX-Request": "true", "HX-Target": "editor"}
URL = "/classes/library/new/"


def post(client: Client, headers: dict[str, str] | None = None, **changes: Any) -> Any:
    return client.post(URL, {**EXAMPLE, **changes}, headers=headers or {})


def test_the_editor_opens_on_an_example_the_engine_accepts_with_its_answers(
    world: World,
) -> None:
    html = logged_in(world.teacher).get(URL).content.decode()
    assert "Il motore delle regole accetta l'esercizio" in html
    assert 'class="board"' in html
    assert "Attacca al gioco 1:" in html
    assert 'id="pick-JK"' in html and 'name="pick"' in html
    # One joker is in the example: three are free.
    left = r'id="pick-JK".*?<span class="palette-left" aria-hidden="true">(\d)'
    joker = re.search(left, html, re.S)
    assert joker is not None and joker.group(1) == "3"


def test_each_edit_comes_back_as_the_preview_alone(world: World) -> None:
    response = post(logged_in(world.teacher), PREVIEW, hand="10C 9C KD")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="preview"')
    assert "<form" not in html


def test_a_malformed_card_is_refused_with_400_and_named(world: World) -> None:
    response = post(logged_in(world.teacher), PREVIEW, hand="10C 1OC KD")
    assert response.status_code == 400
    assert "«1OC» non è una carta" in response.content.decode()


@pytest.mark.parametrize(
    ("changes", "sentence"),
    [
        (
            {"my_melds": "7H 8H 10H"},
            "Il tuo gioco 1: le carte 8♥ e 10♥ non sono consecutive: manca il 9 di cuori,",
        ),
        ({"hand": "AS AS AS 10C"}, "L'asso di picche compare 3 volte, ma il mazzo ne contiene"),
        ({"focus": "QS"}, "Le carte di cui parla la domanda devono essere nella mano"),
    ],
)
def test_the_engine_says_why_it_refuses_a_position(
    world: World, changes: dict[str, str], sentence: str
) -> None:
    html = post(logged_in(world.teacher), PREVIEW, **changes).content.decode()
    assert "Il motore delle regole rifiuta questo esercizio" in html
    assert sentence in unescape(html)


@pytest.mark.parametrize(
    "changes",
    [
        {"hand": "10C " * 200},
        {"prompt_it": "x" * 501},
        {"my_melds": "\n".join(["7H 8H 9H"] * 13)},
        {"my_melds": " ".join(["7H"] * 15)},
        {"kind": "riddle"},
        {"rules": "anything"},
        {"stock": "999"},
        {"my_total": "10"},
        {"meld": "-3", "kind": "classify"},
    ],
)
def test_oversized_or_forged_fields_get_400_with_a_sentence(
    world: World, changes: dict[str, str]
) -> None:
    response = post(logged_in(world.teacher), PREVIEW, **changes)
    assert response.status_code == 400
    assert "Prima correggi questi campi" in response.content.decode()


def test_a_picked_card_goes_where_the_teacher_chose(world: World) -> None:
    client = logged_in(world.teacher)
    response = post(client, EDITOR, pick="9C", target="my_last")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="editor"')
    assert ">\n6C JK 8C 9C</textarea>" in html
    html = post(client, EDITOR, pick="QS", target="their_new").content.decode()
    assert ">\nQS</textarea>" in html
    html = post(client, EDITOR, pick="2H", target="hand").content.decode()
    assert 'value="10C 7C KD 2H"' in html


@pytest.mark.parametrize(("pick", "target"), [("ZZ", "hand"), ("10C", "pocket")])
def test_a_forged_pick_is_refused_with_400(world: World, pick: str, target: str) -> None:
    response = post(logged_in(world.teacher), EDITOR, pick=pick, target=target)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_another_kind_brings_its_own_fields(world: World) -> None:
    html = post(logged_in(world.teacher), EDITOR, kind="score").content.decode()
    assert 'name="ask"' in html and 'id="id_focus"' not in html


def test_a_puzzle_the_engine_accepts_is_saved_in_the_teachers_library(world: World) -> None:
    client = logged_in(world.teacher)
    response = post(client, op="save", title="Bound joker", prompt_it="Puoi attaccare il [10C]?")
    entry = LibraryPuzzle.objects.get(title="Bound joker")
    assert response["Location"] == f"/classes/library/{entry.pk}/"
    puzzle = entry.puzzle
    assert entry.owner == world.teacher
    assert puzzle.source == "teacher" and puzzle.slug.startswith("teacher-")
    assert puzzle.kind == "attach" and puzzle.params == {"focus": ["10C"]}
    assert puzzle.position["melds"] == [[["6C", "JK", "8C"]], []]
    assert puzzle.prompt_en == "Puoi attaccare il [10C]?"  # one language fills both
    html = client.get(response["Location"]).content.decode()
    assert "Risposte corrette" in html


def test_nothing_is_saved_while_the_engine_refuses_or_a_name_is_missing(world: World) -> None:
    client = logged_in(world.teacher)
    before = Puzzle.objects.count()
    bad = post(client, op="save", title="Gap", prompt_it="?", my_melds="7H 8H 10H")
    nameless = post(client, op="save", prompt_it="?")
    assert (bad.status_code, nameless.status_code) == (400, 400)
    assert Puzzle.objects.count() == before


def test_editing_an_unused_puzzle_changes_it_in_place(world: World) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/library/{world.library.pk}/edit/"
    data = {**EXAMPLE, "op": "save", "title": "Renamed", "prompt_it": "Nuovo?"}
    assert client.post(url, data).status_code == 302
    world.library.refresh_from_db()
    assert world.library.title == "Renamed"
    assert world.library.puzzle.prompt_it == "Nuovo?"


def test_editing_a_puzzle_students_have_answered_saves_a_copy(world: World) -> None:
    AttemptFactory(puzzle=world.library.puzzle)
    client = logged_in(world.teacher)
    url = f"/classes/library/{world.library.pk}/edit/"
    data = {**EXAMPLE, "op": "save", "title": "Changed", "prompt_it": "Nuovo?"}
    client.post(url, data)
    world.library.refresh_from_db()
    assert world.library.title == "Ann's joker"
    assert LibraryPuzzle.objects.filter(owner=world.teacher, title="Changed").exists()


def test_the_edit_form_opens_with_the_saved_puzzle(world: World) -> None:
    html = logged_in(world.teacher).get(f"/classes/library/{world.library.pk}/edit/")
    assert 'value="Ann&#x27;s joker"' in html.content.decode()


def test_a_puzzle_set_in_an_assignment_cannot_be_deleted(world: World) -> None:
    AssignmentFactory(classroom=world.classroom, puzzles=[world.library.puzzle])
    client = logged_in(world.teacher)
    client.post(f"/classes/library/{world.library.pk}/delete/")
    assert LibraryPuzzle.objects.filter(pk=world.library.pk).exists()


def test_deleting_an_answered_puzzle_keeps_it_for_the_answers(world: World) -> None:
    AttemptFactory(puzzle=world.library.puzzle)
    logged_in(world.teacher).post(f"/classes/library/{world.library.pk}/delete/")
    assert not LibraryPuzzle.objects.filter(pk=world.library.pk).exists()
    assert Puzzle.objects.filter(pk=world.library.puzzle_id).exists()


def test_deleting_an_unused_puzzle_removes_it(world: World) -> None:
    logged_in(world.teacher).post(f"/classes/library/{world.library.pk}/delete/")
    assert not Puzzle.objects.filter(pk=world.library.puzzle_id).exists()


#: 40 cards with runs, pinelle and jokers, the worst hand the editor admits.
HAND_40 = (
    "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    " 3C 4C 5C 6C 7C 8C 9C 10C 2D 2C JK JK 5D 6D 7D"
)


def test_a_close_puzzle_of_40_cards_without_the_pozzetto_is_settled_at_once(
    world: World,
) -> None:
    """The security review's first finding: this check ran for 68 s; no line closes without
    the pozzetto."""
    changes = {"kind": "close", "hand": HAND_40, "stock": "20", "focus": ""}
    response = post(logged_in(world.teacher), PREVIEW, **changes)
    assert response.status_code == 200
    assert "Il motore delle regole accetta l'esercizio" in response.content.decode()


def test_a_puzzle_too_big_for_the_engine_gets_400_with_the_sentence(world: World) -> None:
    changes = {
        "kind": "close",
        "hand": "5H 6H 7H 8H 9H 5S 6S 7S 8S 9S 2C JK KS KD KC QS QD QC 3D 3C",
        "my_melds": "",
        "my_pozzetto": "on",
        "focus": "",
    }
    response = post(logged_in(world.teacher), PREVIEW, **changes)
    assert response.status_code == 400
    assert "troppo grande perché il motore la risolva" in response.content.decode()


def selected_target(html: str) -> str:
    found = re.search(r'id="target">.*?<option value="(\w+)" selected>', html, re.S)
    assert found is not None
    return found.group(1)


def test_cards_picked_for_a_new_meld_gather_in_that_meld(world: World) -> None:
    """With "a new meld of yours" chosen, 6♥ 7♥ 8♥ made three one-card melds."""
    client = logged_in(world.teacher)
    melds, target = EXAMPLE["my_melds"], "my_new"
    for card in ("6H", "7H", "8H"):
        html = post(client, EDITOR, pick=card, target=target, my_melds=melds).content.decode()
        found = re.search(r'name="my_melds"[^>]*>\n(.*?)</textarea>', html, re.S)
        assert found is not None
        melds, target = found.group(1), selected_target(html)
    assert melds.splitlines() == ["6C JK 8C", "6H 7H 8H"]
    assert target == "my_last"


def test_another_kind_keeps_the_cards_of_the_last(world: World) -> None:
    """Changing the kind of question once cleared the cards the answer must use."""
    client = logged_in(world.teacher)
    html = post(client, EDITOR, kind="classify", focus="10C").content.decode()
    assert '<input type="hidden" name="focus" value="10C">' in html
    # Back to attach, the page sends the kept field: the focus cards are there again.
    html = post(client, EDITOR, kind="attach", focus="10C").content.decode()
    assert re.search(r'name="focus" value="10C"[^>]*id="id_focus"', html)
    # A wildcard question attaches the cards an attach question asked about.
    html = post(client, EDITOR, kind="wildcard", focus="10C").content.decode()
    assert re.search(r'name="attach" value="10C"[^>]*id="id_attach"', html)


@pytest.mark.parametrize("rules", ["strict", "semi-clean"])
def test_a_new_puzzle_starts_under_the_rules_of_the_teachers_class(
    world: World, rules: str
) -> None:
    world.classroom.rules = rules
    world.classroom.save()
    html = logged_in(world.teacher).get(URL).content.decode()
    assert f'<option value="{rules}" selected>' in html


def test_a_new_puzzle_for_a_class_starts_under_its_rules(world: World) -> None:
    strict = ClassroomFactory(teacher=world.teacher, rules="strict", name="Old")
    ClassroomFactory(teacher=world.teacher, rules="semi-clean", name="Newest")
    client = logged_in(world.teacher)
    html = client.get(URL, {"class": strict.pk}).content.decode()
    assert '<option value="strict" selected>' in html
    # Another teacher's class says nothing: the teacher's latest class decides.
    other = ClassroomFactory(rules="strict")
    html = client.get(URL, {"class": other.pk}).content.decode()
    assert '<option value="semi-clean" selected>' in html


#: A four-player attach question: the student's side's meld (the partner's as much as
#: theirs), the partner's 9 cards unseen, the opponents' 11 and 10.
FOUR = {
    "players": "4",
    "partner": "9",
    "right_opponent": "10",
    "my_melds": "7H 8H 9H",
    "hand": "10H KD",
    "focus": "10H",
}


def test_a_four_player_position_has_a_hand_for_every_seat_and_a_board_of_four(
    world: World,
) -> None:
    html = post(logged_in(world.teacher), EDITOR, **FOUR).content.decode()
    assert 'id="id_partner"' in html and 'id="id_right_opponent"' in html
    assert "Numero di giocatori" in html and "La mano del compagno" in html
    assert '<option value="partner"' in html  # the palette can put a card there
    assert "Il motore delle regole accetta l'esercizio" in html
    assert "I giochi della tua squadra (in comune con il compagno)" in html
    for seat in ("Avversario alla tua sinistra", "Compagno", "Avversario alla tua destra"):
        assert seat in html
    # Two players again: the seats' fields go, their values ride along unseen.
    html = post(logged_in(world.teacher), EDITOR, **{**FOUR, "players": "2"}).content.decode()
    assert 'id="id_partner"' not in html
    assert '<input type="hidden" name="partner" value="9">' in html


def test_four_players_chosen_bring_the_two_more_hands_at_eleven_cards(world: World) -> None:
    html = post(logged_in(world.teacher), EDITOR, players="4").content.decode()
    assert re.search(r'name="partner" value="11"', html)
    assert re.search(r'name="right_opponent" value="11"', html)


def test_the_engine_counts_the_partners_cards_with_the_rest(world: World) -> None:
    html = post(
        logged_in(world.teacher), PREVIEW, **{**FOUR, "partner": "10H 10H"}
    ).content.decode()
    assert "Il motore delle regole rifiuta questo esercizio" in html
    assert "10 di cuori compare 3 volte" in html


def test_a_four_player_puzzle_is_saved_edited_and_answered_by_a_student(world: World) -> None:
    client = logged_in(world.teacher)
    response = post(client, op="save", title="Pairs", prompt_it="Attacca il [10H]", **FOUR)
    entry = LibraryPuzzle.objects.get(title="Pairs")
    assert response["Location"] == f"/classes/library/{entry.pk}/"
    position = entry.puzzle.position
    assert position["players"] == 4
    assert position["hands"][1:] == [{"count": 11}, {"count": 9}, {"count": 10}]
    assert position["melds"] == [[["7H", "8H", "9H"]], []]
    html = client.get(response["Location"]).content.decode()
    assert "Compagno" in html and "Attacca al gioco 1:" in html
    html = client.get(f"/classes/library/{entry.pk}/edit/").content.decode()
    assert '<option value="4" selected>' in html
    assert re.search(r'name="partner" value="9"', html)
    assert re.search(r'name="right_opponent" value="10"', html)
    # Set in an assignment, the student sees the table of four and answers.
    assignment = AssignmentFactory(classroom=world.classroom, puzzles=[entry.puzzle])
    student = logged_in(world.student)
    item = f"/classes/assignments/{assignment.pk}/1/"
    html = student.get(item).content.decode()
    assert "Compagno" in html and "Avversario alla tua destra" in html
    student.post(item, {"meld": "0", "cards": ["10H"]})
    attempt = Attempt.objects.get(user=world.student, puzzle=entry.puzzle)
    assert attempt.correct


def test_a_puzzle_under_a_federations_code_is_saved_with_its_code(world: World) -> None:
    client = logged_in(world.teacher)
    html = client.get(URL).content.decode()
    assert 'value="champion"' in html and 'value="f-it-ab"' in html
    response = post(client, op="save", rules="champion", title="Champion", prompt_it="Attacca?")
    entry = LibraryPuzzle.objects.get(title="Champion")
    assert response["Location"] == f"/classes/library/{entry.pk}/"
    assert entry.puzzle.rules == "champion"
