"""The levels' ratings, as ``python -m engine ladder`` measured them (``ladder.json`` beside
this file, written by the command's ``--out``): one rating per level and table size on the
Elo and Glicko scale, the beginner at 1500 (a newcomer's rating), with its 95% interval.

A table size the ladder has not measured takes the two-player figures (:func:`table`).
The site shows them at the level choice and rates a learner's hands against them.

>>> table(2)["beginner"].rating
1500
>>> closest(1500, 2)
'beginner'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.bots import LEVELS

#: The ladder's figures (engine.cli.ladder.save writes them).
LADDER = Path(__file__).with_name("ladder.json")
#: The table size whose figures stand in for a size not measured.
FALLBACK_PLAYERS = 2


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A level's rating and its 95% interval."""

    level: str
    rating: int
    low: int
    high: int


@cache
def _tables() -> dict[int, dict[str, Any]]:
    try:
        data = json.loads(LADDER.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    tables = data.get("tables", {}) if isinstance(data, dict) else {}
    return {int(players): figures for players, figures in tables.items()}


def measured(players: int) -> dict[str, Any]:
    """The figures of the ladder run that rated this table size (its date, command, deals),
    the two-player run's for a size not measured; {} when there is none."""
    tables = _tables()
    return tables.get(players) or tables.get(FALLBACK_PLAYERS) or {}


def table(players: int) -> dict[str, LevelRating]:
    """Each level's rating at a table of ``players`` (the two-player figures for a size the
    ladder has not measured), weakest level first."""
    levels = measured(players).get("levels", {})
    return {
        level: LevelRating(level, *(int(levels[level][key]) for key in ("rating", "low", "high")))
        for level in LEVELS
        if level in levels
    }


def rating(level: str, players: int) -> int | None:
    """A level's rating at that table, or None when the ladder has no figure for it."""
    found = table(players).get(level)
    return None if found is None else found.rating


def closest(rating: float, players: int, levels: Sequence[str] = LEVELS) -> str | None:
    """The level among ``levels`` whose rating at that table is closest to ``rating`` (the
    weaker of two as close); None when none is rated."""
    rated = table(players)
    candidates = [rated[level] for level in levels if level in rated]
    if not candidates:
        return None
    return min(candidates, key=lambda found: (abs(found.rating - rating), found.rating)).level
