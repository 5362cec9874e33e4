"""A verdict's JSON reads back as the same verdict (the site keeps it with each attempt)."""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.puzzles import KINDS, Drawn, Kind, Puzzle, Verdict, read_detail
from tests.engine.answering import check_json

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
    verdict = check_json(Puzzle.from_dict(ATTACH), answer)
    assert Verdict.from_json(json.loads(json.dumps(verdict.to_json()))) == verdict


@pytest.mark.parametrize("data", [{}, {"correct": True}, {"correct": True, "code": "x"}, None])
def test_anything_else_is_no_verdict(data: object) -> None:
    with pytest.raises(ValueError):
        Verdict.from_json(data)  # type: ignore[arg-type]


# --- the detail, typed by the kind of puzzle ---------------------------------------------

CONTENT = Path(__file__).resolve().parents[2] / "lessons" / "content" / "puzzles"


def _curated() -> list[dict[str, Any]]:
    return [
        item for path in sorted(CONTENT.glob("*.yaml")) for item in yaml.safe_load(path.read_text())
    ]


def _wrong(puzzle: Puzzle) -> dict[str, Any]:
    """An answer the engine marks wrong or refuses part-way, for the details of a miss."""
    if puzzle.kind in (Kind.CLOSE, Kind.PILE):
        # Discarding first is refused in the draw phase (an index) and ends the turn in play.
        return {"actions": [f"discard {puzzle.position.hand[0]}"]}
    if puzzle.kind is Kind.SCORE:
        return {"winner": None} if puzzle.ask == "winner" else {"score": 99_999}
    if puzzle.kind is Kind.DISCARD:
        return {"card": str(puzzle.position.hand[-1])}
    if puzzle.kind is Kind.PILE_USE:
        return {"count": 0}
    return {"none": True} if puzzle.kind is not Kind.CLASSIFY else {"burraco": "none"}


@functools.cache
def _verdicts() -> list[tuple[str, Verdict]]:
    """The verdicts on each curated puzzle's answer and on a wrong one."""
    found = []
    for item in _curated():
        puzzle = Puzzle.from_dict(item)
        for answer in (item["answer"], _wrong(puzzle)):
            try:
                found.append((item["id"], check_json(puzzle, answer)))
            except ValueError:  # an answer the puzzle does not take (a line from no hand...)
                continue
    return found


def test_every_kind_of_detail_round_trips_through_json_on_the_curated_puzzles() -> None:
    """Each curated puzzle's answer, and a wrong one, give a verdict whose JSON (the judge's
    and an attempt's) reads back as the same typed detail, and writes the same JSON again."""
    kinds: set[type] = set()
    extras = {"index": 0, "card": 0, "match_points": 0, "meld": 0, "points": 0}
    for name, verdict in _verdicts():
        written = json.loads(json.dumps(verdict.to_json()))
        assert Verdict.from_json(written) == verdict, name
        detail = verdict.detail
        assert read_detail(verdict.kind, written["detail"]) == detail
        if detail is not None:
            assert detail.to_json() == written["detail"]
            kinds.add(type(detail))
            for key in extras:
                extras[key] += key in written["detail"]
    assert kinds == {entry.detail for entry in KINDS.values()}
    assert all(extras.values()), extras


@pytest.mark.parametrize(
    "detail",
    [
        {"arrangement": "5C 6C 7C"},
        {"arrangement": ["5C"], "meld": True},
        {"burraco": "shiny"},
        {"breakdown": {"table": 10}, "score": 10},
        {
            "breakdown": {"table": 1, "bonus": 0, "closing": 0, "hand": 0, "pozzetto": 0},
            "score": 1,
            "totals": [1],
        },
        {"events": [], "position": {"players": 2}},
        {"safe": [], "feeds": [{"card": 7}]},
        {"cards": ["5H"], "count": 2},
        {"score": 30},
        ["arrangement"],
    ],
)
def test_a_detail_that_is_none_of_the_kinds_is_no_verdict(detail: object) -> None:
    kept = Verdict(True, "correct").to_json()
    with pytest.raises(ValueError):
        Verdict.from_json({**kept, "detail": detail})


def test_a_verdict_names_its_kind_and_its_detail_is_read_as_that_kind() -> None:
    for name, verdict in _verdicts():
        written = json.loads(json.dumps(verdict.to_json()))
        assert verdict.kind is not None and written["kind"] == verdict.kind.value, name
        if verdict.detail is not None:
            other = Kind.SCORE if verdict.kind is not Kind.SCORE else Kind.CLASSIFY
            with pytest.raises(ValueError):
                read_detail(other, written["detail"])


def test_a_verdict_kept_before_verdicts_named_their_kind_still_reads() -> None:
    """Attempts in the database keep verdicts written without "kind": their detail is still
    known by the key each kind's JSON has."""
    for name, verdict in _verdicts():
        old = {key: value for key, value in verdict.to_json().items() if key != "kind"}
        assert Verdict.from_json(json.loads(json.dumps(old))) == replace(verdict, kind=None), name


def test_a_verdict_with_nothing_to_draw_writes_an_empty_detail() -> None:
    verdict = Verdict(True, "correct", "R17")
    assert verdict.to_json()["detail"] == {}
    assert Verdict.from_json(verdict.to_json()).detail is None


def test_what_a_verdict_draws_is_what_its_json_gives_the_page() -> None:
    """Verdict.drawn reads the typed detail as Drawn.from_json reads the detail's JSON."""
    for name, verdict in _verdicts():
        assert verdict.drawn == Drawn.from_json(verdict.to_json()["detail"]), name
