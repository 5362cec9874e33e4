"""A "play N hands" assignment at the student's level: each hand dealt with the level whose
rating is closest to the student's playing rating when it is dealt; the results and the CSV
say which level was played."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.utils import timezone

from classroom.models import Assignment
from classroom.services import new_form_token
from engine.bots import ratings as ladder
from play.models import Game, PlayingRating
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: Any) -> None:
    from play import games

    monkeypatch.setattr(games.secrets, "randbelow", lambda limit: 7)


def start(world: World, assignment: Assignment) -> Game:
    response = logged_in(world.student).post(f"/classes/assignments/{assignment.pk}/play/")
    assert response.status_code == 302
    return Game.objects.filter(user=world.student).latest("pk")


def finish(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(
        finished=True, score=300, their_score=100, updated_at=timezone.now(), version=99
    )


def test_the_teacher_sets_hands_at_the_students_level(world: World) -> None:
    data = {
        "title": "At your level",
        "due_at": "2031-03-04T20:00",
        "content": "hands",
        "hands": "2",
        "bot_level": "student",
        "players": "2",
        "token": new_form_token(world.classroom),
    }
    teacher = logged_in(world.teacher)
    form = teacher.get(f"/classes/{world.classroom.pk}/assignments/new/").content.decode()
    assert '<option value="student">At the student&#x27;s level</option>' in form
    club = ladder.rating("club", 2)
    assert f"Club player (rating {club:,})" in form
    response = teacher.post(f"/classes/{world.classroom.pk}/assignments/new/", data)
    assert response.status_code == 302
    made = Assignment.objects.get(title="At your level")
    assert made.bot_level == "student"
    page = teacher.get(response["Location"]).content.decode()
    assert "2 hands at the practice table against bots at the student's level" in page


def test_each_hand_is_dealt_at_the_level_closest_to_the_rating_then(world: World) -> None:
    assignment = AssignmentFactory(
        classroom=world.classroom, content="hands", bot_level="student", count=2, players=2
    )
    # No playing rating yet: a newcomer's 1500, the beginner's rating.
    first = start(world, assignment)
    assert (first.opponents, first.partner) == ("beginner", "beginner")
    finish(first)
    # A rating far above the strongest level's: that level.
    top = max(ladder.table(2).values(), key=lambda found: found.rating)
    PlayingRating.objects.create(user=world.student, rating=top.rating + 300, hands=9)
    second = start(world, assignment)
    assert second.opponents == top.level != "beginner"
    finish(second)
    label = str(Game.Level(top.level).label)
    # The student's page and the teacher's name each hand's level.
    mine = logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/").content.decode()
    assert "against Beginner" in mine and f"against {label}" in mine
    teacher = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/?assignment={assignment.pk}"
    page = teacher.get(url).content.decode()
    assert page.index("against Beginner") < page.index(f"against {label}")
    # The CSV's grid: the levels the student's hands were dealt with, in order.
    response = teacher.get(f"/classes/{world.classroom.pk}/export/grid.csv")
    text = response.content.decode("utf-8")[1:]
    separator = ";" if text.split("\n")[0].count(";") else ","
    header, *body = list(csv.reader(io.StringIO(text), delimiter=separator))
    column = header.index(header[-1])
    row = next(line for line in body if line[2] == assignment.title)
    assert row[column].split(", ")[0] in ("Beginner", "Principiante")
    assert len(row[column].split(", ")) == 2


def test_an_assignment_of_one_level_deals_it_whatever_the_rating(world: World) -> None:
    assignment = AssignmentFactory(
        classroom=world.classroom, content="hands", bot_level="club", count=1, players=4
    )
    PlayingRating.objects.create(user=world.student, rating=900, hands=9)
    game = start(world, assignment)
    assert (game.opponents, game.partner, game.players) == ("club", "club", 4)
    page = logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/").content
    assert b"against Club player bots" in page and b"against Club player<" not in page


def test_the_level_choice_in_italian(world: World) -> None:
    client = logged_in(world.teacher)
    client.cookies["django_language"] = "it"
    form = client.get(f"/classes/{world.classroom.pk}/assignments/new/").content.decode()
    assert "Al livello dello studente" in form
    assert "Giocatore di circolo (punteggio " in form
