"""The log-in lock-out (django-axes, accounts.lockout): ten failed tries per address and
username, a cap per address across usernames, every log-in path, the proxy's address."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"
LIMIT = django_settings.AXES_FAILURE_LIMIT


def fail(
    client: Client, username: str, times: int, url: str = "/accounts/login/", **extra: str
) -> list[int]:
    return [
        client.post(url, {"username": username, "password": "nope"}, **extra).status_code
        for _ in range(times)
    ]


def log_in(client: Client, username: str, url: str = "/accounts/login/", **extra: str) -> int:
    response = client.post(url, {"username": username, "password": PASSWORD}, **extra)
    return response.status_code


def test_the_tenth_failed_try_locks_and_then_the_password_is_not_checked() -> None:
    user = UserFactory()
    client = Client()
    assert fail(client, user.username, LIMIT) == [200] * (LIMIT - 1) + [429]
    # Even the right password: a locked-out try never reaches the password check.
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 429 and response["Retry-After"] == "900"
    assert "Troppi tentativi" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_sentence_is_in_the_visitors_language() -> None:
    user = UserFactory()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    assert fail(client, user.username, LIMIT)[-1] == 429
    response = client.post("/accounts/login/", {"username": user.username, "password": "x"})
    assert "Too many failed attempts to log in with this name" in response.content.decode()


def test_the_limit_is_per_username_and_per_address() -> None:
    user, other = UserFactory(), UserFactory()
    client = Client()
    fail(client, user.username.upper(), LIMIT)  # the name's case does not matter
    assert fail(client, user.username, 1) == [429]
    assert log_in(client, other.username) == 302
    # The victim, from their own address, is not locked out by someone failing elsewhere.
    assert log_in(Client(REMOTE_ADDR="192.0.2.9"), user.username) == 302


def test_a_look_alike_username_gets_no_fresh_tries() -> None:
    user = UserFactory(username="victim")
    client = Client()
    # Fullwidth letters: Django normalises the name (NFKC) and would log in as "victim".
    assert fail(client, "ｖictim", LIMIT // 2) == [200] * (LIMIT // 2)
    assert fail(client, "VİCTİM", 0) == []
    assert fail(client, "ＶＩＣＴＩＭ", LIMIT - LIMIT // 2)[-1] == 429
    assert log_in(client, "victim") == 429
    assert log_in(client, "ｖictim") == 429
    assert log_in(Client(REMOTE_ADDR="192.0.2.9"), "ｖictim") == 302
    assert user.username == "victim"


def test_the_admin_log_in_is_locked_out_too() -> None:
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    assert fail(client, "boss", LIMIT, url="/admin/login/")[-1] == 429
    response = client.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    # The two log-in pages count together.
    assert log_in(client, "boss") == 429


def test_the_right_password_at_the_admin_logs_in_before_the_limit() -> None:
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    client = Client()
    fail(client, "boss", LIMIT - 1, url="/admin/login/")
    assert log_in(client, "boss", url="/admin/login/?next=/admin/") == 302


def test_one_address_trying_many_usernames_is_stopped(settings: object) -> None:
    settings.LOGIN_FAILURES_PER_ADDRESS = 5  # type: ignore[attr-defined]
    user = UserFactory()
    client = Client()
    assert fail(client, "nobody-1", 1) + fail(client, "nobody-2", 1) == [200, 200]
    assert [fail(client, f"sprayed-{n}", 1)[0] for n in range(3)] == [200, 200, 429]
    # The address is stopped for every name, the right password included...
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "Troppi tentativi di accesso falliti da questa connessione" in response.content.decode()
    # ...and a success elsewhere does not clear it; other addresses are not touched.
    assert log_in(Client(REMOTE_ADDR="192.0.2.9"), user.username) == 302
    assert fail(client, "someone-else", 1) == [429]


def test_a_right_password_clears_the_count() -> None:
    user = UserFactory()
    client = Client()
    fail(client, user.username, LIMIT - 1)
    assert log_in(client, user.username) == 302
    client.post("/accounts/logout/")
    assert fail(client, user.username, LIMIT - 1) == [200] * (LIMIT - 1)


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(settings: object) -> None:
    settings.PROXY_COUNT = 1  # type: ignore[attr-defined]
    user = UserFactory()
    client = Client()
    # A client forging X-Forwarded-For cannot escape: the proxy appends the real address.
    for forged in range(LIMIT):
        fail(client, user.username, 1, HTTP_X_FORWARDED_FOR=f"10.0.0.{forged}, 198.51.100.7")
    assert fail(client, user.username, 1, HTTP_X_FORWARDED_FOR="198.51.100.7") == [429]
    # Everyone comes through the same proxy (one REMOTE_ADDR): the others are not locked out.
    assert log_in(client, user.username, HTTP_X_FORWARDED_FOR="198.51.100.8") == 302


def test_behind_a_proxy_one_visitors_spray_does_not_stop_the_others(settings: object) -> None:
    settings.PROXY_COUNT = 1  # type: ignore[attr-defined]
    settings.LOGIN_FAILURES_PER_ADDRESS = 3  # type: ignore[attr-defined]
    user = UserFactory()
    client = Client()
    for n in range(3):
        fail(client, f"sprayed-{n}", 1, HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert fail(client, "more", 1, HTTP_X_FORWARDED_FOR="198.51.100.7") == [429]
    assert log_in(client, user.username, HTTP_X_FORWARDED_FOR="198.51.100.8") == 302


def test_production_counts_the_address_the_proxy_saw_unless_told_otherwise() -> None:
    import subprocess  # nosec B404 - runs this interpreter on the settings module
    import sys

    def proxy_count(**env: str) -> str:
        code = "from django.conf import settings; print(settings.PROXY_COUNT)"
        environ = {"DJANGO_SETTINGS_MODULE": "burraco_tutor.settings", "PATH": "/usr/bin", **env}
        result = subprocess.run(  # nosec B603 - fixed arguments
            [sys.executable, "-c", "import django; django.setup(); " + code],
            env=environ,
            capture_output=True,
            text=True,
            check=True,
            cwd=django_settings.BASE_DIR,
        )
        return result.stdout.strip()

    production = {"DEBUG": "0", "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "example.org"}
    assert proxy_count(**production) == "1"
    assert proxy_count(**production, PROXY_COUNT="2") == "2"
    assert proxy_count() == "0"
