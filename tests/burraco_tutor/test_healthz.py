"""/healthz: what load balancers and monitors ask."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import OperationalError, connection
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
