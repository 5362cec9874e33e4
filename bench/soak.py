"""The soak: 200 simulated learners for 60 s against gunicorn and PostgreSQL.

Each learner is a browser of its own (cookies, a session made on its first visit, the CSRF
token from the page): it opens a puzzle, answers it as htmx does, steps through a lesson with
htmx, answers the lesson's questions, asks for the next puzzle, and thinks a little between
actions. After the time is up the requests still running finish, and the soak compares the
attempts in the database with the answers the server accepted: they must be equal, and no
response may be a 5xx.

Meanwhile an attacker (unless ``--no-abuse``) sends, each from one address and in bounded
numbers, the costly requests the security review found: the editor's check of a close puzzle
with a 40-card hand, "none" to the costliest close puzzle, 400 wrong answers by one student followed
by the teacher's page of that student, wrong passwords at both log-in forms (look-alike
usernames and a spray of names included), 300 anonymous answers meant to poison a puzzle's
rating, and floods of sign-ups, password resets and join-code guesses. The soak prints what
each attack got back and how long its slowest request took, the poisoned puzzle's rating
before and after, and the learners' latency with the attacker at work. The site runs as it
would behind one proxy (``PROXY_COUNT=1``): each learner comes from an address of its own in
X-Forwarded-For, as a proxy would say (no traffic goes to those addresses).

Then the table (bench/tablesoak.py): 30 players at four-player club tables, alone and then
with the attacker of the practice table, against gunicorn as ``make serve`` runs it (three
sync workers); it fails unless nothing is lost, no 5xx, the players' p95 with the attacker
within 1.5 times their p95 without, and ``/healthz`` within 100 ms.

    python -m bench.soak [--learners 200] [--seconds 60] [--sqlite] [--no-abuse]
                         [--table-seconds 60] [--no-table] [--only-table]
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
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

from bench import tablesoak
from bench.http import PYTHON, ROOT, databases, environment, gunicorn, prepare
from bench.seed import FORTY, editor_form

THINK = (0.2, 1.0)
#: The attacker's guess: no account has it.
WRONG_PASSWORD = "wrong-guess-1"  # nosec B105 - a wrong guess, sent on purpose
#: Sends no cookie but those in the request's own headers, and keeps none.
PLAIN = urllib.request.build_opener()


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

    def __init__(self, base: str, tally: Tally, rng: random.Random, address: str) -> None:
        self.base = base
        self.tally = tally
        self.rng = rng
        #: What the proxy in front would put in X-Forwarded-For for this browser.
        self.address = address
        self.jar = http.cookiejar.CookieJar(BehindTLS())
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self) -> str:
        return next((c.value or "" for c in self.jar if c.name == "csrftoken"), "")

    def send(
        self,
        path: str,
        data: str | None = None,
        htmx: bool = False,
        headers: dict[str, str] | None = None,
    ) -> int:
        headers = {"X-Forwarded-For": self.address, **(headers or {})}
        if htmx:
            headers["HX-Request"] = "true"
        if data is not None:
            headers.setdefault("X-CSRFToken", self.csrf())
        request = urllib.request.Request(
            self.base + path, data=data.encode() if data is not None else None, headers=headers
        )
        # Cookies given in the headers (another identity, or none) stay out of this jar.
        opener = PLAIN if "Cookie" in headers else self.opener
        try:
            # Only ever the server the soak started (http://127.0.0.1:…).
            with opener.open(request, timeout=60) as response:  # nosec B310
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


@dataclass
class Attack:
    """One kind of abuse: what came back, and the slowest request."""

    name: str
    statuses: Counter[int] = field(default_factory=Counter)
    slowest_ms: float = 0.0
    accepted_answers: int = 0


class Attacker(Learner):
    """One address sending the costly requests the security review found, each a bounded
    number of times."""

    def __init__(self, base: str, tally: Tally, seeded: dict[str, Any]) -> None:
        super().__init__(base, tally, random.Random(13), "203.0.113.66")
        self.seeded = seeded
        self.targets: dict[str, Any] = seeded["abuse"]
        self.attacks: list[Attack] = []

    def timed(self, attack: Attack, path: str, data: str | None = None, **options: Any) -> int:
        began = time.perf_counter()
        status = self.send(path, data, **options)
        attack.slowest_ms = max(attack.slowest_ms, (time.perf_counter() - began) * 1000)
        attack.statuses[status] += 1
        return status

    def as_who(self, who: dict[str, str]) -> dict[str, str]:
        return {"Cookie": who["cookie"], "X-CSRFToken": who["csrf"]}

    def attack(self, name: str) -> Attack:
        attack = Attack(name)
        self.attacks.append(attack)
        return attack

    def editor(self, times: int = 30) -> None:
        attack = self.attack("editor: check a close puzzle, 40-card hand, no pozzetto")
        form = urllib.parse.urlencode(editor_form("close", FORTY))
        teacher = self.as_who(self.seeded["teacher"])
        for _ in range(times):
            self.timed(attack, "/classes/library/new/", form, htmx=True, headers=teacher)

    def close_answers(self, times: int = 100) -> None:
        attack = self.attack("answers: 'none' to the costliest close puzzle")
        self.send(self.targets["close"])
        for _ in range(times):
            if self.timed(attack, self.targets["close"], "none=1", htmx=True) == 200:
                attack.accepted_answers += 1

    def student_flood(self, times: int = 400) -> None:
        flood = self.attack("assignment: 400 answers by one student")
        student = self.as_who(self.targets["student"])
        for _ in range(times):
            if self.timed(flood, self.targets["item"], "none=1", htmx=True, headers=student) == 200:
                flood.accepted_answers += 1
        page = self.attack("the teacher's page of that student, after the flood")
        for _ in range(5):
            self.timed(
                page, self.targets["student_page"], headers=self.as_who(self.seeded["teacher"])
            )

    def log_ins(self) -> None:
        name = self.targets["teacher_name"]
        lookalike = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in name)
        for path, names in (
            ("/admin/login/", [name] * 25),
            ("/accounts/login/", [name] * 12 + [lookalike] * 12),
            ("/accounts/login/", [f"sprayed-{n}" for n in range(24) for _ in range(2)]),
        ):
            attack = self.attack(
                f"log-in: {len(names)} wrong passwords at {path}"
                + (" (look-alikes)" if lookalike in names else "")
                + (" (24 names sprayed)" if "sprayed-0" in names else "")
            )
            self.send(path)
            for username in names:
                form = urllib.parse.urlencode({"username": username, "password": WRONG_PASSWORD})
                self.timed(attack, path, form)

    def poison(self, times: int = 300) -> None:
        attack = self.attack("rating: 300 anonymous answers, one csrftoken, no session")
        url = f"/puzzles/{self.targets['easiest']}/"
        self.send(url)
        csrf = self.csrf()
        headers = {"Cookie": f"csrftoken={csrf}", "X-CSRFToken": csrf}
        for _ in range(times):
            if self.timed(attack, url, "none=1", htmx=True, headers=headers) == 200:
                attack.accepted_answers += 1

    def floods(self, times: int = 50) -> None:
        signup = self.attack("sign-up: 50 accounts from one address")
        self.send("/accounts/signup/")
        # Each sign-up from a browser with no session, as a script would send it.
        anonymous = {"Cookie": f"csrftoken={self.csrf()}", "X-CSRFToken": self.csrf()}
        for number in range(times):
            password = f"Soak-{number}-pass-{number * 7919}"
            form = urllib.parse.urlencode(
                {
                    "username": f"flood-{number}",
                    "email": f"flood-{number}@example.org",
                    "password1": password,
                    "password2": password,
                    "language": "it",
                }
            )
            self.timed(signup, "/accounts/signup/", form, headers=anonymous)
        reset = self.attack("password reset: 50 e-mails asked for")
        self.send("/accounts/password/reset/")
        for number in range(times):
            form = urllib.parse.urlencode({"email": f"victim-{number % 3}@example.org"})
            self.timed(reset, "/accounts/password/reset/", form)
        join = self.attack("join codes: 100 guesses")
        student = self.as_who(self.targets["student"])
        for number in range(2 * times):
            form = urllib.parse.urlencode({"code": f"GUESS{number:03d}"})
            self.timed(join, "/classes/join/", form, headers=student)

    def run_all(self, until: float) -> None:
        """Every attack at once, each in its own thread, from the same address."""
        threads = [
            threading.Thread(target=attack)
            for attack in (
                self.editor,
                self.close_answers,
                self.student_flood,
                self.log_ins,
                self.poison,
                self.floods,
            )
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.0, until - time.monotonic()) + 120)

    def report(self) -> int:
        """Print each attack; the answers it got recorded."""
        for attack in self.attacks:
            shown = ", ".join(f"{status}: {n}" for status, n in sorted(attack.statuses.items()))
            print(f"    {attack.name}: {shown}; slowest {attack.slowest_ms:.0f} ms")
        return sum(attack.accepted_answers for attack in self.attacks)


def printed(env: dict[str, str], code: str) -> str:
    """What ``code`` prints, run by ``manage.py shell`` against the soak's database."""
    result = subprocess.run(  # nosec B603
        [PYTHON, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def shell(env: dict[str, str], code: str) -> str:
    """The last line ``code`` prints."""
    return printed(env, code).strip().splitlines()[-1]


def puzzle_rating(env: dict[str, str], slug: str) -> float:
    code = f"from lessons.models import Puzzle; print(Puzzle.objects.get(slug={slug!r}).rating)"
    return float(shell(env, code))


def count_attempts(env: dict[str, str]) -> int:
    return int(shell(env, "from lessons.models import Attempt; print(Attempt.objects.count())"))


def choice_steps(env: dict[str, str]) -> list[str]:
    """The URLs of the lesson steps that ask a multiple choice."""
    code = (
        "from lessons.models import Step\n"
        "for s in Step.objects.filter(kind='ask').select_related('lesson')"
        ".order_by('lesson__order', 'number'):\n"
        "    if s.question and 'choice' in s.question:\n"
        "        print(f'/lessons/{s.lesson.slug}/{s.number}/')"
    )
    return [line for line in printed(env, code).split() if line.startswith("/lessons/")]


#: The simulated learners' priority: each real one has a device of their own, and on this
#: machine they share the server's two cores; ahead of the server, their own wait for the
#: processor (parsing a page, sending the next move) is not counted as the site's. The
#: server runs at 0, the table's attacker at 19 (its threads are as many clients).
CLIENTS_NICE = -10


def main() -> int:
    try:
        os.setpriority(os.PRIO_PROCESS, 0, CLIENTS_NICE)
    except PermissionError:
        print("  (not root: the simulated learners share the processor with the server)")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--sqlite", action="store_true", help="SQLite instead of PostgreSQL")
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--no-abuse", action="store_true", help="the learners alone")
    parser.add_argument("--table-seconds", type=float, default=60.0, help="each table phase")
    parser.add_argument("--no-table", action="store_true", help="the learners only")
    parser.add_argument("--only-table", action="store_true", help="the table only")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn's workers (make serve's)")
    parser.add_argument("--threads", type=int, default=1, help="threads a worker (1: sync)")
    parser.add_argument(
        "--attack-after",
        type=float,
        default=0.0,
        help="the table's attacker starts this many seconds into its phase, once the players"
        " are in play (0, the verdict's run: with the players' first deals)",
    )
    args = parser.parse_args()
    # Held to the end: closing it drops a PostgreSQL database (bench.http.databases).
    found = databases("sqlite" if args.sqlite else "postgres")
    database, url = next(found)
    env = {**environment(url, args.port), "PROXY_COUNT": "1"}
    seeded = prepare(env, tablesoak.PLAYERS + 1)
    table_held = True
    if not args.no_table:
        # Three sync workers and the master's probe port, as `make serve` runs gunicorn.
        probes = f"127.0.0.1:{args.port + 2}"
        with gunicorn(
            {**env, "HEALTH_BIND": probes},
            args.port + 1,
            workers=args.workers,
            threads=args.threads,
        ) as base:
            table_held = tablesoak.soak(
                base,
                f"http://{probes}",
                env,
                seeded,
                args.table_seconds,
                printed,
                args.attack_after,
            )
    if args.only_table:
        found.close()
        return 0 if table_held else 1
    seeded["choice_steps"] = choice_steps(env)
    before = count_attempts(env)
    rating_before = puzzle_rating(env, seeded["abuse"]["easiest"])
    tally = Tally()
    with gunicorn(env, args.port) as base:
        until = time.monotonic() + args.seconds
        began = time.monotonic()
        threads = [
            threading.Thread(
                target=Learner(
                    base, tally, random.Random(number), f"198.51.{number // 250}.{number % 250 + 1}"
                ).run,
                args=(seeded, until),
            )
            for number in range(args.learners)
        ]
        attacker = Attacker(base, Tally(), seeded)
        if not args.no_abuse:
            threads.append(threading.Thread(target=attacker.run_all, args=(until,)))
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
    attacker_answers = 0
    attacker_5xx = 0
    if not args.no_abuse:
        print("  the attacker, from one address, at the same time:")
        attacker_answers = attacker.report()
        attacker_5xx = sum(
            n
            for attack in attacker.attacks
            for status, n in attack.statuses.items()
            if status >= 500
        )
        rating_after = puzzle_rating(env, seeded["abuse"]["easiest"])
        print(
            f"  the poisoned puzzle's rating: {rating_before:.0f} before, {rating_after:.0f} after"
        )
        print(f"  attacker's answers recorded (200): {attacker_answers}; its 5xx: {attacker_5xx}")
    matched = attempts == tally.answers_sent + attacker_answers
    matched = matched and tally.answers_sent == tally.answers_accepted
    clean = errors_5xx == 0 and attacker_5xx == 0 and not tally.failures
    print(
        "  verdict: "
        + ("attempts = answers sent" if matched else "MISMATCH between answers and attempts")
        + (", no 5xx" if clean else ", ERRORS")
    )
    found.close()
    return 0 if matched and clean and table_held else 1


if __name__ == "__main__":
    raise SystemExit(main())
