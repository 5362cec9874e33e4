"""The HTTP benchmark: gunicorn with 2 workers on SQLite, then on PostgreSQL, under wrk.

For each database: a fresh database (migrate, the cache table, the content, bench/seed.py),
collected static files, gunicorn started with production settings (DEBUG=0) plus /bench/ok,
then wrk at 16 connections for a few seconds on each of

- a bare ``HttpResponse("ok")`` view (the yardstick the targets are set against), which
  reads neither the session nor the database;
- the same view for a logged-in visitor, reading the session and the account first, as
  every learner's and teacher's page must: the most any of them can do on this machine;
- a puzzle page, logged in;
- an htmx answer POST, with the session and the CSRF token, as 16 learners;
- a lesson step;
- the teacher's class grid, 30 students × 10 assignments.

It prints requests/s, p50, p95 and p99 for each, the ratio of its throughput to the bare
view's, and each figure next to its target. wrk runs on the same two cores as gunicorn:
the figures are for this machine, with whatever else it is doing (the load is printed).

    python -m bench.http [--seconds 10] [--connections 16] [--only sqlite|postgres]
    python -m bench.http --against /tmp/wt-41d90e9 [--seconds 10]

``--against`` measures the htmx answer only, here and in an older checkout, and prints the
ratio of answers a second (the answer-throughput figure: :func:`against`).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal

# The benchmark starts manage.py, gunicorn, wrk and .ci/postgres.sh: fixed argument lists,
# no shell, nothing from outside (bandit's subprocess checks are answered line by line).
import subprocess  # nosec B404
import sys
import tempfile
import time
import urllib.request
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import table

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
WORKERS = 2

#: The site's performance targets: (scenario, figure) → (bound, "≤" or "≥").
TARGETS = {
    ("answer", "p95"): (25.0, "≤"),
    ("answer", "ratio"): (0.40, "≥"),
    ("grid", "p95"): (60.0, "≤"),
}

LUA = r"""
local requests = %(requests)s
local counter = 0
local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end
function init(args)
  counter = (tonumber(offset) or 0) * 7
end
function request()
  counter = counter + 1
  local r = requests[(counter %% #requests) + 1]
  return wrk.format(r[1], r[2], r[3], r[4])
end
function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %%d, "seconds": %%f, "p50": %%f, "p95": %%f, "p99": %%f, ' ..
    '"errors": %%d, "status": %%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3,
    latency:percentile(95) / 1e3, latency:percentile(99) / 1e3,
    e.connect + e.read + e.write + e.timeout, e.status))
end
"""


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: str | None = None

    def lua(self) -> str:
        headers = ", ".join(f"[{_lua(k)}] = {_lua(v)}" for k, v in self.headers.items())
        body = _lua(self.body) if self.body is not None else "nil"
        return f"{{{_lua(self.method)}, {_lua(self.path)}, {{{headers}}}, {body}}}"


def _lua(text: str) -> str:
    return json.dumps(text)  # a JSON string is a valid Lua string literal for these values


@dataclass
class Result:
    name: str
    rps: float
    p50: float
    p95: float
    p99: float
    errors: int
    status: int


def environment(database_url: str, port: int) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        BENCH_VIEWS="1",
        DATABASE_URL=database_url,
        LOG_LEVEL="WARNING",
    )
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return env


#: This benchmark's learners play as fast as the machine answers, hundreds of times a
#: person's pace, sixteen of them from one address: the CPU budgets, the back seat and the
#: address's lane for long requests (README, "Security") would refuse them, and what those
#: do for one visitor among others is bench.soak's to measure (with :func:`environment`
#: alone). Here they are off (no request counts as long): the figures are the site's speed.
UNLIMITED = {
    "CPU_MS_PER_LEARNER": "100000000",
    "CPU_MS_PER_ADDRESS": "100000000",
    "BACK_SEAT_MS": "0",
    "BACK_SEAT_BURST_MS": "0",
    "EXPENSIVE_MS": "100000000",
}


def manage(env: dict[str, str], *args: str, root: Path = ROOT) -> str:
    result = subprocess.run(  # nosec B603
        [PYTHON, "manage.py", *args], cwd=root, env=env, capture_output=True, text=True
    )
    if result.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")
    return result.stdout


def prepare(env: dict[str, str], learners: int, root: Path = ROOT) -> dict[str, Any]:
    """A fresh database with the content and the benchmark's data; what to send. ``root``
    is the checkout whose manage.py and bench/seed.py make them (--against: an older one)."""
    manage(env, "migrate", "--noinput", root=root)
    manage(env, "createcachetable", root=root)
    manage(env, "collectstatic", "--noinput", root=root)
    result = subprocess.run(  # nosec B603
        [PYTHON, "-m", "bench.seed", str(learners)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    if result.returncode:
        raise SystemExit(f"bench.seed failed:\n{result.stderr[-3000:]}")
    seeded: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return seeded


@contextmanager
def gunicorn(
    env: dict[str, str], port: int, workers: int = WORKERS, threads: int = 1, root: Path = ROOT
) -> Iterator[str]:
    """gunicorn serving the site (``root``'s checkout) on 127.0.0.1:port until the block
    ends."""
    base = f"http://127.0.0.1:{port}"
    log = open(Path(tempfile.gettempdir()) / "burraco-bench-gunicorn.log", "a")  # noqa: SIM115
    process = subprocess.Popen(  # nosec B603
        [
            str(Path(PYTHON).parent / "gunicorn"),
            "burraco_tutor.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--log-level",
            "warning",
        ],
        cwd=root,
        env=env,
        stdout=log,
        stderr=log,
        start_new_session=True,
        # At the usual priority, whatever the benchmark's own (bench.soak raises its clients').
        preexec_fn=lambda: os.setpriority(os.PRIO_PROCESS, 0, 0),  # noqa: PLW1509 - no threads in the fork yet
    )
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2):  # nosec B310
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit("gunicorn did not answer /healthz")
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def wrk(base: str, requests: list[Request], seconds: float, connections: int) -> dict[str, Any]:
    """Run wrk on a cycle of requests; its summary as a dict."""
    lua = LUA % {"requests": "{\n" + ",\n".join(r.lua() for r in requests) + "\n}"}
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(lua)
    try:
        result = subprocess.run(  # nosec B603 B607
            [
                "wrk",
                "--threads",
                "1",
                "--connections",
                str(connections),
                "--duration",
                f"{max(1, round(seconds))}s",
                "--timeout",
                "10s",
                "--script",
                script.name,
                base,
            ],
            capture_output=True,
            text=True,
            timeout=seconds + 60,
        )
    finally:
        os.unlink(script.name)
    line = next(
        (line for line in result.stdout.splitlines() if line.startswith('{"requests"')), None
    )
    if line is None:
        raise SystemExit(f"wrk said:\n{result.stdout}\n{result.stderr}")
    summary: dict[str, Any] = json.loads(line)
    return summary


def scenarios(seeded: dict[str, Any]) -> dict[str, list[Request]]:
    learners = seeded["learners"]

    def get(path: str, who: dict[str, str], **extra: str) -> Request:
        return Request("GET", path, {"Cookie": who["cookie"], "Accept-Encoding": "gzip", **extra})

    def answer(puzzle: dict[str, str], who: dict[str, str]) -> Request:
        headers = {
            "Cookie": who["cookie"],
            "X-CSRFToken": who["csrf"],
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept-Encoding": "gzip",
        }
        return Request("POST", puzzle["url"], headers, puzzle["answer"])

    puzzles = seeded["puzzles"]
    return {
        "bare": [get(seeded["bare"], who) for who in learners],
        "account": [get(seeded["account"], who) for who in learners],
        "puzzle": [
            get(puzzles[n % len(puzzles)]["url"], who) for n, who in enumerate(learners * 4)
        ],
        "answer": [
            answer(puzzles[(n * 5) % len(puzzles)], who) for n, who in enumerate(learners * 4)
        ],
        "step": [
            get(seeded["steps"][n % len(seeded["steps"])], who)
            for n, who in enumerate(learners * 4)
        ],
        "grid": [get(seeded["class_url"], seeded["teacher"])],
    }


LABELS = {
    "bare": 'bare HttpResponse("ok")',
    "account": "the same, logged in",
    "puzzle": "puzzle page",
    "answer": "htmx answer POST",
    "step": "lesson step",
    "grid": "class grid, 30 × 10",
}


def measure(
    base: str, seeded: dict[str, Any], seconds: float, connections: int
) -> tuple[list[Result], tuple[float, float]]:
    """Every scenario at the given connections, then the bare view, the answer and the grid
    one request at a time (their service time, with no queue); and the machine's load
    average before and after."""
    load_before = os.getloadavg()[0]
    results = []
    runs = [(name, requests, connections) for name, requests in scenarios(seeded).items()]
    runs += [(f"{name}@1", scenarios(seeded)[name], 1) for name in ("bare", "answer", "grid")]
    for name, requests, clients in runs:
        wrk(base, requests, min(2.0, seconds), clients)  # warm up: caches, connections
        summary = wrk(base, requests, seconds, clients)
        results.append(
            Result(
                name,
                summary["requests"] / summary["seconds"],
                summary["p50"],
                summary["p95"],
                summary["p99"],
                summary["errors"],
                summary["status"],
            )
        )
    return results, (load_before, os.getloadavg()[0])


def verdict(name: str, figure: str, value: float) -> str:
    target = TARGETS.get((name, figure))
    if target is None:
        return ""
    bound, sense = target
    met = value <= bound if sense == "≤" else value >= bound
    shown = f"{bound:.0%}" if figure == "ratio" else f"{bound:g} ms"
    return f"{figure} target {sense} {shown}: {'met' if met else 'MISSED'}"


def report(
    database: str, results: list[Result], connections: int, load: tuple[float, float]
) -> str:
    bare = next(r for r in results if r.name == "bare").rps
    lines = [
        f"HTTP, {database}, gunicorn {WORKERS} sync workers, wrk {connections} connections "
        f"(load average {load[0]:.2f} before, {load[1]:.2f} after, on {os.cpu_count()} cores)",
        f"  {'':24} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'vs bare':>8}  errors",
    ]
    for r in results:
        if "@" in r.name:
            continue
        ratio = r.rps / bare
        notes = [verdict(r.name, "p95", r.p95), verdict(r.name, "ratio", ratio)]
        lines.append(
            f"  {LABELS[r.name]:24} {r.rps:8.0f} {r.p50:8.1f} {r.p95:8.1f} {r.p99:8.1f} "
            f"{ratio:8.0%}  {r.errors + r.status:>6}  " + "; ".join(n for n in notes if n)
        )
    lines.append("  one request at a time (1 connection: the service time, no queue):")
    for r in results:
        if "@" in r.name:
            label = LABELS[r.name.split("@")[0]]
            lines.append(
                f"  {label:24} {r.rps:8.0f} {r.p50:8.1f} {r.p95:8.1f} {r.p99:8.1f} "
                f"{'':8}  {r.errors + r.status:>6}"
            )
    return "\n".join(lines)


def weights(base: str, seeded: dict[str, Any]) -> str:
    """Page weight over HTTP from the running server: a puzzle page's first load as a new
    visitor gets it, and the fragment of an htmx answer, as sent (bench/pageweight.py)."""
    from bench.pageweight import FRAGMENT_TARGET, PAGE_TARGET, first_load, http_fetch, kb, plain

    learner = seeded["learners"][0]
    puzzle = seeded["puzzles"][0]
    page = first_load(http_fetch(base), puzzle["url"])
    request = urllib.request.Request(
        base + puzzle["url"],
        data=puzzle["answer"].encode(),
        headers={
            "Cookie": learner["cookie"],
            "X-CSRFToken": learner["csrf"],
            "HX-Request": "true",
            "Accept-Encoding": "gzip",
        },
    )
    with urllib.request.urlopen(request, timeout=30) as response:  # nosec B310
        sent = response.read()
    met = "met" if page.total <= PAGE_TARGET else "MISSED"
    fragment_met = "met" if len(sent) <= FRAGMENT_TARGET else "MISSED"
    return "\n".join(
        [
            f"Page weight, over HTTP from gunicorn ({puzzle['url']}):",
            f"  first load, compressed, everything counted: {kb(page.total)} "
            f"(target ≤ {kb(PAGE_TARGET)}: {met})",
            f"  htmx answer fragment: {kb(len(sent))} sent, {kb(len(plain(sent)))} unpacked "
            f"(target ≤ {kb(FRAGMENT_TARGET)}: {fragment_met})",
        ]
    )


def databases(only: str | None) -> Generator[tuple[str, str], None, None]:
    if only in (None, "sqlite"):
        path = Path(tempfile.mkdtemp(prefix="burraco-bench-")) / "bench.sqlite3"
        yield "SQLite", f"sqlite:///{path}"
        shutil.rmtree(path.parent, ignore_errors=True)
    if only in (None, "postgres"):
        # A database of this run's own, so two benchmarks (http and soak) can run at once.
        name = f"burraco_bench_{os.getpid()}"
        script = str(ROOT / ".ci" / "postgres.sh")
        url = subprocess.run(  # nosec B603 B607
            ["bash", script, name], capture_output=True, text=True, check=True
        ).stdout.strip()
        try:
            yield "PostgreSQL", url
        finally:
            subprocess.run(["bash", script, "--drop", name], check=False)  # nosec B603 B607


def against(other: Path, seconds: float, connections: int, port: int, rounds: int = 3) -> str:
    """The answer-throughput figure: htmx answers a second here against the checkout in
    ``other`` (41d90e9: ``git worktree add /tmp/wt-41d90e9 41d90e9``), in one run: each on
    a fresh SQLite database of its own, made by its own manage.py and bench/seed.py, both served by
    gunicorn at once (2 workers each, idle when not measured) and measured in turns, the
    other first, ``rounds`` times, so that the machine's load swings alike on both; the
    requests are summed over the rounds. The ratio is the figure: this machine's absolute
    figures swing twofold with its load."""
    folder = Path(tempfile.mkdtemp(prefix="burraco-against-"))
    trees = {"other": other.resolve(), "this": ROOT}
    envs = {
        name: {**environment(f"sqlite:///{folder / f'{name}.sqlite3'}", port + number), **UNLIMITED}
        for number, name in enumerate(trees)
    }
    seeded = {name: prepare(envs[name], connections, root=tree) for name, tree in trees.items()}
    totals = {name: [0.0, 0.0, 0.0, 0] for name in trees}  # requests, seconds, worst p95, errors
    try:
        with (
            gunicorn(envs["other"], port, root=trees["other"]) as other_base,
            gunicorn(envs["this"], port + 1, root=trees["this"]) as this_base,
        ):
            bases = {"other": other_base, "this": this_base}
            answers = {name: scenarios(seeded[name])["answer"] for name in trees}
            for name in trees:
                wrk(bases[name], answers[name], min(2.0, seconds), connections)  # warm up
            for _ in range(rounds):
                for name in trees:
                    summary = wrk(bases[name], answers[name], seconds, connections)
                    total = totals[name]
                    total[0] += summary["requests"]
                    total[1] += summary["seconds"]
                    total[2] = max(total[2], summary["p95"])
                    total[3] += summary["errors"] + summary["status"]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    rate = {name: total[0] / total[1] for name, total in totals.items()}
    ratio = rate["this"] / rate["other"]
    met = "met" if ratio >= ANSWER_SPEEDUP else "MISSED"
    lines = [
        f"htmx answers a second, this checkout against {trees['other']}, SQLite, gunicorn "
        f"{WORKERS} sync workers each, wrk {connections} connections, {rounds} turns of "
        f"{seconds:g} s each:",
    ]
    for name in trees:
        total = totals[name]
        lines.append(
            f"  {name:6} {rate[name]:8.0f} answers/s, worst p95 {total[2]:6.1f} ms, "
            f"errors {int(total[3])}"
        )
    lines.append(f"  ratio {ratio:.2f}x (target ≥ {ANSWER_SPEEDUP:g}x: {met})")
    return "\n".join(lines)


#: The answer-throughput target: answers a second against 41d90e9's, in the same run
#: (--against).
ANSWER_SPEEDUP = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads a worker")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="CHECKOUT",
        help="only the htmx answer, here and in this older checkout, and the ratio (target 2x)",
    )
    parser.add_argument(
        "--table-only", action="store_true", help="only the practice table's figures"
    )
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("the HTTP benchmark needs wrk: apt-get install wrk (make bench does)")
    if args.against is not None:
        print(against(args.against, args.seconds, args.connections, args.port), flush=True)
        return
    for database, url in databases(args.only):
        env = {**environment(url, args.port), **UNLIMITED}
        seeded = prepare(env, args.connections)
        with gunicorn(env, args.port, threads=args.threads) as base:
            if not args.table_only:
                if database == "SQLite":
                    print(weights(base, seeded), flush=True)
                results, load = measure(base, seeded, args.seconds, args.connections)
                print(report(database, results, args.connections, load), flush=True)
            print(
                f"{database}: " + table.report(base, seeded["learners"], args.seconds), flush=True
            )


if __name__ == "__main__":
    main()
