"""The settings module: production values pass Django's deployment checks."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from burraco_tutor.settings import env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run manage.py in a fresh interpreter, with the settings read from ``env``."""
    # The browser tests' DJANGO_ALLOW_ASYNC_UNSAFE would fail the deployment checks.
    unwanted = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {key: value for key, value in os.environ.items() if key not in unwanted}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deployment_checks() -> None:
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = manage("check", DEBUG="0", ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


@pytest.mark.parametrize(
    ("text", "value"), [("1", True), ("on", True), ("False", False), ("no", False), ("", True)]
)
def test_env_bool_reads_yes_or_no_and_falls_back_to_the_default(
    monkeypatch: pytest.MonkeyPatch, text: str, value: bool
) -> None:
    monkeypatch.setenv("FLAG", text)
    assert env_bool("FLAG", True) is value


def test_env_helpers_refuse_values_they_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLAG", "maybe")
    monkeypatch.setenv("NUMBER", "many")
    monkeypatch.delenv("MISSING", raising=False)
    with pytest.raises(ImproperlyConfigured):
        env_bool("FLAG", True)
    with pytest.raises(ImproperlyConfigured):
        env_int("NUMBER", 1)
    with pytest.raises(ImproperlyConfigured):
        env_str("MISSING")


def test_env_list_splits_on_commas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOSTS", "example.org, www.example.org,")
    assert env_list("HOSTS", []) == ["example.org", "www.example.org"]
