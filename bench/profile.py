"""Profile one of the HTTP benchmark's requests in process, with pyinstrument (or cProfile).

    python -m bench.profile answer|puzzle|step|grid|bare|account [--requests 50] [--cprofile]

QUERIES=1 prints the SQL of one request; SHOW_ALL=1 shows Django's frames in the profile too;
SORT=tottime orders cProfile's table by time spent in each function itself; ROWS=<n> prints n rows.

It seeds a fresh SQLite database as the benchmark does, sends the requests through Django's
test client with the benchmark's sessions (production settings, DEBUG=0), prints the time a
request takes and the number of queries, then the profile of the whole run.
pyinstrument is not in requirements.txt: `pip install pyinstrument` first, or use --cprofile.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from bench import inprocess


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario", choices=["answer", "puzzle", "step", "grid", "bare", "account"])
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--cprofile", action="store_true")
    args = parser.parse_args()
    inprocess.start("profile", BENCH_VIEWS="1")
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.http import scenarios
    from bench.seed import seed

    seeded = seed(16, random.Random(9))
    requests = scenarios(seeded)[args.scenario]
    client = Client()

    def send(number: int) -> None:
        request = requests[number % len(requests)]
        headers = {k: v for k, v in request.headers.items() if k != "Content-Type"}
        if request.method == "GET":
            response = client.get(request.path, headers=headers)
        else:
            response = client.post(
                request.path,
                request.body,
                content_type="application/x-www-form-urlencoded",
                headers=headers,
            )
        assert response.status_code < 400, (request.path, response.status_code)

    for number in range(5):  # warm up
        send(number)
    reset_queries()
    with CaptureQueriesContext(connection) as queries:
        send(5)
    print(f"{args.scenario}: {len(queries)} queries in one request")
    if os.environ.get("QUERIES"):
        for query in queries.captured_queries:
            print("  ", query["sql"][:220])
    if args.cprofile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()

        def send_all() -> None:
            for number in range(args.requests):
                send(number)

        began = time.perf_counter()
        profiler.runcall(send_all)
        took = time.perf_counter() - began
        pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(
            int(os.environ.get("ROWS", "45"))
        )
    else:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0005)
        began = time.perf_counter()
        with profiler:
            for number in range(args.requests):
                send(number)
        took = time.perf_counter() - began
        print(
            profiler.output_text(
                unicode=True, color=False, show_all=bool(os.environ.get("SHOW_ALL"))
            )
        )
    print(f"{args.scenario}: {took / args.requests * 1000:.1f} ms a request (profiled)")
    began, cpu = time.perf_counter(), time.process_time()
    for number in range(args.requests):
        send(number)
    wall = (time.perf_counter() - began) / args.requests * 1000
    spent = (time.process_time() - cpu) / args.requests * 1000
    print(f"{args.scenario}: {wall:.1f} ms a request, {spent:.1f} ms of it on this CPU")


if __name__ == "__main__":
    main()
