"""/healthz ahead of everything else, and on a port of its own that never queues.

On the site's port the first middleware answers ``/healthz``: a load balancer's probe should
learn whether a worker and the database answer, not wait for sessions, gzip, the
content-security policy or the limits by cost (a probe is no visitor, and a limit must never
mark the site down). The URL stays in the URLconf too (``reverse("healthz")``).

But gunicorn's sync workers serve one request each: when all of them are playing the bots'
turns, a probe on the site's port waits in the queue like any visitor (a second under the
soak's table). So ``make serve`` also answers probes in gunicorn's master process, on
``HEALTH_BIND`` (gunicorn.conf.py calls :func:`serve_probes` when the master is ready): a
thread there answers at once, 200 when the master has live workers and the database answers,
503 otherwise. Point the load balancer's probe there; the site's ``/healthz`` stays for
monitors that want a worker's own answer, with a timeout of a few seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.http import HttpRequest, HttpResponseBase

from burraco_tutor.views import healthz


class HealthMiddleware:
    """Answer ``/healthz`` at once, before the rest of the middleware runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        # A probe reads; anything else goes the whole way (a forged POST meets CSRF's 403).
        if request.path_info == "/healthz" and request.method in ("GET", "HEAD"):
            return healthz(request)
        return self.get_response(request)


def probe(workers: Callable[[], int]) -> tuple[int, bytes]:
    """The probe port's answer: 200 "ok" when there are live workers and the database
    answers; else 503 and why. (For monitors, not people: not translated.)"""
    if workers() < 1:
        return 503, b"no workers"
    from django.db import DatabaseError, connection

    # The probe thread keeps its connection (CONN_MAX_AGE, health-checked): opening one a
    # probe took half the 100 ms on a loaded machine. Workers forked later inherit it but
    # never use it, and psycopg closes a connection only in the process that opened it.
    try:
        connection.close_if_unusable_or_obsolete()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        connection.close()
        return 503, b"database unavailable"
    return 200, b"ok"


def serve_probes(bind: str, workers: Callable[[], int]) -> ThreadingHTTPServer:
    """Answer GET /healthz on ``bind`` ("host:port") from a thread of this process."""
    import django

    django.setup()
    host, _, port = bind.rpartition(":")

    class Probe(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            status, body = probe(workers) if self.path == "/healthz" else (404, b"not found")
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache, no-store, must-revalidate")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass  # a probe a few seconds is noise in the log

    server = ThreadingHTTPServer((host or "127.0.0.1", int(port)), Probe)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="health probes", daemon=True).start()
    return server
