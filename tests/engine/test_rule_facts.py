"""The rule facts the site's pages use come from the engine: each is
what the engine itself does, so a page that takes it cannot disagree with the rules."""

from __future__ import annotations

import random

import pytest

from engine import puzzles
from engine.cards import Card
from engine.deal import deal
from engine.match import victory_points
from engine.puzzles import MAX_LINE, PUZZLE_STOCK, VP_HANDS, InvalidAnswerError, Puzzle
from engine.state import PLAYER_COUNTS, STOCK_LEFT
from tests.engine.answering import check_json

WILDCARD = {
    "kind": "wildcard",
    "attach": ["9S"],
    "position": {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [["9S", "4D"], {"count": 9}],
        "melds": [[["6S", "2C", "8S"]], []],
        "discard": ["4C"],
        "stock": PUZZLE_STOCK,
        "pozzetti_taken": [False, False],
    },
}


def test_a_puzzle_s_usual_stock_is_a_hand_under_way() -> None:
    dealt = min(deal(players, random.Random(1)).stock_count for players in PLAYER_COUNTS)
    assert STOCK_LEFT < PUZZLE_STOCK < dealt


def test_the_match_lengths_offered_are_those_with_a_victory_points_table() -> None:
    for hands in VP_HANDS:
        assert victory_points(0, hands)
    with pytest.raises(ValueError):
        victory_points(0, max(VP_HANDS) + 1)


def test_a_line_holds_at_most_max_line_actions() -> None:
    puzzle = Puzzle.from_dict({**WILDCARD, "kind": "close", "attach": []})
    puzzles.follow(puzzle, ["discard 4D"] * MAX_LINE)  # played until the turn is over
    with pytest.raises(InvalidAnswerError):
        puzzles.follow(puzzle, ["discard 4D"] * (MAX_LINE + 1))


def test_a_wildcard_stands_for_a_natural_card_of_the_meld_s_suit() -> None:
    choices = Puzzle.from_dict(WILDCARD).stand_in_choices
    assert len(choices) == 13
    assert {card.suit for card in choices} == {Card.parse("9S").suit}
    assert Card.parse("2S") in choices and Card.parse("JK") not in choices
    # Each is an answer the engine marks, right or wrong, never refuses.
    puzzle = Puzzle.from_dict(WILDCARD)
    for card in choices:
        check_json(puzzle, {"stands_for": str(card)})
    assert Puzzle.from_dict({**WILDCARD, "kind": "classify"}).stand_in_choices == ()
