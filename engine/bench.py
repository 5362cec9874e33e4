"""``python -m engine.bench``: median times of the engine's hot paths, next to targets.

A benchmark, never a timed test: it prints figures and always exits 0. Each figure is the
median of several rounds, each round timing a batch of calls.
"""

from __future__ import annotations

import io
import json
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial

from engine.actions import apply, legal_actions
from engine.cards import Card, deck, parse_cards
from engine.deal import deal
from engine.generate import generate_many
from engine.judge import run
from engine.melds import Meld, attach, make_meld, possible_melds
from engine.rules import DEFAULT
from engine.simulate import play_hand, random_action
from engine.state import Phase, Position

ROUNDS = 7


def median_seconds(call: Callable[[], object], batch: int) -> float:
    """The median time of one call, over ROUNDS batches of ``batch`` calls."""
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(batch):
            call()
        times.append((time.perf_counter() - start) / batch)
    return statistics.median(times)


def _hands(size: int, wilds: int, count: int, rng: random.Random) -> list[list[Card]]:
    """Random hands of ``size`` cards holding exactly ``wilds`` wildcards."""
    cards = deck()
    naturals = [card for card in cards if not card.is_wild]
    wildcards = [card for card in cards if card.is_wild]
    return [rng.sample(naturals, size - wilds) + rng.sample(wildcards, wilds) for _ in range(count)]


def _each_hand(hands: Iterator[list[Card]]) -> object:
    return possible_melds(next(hands))


def report(what: str, seconds: float, unit: str, target: str) -> None:
    scale = {"µs": 1e6, "ms": 1e3}[unit]
    print(f"{what:<48} {seconds * scale:>10.1f} {unit:<3} (target {target})")


def meld_benchmarks() -> None:
    rng = random.Random(1)
    seven = parse_cards("9S 5S JK 8S 6S 10S 7S")
    report("make_meld, 7 cards", median_seconds(lambda: make_meld(seven), 2000), "µs", "≤ 20 µs")
    table = Meld.parse("6C JK 8C")
    added = parse_cards("7C 10C")
    report("attach", median_seconds(lambda: attach(table, added), 2000), "µs", "≤ 30 µs")
    for size, wilds, target in ((11, 1, "≤ 5 ms"), (22, 2, "≤ 50 ms")):
        hands = _hands(size, wilds, ROUNDS * 20, rng)
        seconds = median_seconds(partial(_each_hand, iter(hands)), 20)
        report(f"possible_melds, {size}-card hand, {wilds} wildcard(s)", seconds, "ms", target)


def judge_benchmark() -> None:
    rng = random.Random(2)
    hands = _hands(11, 1, 300, rng)
    lines = []
    for hand in hands:
        lines.append(json.dumps({"op": "meld", "cards": [str(c) for c in hand[:4]]}))
        lines.append(json.dumps({"op": "attach", "meld": ["6C", "JK", "8C"], "cards": ["7C"]}))
        lines.append(json.dumps({"op": "points", "cards": [str(c) for c in hand]}))
    start = time.perf_counter()
    rounds = 10
    for _ in range(rounds):
        run(lines, io.StringIO())
    rate = rounds * len(lines) / (time.perf_counter() - start)
    print(f"{'judge throughput (meld, attach, points)':<48} {rate:>10,.0f} req/s (target ≥ 5,000)")


def _typical_positions(count: int, rng: random.Random) -> list[Position]:
    """Play-phase positions met in random two-player hands, after a few turns."""
    found: list[Position] = []
    while len(found) < count:
        position = deal(2, rng)
        for _ in range(rng.randrange(10, 60)):
            if position.is_over:
                break
            position = apply(position, random_action(position, rng))
        if not position.is_over and position.phase is Phase.PLAY:
            found.append(position)
    return found


def game_benchmarks() -> None:
    rng = random.Random(3)
    positions = iter(_typical_positions(ROUNDS * 20, rng))
    seconds = median_seconds(lambda: legal_actions(next(positions)), 20)
    report("legal_actions, a typical play-phase position", seconds, "ms", "≤ 10 ms")
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 3 or hands < 20:
        play_hand(deal(2, rng, rules=DEFAULT), rng, check=False)
        hands += 1
    rate = hands / (time.perf_counter() - start)
    print(f"{'whole random hands, two players':<48} {rate:>10.1f} /s  (target ≥ 20)")


def generator_benchmark() -> None:
    """Puzzles a second from engine.generate (issue 5: at least 100 for attach and lay-meld)."""
    for kind in ("attach", "lay-meld"):
        start = time.perf_counter()
        made = generate_many(kind, 300, seed=3)
        rate = len(made) / (time.perf_counter() - start)
        print(f"{'generate ' + kind + ' puzzles':<48} {rate:>10,.0f} /s  (target ≥ 100)")


def main() -> None:
    print("engine benchmark: median of", ROUNDS, "rounds")
    meld_benchmarks()
    judge_benchmark()
    generator_benchmark()
    game_benchmarks()


if __name__ == "__main__":
    main()
