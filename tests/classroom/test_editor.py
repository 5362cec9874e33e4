"""/classes/library/new/ and /edit/: the puzzle editor, checked by the engine as it goes."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from classroom.editor_views import EXAMPLE
from classroom.models import LibraryPuzzle
from lessons.models import Puzzle
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory, AttemptFactory

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
    assert 'name="ask"' in html and 'name="focus"' not in html


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


#: Issue 13: 40 cards with runs, pinelle and jokers, the worst hand the editor admits.
HAND_40 = (
    "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    " 3C 4C 5C 6C 7C 8C 9C 10C 2D 2C JK JK 5D 6D 7D"
)


def test_a_close_puzzle_of_40_cards_without_the_pozzetto_is_settled_at_once(
    world: World,
) -> None:
    """Finding 1 of issue 13: this check ran for 68 s; no line closes without the pozzetto."""
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
