"""A try as the session keeps it (play.tries), and the copy of a hand it plays on
(play.hands.rewind)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.actions import Action
from engine.bots import decide, legal_in_view
from play import hands, tries

TRY = tries.Try(
    "abcdefghijk",
    12,
    0,
    5,
    ("discard 9S", "draw", "discard KD"),
    True,
    (
        tries.Choice(5, "discard 9S", tries.Verdict.BETTER),
        tries.Choice(
            7,
            "discard KD",
            tries.Verdict.DIFFERS,
            (tries.Note("coach_feeds_opponent", {"card": "KD"}, "R17", 40, "discard 4C"),),
        ),
    ),
    123.5,
)


def test_a_try_reads_back_what_it_writes() -> None:
    assert tries.Try.from_json(TRY.key, TRY.to_json()) == TRY


@pytest.mark.parametrize(
    "change",
    [
        {"actions": ["draw"] * (tries.MOST_ACTIONS + 1)},
        {"choices": [[1, "draw", "splendid", []]]},
        {"choices": [[1, "draw", "same", [["s", "not a mapping", "R1", 1, "draw"]]]]},
        {"game": "twelve"},
    ],
)
def test_a_try_refuses_what_it_did_not_write(change: dict[str, Any]) -> None:
    with pytest.raises((ValueError, TypeError, KeyError)):
        tries.Try.from_json(TRY.key, {**TRY.to_json(), **change})


def test_the_session_keeps_the_latest_tries_only() -> None:
    session: dict[str, Any] = {}
    keys = [f"{n:011d}" for n in range(tries.KEPT + 1)]
    for key in keys:
        tries.keep(session, tries.Try(key, 1, 0, 3, ("draw",)))
    assert sorted(session[tries.SESSION_KEY]) == keys[1:]
    assert not tries.is_free(session, keys[-1]) and tries.is_free(session, keys[0])
    assert not tries.is_free(session, "short")


def test_a_rewound_hand_plays_on_as_the_hand_did_and_leaves_it_alone() -> None:
    setup = hands.Setup(players=2, seed=7)
    hand = hands.replay(setup, [])
    for _ in range(40):
        view = hand.view()
        action = decide("club", view, legal_in_view(view), random.Random(len(hand.steps)))
        hand.play(action)
    actions = list(hand.actions)
    copy = hands.rewind(hand, 20)
    assert copy.position == hand.steps[20].before and len(copy.steps) == 20
    hands.resume(copy, actions[20:])
    assert copy.position == hand.position and copy.memory == hand.memory
    copy.play(Action.parse(str(next(iter(legal_in_view(copy.view()))))))
    assert hand.actions == actions


@pytest.mark.django_db
def test_a_try_names_nothing_once_the_game_before_its_decision_has_changed() -> None:
    from tests.factories import GameFactory

    game = GameFactory()
    setup = hands.Setup(players=2, seed=7)
    hand = hands.replay(setup, [])
    for _ in range(6):
        view = hand.view()
        hand.play(decide("club", view, legal_in_view(view), random.Random(len(hand.steps))))
    session: dict[str, Any] = {}
    kept = tries.keep(session, tries.new(game, hand, 4))
    assert tries.find(session, kept.key, game, hand, 4) == kept
    # A take-back and other moves: the same decision's index, another hand before it.
    other = hands.rewind(hand, 2)
    view = other.view()
    others = [a for a in legal_in_view(view) if str(a) != hand.actions[2]]
    other.play(others[0])
    with pytest.raises(tries.UnknownTry):
        tries.find(session, kept.key, game, other, 4)
    with pytest.raises(tries.UnknownTry):
        tries.find(session, kept.key, GameFactory(), hand, 4)
