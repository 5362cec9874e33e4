"""Facts the web pages take from the engine rather than work out for themselves:
the side of a seat, the cards a position being written names, and all of its melds refused."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.deal import deal
from engine.errors import BurracoError, InvalidMeldError
from engine.rules import DEFAULT, PRESETS
from engine.state import meld_refusals, named_cards, side_of


def test_partners_sit_opposite_and_share_a_side() -> None:
    position = deal(4, random.Random(3))
    assert [side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert side_of(position.to_move) == position.side


def test_a_dealt_position_names_every_card_of_the_deck() -> None:
    data = deal(2, random.Random(5)).to_json()
    assert sum(Counter(named_cards(data)).values()) == 108


def test_cards_kept_hidden_are_not_named() -> None:
    data = {"hands": [["AS"], {"count": 11}], "melds": [[], []], "discard": [], "stock": 40}
    assert [str(card) for card in named_cards(data)] == ["AS"]


def test_a_word_that_is_not_a_card_is_refused() -> None:
    with pytest.raises(BurracoError):
        named_cards({"hands": [["ZZ"]], "melds": [[], []], "discard": [], "stock": 40})


def test_every_refused_meld_is_named_by_side_and_place() -> None:
    melds = [[["6C", "7C", "8C"], ["6C", "7C"]], [["2H", "2S", "JK"]]]
    refused = meld_refusals(melds, DEFAULT)
    assert [(side, index) for side, index, _ in refused] == [(0, 1), (1, 0)]
    assert all(isinstance(error, InvalidMeldError) for _, _, error in refused)


def test_a_meld_refused_under_one_preset_only() -> None:
    semi = [[["KS", "KD", "KH"]], []]
    assert meld_refusals(semi, PRESETS["standard"]) == []
    assert [side for side, _, _ in meld_refusals(semi, PRESETS["international"])] == [0]
