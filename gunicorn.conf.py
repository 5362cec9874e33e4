"""gunicorn's settings for `make serve` (gunicorn reads this file from the working folder).

With HEALTH_BIND set ("127.0.0.1:8001"), the master answers load balancers' probes on that
port from a thread of its own, so a probe never queues behind busy sync workers
(burraco_tutor/health.py). Each worker learns its listening sockets, whose accept queues
tell it whether anyone waits for a worker (burraco_tutor.cost.waiting).
"""

import os


def when_ready(server):  # type: ignore[no-untyped-def]
    bind = os.environ.get("HEALTH_BIND", "").strip()
    if bind:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_tutor.settings")
        from burraco_tutor.health import serve_probes

        serve_probes(bind, lambda: len(server.WORKERS))
        server.log.info("answering health probes on %s", bind)


def post_worker_init(worker):  # type: ignore[no-untyped-def]
    from burraco_tutor.cost import LISTENERS

    LISTENERS[:] = worker.sockets


def post_fork(server, worker):  # type: ignore[no-untyped-def]
    # The workers run a little below the master, so that the master's probe thread
    # (HEALTH_BIND) has the processor first when it wakes; among themselves nothing changes.
    os.nice(int(os.environ.get("WORKER_NICE", "5")))
