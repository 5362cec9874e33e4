"""The practice table's figures, over HTTP from the benchmark's gunicorn
(bench/http.py runs them after its own, ``--only-table`` alone): the move that sets the bots
going (a discard at a four-player table, the three bots then playing their turns) at 1 and
at 16 connections with club bots, and at 1 with expert bots, p50 and p95 next to the
targets; the table's first load (bench/pageweight.py) and the largest move fragment sent.

wrk cannot play a hand (each move names the table's version and cards from the hand), so
each connection here is a thread playing its own games as a learner of bench/seed.py: deal
a game, then turn after turn draw from the stock and discard the first card of the hand,
timing the discard. When the bots' turns run past the request's deadline
(play.hands.BOT_SECONDS), the table answers with what was played and asks for the rest
(``continue``, which htmx sends by itself): those requests are timed apart, and the figure
says how many there were.
"""

from __future__ import annotations

import http.client
import re
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

#: The targets: p95 of the move that sets the bots going, at 1 connection, by the bots' level.
TARGETS = {"club": 250.0, "expert": 800.0}

VERSION = re.compile(rb'name="version" value="(\d+)"')
HAND = re.compile(rb'name="cards" value="([^"]+)"(?! disabled)')
TABLE_URL = re.compile(r"/play/(\d+)/")


@dataclass
class Timings:
    moves: list[float] = field(default_factory=list)
    continues: list[float] = field(default_factory=list)
    largest: int = 0
    errors: int = 0
    hands: int = 0


class Player:
    """One learner at one connection, playing game after game."""

    def __init__(self, base: str, who: dict[str, str], level: str) -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
        self.who, self.level = who, level
        self.game: int | None = None

    def send(
        self, method: str, path: str, form: dict[str, Any] | None = None
    ) -> tuple[int, bytes, str]:
        headers = {
            "Cookie": self.who["cookie"],
            "X-CSRFToken": self.who["csrf"],
            "Accept-Encoding": "gzip",
        }
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["HX-Request"] = "true"
        self.connection.request(method, path, body, headers)
        response = self.connection.getresponse()
        data = response.read()
        return response.status, data, response.getheader("Location") or ""

    def deal(self) -> bytes:
        form = {
            "players": "4",
            "opponents": self.level,
            "partner": self.level,
            "preset": "standard",
            "coach": "turns",
        }
        status, _, location = self.send("POST", "/play/", form)
        found = TABLE_URL.search(location)
        if status != 302 or found is None:
            raise RuntimeError(f"dealing a game answered {status}")
        self.game = int(found[1])
        status, page, _ = self.send("GET", f"/play/{self.game}/")
        return _plain(page)

    def play(self, until: float, timings: Timings) -> None:
        page = self.deal()
        while time.monotonic() < until:
            version, hand = VERSION.search(page), HAND.findall(page)
            if version is None:
                page = self.deal()
                timings.hands += 1
                continue
            url = f"/play/{self.game}/"
            if b'value="draw"' in page:
                status, sent, _ = self.send("POST", url, {"version": version[1], "do": "draw"})
            elif b'"do": "continue"' in page or b'value="continue"' in page:
                began = time.perf_counter()
                status, sent, _ = self.send("POST", url, {"version": version[1], "do": "continue"})
                timings.continues.append((time.perf_counter() - began) * 1000)
            elif b'value="discard"' in page and hand:
                began = time.perf_counter()
                form = {"version": version[1], "do": "discard", "cards": hand[0].decode()}
                status, sent, _ = self.send("POST", url, form)
                timings.moves.append((time.perf_counter() - began) * 1000)
                timings.largest = max(timings.largest, len(sent))
            else:  # the hand is over
                page = self.deal()
                timings.hands += 1
                continue
            if status != 200:
                timings.errors += 1
                page = self.deal()
                continue
            page = _plain(sent)


def _plain(body: bytes) -> bytes:
    from bench.pageweight import plain

    return plain(body)


def run(
    base: str, learners: list[dict[str, str]], connections: int, seconds: float, level: str
) -> Timings:
    """``connections`` learners playing at once for ``seconds``; every discard timed."""
    timings = Timings()
    lock = threading.Lock()
    until = time.monotonic() + seconds
    failures: list[BaseException] = []

    def one(who: dict[str, str]) -> None:
        mine = Timings()
        try:
            Player(base, who, level).play(until, mine)
        except Exception as error:  # noqa: BLE001 - reported below
            failures.append(error)
        with lock:
            timings.moves += mine.moves
            timings.continues += mine.continues
            timings.largest = max(timings.largest, mine.largest)
            timings.errors += mine.errors
            timings.hands += mine.hands

    threads = [
        threading.Thread(target=one, args=(learners[n % len(learners)],))
        for n in range(connections)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(f"the table benchmark failed: {failures[0]!r}")
    return timings


def _p(values: list[float], percent: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def report(base: str, learners: list[dict[str, str]], seconds: float) -> str:
    """The three runs and the table's weight, as lines to print."""
    from bench.pageweight import FRAGMENT_TARGET, PAGE_TARGET, first_load, http_fetch, kb

    lines = [
        "The practice table, four players, a discard that sets the three bots going "
        f"({seconds:g} s a run, threads as learners):",
        f"  {'':30} {'moves':>6} {'p50 ms':>8} {'p95 ms':>8} {'continues':>10}  errors",
    ]
    largest = 0
    for level, connections in (("club", 1), ("club", 16), ("expert", 1)):
        timings = run(base, learners, connections, seconds, level)
        largest = max(largest, timings.largest)
        p95 = _p(timings.moves, 95)
        note = ""
        if connections == 1:
            target = TARGETS[level]
            note = f"p95 target ≤ {target:g} ms: {'met' if p95 <= target else 'MISSED'}"
        label = f"{level} bots, {connections} connection{'s' if connections > 1 else ''}"
        lines.append(
            f"  {label:30} {len(timings.moves):6} {_p(timings.moves, 50):8.1f} {p95:8.1f} "
            f"{len(timings.continues):10}  {timings.errors:6}  {note}"
        )
    player = Player(base, learners[0], "club")
    player.deal()
    weight = first_load(http_fetch(base, learners[0]["cookie"]), f"/play/{player.game}/")
    lines.append(
        f"  the table's first load, compressed, everything counted: {kb(weight.total)} "
        f"(target ≤ {kb(PAGE_TARGET)}: {'met' if weight.total <= PAGE_TARGET else 'MISSED'})"
    )
    lines.append(
        f"  the largest move fragment sent: {kb(largest)} "
        f"(target ≤ {kb(FRAGMENT_TARGET)}: {'met' if largest <= FRAGMENT_TARGET else 'MISSED'})"
    )
    return "\n".join(lines)
