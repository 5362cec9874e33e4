"""What a frame of the practice table and a review cost as a match grows, with the replays
kept (play.replays) and without.

    python -m bench.replay [--repeat 7] [--seed 13]

It plays a seeded two-player match with club bots in every seat through play.hands (no
request), stores it as two games of a fresh SQLite database (production settings, DEBUG=0):
one of about 1,000 actions, one of about 3,000 (ended hands and the hand being played), and
sends through Django's test client, in this process, a frame of the table (``?at=`` with
htmx) and the review of the hand being played, each the median CPU time of ``--repeat``
sends (``time.process_time``: SQLite runs in this process too; a shared machine makes a
request wait rather than work more), in four states:

- ``before``: nothing kept anywhere, as every request was served before play.replays: the
  deal dealt again and every action of every hand played through the engine;
- ``cold``: nothing cached yet (the shared cache and this process's hands emptied before
  each send): the same replay, and what is kept written;
- ``other process``: the shared cache knows where the hand starts, this process has kept
  no hand: only the hand being played is replayed;
- ``warm``: the same process served the game before: nothing is replayed.

It ends with what is kept: the shared cache's entry in bytes, and a kept hand's memory.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from bench import inprocess

#: The sizes of match measured, in actions (the nearest cut is taken).
SIZES = (1000, 3000)
HTMX = {"HX-Request": "true"}


def play_match(seed: int, level: str = "club") -> list[list[str]]:
    """Every hand of a two-player match with ``level`` bots in every seat, to its end."""
    from engine.bots import decide, legal_in_view
    from play import hands

    setup = hands.Setup(2, seed, "standard", level, level)
    played: list[list[str]] = []
    while True:
        hand = hands.Hand(setup, hands.start(setup))
        while not hand.over:
            if hand.learner_to_move:
                view = hand.view()
                rng = hands.bot_rng(hand.setup, len(hand.steps))
                hand.play(decide(level, view, legal_in_view(view), rng))
            else:
                hands.run_bots(hand, seconds=60)
        played.append(hand.actions)
        setup = setup.next_hand(hands.outcome(hand))
        if setup.match.is_over:
            return played


def cut(played: list[list[str]], size: int) -> tuple[list[list[str]], list[str]]:
    """The match after its first ``size`` actions: the hands ended, and the one being played
    (which has at least one action, so that there is a frame to draw)."""
    past: list[list[str]] = []
    for actions in played:
        left = size - sum(map(len, past))
        if left < len(actions):
            return past, actions[: max(left, 2)]
        past.append(actions)
    return past[:-1], past[-1][:-1]


@contextmanager
def nothing_kept() -> Iterator[None]:
    """play.replays with no shared cache and no hands kept: every request replays all."""
    from django.core.cache.backends.dummy import DummyCache

    from play import replays

    shared, kept, starts = replays.shared, replays.kept, replays.STARTS
    replays.forget()
    replays.shared, replays.kept = DummyCache("none", {}), replays.Kept(0)
    replays.STARTS = 0
    try:
        yield
    finally:
        replays.shared, replays.kept, replays.STARTS = shared, kept, starts


def median_ms(send: Callable[[], Any], repeat: int, before: Callable[[], None]) -> float:
    times = []
    for _ in range(repeat):
        before()
        started = time.process_time()
        response = send()
        times.append(time.process_time() - started)
        assert response.status_code == 200, response.status_code
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    inprocess.start("replay", LOG_LEVEL="ERROR")
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client

    from play import games, hands, replays
    from play.models import Game

    played = play_match(args.seed)
    print(
        f"seed {args.seed}: a match of {len(played)} hands, {sum(map(len, played))} actions "
        f"({', '.join(str(len(each)) for each in played)}); median of {args.repeat} sends, "
        "CPU ms, in this process (on a shared machine: read the columns against each other)"
    )
    user = get_user_model().objects.create_user("replay-bench")
    client = Client()
    client.force_login(user)

    def nothing() -> None:
        pass

    def empty_all() -> None:
        cache.clear()
        replays.forget()

    states: list[tuple[str, Callable[[], None], bool]] = [
        ("before", nothing, True),
        ("cold", empty_all, False),
        ("other process", replays.forget, False),
        ("warm", nothing, False),
    ]
    print(f"{'actions':>8} {'hands':>5} {'request':<7}" + "".join(f"{s:>15}" for s, *_ in states))
    sizes = []
    for size in SIZES:
        past, actions = cut(played, size)
        game = Game.objects.create(
            user=user,
            players=2,
            seed=args.seed,
            opponents="club",
            partner="club",
            match=True,
            past_hands=past,
            actions=actions,
        )
        total = sum(map(len, past)) + len(actions)
        urls = {
            "frame": (f"/play/{game.pk}/?at={len(actions) - 1}", HTMX),
            "review": (f"/play/{game.pk}/review/", {}),
        }
        for name, (url, headers) in urls.items():
            send = partial(client.get, url, headers=headers)
            row = []
            for _, before, off in states:
                send()  # the state's first send fills what it keeps
                if off:
                    with nothing_kept():
                        row.append(median_ms(send, args.repeat, before))
                else:
                    row.append(median_ms(send, args.repeat, before))
            cells = "".join(f"{ms:>15.1f}" for ms in row)
            print(f"{total:>8} {len(past) + 1:>5} {name:<7}{cells}")
        stored = cache.get(replays.start_key(game.setup, past))
        tracemalloc.start()
        taken = tracemalloc.take_snapshot()
        hand = hands.replay(games.load(game).setup, actions)
        kept = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(taken, "filename"))
        tracemalloc.stop()
        sizes.append((total, len(json.dumps(stored)), len(hand.steps), kept))
    for total, start_bytes, steps, kept in sizes:
        print(
            f"{total} actions: the shared cache's entry {start_bytes} bytes (JSON); "
            f"the kept hand of {steps} actions {kept / 1e6:.2f} MB in memory"
        )


if __name__ == "__main__":
    main()
