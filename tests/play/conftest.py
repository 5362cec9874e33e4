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
