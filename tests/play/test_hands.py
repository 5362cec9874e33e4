"""play.hands: the replay, the bots' deadline and what they fall back on."""

from __future__ import annotations

from typing import Any

import pytest

from engine import bots
from engine.actions import Action
from engine.errors import TooBigError
from play import hands

SETUP = hands.Setup(players=2, seed=7)


def test_the_same_seed_and_actions_replay_to_the_same_position() -> None:
    hand = hands.Hand(SETUP, hands.start(SETUP))
    hands.run_bots(hand)
    hand.play(Action.parse("draw"))
    again = hands.replay(SETUP, hand.actions)
    assert again.position == hand.position and again.memory == hand.memory


def test_an_action_the_rules_refuse_breaks_the_replay_with_a_reason() -> None:
    with pytest.raises(hands.BrokenGame, match="action 0 .*no longer plays"):
        hands.replay(SETUP, ["discard JK"])
    with pytest.raises(hands.BrokenGame, match="longer than any game"):
        hands.replay(SETUP, ["draw"] * (hands.MAX_ACTIONS + 1))


def test_bots_whose_search_is_too_big_play_plainly(monkeypatch: Any) -> None:
    def too_big(*args: Any, **kwargs: Any) -> Any:
        raise TooBigError("too_big")

    monkeypatch.setattr(bots, "legal_in_view", too_big)
    monkeypatch.setattr(bots, "decide", too_big)
    hand = hands.Hand(SETUP, hands.start(SETUP))
    played = hands.run_bots(hand)
    # The bot drew and threw the first card it may: the hand goes on, the learner to move.
    assert [step.action.kind.value for step in played] == ["draw", "discard"]
    assert hand.learner_to_move


def test_the_review_weighs_findings_with_the_experts_playouts() -> None:
    from engine.budget import Budget
    from engine.coach import coach, playouts, stakes
    from engine.state import Position

    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["9H", "KS", "4D"], {"count": 10}], "melds": [[["6H", "7H", "8H"]], []],
        "discard": ["QD"], "stock": 40, "pozzetti_taken": [false, false]}"""
    )
    review = hands.review(position, Action.parse("discard 9H"))
    assert review is not None
    by_playouts = coach(position, "discard 9H", estimator=playouts, budget=Budget())
    by_default = coach(position, "discard 9H", estimator=stakes, budget=Budget())
    assert [f.points for f in review.findings] == [f.points for f in by_playouts.findings]
    assert [f.points for f in review.findings] != [f.points for f in by_default.findings]
