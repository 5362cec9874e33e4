"""The examples in daily's docstrings (pytest collects doctests from engine/ only)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from daily import progress, standing


@pytest.mark.parametrize("module", [standing, progress], ids=lambda module: module.__name__)
def test_the_docstrings_examples_hold(module: ModuleType) -> None:
    found = doctest.testmod(module)
    assert found.attempted > 0 and found.failed == 0
