"""Shared test set-up."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Any) -> None:
    """Tests log in often: a deliberately slow hasher would slow every one of them down."""
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        # The made-up students' passwords are hashed with it whatever the setting says.
        "accounts.hashers.GeneratedPasswordHasher",
    ]


@pytest.fixture(autouse=True)
def charges_at_once(settings: Any) -> None:
    """Each request is charged its CPU as it ends (burraco_tutor.cost), so what a test counts
    does not depend on the requests before it; test_cost.py tests the batching itself."""
    settings.COST_BATCH_MS = 0
    # The back seat serves a request from another thread, on a database connection of its
    # own that a test's transaction cannot be seen from: test_back_seat.py turns it on.
    settings.BACK_SEAT_MS = 0
    settings.BACK_SEAT_BURST_MS = 0
    # Every test's browser comes from one address, and those without an account take the
    # address's lane for each heavy request: no pause after a long one, so a test's next
    # browser is not refused for the last one's deal. test_cost.py tests the pause.
    settings.LANE_SHARE_PERCENT = 100


@pytest.fixture(autouse=True)
def fresh_budgets() -> None:
    """What a worker knows of spent budgets and owes in charges lives in the process's
    memory, not in the test's database: without this a test inherits the CPU that earlier
    tests of the same worker spent as a user with the same id (SQLite gives ids again
    after each rollback) and is refused with a 429 it did nothing to earn."""
    from burraco_tutor import cost

    cost._SPENT.clear()
    cost._BACK.clear()
    cost._PENDING.clear()


@pytest.fixture(autouse=True)
def fresh_fragments() -> None:
    """The fragment cache lives in the process's memory, not in the test's database (which
    is rolled back after each test): empty it too."""
    from django.core.cache import caches

    caches["fragments"].clear()


@pytest.fixture
def steady_content_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """For tests that count queries: a worker reads the content's version from the shared
    cache once a second (lessons.versioned), so on a loaded machine one request of two being
    compared could read it and the other not. Trust it for ten minutes instead."""
    from lessons import versioned

    monkeypatch.setattr(versioned, "VERSION_SECONDS", 600.0)
