"""Two classes side by side, so every test can ask whether one sees the other's data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from classroom.models import Assignment, Classroom, LibraryPuzzle
from tests.factories import (
    AnswerFactory,
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    PuzzleFactory,
    TeacherFactory,
    UserFactory,
)


@dataclass
class World:
    """Ann teaches class one (Bea in it); Carl teaches class two (Dan in it)."""

    teacher: Any
    other_teacher: Any
    student: Any
    other_student: Any
    classroom: Classroom
    other_classroom: Classroom
    assignment: Assignment
    other_assignment: Assignment
    library: LibraryPuzzle
    other_library: LibraryPuzzle


@pytest.fixture
def world(db: None) -> World:
    teacher, other_teacher = TeacherFactory(username="ann"), TeacherFactory(username="carl")
    student, other_student = UserFactory(username="bea"), UserFactory(username="dan")
    classroom = ClassroomFactory(teacher=teacher, name="Tuesday club")
    other_classroom = ClassroomFactory(teacher=other_teacher, name="Beginners")
    MembershipFactory(classroom=classroom, student=student, created_by_teacher=True)
    MembershipFactory(classroom=other_classroom, student=other_student)
    library = LibraryPuzzle.objects.create(
        owner=teacher, puzzle=PuzzleFactory(source="teacher"), title="Ann's joker"
    )
    other_library = LibraryPuzzle.objects.create(
        owner=other_teacher, puzzle=PuzzleFactory(source="teacher"), title="Carl's joker"
    )
    return World(
        teacher=teacher,
        other_teacher=other_teacher,
        student=student,
        other_student=other_student,
        classroom=classroom,
        other_classroom=other_classroom,
        assignment=AssignmentFactory(classroom=classroom),
        other_assignment=AssignmentFactory(classroom=other_classroom),
        library=library,
        other_library=other_library,
    )


def logged_in(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def bea_answers(world: World, cards: list[str], **fields: Any) -> Any:
    """Bea's answer to the assignment's puzzle (the bound joker, R23): ``["10C"]`` alone is
    wrong, ``["10C", "7C"]`` right; ``fields`` as AnswerFactory takes them."""
    if cards == ["10C"]:
        fields = {"correct": False, "code": "bound_wildcard", "rule": "R23", **fields}
    return AnswerFactory(
        assignment=world.assignment,
        user=world.student,
        puzzle=world.assignment.items.get().puzzle,
        answer={"meld": 0, "cards": cards},
        **fields,
    )
