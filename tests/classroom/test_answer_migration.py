"""The migration that files answers kept before answers were filed by assignment files
them as they were counted then: the earliest assignment that held the puzzle, set before the
answer, of a class the student is in."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.utils import timezone

from classroom.models import AssignmentAnswer
from lessons.models import Attempt
from tests.classroom.conftest import World
from tests.factories import AssignmentFactory, AttemptFactory, PuzzleFactory

pytestmark = pytest.mark.django_db
migration = importlib.import_module("classroom.migrations.0002_answers_and_extensions")


def test_old_answers_go_to_the_earliest_assignment_that_held_the_puzzle(world: World) -> None:
    puzzle = PuzzleFactory()
    now = timezone.now()
    first = AssignmentFactory(
        classroom=world.classroom, puzzles=[puzzle], set_at=now - timedelta(hours=3)
    )
    later = AssignmentFactory(
        classroom=world.classroom,
        puzzles=[PuzzleFactory(), puzzle],
        set_at=now - timedelta(hours=2),
    )
    before = AttemptFactory(user=world.student, puzzle=puzzle)
    after = AttemptFactory(user=world.student, puzzle=puzzle)
    stranger = AttemptFactory(user=world.other_student, puzzle=puzzle)
    Attempt.objects.filter(pk=before.pk).update(created_at=now - timedelta(hours=4))
    migration.file_old_answers(apps, None)
    filed = AssignmentAnswer.objects.get()
    assert (filed.attempt_id, filed.assignment, filed.number) == (after.pk, first, 1)
    assert not AssignmentAnswer.objects.filter(attempt=stranger).exists()
    assert later.answers.count() == 0
