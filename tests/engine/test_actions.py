"""The game's rule tables (R6-R10, R15-R17, R29-R35, R41), action notation, and properties.

The tables live in data/game_turns.json: each case names its rule id and runs at two and
four players unless it says otherwise.
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import (
    STALL_LIMIT,
    Action,
    ActionKind,
    _replace,
    apply,
    is_legal,
    legal_actions,
    transition,
    why_illegal,
)
from engine.cards import ALL_CARDS, parse_cards
from engine.cli.simulate import random_action
from engine.deal import deal
from engine.errors import BurracoError, IllegalActionError, InvalidNotationError, Refusal
from engine.messages import MESSAGES
from engine.rules import PRESETS
from engine.state import Hidden, Phase, Position

DATA = Path(__file__).parent / "data" / "game_turns.json"
BASE: dict[str, Any] = {
    "to_move": 0,
    "phase": "play",
    "melds": [[], []],
    "discard": [],
    "stock": 30,
    "pozzetti_taken": [False, False],
}


def _cases() -> list[Any]:
    params = []
    for case in json.loads(DATA.read_text())["cases"]:
        for players in case.get("players", [2, 4]):
            params.append(pytest.param(case, players, id=f"{case['id']} ({players}p)"))
    return params


def build(case: dict[str, Any], players: int) -> Position:
    """The case's position: the base, the case's overrides, the mover's hand."""
    data = {**BASE, "players": players, **case.get("position", {})}
    if "hands" not in data:
        hands: list[Any] = [{"count": 11}] * players
        hands[data["to_move"]] = case["hand"]
        data["hands"] = hands
    return Position.from_json(data)


def check_after(start: Position, position: Position, after: dict[str, Any]) -> None:
    seat, side = start.to_move, start.side
    data = position.to_json()
    for key, expected in after.items():
        if key == "hand":
            actual: Any = data["hands"][seat]
        elif key == "turn":
            actual = "stays" if position.to_move == seat else "passes"
            if actual == "passes":
                assert position.to_move == (seat + 1) % start.players
        elif key == "melds":
            actual = data["melds"][side]
        elif key == "pozzetto_taken":
            actual = position.pozzetti_taken[side]
        elif key == "pozzetti":
            actual = data.get("pozzetti", [None, None])
        elif key in ("stall", "pile_taken"):
            actual = data.get(key, [] if key == "pile_taken" else None)
        else:
            actual = data[key]
        assert actual == expected, f"after: {key} is {actual!r}, expected {expected!r}"


@pytest.mark.parametrize(("case", "players"), _cases())
def test_rule_table(case: dict[str, Any], players: int) -> None:
    position = start = build(case, players)
    if "legal" in case:
        assert [str(action) for action in legal_actions(position)] == case["legal"]
    legal = set(legal_actions(position))
    for text in case.get("legal_includes", []):
        assert Action.parse(text) in legal, text
    for text in case.get("legal_excludes", []):
        assert Action.parse(text) not in legal, text
    refused = case.get("refused")
    events: list[str] = []
    for index, text in enumerate(case["actions"]):
        action = Action.parse(text)
        refusal = why_illegal(position, action)
        if refused is not None and refused["index"] == index:
            assert refusal is not None, f"{text} should be refused"
            assert (refusal.code, refusal.rule) == (refused["code"], refused["rule"]), str(refusal)
            assert f"({refused['rule']})" in str(refusal)
            assert action not in set(legal_actions(position))
            with pytest.raises(Refusal):
                apply(position, action)
            return
        assert refusal is None, f"{text}: {refusal}"
        assert action in set(legal_actions(position)), text
        step = transition(position, action)
        events.extend(event.value for event in step.events)
        position = step.position
        assert Position.from_json(position.to_json()) == position
    assert refused is None, "the refused action was never reached"
    if "events" in case:
        assert events == case["events"]
    if "over" in case:
        assert position.is_over is case["over"]
    check_after(start, position, case.get("after", {}))
    if "scores" in case:
        outcome = position.outcome()
        assert outcome is not None
        totals = [None if score is None else score.total for score in outcome.scores]
        assert totals == case["scores"]


def test_every_rule_of_the_game_has_cases() -> None:
    cases = json.loads(DATA.read_text())["cases"]
    named = {word for case in cases for word in case["id"].split() if word[:1] == "R"}
    wanted = {f"R{n}" for n in (6, 7, 8, 9, 15, 16, 17, 29, 30, 31, 32, 33, 34, 35, 41)}
    assert wanted <= named
    sizes = {players for case in cases for players in case.get("players", [2, 4])}
    assert sizes == {2, 4}


def test_every_refusal_code_has_a_message() -> None:
    cases = json.loads(DATA.read_text())["cases"]
    for case in cases:
        if "refused" in case:
            assert case["refused"]["code"] in MESSAGES


# --- notation ------------------------------------------------------------------------------

NOTATION = [
    ("draw", "draw"),
    ("DRAW 5h", "draw 5H"),
    ("pile", "pile"),
    ("meld 7h 8h 9h", "meld 7H 8H 9H"),
    ("meld  T♣ j♣ q♣", "meld 10C JC QC"),
    ("attach 2 10H JH", "attach 2 10H JH"),
    ("attach 02 jk", "attach 2 JK"),
    ("discard ks", "discard KS"),
    ("Discard JK", "discard JK"),
]


@pytest.mark.parametrize(("text", "canonical"), NOTATION)
def test_actions_read_and_write_their_notation(text: str, canonical: str) -> None:
    action = Action.parse(text)
    assert str(action) == canonical
    assert Action.parse(str(action)) == action
    assert eval(repr(action)) == action  # noqa: S307 - repr is code to paste back


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "flarp",
        "draw 5H 6H",
        "draw 1H",
        "pile KS",
        "meld",
        "attach 7H",
        "attach -1 7H",
        "attach 2",
        "attach ² 7H",
        "discard",
        "discard KS QS",
        "discard XX",
    ],
)
def test_malformed_actions_are_refused_with_a_notation_error(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="is not a move"):
        Action.parse(text)


def test_it_refuses_an_action_that_is_not_text() -> None:
    with pytest.raises(InvalidNotationError):
        Action.parse(7)  # type: ignore[arg-type]


def test_the_order_of_a_melds_cards_does_not_matter() -> None:
    assert Action.parse("meld 9H 8H 7H") == Action.parse("meld 7H 8H 9H")
    assert hash(Action.parse("meld 9H 8H 7H")) == hash(Action.parse("meld 7H 8H 9H"))
    assert Action.parse("attach 1 7H") != Action.parse("attach 2 7H")
    assert Action.parse("meld 7H 8H 9H") != Action.parse("attach 0 7H 8H 9H")
    assert Action.parse("draw") != "draw"
    # The same number of cards, some the same: still different actions.
    assert Action.parse("meld 7H 7H 7D") != Action.parse("meld 7H 7D 7D")
    assert Action.parse("meld 7H 7D JK") != Action.parse("meld 7D 7H 7C")
    assert Action.parse("discard 7H") != Action.parse("discard 7D")
    assert Action.parse("meld 7H 7D 7C") != Action.parse("meld 7H 7D 7C 7S")


few_cards = st.lists(st.sampled_from(["7H", "7D", "JK"]), min_size=1, max_size=3)


@given(few_cards, few_cards)
def test_two_melds_are_equal_when_they_hold_the_same_cards_in_any_order(
    one: list[str], other: list[str]
) -> None:
    first = Action(ActionKind.MELD, tuple(parse_cards(one)))
    assert first == Action(ActionKind.MELD, tuple(parse_cards(one[::-1])))
    second = Action(ActionKind.MELD, tuple(parse_cards(other)))
    assert (first == second) is (sorted(one) == sorted(other))
    if first == second:
        assert hash(first) == hash(second)


card_texts = st.sampled_from([str(card) for card in ALL_CARDS])


@st.composite
def actions(draw: st.DrawFn) -> Action:
    kind = draw(st.sampled_from(list(ActionKind)))
    if kind is ActionKind.PILE:
        return Action(kind)
    if kind is ActionKind.DRAW:
        cards = draw(st.lists(card_texts, max_size=1))
    elif kind is ActionKind.DISCARD:
        cards = [draw(card_texts)]
    else:
        cards = draw(st.lists(card_texts, min_size=1, max_size=8))
    meld = draw(st.integers(0, 20)) if kind is ActionKind.ATTACH else None
    return Action(kind, tuple(parse_cards(cards)), meld)


@given(actions())
def test_every_action_round_trips_through_its_notation(action: Action) -> None:
    assert Action.parse(str(action)) == action
    assert str(Action.parse(str(action))) == str(action)


@given(st.text(max_size=40))
def test_garbage_text_raises_only_notation_errors(text: str) -> None:
    with contextlib.suppress(InvalidNotationError):
        Action.parse(text)


# --- properties over positions reached by play -----------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position reached by random legal play from a seeded deal, sometimes with the
    stock and the other hands hidden as a puzzle would show them."""
    players = draw(st.sampled_from([2, 4]))
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    rng = random.Random(draw(st.integers(0, 10**6)))
    position = deal(players, rng, dealer=draw(st.integers(0, players - 1)), rules=rules)
    for _ in range(draw(st.integers(0, 120))):
        if position.is_over:
            break
        position = apply(position, random_action(position, rng))
    if draw(st.booleans()) and not position.is_over:
        data = position.to_json()
        data["stock"] = position.stock_count
        data.pop("pozzetti", None)
        for seat, hand in enumerate(data["hands"]):
            if seat != position.to_move:
                data["hands"][seat] = {"count": len(hand)}
        position = Position.from_json(data)
    return position


PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(positions())
def test_every_legal_action_applies_and_why_illegal_agrees(position: Position) -> None:
    for action in legal_actions(position):
        assert why_illegal(position, action) is None, str(action)
        after = apply(position, action)
        after.check()
        assert Position.from_json(after.to_json()) == after


@st.composite
def positions_and_candidates(draw: st.DrawFn) -> tuple[Position, list[Action]]:
    """A position and actions to judge: its legal ones, and others made of its cards."""
    position = draw(positions())
    candidates = list(legal_actions(position))
    hand = [] if isinstance(position.hands[position.to_move], Hidden) else list(position.hand)
    pool = [str(card) for card in hand] or ["5H"]
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.sampled_from(list(ActionKind)))
        texts = draw(st.lists(st.sampled_from(pool + ["JK", "7C"]), min_size=1, max_size=5))
        if kind is ActionKind.DISCARD:
            texts = texts[:1]
        elif kind is ActionKind.DRAW:
            texts = draw(st.lists(card_texts, max_size=1))
        elif kind is ActionKind.PILE:
            texts = []
        meld = draw(st.integers(0, 4)) if kind is ActionKind.ATTACH else None
        candidates.append(Action(kind, tuple(parse_cards(texts)), meld))
    return position, candidates


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(positions_and_candidates())
def test_why_illegal_is_none_exactly_for_the_legal_actions(
    case: tuple[Position, list[Action]],
) -> None:
    position, candidates = case
    legal = set(legal_actions(position))
    for action in candidates:
        refusal = why_illegal(position, action)
        assert (refusal is None) == (action in legal), f"{action}: {refusal}"
        assert is_legal(position, action) == (action in legal)
        if refusal is not None:
            assert refusal.code in MESSAGES
            assert refusal.rule.startswith("R")


@pytest.mark.slow
@PROPERTY_SETTINGS
@given(positions())
def test_a_hand_that_is_not_over_always_has_a_legal_action(position: Position) -> None:
    assert bool(legal_actions(position)) != position.is_over


def test_a_hidden_hand_cannot_be_played() -> None:
    position = Position.from_json(
        {**BASE, "players": 2, "hands": [{"count": 3}, ["KS"]], "phase": "draw"}
    )
    for call in (legal_actions, lambda p: why_illegal(p, "draw 5H")):
        with pytest.raises(BurracoError, match="hidden"):
            call(position)
    assert not is_legal(position, "draw 5H")


def test_apply_returns_a_new_position_and_leaves_the_old_one() -> None:
    position = deal(2, random.Random(3))
    before = position.to_json()
    after = apply(position, "draw")
    assert position.to_json() == before
    assert after.phase is Phase.PLAY and position.phase is Phase.DRAW


def test_a_refusal_is_an_illegal_action_error_with_a_sentence() -> None:
    position = Position.from_json({**BASE, "players": 2, "hands": [["KS", "QS"], ["5H"]]})
    refusal = why_illegal(position, "draw 5H")
    assert isinstance(refusal, IllegalActionError)
    assert refusal.code == "already_drawn" and refusal.rule == "R6"
    assert str(refusal) == (
        "You have already drawn this turn: now lay down, attach, or discard to end it (R6)."
    )


def test_the_closing_refusal_names_the_pozzetto_first() -> None:
    position = Position.from_json({**BASE, "players": 2, "hands": [["KS", "QS"], ["5H"]]})
    refusal = position.closing_refusal()
    assert refusal is not None
    assert str(refusal) == "You cannot close: your side has not taken its pozzetto yet (R30)."


def test_the_stall_limit_is_three_turns_of_the_beginner() -> None:
    assert STALL_LIMIT == 3


def test_the_legal_actions_made_through_the_slots_are_whole_actions() -> None:
    # engine.actions sets the fields of the melds and attachments it lists through their
    # slots, in this order, with no Action() called.
    assert [field.name for field in dataclasses.fields(Action)] == ["kind", "cards", "meld"]
    rng = random.Random(8)
    position = deal(2, rng)
    while not position.is_over:
        for action in legal_actions(position):
            written = Action.parse(str(action))
            assert (action.kind, action.cards, action.meld) == (
                written.kind,
                written.cards,
                written.meld,
            )
            assert hash(action) == hash(written)
        position = apply(position, random_action(position, rng))


def test_the_quick_replace_copies_every_field_of_a_position_and_changes_only_those_named() -> None:
    names = [field.name for field in dataclasses.fields(Position)]
    assert list(inspect.signature(_replace).parameters)[1:] == names
    # _replace checks nothing, as dataclasses.replace would check nothing without it.
    assert not hasattr(Position, "__post_init__")
    position = deal(2, random.Random(5))
    assert _replace(position) == position
    moved = _replace(position, to_move=1, discard=())
    assert moved == dataclasses.replace(position, to_move=1, discard=())
    assert moved != position
