"""/healthz: what load balancers and monitors ask."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError, connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_answers_ok_when_the_database_answers(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "no-cache" in response["Cache-Control"]


def test_it_answers_503_when_the_database_is_unreachable(client: Client) -> None:
    with mock.patch.object(connection, "cursor", side_effect=OperationalError("gone")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content != b"ok"


def probe_port(workers: list[int]) -> Any:
    """The master's probe port (burraco_tutor.health.serve_probes) on a free port."""
    from burraco_tutor.health import serve_probes

    return serve_probes("127.0.0.1:0", lambda: workers[0])


def ask(server: Any, path: str = "/healthz") -> tuple[int, bytes]:
    url = f"http://127.0.0.1:{server.server_address[1]}{path}"
    try:
        with urllib.request.urlopen(url, timeout=5) as response:  # nosec B310 - the test's own
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_the_probe_port_answers_ok_with_live_workers_and_a_database() -> None:
    workers = [2]
    server = probe_port(workers)
    try:
        assert ask(server) == (200, b"ok")
        assert ask(server, "/other")[0] == 404
        workers[0] = 0  # the master has lost its workers
        assert ask(server) == (503, b"no workers")
    finally:
        server.shutdown()
        server.server_close()


def test_the_probe_port_answers_503_when_the_database_is_unreachable() -> None:
    server = probe_port([2])
    gone = OperationalError("gone")
    try:
        # The probe runs in the server's thread, with a connection of its own.
        with mock.patch.object(BaseDatabaseWrapper, "cursor", side_effect=gone):
            assert ask(server) == (503, b"database unavailable")
    finally:
        server.shutdown()
        server.server_close()


def test_healthz_is_answered_before_the_rest_of_the_middleware(client: Client) -> None:
    response = client.get("/healthz")
    assert "Content-Security-Policy" not in response and not response.cookies
