"""Verdicts kept before they named their kind of puzzle (the attempts already in the
database) still read back with their detail; those kept since are read as their kind says."""

from __future__ import annotations

import pytest

from engine import puzzles as engine_puzzles
from lessons import answering
from lessons.models import Attempt
from tests.factories import AttemptFactory, PuzzleFactory, position

pytestmark = pytest.mark.django_db


def test_an_attempt_kept_without_the_kind_still_shows_its_meld() -> None:
    puzzle = PuzzleFactory(position=position(["10C", "KD", "5H"], [["7C", "8C", "9C"]]))
    question = puzzle.engine_puzzle()
    answer = engine_puzzles.Attach(0, ("10C",))
    verdict = engine_puzzles.check(question, answer)
    old = {key: value for key, value in verdict.to_json().items() if key != "kind"}
    AttemptFactory(puzzle=puzzle, answer=answer.to_json(), verdict=old)
    kept = answering.kept_verdict(Attempt.objects.get())
    assert verdict.detail is not None
    assert kept.detail == verdict.detail and kept.kind is None
    assert kept.drawn == verdict.drawn


def test_an_attempt_kept_now_names_its_kind_and_reads_back_the_same() -> None:
    attempt = AttemptFactory()
    assert attempt.verdict["kind"] == attempt.puzzle.kind
    kept = answering.kept_verdict(Attempt.objects.get())
    assert kept.kind is engine_puzzles.Kind(attempt.puzzle.kind)
    assert Attempt.verdict_columns(kept)["verdict"] == attempt.verdict
    assert (kept.correct, kept.code) == (attempt.correct, attempt.code)
