"""The soak: 200 simulated learners for 60 s against gunicorn and PostgreSQL.

Each learner is a browser of its own (cookies, a session made on its first visit, the CSRF
token from the page): it opens a puzzle, answers it as htmx does, steps through a lesson with
htmx, answers the lesson's questions, asks for the next puzzle, and thinks a little between
actions. After the time is up the requests still running finish, and the soak compares the
attempts in the database with the answers the server accepted: they must be equal, and no
response may be a 5xx.

    python -m bench.soak [--learners 200] [--seconds 60] [--sqlite]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import random
import statistics
import subprocess  # nosec B404 - manage.py only, a fixed argument list
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.http import PYTHON, ROOT, databases, environment, gunicorn, prepare

THINK = (0.2, 1.0)


@dataclass
class Tally:
    """What all the learners did, counted under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter[int] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    answers_sent: int = 0
    answers_accepted: int = 0
    steps_answered: int = 0
    answer_ms: list[float] = field(default_factory=list)

    def add(self, status: int) -> None:
        with self.lock:
            self.statuses[status] += 1


class BehindTLS(http.cookiejar.DefaultCookiePolicy):
    """Send the site's Secure cookies over plain HTTP: the soak talks to gunicorn directly,
    where in production a proxy in front ends TLS."""

    def return_ok_secure(self, cookie: http.cookiejar.Cookie, request: Any) -> bool:
        return True


class Learner:
    """One browser: its own cookies; every response counted by status."""

    def __init__(self, base: str, tally: Tally, rng: random.Random) -> None:
        self.base = base
        self.tally = tally
        self.rng = rng
        self.jar = http.cookiejar.CookieJar(BehindTLS())
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def send(self, path: str, data: str | None = None, htmx: bool = False) -> int:
        headers = {"HX-Request": "true"} if htmx else {}
        if data is not None:
            headers["X-CSRFToken"] = self.csrf()
        request = urllib.request.Request(
            self.base + path, data=data.encode() if data is not None else None, headers=headers
        )
        try:
            # Only ever the server the soak started (http://127.0.0.1:…).
            with self.opener.open(request, timeout=60) as response:  # nosec B310
                response.read()
                status = int(response.status)
        except urllib.error.HTTPError as error:
            status = error.code
        except OSError as error:
            with self.tally.lock:
                self.tally.failures[type(error).__name__] += 1
            return 0
        self.tally.add(status)
        return status

    def answer(self, puzzle: dict[str, str]) -> None:
        self.send(puzzle["url"])
        with self.tally.lock:
            self.tally.answers_sent += 1
        began = time.perf_counter()
        status = self.send(puzzle["url"], puzzle["answer"], htmx=True)
        took = (time.perf_counter() - began) * 1000
        with self.tally.lock:
            self.tally.answer_ms.append(took)
            if status == 200:
                self.tally.answers_accepted += 1

    def lesson(self, steps: list[str]) -> None:
        start = self.rng.randrange(len(steps))
        for path in steps[start : start + 3]:
            self.send(path, htmx=True)
            if self.send(path, "choice=0", htmx=True) == 200:
                with self.tally.lock:
                    self.tally.steps_answered += 1
            self.think()

    def think(self) -> None:
        time.sleep(self.rng.uniform(*THINK))

    def run(self, seeded: dict[str, Any], until: float) -> None:
        while time.monotonic() < until:
            action = self.rng.random()
            if action < 0.6:
                self.answer(self.rng.choice(seeded["puzzles"]))
            elif action < 0.9:
                self.lesson(seeded["choice_steps"])
            else:
                self.send("/puzzles/next/")
            self.think()


def count_attempts(env: dict[str, str]) -> int:
    code = "from lessons.models import Attempt; print(Attempt.objects.count())"
    result = subprocess.run(  # nosec B603
        [PYTHON, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(result.stdout.strip().splitlines()[-1])


def choice_steps(env: dict[str, str]) -> list[str]:
    """The URLs of the lesson steps that ask a multiple choice."""
    code = (
        "from lessons.models import Step\n"
        "for s in Step.objects.filter(kind='ask').select_related('lesson')"
        ".order_by('lesson__order', 'number'):\n"
        "    if s.question and 'choice' in s.question:\n"
        "        print(f'/lessons/{s.lesson.slug}/{s.number}/')"
    )
    result = subprocess.run(  # nosec B603
        [PYTHON, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in result.stdout.split() if line.startswith("/lessons/")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    parser.add_argument("--port", type=int, default=8766)
    args = parser.parse_args()
    database, url = next(databases("sqlite" if args.sqlite else "postgres"))
    env = environment(url, args.port)
    seeded = prepare(env, 1)
    seeded["choice_steps"] = choice_steps(env)
    before = count_attempts(env)
    tally = Tally()
    with gunicorn(env, args.port) as base:
        until = time.monotonic() + args.seconds
        began = time.monotonic()
        threads = [
            threading.Thread(
                target=Learner(base, tally, random.Random(number)).run, args=(seeded, until)
            )
            for number in range(args.learners)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.monotonic() - began
    attempts = count_attempts(env) - before
    errors_5xx = sum(n for status, n in tally.statuses.items() if status >= 500)
    requests = sum(tally.statuses.values())
    quantiles = statistics.quantiles(tally.answer_ms, n=100) if len(tally.answer_ms) > 1 else []
    print(
        f"Soak, {database}, gunicorn 2 workers: {args.learners} learners for {args.seconds:.0f} s "
        f"(all done after {took:.0f} s)"
    )
    print(f"  requests: {requests} ({requests / took:.0f}/s), by status: {dict(tally.statuses)}")
    print(f"  answers sent: {tally.answers_sent}, accepted (200): {tally.answers_accepted}")
    print(f"  attempts recorded in the database: {attempts}")
    print(f"  lesson questions answered: {tally.steps_answered}")
    if quantiles:
        print(f"  answer latency: p50 {quantiles[49]:.0f} ms, p95 {quantiles[94]:.0f} ms")
    print(f"  5xx: {errors_5xx}; connection failures: {dict(tally.failures) or 0}")
    matched = attempts == tally.answers_sent == tally.answers_accepted
    clean = errors_5xx == 0 and not tally.failures
    print(
        "  verdict: "
        + ("attempts = answers sent" if matched else "MISMATCH between answers and attempts")
        + (", no 5xx" if clean else ", ERRORS")
    )
    return 0 if matched and clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
