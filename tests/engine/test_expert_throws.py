"""The expert's judgement of a position (fitted on the club player's hands) and the
throws it weighs with it at two players."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import ActionKind, legal_actions
from engine.bots import expert
from engine.bots.expert import (
    Expert,
    Playout,
    estimate,
    features,
    fitted_estimate,
    play_out,
)
from engine.bots.levels import Club
from engine.bots.view import view_of
from engine.deal import deal
from engine.state import Phase, Position, Stall


def test_the_fitted_judgement_reads_cards_in_hand_early_as_material_late_as_a_debt() -> None:
    # The same table, one side holding three more cards from the stock: estimate counts
    # them as a debt however early; the fitted judgement as material early in the hand.
    dealt = deal(2, random.Random(1))
    assert isinstance(dealt.stock, tuple) and len(dealt.stock) >= 60
    mine, theirs = dealt.hands
    assert isinstance(mine, tuple) and isinstance(theirs, tuple)
    for left, sign in ((60, 1), (6, -1)):
        stock = dealt.stock[:left]
        before = replace(dealt, stock=stock)
        after = replace(before, hands=(mine + stock[:3], theirs), stock=stock[3:])
        assert features(after, 0) == [-x for x in features(after, 1)]
        assert estimate(after, 0) < estimate(before, 0)
        gain = fitted_estimate(after, 0) - fitted_estimate(before, 0)
        assert gain * sign > 0


def test_a_cut_playout_is_judged_by_the_judge_it_is_given() -> None:
    position = deal(2, random.Random(4))
    reached: list[Position] = []

    def judge(after: Position, side: int) -> float:
        reached.append(after)
        return fitted_estimate(after, side)

    cut = play_out(position, "club", random.Random(3), side=0, max_actions=30)
    fitted = play_out(position, "club", random.Random(3), side=0, max_actions=30, judge=judge)
    assert cut.actions == fitted.actions == 30
    assert fitted.diff != cut.diff
    # The judge reads the position the playout reached, once.
    assert len(reached) == 1 and reached[0] != position
    assert fitted.diff == fitted_estimate(reached[0], 0)


#: Seat 0 to throw at two players: five different cards (two copies of the king), no
#: pozzetto taken, so no closing is at stake; a run of one-card piles (R34) of two takes,
#: seat 1's last, so the opponent takes throws.
THROWING = Position.parse(
    """{"players": 2, "to_move": 0, "phase": "play",
    "hands": [["KS", "KS", "4D", "9C", "JH", "6S"], {"count": 11}],
    "melds": [[["5H", "6H", "7H"]], [["8C", "8D", "8S"]]],
    "discard": [], "stock": 50, "pozzetti_taken": [false, false],
    "stall": {"seat": 1, "count": 2}}"""
)


def test_at_two_players_the_expert_weighs_every_card_it_could_throw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[dict[str, Any]] = []
    thrown: list[str] = []

    def counted(after: Position, *args: Any, **kwargs: Any) -> Playout:
        calls.append(kwargs)
        thrown.append(str(after.discard[-1]))
        return play_out(after, *args, **kwargs)

    monkeypatch.setattr(expert, "play_out", counted)
    view, legal = view_of(THROWING), legal_actions(THROWING)
    club = Club().decide(view, legal, random.Random(0))
    assert club.kind is ActionKind.DISCARD
    Expert().decide(view, legal, random.Random(0))
    # Five cards (the kings are one candidate), each in THROW_WORLDS worlds, the club
    # player's favourite first; each playout stops at the seat's next draw, judged by the
    # fitted judgement, within THROW_ACTIONS.
    worlds = expert.THROW_WORLDS
    assert len(calls) == 5 * worlds
    assert thrown[:worlds] == [str(club.cards[0])] * worlds
    assert sorted(set(thrown)) == ["4D", "6S", "9C", "JH", "KS"]
    assert all(call["until_seat"] == 0 for call in calls)
    assert all(call["judge"] is fitted_estimate for call in calls)
    assert all(call["max_actions"] <= expert.THROW_ACTIONS for call in calls)


def test_the_expert_throws_the_card_whose_worlds_come_out_best(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view, legal = view_of(THROWING), legal_actions(THROWING)
    club = Club().decide(view, legal, random.Random(0))

    def judged(values: dict[str, float]) -> Any:
        def playout(after: Position, *args: Any, **kwargs: Any) -> Playout:
            return Playout(values.get(str(after.discard[-1]), 0.0), False, 3)

        return playout

    # The jack comes out 40 points better in every world: it is thrown.
    monkeypatch.setattr(expert, "play_out", judged({"JH": 40.0}))
    chosen = Expert().decide(view, legal, random.Random(0))
    assert chosen.kind is ActionKind.DISCARD and str(chosen.cards[0]) == "JH"
    # All level: the club player's favourite.
    monkeypatch.setattr(expert, "play_out", judged({}))
    assert Expert().decide(view, legal, random.Random(0)) == club
    # Switched off, nothing is played out.
    monkeypatch.setattr(expert, "play_out", None)
    assert Expert(throw_worlds=0).decide(view, legal, random.Random(0)) == club
    # Nor when no run of one-card piles shows that the opponent takes throws (the
    # beginner takes one only when it fits), or the run is only the expert's own take.
    for stall in (None, Stall(0, 1)):
        quiet = replace(THROWING, stall=stall)
        view, legal = view_of(quiet), legal_actions(quiet)
        assert Expert().decide(view, legal, random.Random(0)) == club


def test_the_expert_throws_as_the_club_player_where_it_does_not_weigh_throws() -> None:
    # At four players (the race) it weighs no throw; with its throws switched off it
    # throws as the club player everywhere closing is not at stake.
    from tests.engine.test_bots import positions

    compared = 0
    for players, bot in ((4, Expert()), (2, Expert(throw_worlds=0))):
        for position, memory in positions(players, 40, seed=4):
            view = view_of(position, None, memory)
            if position.phase is not Phase.PLAY or position.pozzetti_taken[view.side]:
                continue
            legal = legal_actions(position)
            club = Club().decide(view, legal, random.Random(2))
            assert bot.decide(view, legal, random.Random(2)) == club
            compared += 1
    assert compared >= 10


def test_a_weighed_throw_replays_by_seed_and_stays_within_its_count() -> None:
    view, legal = view_of(THROWING), legal_actions(THROWING)
    first = Expert().decide(view, legal, random.Random(7))
    assert Expert().decide(view, legal, random.Random(7)) == first
    assert first.kind is ActionKind.DISCARD
    # Within a request's budget too small for one playout, the club player's choice.
    from engine.budget import Budget

    club = Club().decide(view, legal, random.Random(7))
    assert Expert(budget=Budget(1)).decide(view, legal, random.Random(7)) == club
