"""Positions: reading, checking and writing them (R1, R3, R4, R8, R13-R15, R29-R36, R41).

The tables live in data/game_positions.json; each case names its rule id.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import errors
from engine.actions import apply
from engine.cards import parse_cards
from engine.cli.simulate import random_action
from engine.deal import deal
from engine.errors import BurracoError, InvalidPositionError
from engine.rules import Rules
from engine.state import Hidden, Phase, Position, Stall, Termination

DATA = Path(__file__).parent / "data" / "game_positions.json"
TABLES = json.loads(DATA.read_text())
BASE: dict[str, Any] = {
    "players": 2,
    "to_move": 0,
    "phase": "play",
    "hands": [["5H", "6H", "KS"], {"count": 11}],
    "melds": [[], []],
    "discard": [],
    "stock": 30,
    "pozzetti_taken": [False, False],
}


def build(overrides: dict[str, Any]) -> dict[str, Any]:
    data = {**copy.deepcopy(BASE), **overrides}
    return {key: value for key, value in data.items() if value is not None or key in BASE}


def _without_nulls(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if value is not None}


@pytest.mark.parametrize("case", TABLES["valid"], ids=[case["id"] for case in TABLES["valid"]])
def test_a_valid_position_reads_and_round_trips(case: dict[str, Any]) -> None:
    data = _without_nulls(build(case["position"]))
    position = Position.from_json(data)
    assert Position.from_json(position.to_json()) == position
    assert Position.parse(str(position)) == position
    assert eval(repr(position)) == position  # noqa: S307 - repr is code to paste back
    written = position.to_json()
    for key, value in data.items():
        if key == "pozzetti_taken" or key == "rules":
            continue
        assert written[key] == value, key


@pytest.mark.parametrize("case", TABLES["invalid"], ids=[case["id"] for case in TABLES["invalid"]])
def test_an_impossible_position_is_refused_with_a_clear_error(case: dict[str, Any]) -> None:
    data = _without_nulls(build(case["position"]))
    error = getattr(errors, case["error"])
    with pytest.raises(error) as raised:
        Position.from_json(data)
    assert raised.value.code == case["code"], str(raised.value)
    # Players are numbered from 1 and never called seats.
    assert "seat" not in str(raised.value)


def test_every_position_table_names_a_rule() -> None:
    for case in TABLES["valid"] + TABLES["invalid"]:
        assert case["id"].split()[0].startswith("R")


def test_a_position_must_be_an_object() -> None:
    for data in (None, [], "draw", 5):
        with pytest.raises(InvalidPositionError, match="A position lists the players"):
            Position.from_json(data)
    with pytest.raises(errors.InvalidNotationError, match="not JSON"):
        Position.parse("{players: 2")


def test_the_positions_rules_win_over_the_callers() -> None:
    data = build({"rules": {"target": 505}})
    assert Position.from_json(data, Rules(target=1005)).rules.target == 505
    assert Position.from_json(build({}), Rules(target=1005)).rules.target == 1005


def test_a_position_answers_questions_about_itself() -> None:
    position = Position.from_json(
        build(
            {
                "players": 4,
                "to_move": 3,
                "hands": [["AH"], {"count": 2}, ["KD"], ["5H", "6H", "KS"]],
                "stall": {"seat": 1, "count": 2},
            }
        )
    )
    assert position.side == 1
    assert list(position.seats(0)) == [0, 2] and list(position.seats(1)) == [1, 3]
    assert position.next_seat == 0
    assert position.hand == tuple(parse_cards("5H 6H KS"))
    assert position.side_hand(0) == tuple(parse_cards("AH KD"))
    assert position.side_hand(1) is None
    assert position.stall == Stall(1, 2)
    assert position.card_count() == 1 + 2 + 1 + 3 + 30 + 22
    assert not position.is_over and position.outcome() is None
    assert Hidden(4).count == len(Hidden(4)) == 4


def test_the_last_turn_and_the_end_by_the_stock() -> None:
    last = Position.from_json(build({"stock": 2}))
    assert last.is_last_turn and not last.is_over
    ended = Position.from_json(build({"stock": 2, "phase": "draw", "discard": ["QD"]}))
    assert ended.termination is Termination.STOCK_EXHAUSTED
    outcome = ended.outcome()
    assert outcome is not None and outcome.closer is None


def test_a_closed_position_knows_its_closer() -> None:
    position = Position.from_json(
        build(
            {
                "phase": "draw",
                "to_move": 1,
                "hands": [[], ["5H"]],
                "discard": ["KS"],
                "pozzetti_taken": [True, False],
                "melds": [[["7C", "8C", "9C", "10C", "JC", "QC", "KC"]], []],
            }
        )
    )
    outcome = position.outcome()
    assert outcome is not None
    assert (outcome.termination, outcome.closer) == (Termination.CLOSED, 0)
    assert [score and score.total for score in outcome.scores] == [365, -105]


def test_the_unseen_cards_are_those_the_stock_could_hold() -> None:
    position = Position.from_json(build({"discard": ["JK", "JK", "JK"], "phase": "draw"}))
    unseen = position.unseen()
    assert parse_cards("JK")[0] in unseen  # one joker still unseen
    assert len(unseen) == 53
    full = Position.from_json(build({"discard": ["JK"] * 4, "phase": "draw"}))
    assert parse_cards("JK")[0] not in full.unseen()


# --- round trips and garbage over positions reached by play ---------------------------------


@st.composite
def played(draw: st.DrawFn) -> Position:
    players = draw(st.sampled_from([2, 4]))
    rng = random.Random(draw(st.integers(0, 10**6)))
    position = deal(players, rng)
    for _ in range(draw(st.integers(0, 150))):
        if position.is_over:
            break
        position = apply(position, random_action(position, rng))
    return position


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played())
def test_every_position_reached_by_play_round_trips(position: Position) -> None:
    assert Position.from_json(position.to_json()) == position
    assert Position.parse(str(position)) == position
    assert Position.from_json(json.loads(json.dumps(position.to_json()))) == position


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 120)
    | st.text(max_size=4)
    | st.sampled_from(["5H", "JK", "KS", "draw", "play", "count"]),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(["count", "seat", "cards", "x"]) | st.text(max_size=3),
            children,
            max_size=3,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_garbage_raises_only_burraco_errors(value: Any) -> None:
    with contextlib.suppress(BurracoError):
        Position.from_json(value)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    played(),
    st.lists(
        st.tuples(
            st.sampled_from(
                [
                    "players",
                    "to_move",
                    "phase",
                    "hands",
                    "melds",
                    "discard",
                    "stock",
                    "pozzetti_taken",
                    "pozzetti",
                    "pile_single",
                    "pile_taken",
                    "stall",
                    "rules",
                    "totals",
                    "bogus",
                ]
            ),
            json_values,
            st.booleans(),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_damaged_positions_raise_only_burraco_errors(
    position: Position, damage: list[tuple[str, Any, bool]]
) -> None:
    data = position.to_json()
    for key, value, delete in damage:
        if delete:
            data.pop(key, None)
        else:
            data[key] = value
    try:
        damaged = Position.from_json(data)
    except BurracoError:
        return
    # Whatever is accepted must be playable or over, and round-trip.
    assert Position.from_json(damaged.to_json()) == damaged
    if not isinstance(damaged.hands[damaged.to_move], Hidden):
        from engine.actions import legal_actions

        legal_actions(damaged)


def test_the_phase_enum_reads_the_json_words() -> None:
    assert Phase("draw") is Phase.DRAW and Phase("play") is Phase.PLAY
