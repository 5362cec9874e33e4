"""The arena: the same deals from both sides, figures, outside bots over cmd:."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import USAGE, arena

ROOT = Path(__file__).resolve().parents[2]
BOT = Path(__file__).resolve().parent / "data" / "arena_bot.py"


def outside(mode: str) -> str:
    return f"cmd:{sys.executable} {BOT} {mode}"


def figures(a: str, b: str, *, players: int = 2, deals: int = 2, seed: int = 1) -> dict:
    results, tallies, names = arena.run(a, b, players=players, deals=deals, seed=seed)
    return arena.summary(results, tallies, names)


def test_a_tiny_arena_counts_every_deal_and_decision() -> None:
    result = figures("beginner", "random", deals=2)
    assert result["deals"] == result["played"] == 2
    assert sum(result["won"]) + result["tied"] == 2
    low, high = result["ci95"]
    assert low <= result["mean_diff"] <= high
    for bot in result["bots"]:
        assert bot["decisions"] > 20 and bot["illegal"] == 0
        assert 0 <= bot["ms_p50"] <= bot["ms_p95"] <= bot["ms_max"]


def test_each_deal_is_played_from_both_sides() -> None:
    results, _, _ = arena.run("random", "random", players=2, deals=1, seed=3)
    # The same bot on both sides: the two hands are the same cards seen from each side.
    assert results[0].diffs is not None and len(results[0].diffs) == 2


def test_four_players_play_in_partnerships() -> None:
    result = figures("club", "beginner", players=4, deals=1)
    assert result["played"] == 1 and result["bots"][0]["decisions"] > 0


def test_the_arena_replays_from_its_seed() -> None:
    first, _, _ = arena.run("club", "random", players=2, deals=2, seed=9)
    again, _, _ = arena.run("club", "random", players=2, deals=2, seed=9)
    assert [r.diffs for r in first] == [r.diffs for r in again]


def test_a_hand_that_does_not_end_stops_with_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(arena, "MAX_ACTIONS", 10)
    with pytest.raises(arena.ArenaError, match="did not end after 10 actions"):
        arena.run("random", "random", players=2, deals=1, seed=1)


def test_an_illegal_proposal_is_counted_and_the_first_legal_action_played() -> None:
    class Stubborn:
        name = "stubborn"

        def decide(self, view, legal, rng):  # type: ignore[no-untyped-def]
            from engine.actions import Action

            return Action.parse("attach 99 5H")

    tally = [arena.Tally(), arena.Tally()]
    import random

    from engine.bots import make_bot
    from engine.deal import deal

    final = arena.play_hand(
        deal(2, random.Random(1)),
        [Stubborn(), make_bot("club")],
        tally,
        [random.Random(1), random.Random(2)],
        "test",
    )
    assert final.is_over
    assert tally[0].illegal == len(tally[0].times) > 0 and tally[1].illegal == 0


# --- outside bots -------------------------------------------------------------------------


def test_an_outside_bot_plays_and_hears_the_whole_protocol(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log.jsonl"
    monkeypatch.setenv("ARENA_BOT_LOG", str(log))
    result = figures(outside("good"), "random", deals=2)
    assert result["played"] == 2 and result["bots"][0]["illegal"] == 0
    assert result["bots"][0]["decisions"] > 0
    kinds = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert kinds[0] == "hello" and kinds[-1] == "bye"
    assert kinds.count("hello") == kinds.count("hand_over") == 4
    assert "decide" in kinds


@pytest.mark.parametrize("mode", ["malformed", "illegal"])
def test_bad_answers_are_counted_and_the_first_legal_action_played(mode: str) -> None:
    result = figures(outside(mode), "random", deals=1)
    assert result["played"] == 1
    bot = result["bots"][0]
    assert bot["illegal"] == bot["decisions"] > 0


def test_a_late_answer_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "ANSWER_SECONDS", 0.2)
    monkeypatch.setattr(arena, "MAX_ACTIONS", 2_000)
    bot = arena.Outside(f"{sys.executable} {BOT} slow")
    try:
        import random

        from engine.actions import legal_actions
        from engine.bots import view_of
        from engine.deal import deal

        position = deal(2, random.Random(1))
        legal = legal_actions(position)
        assert bot.decide(view_of(position), legal, random.Random(0)) == legal[0]
        assert bot.bad == 1
    finally:
        bot.close()


def test_a_bot_that_dies_loses_the_rest_of_its_deals_and_the_arena_goes_on() -> None:
    result = figures(outside("dying"), "random", deals=3)
    assert result["deals"] == 3
    assert result["forfeited"][0] >= 2
    assert result["won"][1] >= result["forfeited"][0]


def test_a_program_that_cannot_start_is_an_arena_error() -> None:
    with pytest.raises(arena.ArenaError, match="cannot start"):
        arena.run("cmd:/nonexistent/bot", "random", players=2, deals=1, seed=1)


# --- the command --------------------------------------------------------------------------


def test_the_command_prints_json_figures() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "arena", "beginner", "random", "--deals", "1", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["deals"] == 1 and data["players"] == 2
    assert [bot["bot"] for bot in data["bots"]] == ["beginner", "random"]


def test_the_command_refuses_an_unknown_level_in_words() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "engine", "arena", "master", "random"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and "the levels are" in result.stderr


def test_the_usage_names_the_arena() -> None:
    assert "arena" in USAGE


def test_jobs_do_not_change_the_results() -> None:
    alone, _, _ = arena.run("beginner", "random", players=2, deals=2, seed=4)
    spread, tallies, _ = arena.run("beginner", "random", players=2, deals=2, seed=4, jobs=2)
    assert [r.diffs for r in spread] == [r.diffs for r in alone]
    assert all(tally.times for tally in tallies)


def test_a_logged_run_gives_the_same_figures_from_its_log(tmp_path: Path) -> None:
    log = tmp_path / "deals.jsonl"
    results, tallies, names = arena.run(
        "beginner", "random", players=2, deals=2, seed=5, log=str(log)
    )
    again, logged = arena.from_log(str(log))
    assert [r.diffs for r in again] == [r.diffs for r in results]
    assert arena.summary(again, logged, names) == arena.summary(results, tallies, names)
