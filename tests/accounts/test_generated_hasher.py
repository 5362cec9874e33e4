"""Made-up students' passwords: hashed lightly, upgraded at the student's first log-in."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from classroom import services
from tests.factories import ClassroomFactory

pytestmark = pytest.mark.django_db


def test_a_made_up_password_is_hashed_lightly_and_upgraded_at_the_first_log_in(
    settings: Any,
) -> None:
    # Hashing 40 passwords at full strength made "add students" cost 12 s of CPU.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        "accounts.hashers.GeneratedPasswordHasher",
    ]
    [account] = services.create_students(ClassroomFactory(), ["Giulia Rossi"])
    user = get_user_model().objects.get(username=account.username)
    assert user.password.startswith("pbkdf2_sha256_generated$20000$")
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": account.username, "password": account.password}
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("pbkdf2_sha256$")


def test_forty_made_up_passwords_cost_less_than_one_full_hash() -> None:
    # Rounds, not seconds: 40 light hashes take fewer PBKDF2 rounds than one of Django's.
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    from accounts.hashers import GeneratedPasswordHasher

    hashes = services._hashes(["bafemito-4821"] * 40)
    assert all(h.startswith("pbkdf2_sha256_generated$") for h in hashes)
    assert 40 * GeneratedPasswordHasher.iterations < PBKDF2PasswordHasher.iterations
