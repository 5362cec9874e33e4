"""/classes/<id>/export/grid.csv and attempts.csv: the class's work for a spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from accounts.models import Profile
from lessons.templatetags.content import plain
from tests.classroom.conftest import World, bea_answers, logged_in

pytestmark = pytest.mark.django_db


def rows(client: Client, url: str, separator: str = ";") -> list[list[str]]:
    """The CSV's rows; Italian spreadsheets want ";" between fields (the teacher's Italian)."""
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="tuesday-club-')
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=separator))


@pytest.fixture
def answered(world: World) -> World:
    bea_answers(world, ["10C"], seconds=40)
    bea_answers(world, ["10C", "7C"], seconds=20)
    return world


def test_the_grid_has_a_row_for_each_student_and_assignment(answered: World) -> None:
    client = logged_in(answered.teacher)
    header, *body = rows(client, f"/classes/{answered.classroom.pk}/export/grid.csv")
    assert len(header) == 11
    assert len(body) == 1
    name, username, title, _due, status, done, total, score, minutes, finished, level = body[0]
    assert (name, username, title) == ("bea", "bea", answered.assignment.title)
    # Puzzles: no bots' level played.
    assert level == ""
    assert (status, done, total, score, minutes) == ("Fatto", "1", "1", "0", "1")
    assert finished


def test_the_attempts_have_every_answer_with_the_engines_reason(answered: World) -> None:
    client = logged_in(answered.teacher)
    header, *body = rows(client, f"/classes/{answered.classroom.pk}/export/attempts.csv")
    assert len(header) == 12
    assert [row[6] for row in body] == ["no", "sì"]
    wrong = body[0]
    assert wrong[0:4] == ["bea", "bea", answered.assignment.title, "1"]
    assert wrong[7] == "R23"
    assert "il 7 di fiori" in wrong[8]  # the joker already stands for the 7♣
    # The answer in words, melds numbered from 1 as on the board; it was raw JSON from 0.
    assert wrong[9] == "Attacca al gioco 1: 10♣"
    # The puzzle by its question, not by a slug such as gen-baf0e0ed7433.
    assert wrong[4] == plain(answered.assignment.items.get().puzzle.prompt)
    assert header[9] == "Risposta data"
    assert wrong[10] == "40.0"
    assert "dan" not in {row[1] for row in body}


def test_in_english_the_fields_are_separated_by_commas(answered: World) -> None:
    # Italian Excel opens a ","-separated file into one column; English spreadsheets want ",".
    Profile.objects.update_or_create(user=answered.teacher, defaults={"language": "en"})
    client = logged_in(answered.teacher)
    client.cookies["django_language"] = "en"
    header, *_ = rows(client, f"/classes/{answered.classroom.pk}/export/grid.csv", ",")
    assert header[:2] == ["Student", "Username"]


def test_a_name_that_looks_like_a_formula_is_written_as_text(answered: World) -> None:
    Profile.objects.create(user=answered.student, display_name="=HYPERLINK(1)")
    client = logged_in(answered.teacher)
    _, *body = rows(client, f"/classes/{answered.classroom.pk}/export/grid.csv")
    assert body[0][0] == "'=HYPERLINK(1)"


def test_the_exports_are_never_cached(answered: World) -> None:
    response = logged_in(answered.teacher).get(
        f"/classes/{answered.classroom.pk}/export/attempts.csv"
    )
    assert "no-store" in response["Cache-Control"]
