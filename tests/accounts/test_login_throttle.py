"""The log-in throttle: ten failed tries per address and username, then 429 for a while."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts import throttle
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def fail(client: Client, username: str, times: int, **extra: str) -> list[int]:
    return [
        client.post(
            "/accounts/login/", {"username": username, "password": "nope"}, **extra
        ).status_code
        for _ in range(times)
    ]


def test_the_eleventh_failed_try_is_refused_without_checking_the_password() -> None:
    user = UserFactory()
    client = Client()
    assert fail(client, user.username, throttle.LIMIT) == [200] * throttle.LIMIT
    # Even the right password: a blocked try never reaches the password check.
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "Troppi tentativi" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_limit_is_per_username_and_per_address() -> None:
    user, other = UserFactory(), UserFactory()
    client = Client()
    fail(client, user.username.upper(), throttle.LIMIT)  # the name's case does not matter
    assert fail(client, user.username, 1) == [429]
    ok = client.post("/accounts/login/", {"username": other.username, "password": PASSWORD})
    assert ok.status_code == 302
    elsewhere = Client(REMOTE_ADDR="192.0.2.9")
    ok = elsewhere.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert ok.status_code == 302


def test_a_right_password_clears_the_count() -> None:
    user = UserFactory()
    client = Client()
    fail(client, user.username, throttle.LIMIT - 1)
    client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    client.post("/accounts/logout/")
    assert fail(client, user.username, throttle.LIMIT - 1) == [200] * (throttle.LIMIT - 1)


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(settings: object) -> None:
    settings.PROXY_COUNT = 1  # type: ignore[attr-defined]
    user = UserFactory()
    client = Client()
    # A client forging X-Forwarded-For cannot escape: the proxy appends the real address.
    for forged in range(throttle.LIMIT):
        fail(client, user.username, 1, HTTP_X_FORWARDED_FOR=f"10.0.0.{forged}, 198.51.100.7")
    assert fail(client, user.username, 1, HTTP_X_FORWARDED_FOR="198.51.100.7") == [429]
    assert fail(client, user.username, 1, HTTP_X_FORWARDED_FOR="198.51.100.8") == [200]
