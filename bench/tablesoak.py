"""The soak's table: 30 players at four-player club tables, alone and then with the attacker,
back to back against one gunicorn run as ``make serve`` runs it (bench/soak.py calls it).

Each player is a learner of bench/seed.py with an address of its own (X-Forwarded-For, as
the proxy would say): it deals a four-player game with club bots, then turn after turn
draws from the stock and discards the first card of the hand, thinking half a second before
each move, asks for each frame of the others' moves 0.7 s after the last, and sends
"continue" when the table asks for it (as htmx does); a hand over, it deals again. Every
discard is timed.

The attacker, from one address, is the one the security review found: eight sessions of
four-player expert games with the coach on full, moving as fast as the site answers, and two
threads reading the review of a long match over and over. A prober asks ``/healthz`` four
times a second in both phases, on the probe port of gunicorn's master (``HEALTH_BIND``, as
``make serve`` sets it: what the load balancer asks) and on the site's port (behind the
workers: reported, not judged).

Nothing may be lost: every game replays after the run, and each game's version (one a move
saved) equals the last version the site answered its player; no 5xx; the players' p95 with
the attacker within 1.5 times their p95 without; every probe of the probe port within 100 ms.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import statistics
import subprocess  # nosec B404 - this module as a prober, a fixed argument list
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from bench.table import HAND, TABLE_URL, VERSION, _plain

PLAYERS = 30
ATTACK_SESSIONS = 8
REVIEW_THREADS = 2
THINK = 0.5
#: The players' p95 with the attacker, at most this times their p95 without.
SLOWDOWN = 1.5
HEALTHZ_MS = 100.0
ATTACKER_ADDRESS = "203.0.113.66"
#: The next frame of the others' moves, which the page asks for after FRAME_SECONDS.
FRAME = re.compile(rb'hx-get="(/play/\d+/\?at=\d+)"')
FRAME_SECONDS = 0.7


@dataclass
class Phase:
    """What one phase's clients got back, counted under one lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: Counter[int] = field(default_factory=Counter)
    attacker: Counter[int] = field(default_factory=Counter)
    moves_ms: list[float] = field(default_factory=list)
    #: When each timed discard was answered, in seconds from the phase's start.
    moves_at: list[float] = field(default_factory=list)
    began: float = field(default_factory=time.monotonic)
    healthz_ms: list[float] = field(default_factory=list)
    #: /healthz on the site's own port, behind the workers.
    site_healthz_ms: list[float] = field(default_factory=list)
    #: The last version the site answered for each game: what must be recorded.
    versions: dict[int, int] = field(default_factory=dict)
    failures: Counter[str] = field(default_factory=Counter)
    #: Seconds of CPU the server used in the phase.
    cpu: float = 0.0


class Seat:
    """One browser at the table: its cookies (sent back as the site sets them), its address,
    its own connection."""

    def __init__(self, base: str, address: str, cookies: dict[str, str] | None = None) -> None:
        self.parts = urlsplit(base)
        self.address = address
        self.cookies = dict(cookies or {})
        self.connection = self._connect()
        self.game: int | None = None

    def _connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.parts.hostname or "", self.parts.port, timeout=60)

    def send(
        self, method: str, path: str, form: dict[str, str] | None = None, htmx: bool = False
    ) -> tuple[int, bytes, str]:
        headers = {"X-Forwarded-For": self.address, "Accept-Encoding": "gzip"}
        if htmx:
            headers["HX-Request"] = "true"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["HX-Request"] = "true"
        try:
            self.connection.request(method, path, body, headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = self._connect()
            raise
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, _plain(data), response.getheader("Location") or ""


def logged_in(who: dict[str, str]) -> dict[str, str]:
    """A seeded learner's cookies (bench/seed.py's "name=value; name=value")."""
    pairs = (part.strip().partition("=") for part in who["cookie"].split(";"))
    return {name: value for name, _, value in pairs}


class Player(Seat):
    """One player, or one of the attacker's sessions: game after game at four players."""

    def __init__(
        self,
        base: str,
        address: str,
        phase: Phase,
        level: str,
        coach: str,
        think: float,
        cookies: dict[str, str] | None = None,
        attacker: bool = False,
    ) -> None:
        super().__init__(base, address, cookies)
        self.phase, self.level, self.coach, self.think = phase, level, coach, think
        self.attacker = attacker

    def count(self, status: int) -> None:
        with self.phase.lock:
            (self.phase.attacker if self.attacker else self.phase.statuses)[status] += 1

    def seen(self, page: bytes) -> bytes:
        found = VERSION.search(page)
        if found is not None and self.game is not None:
            with self.phase.lock:
                self.phase.versions[self.game] = int(found[1])
        return page

    def deal(self) -> bytes | None:
        if "csrftoken" not in self.cookies:
            self.count(self.send("GET", "/play/")[0])
        form = {
            "players": "4",
            "opponents": self.level,
            "partner": self.level,
            "preset": "standard",
            "coach": self.coach,
        }
        status, _page, location = self.send("POST", "/play/", form)
        self.count(status)
        found = TABLE_URL.search(location)
        if status != 302 or found is None:
            return None
        self.game = int(found[1])
        status, page, _ = self.send("GET", f"/play/{self.game}/")
        self.count(status)
        return self.seen(page) if status == 200 else None

    def play(self, until: float) -> None:
        page: bytes | None = None
        while time.monotonic() < until:
            try:
                page = self.turn(page)
            except (OSError, http.client.HTTPException) as error:
                with self.phase.lock:
                    self.phase.failures[type(error).__name__] += 1
                page = None

    def turn(self, page: bytes | None) -> bytes | None:
        """One request (after the thought before it); the page to go on from, or None to
        deal again."""
        if page is None:
            page = self.deal()
            if page is None:
                time.sleep(0.5)  # refused (429): wait, as a person would
            return page
        version, hand = VERSION.search(page), HAND.findall(page)
        if version is None or self.game is None:
            return None
        url = f"/play/{self.game}/"
        timed = False
        frame = FRAME.search(page)
        if frame is not None:  # the others' moves, a frame at a time, as the page asks
            time.sleep(0 if self.attacker else FRAME_SECONDS)
            status, shown, _ = self.send("GET", frame[1].decode(), htmx=True)
            self.count(status)
            return self.seen(shown) if status == 200 else None
        if b'"do": "continue"' in page or b'value="continue"' in page:
            time.sleep(0.3 if not self.attacker else 0)  # htmx's delay
            form = {"version": version[1].decode(), "do": "continue"}
        elif b'value="draw"' in page:
            time.sleep(self.think)
            form = {"version": version[1].decode(), "do": "draw"}
        elif b'value="discard"' in page and hand:
            time.sleep(self.think)
            form = {"version": version[1].decode(), "do": "discard", "cards": hand[0].decode()}
            timed = True
        else:  # the hand is over
            return None
        began = time.perf_counter()
        status, sent, _ = self.send("POST", url, form)
        took = (time.perf_counter() - began) * 1000
        self.count(status)
        if status == 429:
            time.sleep(1.0)  # Retry-After
            return page
        if status != 200:
            return None
        if timed and not self.attacker:
            with self.phase.lock:
                self.phase.moves_ms.append(took)
                self.phase.moves_at.append(time.monotonic() - self.phase.began)
        return self.seen(sent)


def review(base: str, phase: Phase, who: dict[str, str], url: str, until: float) -> None:
    """The attacker's reader: the review of a long match, again and again."""
    seat = Seat(base, ATTACKER_ADDRESS, logged_in(who))
    while time.monotonic() < until:
        try:
            status = seat.send("GET", url)[0]
        except (OSError, http.client.HTTPException):
            status = 0
        with phase.lock:
            phase.attacker[status] += 1
        if status == 429:
            time.sleep(0.05)


def probe(url: str, seconds: float) -> list[float]:
    """/healthz four times a second for ``seconds``, each on a fresh connection, as a load
    balancer asks: the milliseconds of each (infinite for a failure)."""
    parts = urlsplit(url)
    until = time.monotonic() + seconds
    times: list[float] = []
    while time.monotonic() < until:
        began = time.perf_counter()
        connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
        try:
            connection.request("GET", "/healthz")
            status = connection.getresponse().status
        except (OSError, http.client.HTTPException):
            status = 0
        finally:
            connection.close()
        took = (time.perf_counter() - began) * 1000
        times.append(took if status == 200 else float("inf"))
        time.sleep(max(0.0, 0.25 - took / 1000))
    return times


def prober(url: str, seconds: float) -> subprocess.Popen[str]:
    """:func:`probe` in a process of its own: in this one, the probe would wait for the
    players' threads to let go of the interpreter, which a load balancer never does."""
    return subprocess.Popen(  # nosec B603 - this module, a fixed argument list
        [sys.executable, "-m", "bench.tablesoak", "probe", url, str(seconds)],
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE,
        text=True,
    )


def probed(process: subprocess.Popen[str]) -> list[float]:
    out, _ = process.communicate(timeout=120)
    return [float(ms) for ms in json.loads(out)]


def server_cpu(base: str) -> float:
    """Seconds of CPU the gunicorn serving ``base`` (its master and workers) has used: what
    its requests cost, PostgreSQL's own work aside."""
    bind = urlsplit(base).netloc.encode()
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for proc in Path("/proc").iterdir():
        try:
            if not proc.name.isdigit():
                continue
            command = (proc / "cmdline").read_bytes()
            if bind not in command or b"gunicorn" not in command:
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def run_phase(
    base: str,
    probes: str,
    seeded: dict[str, Any],
    seconds: float,
    attack: dict[str, Any] | None,
    attack_after: float = 0.0,
) -> Phase:
    """The players (and with ``attack``, the attacker, from ``attack_after`` seconds on) for
    ``seconds``."""
    phase = Phase()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=Player(
                base,
                f"198.51.200.{number + 1}",
                phase,
                "club",
                "turns",
                THINK,
                logged_in(seeded["learners"][number]),
            ).play,
            args=(until,),
        )
        for number in range(PLAYERS)
    ]
    probing = [prober(probes, seconds), prober(base, seconds)]
    # The attacker's client runs in a process of its own at the lowest CPU priority: on the
    # one machine that holds server and clients, its own loops would otherwise take CPU from
    # the server, which an attacker on another machine does not.
    cpu = server_cpu(base)
    for thread in threads:
        thread.start()
    delay = attack_after if attack is not None else 0.0
    time.sleep(delay)
    attacking = attacker(base, seconds - delay, attack) if attack is not None else None
    for thread in threads:
        thread.join()
    phase.cpu = server_cpu(base) - cpu
    phase.healthz_ms, phase.site_healthz_ms = (probed(each) for each in probing)
    if attacking is not None:
        out, _ = attacking.communicate(timeout=120)
        got = json.loads(out)
        phase.attacker.update({int(status): n for status, n in got["statuses"].items()})
        phase.failures.update(got["failures"])
        phase.versions.update({int(game): version for game, version in got["versions"].items()})
    return phase


def attacker(base: str, seconds: float, attack: dict[str, Any]) -> subprocess.Popen[str]:
    """:func:`attack` in a process of its own, at the lowest CPU priority."""
    return subprocess.Popen(  # nosec B603 - this module, a fixed argument list
        [
            sys.executable,
            "-m",
            "bench.tablesoak",
            "attack",
            base,
            str(seconds),
            json.dumps(attack),
        ],
        cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: os.setpriority(os.PRIO_PROCESS, 0, 19),  # noqa: PLW1509 - no threads yet in the parent's fork
    )


def attack(base: str, seconds: float, attack: dict[str, Any]) -> dict[str, Any]:
    """The attacker for ``seconds``: eight expert sessions and two review readers; what it
    got back (statuses, failures, the versions its games were answered)."""
    phase = Phase()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=Player(base, ATTACKER_ADDRESS, phase, "expert", "full", 0.0, attacker=True).play,
            args=(until,),
        )
        for _ in range(ATTACK_SESSIONS)
    ]
    threads += [
        threading.Thread(target=review, args=(base, phase, attack["who"], attack["review"], until))
        for _ in range(REVIEW_THREADS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "statuses": dict(phase.attacker),
        "failures": dict(phase.failures),
        "versions": phase.versions,
    }


def long_match(printed: Any, env: dict[str, str], who: int) -> str:
    """A long two-player match with club bots, kept for seeded learner ``who``: its
    review's URL (bench.replay plays it in the shell, no request)."""
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from bench.replay import play_match\n"
        "from play.models import Game\n"
        "played = play_match(33)\n"
        f"user = get_user_model().objects.get(username='bench-learner-{who}')\n"
        "game = Game.objects.create(user=user, players=2, seed=33, opponents='club',"
        " partner='club', match=True, past_hands=played[:-1], actions=played[-1][:-1])\n"
        "print(game.pk)"
    )
    pk = int(printed(env, code).strip().splitlines()[-1])
    return f"/play/{pk}/review/"


def checked(
    printed: Any, env: dict[str, str], answered: dict[int, int]
) -> tuple[int, int, int, int]:
    """After the run: how many games replay, how many do not, how many recorded a version
    other than the last one the site answered, and how many the cap on unfinished games
    put away (play.kept: thinned, their version moved on; the attacker leaves many)."""
    code = (
        "import json, sys\n"
        "from play import games, hands\n"
        "from play.models import Game\n"
        f"answered = json.loads({json.dumps(json.dumps(answered))})\n"
        "ok = broken = lost = put_away = 0\n"
        "for game in Game.objects.filter(pk__in=[int(k) for k in answered]):\n"
        "    try:\n"
        "        games.load_match(game)\n"
        "        ok += 1\n"
        "    except hands.BrokenGame:\n"
        "        broken += 1\n"
        "    if game.thinned_at is not None:\n"
        "        put_away += 1\n"
        "    elif game.version != answered[str(game.pk)]:\n"
        "        lost += 1\n"
        "        print(f'  game {game.pk}: version {game.version}, answered'"
        " f' {answered[str(game.pk)]}, finished {game.finished}')\n"
        "print(ok, broken, lost, put_away)"
    )
    lines = printed(env, code).strip().splitlines()
    for line in lines[:-1]:
        if line.startswith("  game "):
            print(line)
    ok, broken, lost, put_away = lines[-1].split()
    return int(ok), int(broken), int(lost), int(put_away)


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[94]


def report(name: str, phase: Phase, seconds: float) -> None:
    moves = phase.moves_ms
    health, site = phase.healthz_ms, phase.site_healthz_ms
    print(
        f"  {name}: {len(moves)} discards ({len(moves) / seconds:.1f}/s), "
        f"p50 {statistics.median(moves) if moves else float('nan'):.0f} ms, "
        f"p95 {p95(moves):.0f} ms; statuses {dict(phase.statuses)}"
    )
    # Where in the phase the slow moves were: the start of an attack, or all along.
    sixths = [
        [
            ms
            for ms, at in zip(moves, phase.moves_at, strict=True)
            if part <= 6 * at / seconds < part + 1
        ]
        for part in range(6)
    ]
    print(
        "    p95 by sixths of the phase: " + ", ".join(f"{p95(sixth):.0f} ms" for sixth in sixths)
    )
    print(
        f"    the server's CPU: {phase.cpu:.1f} s in {seconds:.0f} s,"
        f" {phase.cpu * 60 / seconds:.1f} s a minute"
    )
    for where, times in (("the probe port", health), ("the site's port", site)):
        print(
            f"    /healthz on {where}: {len(times)} probes, p50 {statistics.median(times):.0f}"
            f" ms, p95 {p95(times):.0f} ms, slowest {max(times):.0f} ms"
        )
    if phase.attacker:
        print(f"    the attacker's statuses: {dict(phase.attacker)}")
    if phase.failures:
        print(f"    connection failures: {dict(phase.failures)}")


def soak(
    base: str,
    probes: str,
    env: dict[str, str],
    seeded: dict[str, Any],
    seconds: float,
    printed: Any,
    attack_after: float = 0.0,
) -> bool:
    """Both phases, back to back; True when the table held."""
    attack = {"who": seeded["learners"][PLAYERS], "review": long_match(printed, env, PLAYERS)}
    print(
        f"The table: {PLAYERS} players at four-player club tables ({THINK:g} s of thought a"
        f" move), {seconds:.0f} s alone, then {seconds:.0f} s with the attacker"
        f" ({ATTACK_SESSIONS} sessions of expert games with the coach on full,"
        f" {REVIEW_THREADS} threads reading a long match's review, one address)"
    )
    if attack_after:
        print(f"  (the attacker from {attack_after:g} s into its phase: not the verdict's run)")
    alone = run_phase(base, probes, seeded, seconds, None)
    report("alone", alone, seconds)
    attacked = run_phase(base, probes, seeded, seconds, attack, attack_after)
    report("with the attacker", attacked, seconds)
    answered = {**alone.versions, **attacked.versions}
    ok, broken, lost, put_away = checked(printed, env, answered)
    fives = sum(
        n
        for phase in (alone, attacked)
        for counts in (phase.statuses, phase.attacker)
        for status, n in counts.items()
        if status >= 500
    )
    ratio = p95(attacked.moves_ms) / p95(alone.moves_ms)
    slowest = max(alone.healthz_ms + attacked.healthz_ms)
    print(
        f"  games: {ok} replay, {broken} broken, {lost} with a version other than answered"
        f" ({put_away} put away by the cap on unfinished games);"
        f" 5xx: {fives}; p95 with the attacker {ratio:.2f}x without (at most {SLOWDOWN:g}x);"
        f" slowest probe {slowest:.0f} ms (at most {HEALTHZ_MS:g} ms)"
    )
    failed = [
        reason
        for reason, bad in (
            ("games lost or broken", broken or lost),
            ("5xx", fives),
            ("connection failures", alone.failures or attacked.failures),
            ("the players slowed down", not ratio <= SLOWDOWN),
            ("/healthz slow", not slowest <= HEALTHZ_MS),
        )
        if bad
    ]
    print("  verdict: " + ("the table held" if not failed else "FAILED: " + ", ".join(failed)))
    return not failed


if __name__ == "__main__":
    # python -m bench.tablesoak probe URL SECONDS: the prober's process (see prober());
    # python -m bench.tablesoak attack URL SECONDS ATTACK: the attacker's (see attacker()).
    if len(sys.argv) == 5 and sys.argv[1] == "attack":
        print(json.dumps(attack(sys.argv[2], float(sys.argv[3]), json.loads(sys.argv[4]))))
    elif len(sys.argv) == 4 and sys.argv[1] == "probe":
        times = probe(sys.argv[2], float(sys.argv[3]))
        print(json.dumps([ms if ms != float("inf") else 1e9 for ms in times]))
    else:
        raise SystemExit(
            "usage: python -m bench.tablesoak probe URL SECONDS | attack URL SECONDS ATTACK_JSON"
        )
