"""Answers that are no answer to the question asked: refused, not marked wrong."""

from __future__ import annotations

from typing import Any

import pytest

from engine import puzzles
from engine.puzzles import NotAskedError, Puzzle
from tests.engine.answering import check_json


def position(hand: list[str], melds: list[list[str]]) -> dict[str, Any]:
    return {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [hand, {"count": 9}],
        "melds": [melds, []],
        "discard": ["4H"],
        "stock": 40,
        "pozzetti_taken": [False, False],
    }


@pytest.mark.parametrize(
    ("kind", "hand", "melds", "answer", "rule"),
    [
        ("attach", ["10C", "7C", "KD"], [["6C", "JK", "8C"]], {"meld": 0, "cards": ["10C"]}, "R17"),
        (
            "lay-meld",
            ["7C", "8C", "9C", "KD", "KH", "KS"],
            [],
            {"cards": ["KD", "KH", "KS"]},
            "R10",
        ),
    ],
)
def test_an_answer_without_the_card_asked_about_is_refused_not_marked(
    kind: str, hand: list[str], melds: list[list[str]], answer: dict[str, Any], rule: str
) -> None:
    # It was a wrong answer, rated and drilled against the rule, for a card not asked about.
    question = Puzzle.from_dict({"kind": kind, "position": position(hand, melds), "focus": ["7C"]})
    with pytest.raises(NotAskedError) as raised:
        check_json(question, answer)
    assert (raised.value.code, raised.value.rule) == ("focus_missing", rule)
    assert isinstance(raised.value, puzzles.InvalidAnswerError)


@pytest.mark.parametrize(
    ("meld", "attached", "possible"),
    [
        (["2C", "5C", "6C"], ["8C"], True),  # a pinella of the suit may go home
        (["JK", "5C", "6C"], ["8C"], False),  # a joker alone: never natural
        (["JK", "5C", "6C"], ["2C"], True),  # the 2♣ attached may stand as itself
        (["2S", "5C", "6C"], ["8C"], False),  # a 2 of another suit stays a wildcard
    ],
)
def test_the_natural_2_is_an_answer_only_where_a_2_of_the_suit_is_involved(
    meld: list[str], attached: list[str], possible: bool
) -> None:
    question = Puzzle.from_dict(
        {"kind": "wildcard", "position": position(["KD"], [meld]), "meld": 0, "attach": attached}
    )
    assert question.natural_possible is possible
