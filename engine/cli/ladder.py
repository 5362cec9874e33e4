"""``python -m engine ladder``: every pair of levels in the arena, one rating per level.

Each pair of levels plays the same deals from both sides (:func:`engine.cli.arena.run`), and
each hand is one game: won by the bot whose side scored more in it, lost, or tied (a tie
counts half to each). A hand, not a deal, because a learner's playing rating (play.ratings)
moves by each hand they play against the bots: the levels' ratings say what to expect of
one hand. From all the pairs' games one Bradley–Terry model is fitted (:func:`fit`): level
i beats level j with probability p_i / (p_i + p_j), written on the Elo and Glicko scale, where
400 points are odds of 10 to 1. The ratings are anchored at the beginner's: 1500, the
rating a newcomer starts with (lessons.glicko.DEFAULT_RATING), so that a newcomer is closest
to the beginner.

The 95% intervals come from the bootstrap: the deals of every pair are drawn again with
replacement (a deal's two hands together, as they share their cards), the model fitted
again, :data:`BOOTSTRAP` times, and the 2.5th and 97.5th percentiles of each level's rating
kept. All chance comes from the seed, so a run replays exactly.

Why no library: choix (the maintained Bradley–Terry package) needs NumPy and SciPy, which
nothing else in the project installs, for a fit of four numbers. The fit here is Hunter's
MM algorithm ("MM algorithms for generalized Bradley–Terry models", 2004), ten lines that
converge for any pairs joined by games won both ways, with a weak prior (:data:`PRIOR`: one
tied game between every pair that played) so that a level that won every hand of a pair
still gets a finite rating.

    python -m engine ladder --players 2 --deals 200 --seed 1 --jobs 1 --out engine/bots/ladder.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from engine.bots import LEVELS
from engine.cli import arena
from engine.state import PLAYER_COUNTS

#: The level whose rating is fixed, and its rating (a newcomer's, lessons.glicko).
ANCHOR = "beginner"
ANCHOR_RATING = 1500.0
#: Games of 400 points' difference are won 10 to 1 (Elo's and Glicko's scale).
SCALE = 400.0
#: The tied games added to every pair that played, so that no rating is infinite.
PRIOR = 1.0
#: How many times the deals are drawn again for the intervals.
BOOTSTRAP = 200
#: The MM iteration stops when no strength moves by more than this share, or after so many.
TOLERANCE = 1e-10
MAX_ITERATIONS = 10_000


@dataclass(frozen=True)
class Pair:
    """Games between two levels: ``a`` scored ``score`` (wins plus half the ties) in
    ``games``."""

    a: str
    b: str
    score: float
    games: float


def fit(
    levels: Sequence[str],
    pairs: Iterable[Pair],
    *,
    anchor: str = ANCHOR,
    anchor_rating: float = ANCHOR_RATING,
    prior: float = PRIOR,
) -> dict[str, float]:
    """Each level's Bradley–Terry rating from the games of ``pairs``, ``anchor`` at
    ``anchor_rating``, 400 points to odds of 10 to 1.

    >>> ratings = fit(["a", "b"], [Pair("a", "b", 90.0, 100.0)], anchor="b", prior=0)
    >>> round(ratings["a"] - ratings["b"])
    382
    """
    index = {level: n for n, level in enumerate(levels)}
    size = len(levels)
    wins = [0.0] * size
    games = [[0.0] * size for _ in range(size)]
    for pair in pairs:
        i, j = index[pair.a], index[pair.b]
        wins[i] += pair.score
        wins[j] += pair.games - pair.score
        games[i][j] += pair.games
        games[j][i] += pair.games
    for i in range(size):
        for j in range(size):
            if i != j and games[i][j] > 0 and prior > 0:
                # Half a game each way, once per pair (the loop meets each pair twice).
                wins[i] += prior / 2
                games[i][j] += prior / 2
    strengths = [1.0] * size
    for _ in range(MAX_ITERATIONS):
        new = []
        for i in range(size):
            denominator = sum(
                games[i][j] / (strengths[i] + strengths[j]) for j in range(size) if games[i][j]
            )
            new.append(wins[i] / denominator if denominator else strengths[i])
        # Scaled so their logarithms average 0: the model fixes only the ratios.
        mean = math.fsum(math.log(max(s, 1e-300)) for s in new) / size
        new = [max(s, 1e-300) / math.exp(mean) for s in new]
        moved = max(abs(n - s) / s for n, s in zip(new, strengths, strict=True))
        strengths = new
        if moved < TOLERANCE:
            break
    base = math.log10(strengths[index[anchor]])
    return {
        level: anchor_rating + SCALE * (math.log10(strengths[index[level]]) - base)
        for level in levels
    }


def hand_scores(diffs: tuple[float, float]) -> float:
    """What the first bot of a deal scored in its two hands: 1 a hand won, 0.5 tied."""
    return sum(1.0 if diff > 0 else 0.5 if diff == 0 else 0.0 for diff in diffs)


@dataclass(frozen=True)
class Ladder:
    """The pairs' deals (each deal's score to the pair's first level, of 2) and the fit."""

    levels: tuple[str, ...]
    #: (a, b) → each deal's score to a, 0 to 2 (its two hands).
    deals: dict[tuple[str, str], list[float]]
    ratings: dict[str, float]
    #: level → (low, high), the 95% interval.
    intervals: dict[str, tuple[float, float]]


def pairs_of(deals: Mapping[tuple[str, str], Sequence[float]]) -> list[Pair]:
    return [Pair(a, b, sum(scores), 2.0 * len(scores)) for (a, b), scores in deals.items()]


def bootstrap(
    levels: Sequence[str],
    deals: Mapping[tuple[str, str], Sequence[float]],
    rng: random.Random,
    times: int = BOOTSTRAP,
    anchor: str = ANCHOR,
) -> dict[str, tuple[float, float]]:
    """Each level's 95% interval: the deals of each pair drawn again with replacement and
    the model fitted again ``times`` times; the 2.5th and 97.5th percentiles."""
    samples: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(times):
        drawn = {
            key: [scores[rng.randrange(len(scores))] for _ in scores]
            for key, scores in deals.items()
        }
        for level, rating in fit(levels, pairs_of(drawn), anchor=anchor).items():
            samples[level].append(rating)
    intervals = {}
    for level, values in samples.items():
        values.sort()
        low = values[int(0.025 * (len(values) - 1))]
        high = values[math.ceil(0.975 * (len(values) - 1))]
        intervals[level] = (low, high)
    return intervals


def run(levels: Sequence[str], *, players: int, deals: int, seed: int, jobs: int = 1) -> Ladder:
    """Every pair of ``levels`` plays ``deals`` deals of ``seed`` from both sides."""
    played: dict[tuple[str, str], list[float]] = {}
    for a, b in combinations(levels, 2):
        results, _tallies, _names = arena.run(
            a, b, players=players, deals=deals, seed=seed, jobs=jobs
        )
        played[(a, b)] = [hand_scores(r.diffs) for r in results if r.diffs is not None]
    ratings = fit(levels, pairs_of(played))
    intervals = bootstrap(levels, played, random.Random(f"ladder:{seed}"))
    return Ladder(tuple(levels), played, ratings, intervals)


def table(ladder: Ladder) -> str:
    """The ratings, strongest first, with their intervals and each pair's hands."""
    lines = [f"{'level':<10} {'rating':>6}  95% interval"]
    ranked = sorted(ladder.levels, key=lambda level: -ladder.ratings[level])
    for level in ranked:
        low, high = ladder.intervals[level]
        said = "(anchor)" if level == ANCHOR else f"{low:.0f} to {high:.0f}"
        lines.append(f"{level:<10} {ladder.ratings[level]:>6.0f}  {said}")
    lines.append("")
    lines.append("hands won (ties count half), first level of each pair:")
    for (a, b), scores in ladder.deals.items():
        hands = 2 * len(scores)
        share = 100 * sum(scores) / hands if hands else 0.0
        lines.append(f"  {a} vs {b}: {sum(scores):g} of {hands} ({share:.1f}%)")
    return "\n".join(lines)


def as_json(ladder: Ladder, *, players: int, deals: int, seed: int, command: str) -> dict[str, Any]:
    """One table's figures as engine/bots/ladder.json keeps them."""
    return {
        "date": datetime.date.today().isoformat(),
        "command": command,
        "deals": deals,
        "seed": seed,
        "anchor": {"level": ANCHOR, "rating": ANCHOR_RATING},
        "levels": {
            level: {
                "rating": round(ladder.ratings[level]),
                "low": round(ladder.intervals[level][0]),
                "high": round(ladder.intervals[level][1]),
            }
            for level in ladder.levels
        },
        # Each pair's hands: what its first level scored (wins and half the ties), of how many.
        "pairs": {
            f"{a} vs {b}": [sum(scores), 2 * len(scores)] for (a, b), scores in ladder.deals.items()
        },
    }


def save(path: Path, players: int, figures: dict[str, Any]) -> None:
    """Write one table's figures into ``path``, keeping the other tables' there."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    tables = data.get("tables") if isinstance(data, dict) else None
    tables = dict(tables) if isinstance(tables, dict) else {}
    tables[str(players)] = figures
    ordered = {key: tables[key] for key in sorted(tables, key=int)}
    path.write_text(json.dumps({"tables": ordered}, indent=2) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine ladder",
        description="Every pair of levels plays the same deals from both sides; prints one"
        " rating per level (Bradley-Terry, beginner = 1500) with its 95% interval.",
    )
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2)
    parser.add_argument("--deals", type=int, default=100, help="deals a pair (each played twice)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument(
        "--levels",
        default=",".join(LEVELS),
        help=f"the levels, comma-separated (default {','.join(LEVELS)}; must hold {ANCHOR})",
    )
    parser.add_argument("--out", help="write the ratings into this JSON file (its table's entry)")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r:.40}: the levels are {', '.join(LEVELS)}")
    if ANCHOR not in levels or len(set(levels)) < 2:
        parser.error(f"--levels needs two levels or more, {ANCHOR} among them")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    levels = [level for level in LEVELS if level in levels]
    start = time.perf_counter()
    try:
        ladder = run(levels, players=args.players, deals=args.deals, seed=args.seed, jobs=args.jobs)
    except arena.ArenaError as error:
        print(f"ladder: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(
        f"{len(levels)} levels, every pair {args.deals} deals at {args.players} players, seed"
        f" {args.seed}, each deal played twice with the seats swapped ({seconds:.0f} s)"
    )
    print(table(ladder))
    if args.out:
        command = (
            f"python -m engine ladder --players {args.players} --deals {args.deals}"
            f" --seed {args.seed} --jobs {args.jobs}"
        )
        figures = as_json(
            ladder, players=args.players, deals=args.deals, seed=args.seed, command=command
        )
        save(Path(args.out), args.players, figures)
    return 0
