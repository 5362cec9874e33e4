"""Download my data: the learner's own profile, attempts, progress, rating and review as JSON."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tests.factories import AttemptFactory, ProfileFactory, PuzzleFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db


def test_it_needs_a_login() -> None:
    assert Client().get("/accounts/data/").status_code == 302


def test_it_gives_the_learners_own_data_as_a_json_file() -> None:
    profile = ProfileFactory(display_name="Chiara")
    client = Client()
    client.force_login(profile.user)
    answer(client, PuzzleFactory(slug="mine"), right=False)
    AttemptFactory(puzzle=PuzzleFactory(slug="someone-elses"))
    response = client.get("/accounts/data/")
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith("attachment; filename=")
    data = json.loads(response.getvalue())
    assert data["profile"]["display_name"] == "Chiara"
    assert [a["puzzle"] for a in data["attempts"]] == ["mine"]
    assert data["attempts"][0]["rule_missed"] == "R23"
    assert data["rating"]["rated_attempts"] == 1 and len(data["rating"]["history"]) == 1
    assert [card["rule"] for card in data["review"]] == ["R23"]
    assert data["lesson_steps"] == []


def test_it_lists_the_classes_joined_and_taught() -> None:
    from classroom.models import Classroom, Membership

    student, teacher = ProfileFactory(), ProfileFactory(is_teacher=True)
    taught = Classroom.objects.create(teacher=teacher.user, name="Circolo del martedì")
    Membership.objects.create(classroom=taught, student=student.user)
    Classroom.objects.create(teacher=ProfileFactory(is_teacher=True).user, name="Not joined")
    client = Client()
    client.force_login(student.user)
    data = json.loads(client.get("/accounts/data/").getvalue())
    assert [c["class"] for c in data["profile"]["classes_joined"]] == ["Circolo del martedì"]
    assert data["profile"]["classes_taught"] == []
    client.force_login(teacher.user)
    data = json.loads(client.get("/accounts/data/").getvalue())
    assert [c["class"] for c in data["profile"]["classes_taught"]] == ["Circolo del martedì"]


def test_a_teachers_download_holds_their_library_and_their_classes() -> None:
    from classroom.models import LibraryPuzzle
    from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory

    teacher = ProfileFactory(is_teacher=True).user
    classroom = ClassroomFactory(teacher=teacher, name="Circolo")
    MembershipFactory(classroom=classroom)
    puzzle = PuzzleFactory(source="teacher", slug="teacher-joker")
    LibraryPuzzle.objects.create(owner=teacher, puzzle=puzzle, title="The joker")
    AssignmentFactory(classroom=classroom, title="Week 1", puzzles=[puzzle])
    LibraryPuzzle.objects.create(
        owner=ProfileFactory(is_teacher=True).user, puzzle=PuzzleFactory(source="teacher")
    )
    client = Client()
    client.force_login(teacher)
    data = json.loads(client.get("/accounts/data/").getvalue())
    [entry] = data["profile"]["library"]
    assert entry["title"] == "The joker" and entry["puzzle"] == "teacher-joker"
    assert entry["position"] == puzzle.position and entry["question"] == {"focus": ["10C"]}
    assert entry["kind"] == "attach" and entry["prompt"]["it"] == puzzle.prompt_it
    [taught] = data["profile"]["classes_taught"]
    assert taught["class"] == "Circolo" and taught["code"] == classroom.code
    assert taught["students"] == 1
    assert [(a["title"], a["puzzles"]) for a in taught["assignments"]] == [
        ("Week 1", ["teacher-joker"])
    ]


def test_a_students_download_holds_the_later_due_dates_they_were_given() -> None:
    from datetime import UTC, datetime

    from classroom.models import Extension
    from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory

    student = ProfileFactory().user
    classroom = ClassroomFactory(name="Circolo")
    MembershipFactory(classroom=classroom, student=student)
    week = AssignmentFactory(classroom=classroom, title="Week 1")
    later = datetime(2030, 5, 4, 18, 0, tzinfo=UTC)
    Extension.objects.create(assignment=week, student=student, due_at=later)
    Extension.objects.create(assignment=week, student=ProfileFactory().user, due_at=later)
    client = Client()
    client.force_login(student)
    data = json.loads(client.get("/accounts/data/").getvalue())
    assert data["profile"]["extensions"] == [
        {"class": "Circolo", "assignment": "Week 1", "due": "2030-05-04T18:00:00Z"}
    ]
