"""Which deal is the deal of a day: its seed, its table and its settings, from the date.

The seed is a keyed hash of the ISO date (``DAILY_SECRET``, else one derived from
``SECRET_KEY``), so the same date deals the same cards to everyone, on every worker and
after a restart, and nobody can work out tomorrow's cards from the source. Sundays are
played at four, the learner with a club bot partner against two club bots; the other days
at two against the club bot. The rules are the standard ones, one hand, no take-backs and
no hints (every player gets the same help: the coach after each turn).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from play.models import Game

#: The first deal of the day; the pages refuse the dates before it.
FIRST_DAY = date(2026, 12, 1)
#: The weekday played at four (Monday 0): Sunday.
FOUR_ON = 6
#: How many past days the day's page lists.
PAST_DAYS = 14


def today() -> date:
    """Today in the site's time zone (a day's deal changes at its midnight)."""
    return timezone.localdate()


def secret() -> bytes:
    """The key of the seeds: ``DAILY_SECRET``, else one derived from ``SECRET_KEY``."""
    own = getattr(settings, "DAILY_SECRET", "")
    return (own or f"daily.seed:{settings.SECRET_KEY}").encode()


def seed(day: date) -> int:
    """The day's seed: the same for the same date, below 2**31 as every game's."""
    digest = hmac.new(secret(), day.isoformat().encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % 2**31


def players(day: date) -> int:
    """Four on Sundays, two on the other days."""
    return 4 if day.weekday() == FOUR_ON else 2


@dataclass(frozen=True, slots=True)
class Deal:
    """One day's deal, as a practice game is dealt."""

    day: date

    @property
    def seed(self) -> int:
        return seed(self.day)

    @property
    def players(self) -> int:
        return players(self.day)

    def game_fields(self) -> dict[str, Any]:
        """The Game's settings: the day's seed and table, the club bots, standard rules."""
        return {
            "seed": self.seed,
            "players": self.players,
            "preset": Game.Preset.STANDARD,
            "opponents": Game.Level.CLUB,
            "partner": Game.Level.CLUB,
            "coach": Game.Coach.TURNS,
            "match": False,
            "takebacks": False,
        }


def is_playable(day: date) -> bool:
    """Has this day's deal been dealt: from the first day to today."""
    return FIRST_DAY <= day <= today()


def past_days(day: date, count: int = PAST_DAYS) -> list[date]:
    """The days before ``day`` whose deals may be played for practice, newest first."""
    days = [day - timedelta(days=back) for back in range(1, count + 1)]
    return [past for past in days if past >= FIRST_DAY]
