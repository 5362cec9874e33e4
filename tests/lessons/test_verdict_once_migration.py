"""lessons migration 0008 keeps the verdict once and the rating change on its point: rows
kept before it are moved (the verdict's rest beside its columns, each point's change from
the one before it) and read as they were, and moved back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine import puzzles as engine_puzzles
from lessons.models import kept_verdict

pytestmark = pytest.mark.django_db(transaction=True)
BEFORE = [("lessons", "0007_step_progress_answered")]
AFTER = [("lessons", "0008_verdict_once_rating_change")]


def migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before() -> Iterator[Any]:
    """The models as they were before 0008; every migration applied again afterwards."""
    yield migrate(BEFORE)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


WRONG = engine_puzzles.Verdict(False, "gap", "R13", {"cards": ["5C", "7C"], "missing": ["6C"]})
RIGHT = engine_puzzles.Verdict(True, "correct", "R17", {})


def test_kept_verdicts_and_rating_points_are_moved_and_read_as_before(before: Any) -> None:
    User = before.get_model("auth", "User")
    Puzzle = before.get_model("lessons", "Puzzle")
    Attempt = before.get_model("lessons", "Attempt")
    LearnerRating = before.get_model("lessons", "LearnerRating")
    RatingHistory = before.get_model("lessons", "RatingHistory")
    user = User.objects.create(username="ada")
    puzzle = Puzzle.objects.create(slug="p", kind="attach", position={}, prompt_it="", prompt_en="")
    made = {}
    for name, verdict in (("wrong", WRONG), ("right", RIGHT)):
        made[name] = Attempt.objects.create(
            user=user,
            session_key="",
            puzzle=puzzle,
            answer={},
            correct=verdict.correct,
            code=verdict.code,
            rule="" if verdict.correct else verdict.rule,
            rated=True,
            verdict=verdict.to_json(),
        )
    old = Attempt.objects.create(
        user=user, session_key="", puzzle=puzzle, answer={}, correct=False, code="gap", rule="R13"
    )
    learner = LearnerRating.objects.create(user=user, session_key="")
    for rating, attempt in ((1540.4, made["wrong"]), (1512.6, made["right"])):
        RatingHistory.objects.create(
            learner=learner,
            attempt=attempt,
            rating=rating,
            rating_deviation=300,
            puzzle_rating=1500,
            puzzle_deviation=300,
            solved=True,
        )

    after = migrate(AFTER)
    Attempt = after.get_model("lessons", "Attempt")
    RatingHistory = after.get_model("lessons", "RatingHistory")
    for name, verdict in (("wrong", WRONG), ("right", RIGHT)):
        row = Attempt.objects.get(pk=made[name].pk)
        assert not {"correct", "code", "reason"} & set(row.verdict)
        assert kept_verdict(row.correct, row.code, row.rule, row.verdict) == verdict
    assert Attempt.objects.get(pk=old.pk).verdict == {}
    changes = RatingHistory.objects.order_by("at", "pk").values_list("change", flat=True)
    assert list(changes) == [40, -27]

    back = migrate(BEFORE)
    Attempt = back.get_model("lessons", "Attempt")
    row = Attempt.objects.get(pk=made["right"].pk)
    assert engine_puzzles.Verdict.from_json(row.verdict) == RIGHT
    assert row.verdict["code"] == "correct" and row.verdict["rule"] == "R17"
