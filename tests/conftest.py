"""Shared test set-up."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    """Tests log in often: a deliberately slow hasher would slow every one of them down."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_step_links() -> None:
    """Each test's database has its own steps (rolled back after it): links from rules to
    steps, kept in memory between requests (lessons.quiz.lesson_url), start afresh."""
    from lessons.quiz import forget_steps

    forget_steps()


@pytest.fixture(autouse=True)
def fresh_fragments() -> None:
    """The fragment cache lives in the process's memory, not in the test's database (which
    is rolled back after each test): empty it too."""
    from django.core.cache import caches

    caches["fragments"].clear()
