"""The deal of the day's page with 10,000 results for the day, and the CPU it takes.

    python -m bench.daily [--results 10000] [--repeat 20]

Seeds a fresh SQLite database (production settings, DEBUG=0, as bench.costly) with that
many ranked results for today, each an account's with its first choices drawn from a tree
of plausible moves, the coach's findings on about one in four of them, and one in twenty
listed. The day's totals are added up once
(daily.results.rebuild), then the last hundred results are recorded one at a time as the
move that ends a hand records them (daily.results.count). Then, through Django's test
client in this process, it sends the pages and prints the CPU each took
(``time.process_time``), after one send to read the templates: the median and the worst
of ``--repeat`` sends, next to the site's 500 ms cap on a request. The page reads the day's
row, the learner's entry, the choices on the learner's own path and the listed best, never
the results themselves.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench import inprocess

CAP_MS = 500.0
#: The moves a simulated learner picks from at each of their first decisions.
MOVES = [
    ["draw", "pile"],
    ["discard KS", "discard 3C", "meld 7H 8H 9H"],
    ["draw", "pile"],
    ["discard QD", "attach 0 10H", "discard 4S"],
    ["draw", "pile"],
    ["discard 5C", "discard JH", "meld 4D 5D 6D"],
]


#: Where those decisions stand among a hand's actions (the bots' between them).
STEPS = [1, 3, 5, 7, 9, 11]


def choices(rng: random.Random) -> list[str]:
    # Skewed: the first move of each decision is the most chosen.
    return [rng.choices(options, weights=[6, 3, 1][: len(options)])[0] for options in MOVES]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    inprocess.start("daily", LOG_LEVEL="ERROR")
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client
    from django.utils import timezone

    from bench.seed import session_for
    from daily import deal, results
    from daily.models import Entry
    from play.models import Finding, Game

    rng = random.Random(31)
    today = deal.today()
    fields = deal.Deal(today).game_fields()
    users = get_user_model()
    rows: list[tuple[str, int, float, float]] = []

    def measure(name: str, send: Callable[[], Any]) -> None:
        spent, status = [], 0
        send()  # the first send reads the templates: a worker does that once
        for _ in range(args.repeat):
            cache.clear()  # the rate limits' counts
            began = time.process_time()
            status = send().status_code
            spent.append((time.process_time() - began) * 1000)
        rows.append((name, status, statistics.median(spent), max(spent)))

    def pages(label: str, learner: Any) -> None:
        session = session_for(learner)
        client = Client(headers={"Cookie": session["cookie"]})
        measure(f"/play/daily/ after the hand, {label}", lambda: client.get("/play/daily/"))
        measure(f"/play/daily/ before it, {label}", lambda: Client().get("/play/daily/"))

    def seed(count: int, start: int) -> list[Any]:
        users.objects.bulk_create(users(username=f"daily-{start + n}") for n in range(count))
        made = list(users.objects.filter(username__startswith="daily-").order_by("pk"))[start:]
        now = timezone.now()
        games = Game.objects.bulk_create(Game(user=user, finished=True, **fields) for user in made)
        Entry.objects.bulk_create(
            Entry(
                user=user,
                day=today,
                game=game,
                ranked=True,
                listed=rng.random() < 0.05,
                score=5 * round(rng.gauss(150, 350) / 5),
                closed=rng.random() < 0.45,
                pozzetto=rng.random() < 0.7,
                clean_burraco=rng.random() < 0.35,
                choices=choices(rng),
                steps=STEPS,
                finished_at=now,
                counted=True,
            )
            for user, game in zip(made, games, strict=True)
        )
        # The coach faulted about one move in four of those compared.
        Finding.objects.bulk_create(
            Finding(
                game=game,
                decision=step,
                action="draw",
                code="missed_pile",
                severity=Finding.Severity.MISTAKE,
                points=5 * rng.randint(2, 20),
                better="pile",
                params={"cards": ["3S"], "count": 1},
                sentence="coach_missed_pile",
            )
            for game in games
            for step in STEPS
            if rng.random() < 0.25
        )
        return made

    first = seed(1, 0)
    results.rebuild(today)
    pages("no other results", first[0])
    made = seed(args.results - 1, 1)
    began = time.process_time()
    results.rebuild(today)
    rebuilt = (time.process_time() - began) * 1000
    # The last hundred recorded one at a time, as the moves that end the hands do.
    last = list(Entry.objects.filter(user__in=made[-100:]))
    Entry.objects.filter(pk__in=[entry.pk for entry in last]).update(counted=False)
    results.rebuild(today)
    costs = []
    for entry in last:
        entry.counted = False
        began = time.process_time()
        results.count(entry)
        costs.append((time.process_time() - began) * 1000)
    pages(f"{args.results:,} results", made[-1])
    print(f"The deal of the day with {args.results:,} results (CPU, ms; cap {CAP_MS:.0f}):")
    width = max(len(name) for name, *_ in rows)
    for name, status, median, worst in rows:
        verdict = "met" if worst <= CAP_MS else "OVER"
        print(f"  {name:<{width}}  {status}  median {median:6.1f}  worst {worst:6.1f}  {verdict}")
    print(
        f"  recording a result (daily.results.count): median {statistics.median(costs):.1f},"
        f" worst {max(costs):.1f}; adding up all {args.results:,} again: {rebuilt:.0f}"
    )


if __name__ == "__main__":
    main()
