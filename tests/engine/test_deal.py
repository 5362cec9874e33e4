"""The deal (R4, R5): 11 cards each, two pozzetti of 11, one up-card, the rest the stock."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import deck
from engine.deal import deal
from engine.errors import InvalidPositionError
from engine.rules import Rules
from engine.state import Hidden, Phase, Position


@pytest.mark.parametrize("players", [2, 4])
def test_r4_the_deal_places_all_108_cards(players: int) -> None:
    position = deal(players, random.Random(1))
    assert [len(hand) for hand in position.hands] == [11] * players
    assert [len(pozzetto or ()) for pozzetto in position.pozzetti] == [11, 11]
    assert len(position.discard) == 1
    assert position.stock_count == 108 - 11 * players - 22 - 1
    assert position.known_cards() == Counter(deck())
    assert position.card_count() == 108


@pytest.mark.parametrize("players", [2, 4])
def test_r4_the_deal_is_reproducible_from_its_seed(players: int) -> None:
    assert deal(players, random.Random(42)) == deal(players, random.Random(42))
    assert deal(players, random.Random(42)) != deal(players, random.Random(43))


@pytest.mark.parametrize(
    ("players", "dealer", "first"), [(2, 0, 1), (2, 1, 0), (4, 0, 1), (4, 3, 0)]
)
def test_r4_the_player_on_the_dealers_left_moves_first(
    players: int, dealer: int, first: int
) -> None:
    position = deal(players, random.Random(5), dealer=dealer)
    assert position.to_move == first
    assert position.phase is Phase.DRAW
    assert not position.is_over


def test_r4_cards_are_dealt_one_at_a_time_clockwise_from_the_dealers_left() -> None:
    shuffled = deck()
    random.Random(9).shuffle(shuffled)
    position = deal(4, random.Random(9), dealer=2)
    # Seat 3 sits on the dealer's left and gets the first card, then 0, 1, 2.
    assert position.hands[3] == tuple(shuffled[0:44:4])
    assert position.hands[0] == tuple(shuffled[1:44:4])
    assert position.hands[2] == tuple(shuffled[3:44:4])
    assert position.pozzetti[0] == tuple(shuffled[44:66:2])
    assert position.pozzetti[1] == tuple(shuffled[45:66:2])
    assert position.discard == (shuffled[66],)
    assert position.stock == tuple(shuffled[67:])


def test_r4_a_deal_is_a_valid_position_and_round_trips() -> None:
    position = deal(2, random.Random(3), rules=Rules(target=505), totals=(100, -40))
    position.check()
    assert Position.from_json(position.to_json()) == position
    assert not isinstance(position.stock, Hidden)
    assert position.totals == (100, -40) and position.rules.target == 505


@pytest.mark.parametrize(("players", "dealer"), [(1, 0), (7, 0), (2, 2), (4, -1), (6, 6)])
def test_r3_r40_only_two_to_six_players_and_a_dealer_at_the_table(
    players: int, dealer: int
) -> None:
    with pytest.raises(InvalidPositionError):
        deal(players, random.Random(0), dealer=dealer)
