"""Glicko-2 (lessons.glicko) against Glickman's worked example, and the damping."""

from __future__ import annotations

import doctest
import math

import pytest

from lessons import charts, glicko, stats
from lessons.glicko import Rating


def test_the_update_matches_glickmans_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (won),
    1550/100 (lost) and 1700/300 (lost) ends at 1464.06, 151.52, 0.05999 (the paper rounds
    its intermediate steps; exact arithmetic gives 1464.05)."""
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = glicko.update(player, games)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = glicko.update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    widened = math.sqrt(200**2 + (0.06 * glicko.SCALE) ** 2)
    assert after.deviation == pytest.approx(widened)


@pytest.mark.parametrize(
    ("solved", "learner_moves", "puzzle_moves"), [(True, 1, -1), (False, -1, 1)]
)
def test_an_attempt_moves_the_learner_and_the_puzzle_in_opposite_directions(
    solved: bool, learner_moves: int, puzzle_moves: int
) -> None:
    learner, puzzle = glicko.play(Rating(1500, 200), Rating(1500, 200), solved)
    assert (learner.rating - 1500) * learner_moves > 0
    assert (puzzle.rating - 1500) * puzzle_moves > 0


def test_themed_practice_moves_the_learner_by_half_and_the_puzzle_in_full() -> None:
    full, puzzle_full = glicko.play(Rating(1500, 200), Rating(1600, 100), True)
    half, puzzle_half = glicko.play(Rating(1500, 200), Rating(1600, 100), True, weight=0.5)
    assert half.rating - 1500 == pytest.approx((full.rating - 1500) / 2)
    assert puzzle_half == puzzle_full


def test_the_deviation_stays_within_its_bounds() -> None:
    sure, _puzzle = glicko.play(Rating(1500, 30), Rating(1500, 45), True)
    assert sure.deviation == glicko.MIN_DEVIATION
    unsure, _puzzle = glicko.play(Rating(1500, 350, 0.2), Rating(1500, 350), True)
    assert unsure.deviation <= glicko.MAX_DEVIATION


@pytest.mark.parametrize("module", [glicko, charts, stats], ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module: object) -> None:
    failures, tried = doctest.testmod(module)  # type: ignore[arg-type]
    assert tried and not failures
