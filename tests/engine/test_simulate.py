"""``python -m engine simulate``: whole random hands with every invariant checked (R3-R38)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.actions import Transition
from engine.cli import simulate
from engine.cli.simulate import Violation, main, play_hand, run
from engine.deal import deal
from engine.rules import PRESETS


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_200_random_hands_keep_every_invariant(players: int) -> None:
    tally = run(players, 200, seed=2026, rules=PRESETS["standard"])
    assert tally.hands == 200
    assert tally.closes + tally.stock_endings == 200
    assert tally.closes > 0 and tally.stock_endings > 0
    assert tally.events["pozzetto_al_volo"] > 0 and tally.events["pozzetto_con_lo_scarto"] > 0
    assert tally.games > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["semi-clean", "strict", "international"])
def test_random_hands_keep_every_invariant_under_each_variant(preset: str) -> None:
    for players in (2, 4):
        tally = run(players, 15, seed=7, rules=PRESETS[preset])
        assert tally.hands == 15


def test_a_hand_is_replayed_exactly_from_its_seed() -> None:
    first = play_hand(deal(2, random.Random(5)), random.Random(6))
    again = play_hand(deal(2, random.Random(5)), random.Random(6))
    assert first == again


def test_main_prints_a_one_line_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "4", "--hands", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out.strip()
    assert "\n" not in out
    for word in ("3 hands", "actions", "closes", "stock endings", "seconds", "no violation"):
        assert word in out


def test_a_violation_exits_non_zero_naming_the_seed_and_the_action(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = simulate.transition

    def losing_a_card(position, action):  # type: ignore[no-untyped-def]
        step = real(position, action)
        if action.kind.value == "discard":
            # A bug that loses the discarded card.
            return Transition(replace(step.position, discard=step.position.discard[:-1]))
        return step

    monkeypatch.setattr(simulate, "transition", losing_a_card)
    assert main(["--players", "2", "--hands", "2", "--seed", "9"]) == 1
    err = capsys.readouterr().err
    assert "seed 9" in err and "hand 0" in err and "(discard " in err
    assert "cards not conserved" in err


def test_a_stuck_hand_is_a_violation() -> None:
    def nothing(position, rng):  # type: ignore[no-untyped-def]
        raise Violation("the hand is not over, yet there is no legal action")

    with pytest.raises(Violation, match="no legal action"):
        play_hand(deal(2, random.Random(1)), random.Random(1), policy=nothing)
