"""The board (lessons.board) takes its sides from the position (R3, R40): at three, five
and six players each opposing side is shown apart, by its seats, and a partner is the seat
the position puts on the viewer's side."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from engine.deal import deal
from engine.state import split_sides
from lessons.board import board


@pytest.fixture(autouse=True)
def english() -> None:
    translation.activate("en")


def drawn(position_board: object) -> str:
    return render_to_string("lessons/board.html#board", {"board": position_board})


def test_two_and_four_players_keep_the_two_sides() -> None:
    four = board(deal(4, random.Random(3)), seat=0)
    assert four.other_sides == () and four.partners
    assert [seat.name for seat in four.others] == [
        "Opponent on your left",
        "Partner",
        "Opponent on your right",
    ]
    assert "The other side&#x27;s melds" in drawn(four) or "The other side's melds" in drawn(four)


def test_three_players_before_a_pozzetto_show_each_opponent_apart() -> None:
    position = deal(3, random.Random(3))
    shown = board(position, seat=0)
    # Seat 2 is no partner at three players (the old 2/4-player reading made it one).
    assert [seat.name for seat in shown.others] == [
        "Opponent on your left",
        "Opponent on your right",
    ]
    assert [side.name for side in shown.other_sides] == [
        "Opponent on your left",
        "Opponent on your right",
    ]
    assert not shown.partners and shown.their_melds == ()
    html = drawn(shown)
    assert "Opponent on your left&#x27;s melds" in html or "Opponent on your left's melds" in html


def test_three_players_once_paired_show_the_partner_and_the_lone_opponent() -> None:
    position = deal(3, random.Random(3))
    paired = replace(position, sides=split_sides(3, 1), pozzetti_taken=(False, True, False))
    shown = board(paired, seat=0)
    assert shown.partners
    assert [seat.name for seat in shown.others] == ["Opponent on your left", "Partner"]
    assert [(side.name, side.pozzetto) for side in shown.other_sides] == [
        ("Opponent on your left", True)
    ]
    # Seen from the lone player, the other two are one side.
    lone = board(paired, seat=1)
    assert [side.name for side in lone.other_sides] == [
        "Opponent on your left and Opponent on your right"
    ]


def test_five_and_six_players_have_a_board() -> None:
    five = board(deal(5, random.Random(3), totals=(10, 20, 30, 40, 50)), seat=0)
    assert len(five.other_sides) == 4
    assert "Opponent 2 seats to your left" in [seat.name for seat in five.others]
    assert five.named_totals.startswith("You: 10; Opponent on your left: 20")
    six = board(deal(6, random.Random(3)), seat=0)
    assert [seat.name for seat in six.others][2] == "Partner"
    assert len(six.other_sides) == 2
    assert drawn(six)
