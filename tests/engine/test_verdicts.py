"""A verdict's JSON reads back as the same verdict (the site keeps it with each attempt)."""

from __future__ import annotations

import json

import pytest

from engine.puzzles import Puzzle, Verdict, check

ATTACH = {
    "kind": "attach",
    "position": {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [["10C", "7C", "KD"], {"count": 9}],
        "melds": [[["6C", "JK", "8C"]], []],
        "discard": ["4H"],
        "stock": 40,
        "pozzetti_taken": [False, False],
    },
    "focus": ["10C"],
}


@pytest.mark.parametrize(
    "answer",
    [{"meld": 0, "cards": ["10C", "7C"]}, {"meld": 0, "cards": ["10C"]}, {"none": True}],
)
def test_a_verdict_round_trips_through_its_json(answer: dict[str, object]) -> None:
    verdict = check(Puzzle.from_dict(ATTACH), answer)
    assert Verdict.from_json(json.loads(json.dumps(verdict.to_json()))) == verdict


@pytest.mark.parametrize("data", [{}, {"correct": True}, {"correct": True, "code": "x"}, None])
def test_anything_else_is_no_verdict(data: object) -> None:
    with pytest.raises(ValueError):
        Verdict.from_json(data)  # type: ignore[arg-type]
