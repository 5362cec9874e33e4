"""The ladder: one Bradley–Terry rating per level from every pair's games, and the
ratings the site reads (engine.bots.ratings)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from engine.bots import ratings
from engine.cli import USAGE, ladder
from engine.cli import main as cli_main

LEVELS = ["weak", "middle", "strong", "best"]
TRUE = {"weak": 1100.0, "middle": 1500.0, "strong": 1800.0, "best": 1900.0}


def expected(a: float, b: float) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def synthetic(rng: random.Random, games: int, ties: float = 0.0) -> list[ladder.Pair]:
    """Games drawn from TRUE's strengths: a tie with chance ``ties``, else a win with the
    model's chance."""
    pairs = []
    for n, a in enumerate(LEVELS):
        for b in LEVELS[n + 1 :]:
            score = 0.0
            for _ in range(games):
                if rng.random() < ties:
                    score += 0.5
                elif rng.random() < expected(TRUE[a], TRUE[b]):
                    score += 1
            pairs.append(ladder.Pair(a, b, score, games))
    return pairs


def test_the_fit_recovers_known_strengths_from_synthetic_results() -> None:
    pairs = synthetic(random.Random(1), 4000)
    fitted = ladder.fit(LEVELS, pairs, anchor="middle")
    assert fitted["middle"] == 1500
    for level in LEVELS:
        assert fitted[level] == pytest.approx(TRUE[level], abs=25), level


def test_ties_count_half_to_each_side() -> None:
    # Only ties between two levels: they are equal.
    fitted = ladder.fit(["a", "b"], [ladder.Pair("a", "b", 50.0, 100.0)], anchor="a")
    assert fitted["b"] == pytest.approx(1500)
    # Ties diluting real results leave the order and shrink the gaps, never reverse them.
    with_ties = ladder.fit(LEVELS, synthetic(random.Random(2), 3000, ties=0.3), anchor="middle")
    assert with_ties["weak"] < with_ties["middle"] < with_ties["strong"] < with_ties["best"]


def test_a_level_that_won_every_game_still_gets_a_finite_rating() -> None:
    fitted = ladder.fit(["a", "b"], [ladder.Pair("a", "b", 100.0, 100.0)], anchor="b")
    assert math.isfinite(fitted["a"]) and fitted["a"] > 2000
    # Without the prior the strongest runs off; with it, 100 of 100 is ~1.6 decades of odds.
    assert fitted["a"] - fitted["b"] == pytest.approx(400 * math.log10(100.5 / 0.5), abs=1)


def test_the_bootstrap_intervals_hold_the_rating_and_replay_from_the_seed() -> None:
    rng = random.Random(3)
    deals = {
        ("weak", "middle"): [float(rng.choice((0, 0, 1, 2))) for _ in range(200)],
        ("middle", "strong"): [float(rng.choice((0, 1, 1, 2))) for _ in range(200)],
    }
    levels = ["weak", "middle", "strong"]
    first = ladder.bootstrap(levels, deals, random.Random(9), times=60, anchor="middle")
    again = ladder.bootstrap(levels, deals, random.Random(9), times=60, anchor="middle")
    assert first == again
    fitted = ladder.fit(levels, ladder.pairs_of(deals), anchor="middle")
    for level in ("weak", "strong"):
        low, high = first[level]
        assert low < fitted[level] < high
        assert high - low < 200
    # The anchor's rating is fixed: its interval is the point.
    assert first["middle"] == (1500, 1500)


def test_a_hand_is_a_game_won_lost_or_tied() -> None:
    assert ladder.hand_scores((120, -40)) == 1.0
    assert ladder.hand_scores((0, 35)) == 1.5
    assert ladder.hand_scores((-5, -5)) == 0.0


def test_the_cli_prints_a_table_for_a_tiny_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "ladder.json"
    argv = ["ladder", "--levels", "random,beginner", "--deals", "2", "--seed", "4"]
    assert cli_main([*argv, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "every pair 2 deals at 2 players, seed 4" in printed
    assert "beginner     1500  (anchor)" in printed
    assert "random vs beginner: " in printed and " of 4 (" in printed
    saved = json.loads(out.read_text())["tables"]["2"]
    assert saved["levels"]["beginner"] == {"rating": 1500, "low": 1500, "high": 1500}
    assert saved["deals"] == 2 and saved["seed"] == 4
    assert "--players 2 --deals 2 --seed 4" in saved["command"]
    # The same seed, the same table (the time aside).
    assert cli_main(argv) == 0
    again = capsys.readouterr().out
    assert again.splitlines()[1:] == printed.splitlines()[1:]
    assert "ladder" in USAGE


def test_the_cli_refuses_levels_it_cannot_rate(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli_main(["ladder", "--levels", "club,expert"])
    assert stopped.value.code == 2
    assert "beginner among them" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["ladder", "--levels", "beginner,grandmaster"])
    assert "unknown level 'grandmaster'" in capsys.readouterr().err


def test_the_sites_ratings_come_from_the_ladders_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "ladder.json"
    figures = {
        "levels": {
            "random": {"rating": 1100, "low": 1050, "high": 1150},
            "beginner": {"rating": 1500, "low": 1500, "high": 1500},
            "club": {"rating": 1750, "low": 1700, "high": 1800},
            "expert": {"rating": 1800, "low": 1760, "high": 1840},
        }
    }
    ladder.save(path, 2, figures)
    ladder.save(
        path, 4, {"levels": {**figures["levels"], "club": {"rating": 1600, "low": 1, "high": 2}}}
    )
    monkeypatch.setattr(ratings, "LADDER", path)
    ratings._tables.cache_clear()
    try:
        assert list(json.loads(path.read_text())["tables"]) == ["2", "4"]
        assert ratings.rating("club", 2) == 1750
        assert ratings.rating("club", 4) == 1600
        # Three players were not measured: the two-player figures.
        assert ratings.rating("club", 3) == 1750
        assert ratings.closest(1500, 2) == "beginner"
        assert ratings.closest(1700, 2) == "club"
        assert ratings.closest(1776, 2) == "expert"
        # As close to both: the weaker.
        assert ratings.closest(1775, 2) == "club"
        assert ratings.closest(2600, 2) == "expert"
        assert ratings.closest(1700, 2, levels=("random", "beginner")) == "beginner"
    finally:
        ratings._tables.cache_clear()


def test_the_ladder_file_in_the_repository_rates_every_level() -> None:
    rated = ratings.table(2)
    assert list(rated) == ["random", "beginner", "club", "expert"]
    assert rated["beginner"].rating == 1500
    for found in rated.values():
        assert found.low <= found.rating <= found.high
    assert ratings.measured(2)["command"].startswith("python -m engine ladder")
