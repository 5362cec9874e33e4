"""The live table's draw (R3, R5): the lowest card deals, the highest plays first, and with
four players the two highest play together against the two lowest."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.cli.judge import answer
from engine.errors import InvalidPositionError
from engine.seating import draw_for_seats


@pytest.mark.parametrize(
    ("drawn", "dealer", "first", "partner", "clockwise"),
    [
        # The 3♦ is lowest and deals; the K♥ highest, on the dealer's left; between the two
        # 9s hearts rank higher, so the 9♣ is second lowest and partners the dealer.
        ("9C KH 3D 9H", 2, 1, 0, (2, 1, 0, 3)),
        # The ace counts low: it deals.
        ("AS 5D 10C QH", 0, 3, 1, (0, 3, 1, 2)),
        # Four of one rank: the suits alone decide, spades lowest, hearts highest.
        ("7H 7S 7D 7C", 1, 0, 3, (1, 0, 3, 2)),
    ],
)
def test_four_players_draw_for_the_deal_the_first_turn_and_partners(
    drawn: str, dealer: int, first: int, partner: int, clockwise: tuple[int, ...]
) -> None:
    seats = draw_for_seats(parse_cards(drawn))
    assert not seats.redraw
    assert (seats.dealer, seats.first, seats.dealer_partner) == (dealer, first, partner)
    assert seats.clockwise == clockwise
    # The player on the dealer's right cuts and makes the pozzetti: the last seat clockwise.
    assert seats.cutter == clockwise[-1] and seats.cutter not in (dealer, first, partner)


def test_head_to_head_the_lower_card_deals_and_the_other_plays_first() -> None:
    seats = draw_for_seats(parse_cards("4H 4C"))
    assert (seats.dealer, seats.first, seats.dealer_partner, seats.clockwise) == (
        1,
        0,
        None,
        (1, 0),
    )
    assert seats.cutter == 0  # head to head the dealer's opponent cuts


@pytest.mark.parametrize("drawn", ["4H 4H", "JK 5C", "9C KH 9C 3D"])
def test_identical_cards_or_a_joker_mean_drawing_again(drawn: str) -> None:
    seats = draw_for_seats(parse_cards(drawn))
    assert seats.redraw and seats.dealer is None and seats.clockwise == ()


def test_three_players_draw_only_the_dealer_and_the_first() -> None:
    seats = draw_for_seats(parse_cards("QS 2D 8H"))
    assert (seats.dealer, seats.first, seats.dealer_partner, seats.clockwise) == (1, 0, None, ())


def test_one_card_or_seven_is_no_table() -> None:
    with pytest.raises(InvalidPositionError, match="2 to 6 players, not 1"):
        draw_for_seats(parse_cards("9C"))
    with pytest.raises(InvalidPositionError, match="not 7"):
        draw_for_seats(parse_cards("2C 3C 4C 5C 6C 7C 8C"))


def test_the_judge_answers_the_draw_and_says_what_is_wrong_with_a_request() -> None:
    assert answer({"op": "seats", "cards": ["9C", "KH", "3D", "9H"]}) == {
        "ok": True,
        "redraw": False,
        "dealer": 2,
        "first": 1,
        "dealer_partner": 0,
        "clockwise": [2, 1, 0, 3],
        "cutter": 3,
    }
    assert answer({"op": "seats", "cards": "9C"}) == {
        "ok": False,
        "error": "The request needs the field “cards”.",
    }
    assert answer({"op": "seats", "cards": ["9X", "KH"]})["ok"] is False


def test_the_judge_refuses_a_long_list_by_its_length() -> None:
    refused = answer({"op": "seats", "cards": ["9C"] * 100_000})
    assert refused == {"ok": False, "error": "A game has 2 to 6 players, not 100000 (R3)."}
