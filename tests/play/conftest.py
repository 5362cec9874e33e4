from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    """These tests read the English words; tests/play/test_italian.py reads the Italian."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: Any) -> None:
    """Every game dealt in a test is the deal of seed 7, so a test replays the same cards."""
    from play import games

    monkeypatch.setattr(games.secrets, "randbelow", lambda limit: 7)


@pytest.fixture(autouse=True)
def no_rate_limits(settings: Any) -> None:
    """A whole hand played by a test is more POSTs a minute than a person makes; the play
    limits are shown biting in tests/burraco_tutor/test_limits.py."""
    settings.RATELIMIT_ENABLE = False
