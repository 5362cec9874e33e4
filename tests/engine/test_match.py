"""The game over several hands (R36), match points (R37) and victory points (R38)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine.errors import InvalidNotationError
from engine.match import Match, match_points, victory_points, winner
from engine.rules import Rules
from engine.state import Outcome, Termination

DATA = Path(__file__).parent / "data" / "game_victory_points.json"
TABLES = json.loads(DATA.read_text())


def _bands() -> list[Any]:
    params = []
    for hands, bands in TABLES["tables"].items():
        for low, high, a, b in bands:
            params.append(
                pytest.param(int(hands), low, high, a, b, id=f"R38 {hands} hands {low}-{high}")
            )
    return params


@pytest.mark.parametrize(("hands", "low", "high", "a", "b"), _bands())
def test_r38_every_band_of_the_table_gives_its_victory_points(
    hands: int, low: int, high: int, a: int, b: int
) -> None:
    for lead in range(low, (high if high is not None else low + 500) + 1, 5):
        assert victory_points(lead, hands) == (a, b), lead
        assert victory_points(-lead, hands) == ((b, a) if lead else (10, 10))


@pytest.mark.parametrize("hands", [3, 4])
def test_r38_the_tables_share_out_20_points(hands: int) -> None:
    for lead in range(-3000, 3001, 5):
        a, b = victory_points(lead, hands)
        assert a + b == 20


@pytest.mark.parametrize(
    ("lead", "hands", "vp"),
    [(c["lead"], c["hands"], tuple(c["vp"])) for c in TABLES["between_bands"]],
    ids=[c["id"] for c in TABLES["between_bands"]],
)
def test_r38_a_lead_between_two_bands_counts_in_the_higher(
    lead: int, hands: int, vp: tuple[int, int]
) -> None:
    assert victory_points(lead, hands) == vp


@pytest.mark.parametrize(
    ("lead", "hands"), [(100, 2), (100, 5), (100, True), ("100", 3), (1.5, 3), (True, 3)]
)
def test_r38_only_whole_leads_and_three_or_four_hands(lead: Any, hands: Any) -> None:
    with pytest.raises(InvalidNotationError):
        victory_points(lead, hands)


@pytest.mark.parametrize(
    ("totals", "target", "won"),
    [
        ((2005, 1990), 2005, 0),
        ((1990, 2005), 2005, 1),
        ((2004, 1990), 2005, None),
        ((2100, 2100), 2005, None),
        ((2010, 2200), 2005, 1),
        ((505, -40), 505, 0),
        ((1000, 1004), 1005, None),
        ((2000, 100), 2000, 0),
    ],
)
def test_r36_a_side_wins_on_reaching_the_target_and_a_tie_plays_on(
    totals: tuple[int, int], target: int, won: int | None
) -> None:
    assert winner(totals, Rules(target=target)) == won


def test_r37_match_points_are_the_difference_positive_to_the_leader() -> None:
    assert match_points((2150, 1300)) == (850, -850)
    assert match_points((0, 45)) == (-45, 45)


def test_r36_a_match_keeps_running_totals_and_passes_the_deal() -> None:
    match = Match(players=4)
    assert match.dealer == 0
    match = match.record((600, 200)).record((700, -100))
    assert match.totals == (1300, 100) and match.hands == 2 and match.dealer == 2
    assert match.winner is None and not match.is_over
    match = match.record((705, 300))
    assert match.totals == (2005, 400) and match.winner == 0 and match.is_over
    assert match.match_points == (1605, -1605)
    with pytest.raises(InvalidNotationError, match="The game is over"):
        match.record((10, 10))


def test_r36_a_tie_above_the_target_plays_another_hand() -> None:
    match = Match(players=2, rules=Rules(target=505)).record((600, 600))
    assert not match.is_over
    assert match.record((5, 0)).winner == 0


def test_r36_a_match_deals_with_its_totals_and_dealer() -> None:
    match = Match(players=2, rules=Rules(target=1005)).record((100, 50))
    position = match.deal(random.Random(1))
    assert position.totals == (100, 50) and position.rules.target == 1005
    assert position.to_move == 0  # seat 1 deals the second hand


def test_a_match_records_a_scored_outcome_but_not_a_hidden_one() -> None:
    from engine.scoring import SideScore

    scores = (SideScore(65, 200, 100, 0, 0), SideScore(0, 0, 0, -15, -100))
    match = Match().record(Outcome(Termination.CLOSED, 0, scores))
    assert match.totals == (365, -115)
    with pytest.raises(InvalidNotationError, match="hidden"):
        Match().record(Outcome(Termination.CLOSED, 0, (scores[0], None)))
