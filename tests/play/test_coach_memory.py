"""The practice table's coach counts the cards the table saw the opponent take from the
pile and keep (lesson 21): play.hands.review passes the hand's memory to the coach."""

from __future__ import annotations

from engine.actions import Action, transition
from engine.bots import Memory
from engine.state import Position
from play import hands


def codes(review: hands.Review | None) -> list[str]:
    assert review is not None
    return [finding.code for finding in review.findings]


def test_the_table_counts_what_the_opponent_took_from_the_pile() -> None:
    # The opponent (seat 1) took a pile of 9S 9D and kept the nines; the learner then
    # throws the 9H. The table's review, which passes its memory, calls it a feed.
    start = Position.from_json(
        {
            "players": 2,
            "to_move": 1,
            "phase": "draw",
            "hands": [["9H", "KS", "4D", "5C"], ["3C", "JH", "JS", "JD", "6C"]],
            "melds": [[], []],
            "discard": ["9S", "9D"],
            "stock": ["2D", "7C", "8D", "QH", "QS", "4S", "10C", "10D", "6H", "3S"] * 2,
            "pozzetti_taken": [False, False],
        }
    )
    memory = Memory.empty(2)
    for text in ("pile", "meld JH JS JD", "discard 3C"):
        action = Action.parse(text)
        memory = memory.after(start, action)
        start = transition(start, action).position
    draw = Action.parse("draw")
    memory = memory.after(start, draw)
    start = transition(start, draw).position
    assert memory.held[1]  # the nines, taken and kept
    remembered = hands.review(start, Action.parse("discard 9H"), memory)
    forgotten = hands.review(start, Action.parse("discard 9H"))
    assert remembered is not None and forgotten is not None
    assert "feeds_opponent" in codes(remembered) and "feeds_opponent" not in codes(forgotten)
