"""The judge's game ops: legal, play and victory_points (ARCHITECTURE.md), bad input included."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from engine.cli.judge import answer, run

BURRACO = ["7C", "8C", "9C", "10C", "JC", "QC", "KC"]


def position(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [["5H", "6H", "7H", "KS"], {"count": 11}],
        "melds": [[], []],
        "discard": [],
        "stock": 30,
        "pozzetti_taken": [False, False],
    }
    return {**base, **overrides}


def test_legal_lists_every_legal_action() -> None:
    assert answer({"op": "legal", "position": position()}) == {
        "ok": True,
        "actions": ["meld 5H 6H 7H", "discard 5H", "discard 6H", "discard 7H", "discard KS"],
    }


def test_legal_is_empty_once_the_hand_is_over() -> None:
    over = position(phase="draw", stock=2, discard=["QD"])
    assert answer({"op": "legal", "position": over}) == {"ok": True, "actions": []}


def test_play_applies_the_actions_and_reports_the_events() -> None:
    result = answer(
        {"op": "play", "position": position(), "actions": ["meld 5H 6H 7H", "discard KS"]}
    )
    assert result["ok"] and result["legal"]
    assert result["events"] == ["pozzetto_con_lo_scarto"]
    assert result["over"] is False and "result" not in result
    assert result["position"]["hands"][0] == {"count": 11}
    assert result["position"]["to_move"] == 1


def test_play_al_volo() -> None:
    result = answer({"op": "play", "position": position(), "actions": ["meld 5H 6H 7H KS"]})
    assert result["legal"] is False  # not a meld: refused as a learner's mistake
    assert (result["code"], result["rule"], result["index"]) == ("mixed_suits", "R13", 0)
    result = answer(
        {
            "op": "play",
            "position": position(hands=[["5H", "6H", "7H"], {"count": 11}]),
            "actions": ["meld 5H 6H 7H"],
        }
    )
    assert result["events"] == ["pozzetto_al_volo"] and result["over"] is False


def test_play_reports_a_closing_with_the_result() -> None:
    result = answer(
        {
            "op": "play",
            "position": position(
                hands=[["KS"], ["QH", "3C"]], pozzetti_taken=[True, False], melds=[[BURRACO], []]
            ),
            "actions": ["discard KS"],
        }
    )
    assert result["events"] == ["closed"] and result["over"] is True
    assert result["result"] == [
        {
            "score": 365,
            "breakdown": {"table": 65, "bonus": 200, "closing": 100, "hand": 0, "pozzetto": 0},
        },
        {
            "score": -115,
            "breakdown": {"table": 0, "bonus": 0, "closing": 0, "hand": -15, "pozzetto": -100},
        },
    ]


def test_play_reports_the_stock_exhausted() -> None:
    result = answer(
        {
            "op": "play",
            "position": position(phase="draw", discard=["QD"], stock=["9D", "4C", "4D"]),
            "actions": ["draw", "discard KS"],
        }
    )
    assert result["events"] == ["stock_exhausted"] and result["over"] is True
    assert result["result"][1] is None  # side 1's cards are hidden


def test_play_stops_at_the_first_illegal_action() -> None:
    result = answer(
        {
            "op": "play",
            "position": position(
                pozzetti_taken=[True, False],
                melds=[[BURRACO], []],
                hands=[["5H", "6H", "7H", "JK"], {"count": 11}],
            ),
            "actions": ["discard KS", "meld 5H 6H 7H"],
        }
    )
    assert result == {
        "ok": True,
        "legal": False,
        "index": 0,
        "code": "not_in_hand",
        "rule": "R6",
        "reason": "You do not hold the king of spades (R6).",
        "params": {"card": "KS"},
    }
    result = answer(
        {
            "op": "play",
            "position": position(
                pozzetti_taken=[True, False],
                melds=[[BURRACO], []],
                hands=[["5H", "6H", "7H", "JK"], {"count": 11}],
            ),
            "actions": ["meld 5H 6H 7H"],
        }
    )
    assert (result["index"], result["code"], result["rule"]) == (0, "last_card_wild", "R31")
    assert result["reason"].endswith("(R31).")


def test_victory_points() -> None:
    assert answer({"op": "victory_points", "match_points": 300, "hands": 3}) == {
        "ok": True,
        "vp": [13, 7],
    }
    assert answer({"op": "victory_points", "match_points": -2005, "hands": 4})["vp"] == [0, 20]


def test_rules_on_the_request_apply_to_a_position_without_its_own() -> None:
    request = {
        "op": "legal",
        "rules": {"variant": "international"},
        "position": position(phase="draw", discard=["9C"], hands=[["KS", "QD"], {"count": 11}]),
    }
    assert "pile" not in answer(request)["actions"]
    request["position"]["rules"] = {}
    assert "pile" in answer(request)["actions"]


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "legal"},
        {"op": "legal", "position": "draw"},
        {"op": "legal", "position": position(players=3)},
        {"op": "legal", "position": position(hands=[["1H"], {"count": 3}])},
        {"op": "legal", "position": position(to_move=1)},
        {"op": "legal", "position": {**position(), "extra": 1}},
        {"op": "play", "position": position()},
        {"op": "play", "position": position(), "actions": "discard KS"},
        {"op": "play", "position": position(), "actions": ["flarp"]},
        {"op": "play", "position": position(), "actions": [7]},
        {"op": "play", "position": position(), "actions": ["discard KS", "meld 5H"]},
        {"op": "victory_points", "match_points": 52},
        {"op": "victory_points", "match_points": "52", "hands": 3},
        {"op": "victory_points", "match_points": 52, "hands": 5},
        {"op": "victory_points", "match_points": True, "hands": 3},
        {"op": "legal", "position": position(), "rules": {"target": 7}},
    ],
)
def test_bad_input_gets_ok_false_with_words(request_: dict[str, Any]) -> None:
    result = answer(request_)
    assert result["ok"] is False
    assert isinstance(result["error"], str) and result["error"]


def test_the_judge_goes_on_after_bad_lines() -> None:
    lines = [
        json.dumps({"op": "legal", "position": position(players=3)}),
        "not json",
        json.dumps({"op": "victory_points", "match_points": 52, "hands": 3}),
    ]
    out = io.StringIO()
    run(lines, out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [False, False, True]
    assert answers[2]["vp"] == [11, 9]
