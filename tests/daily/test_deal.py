"""The deal of a day: the same date deals the same cards to everyone."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from daily import deal
from play import hands

DAY = date(2026, 12, 3)


def cards_of(day: date) -> Any:
    fields = deal.Deal(day).game_fields()
    setup = hands.Setup(fields["players"], fields["seed"], fields["preset"])
    return hands.start(setup).to_json()


def test_the_same_date_gives_the_same_seed_and_the_same_cards() -> None:
    assert deal.seed(DAY) == deal.seed(date(2026, 12, 3))
    assert cards_of(DAY) == cards_of(date.fromisoformat("2026-12-03"))


def test_other_dates_give_other_seeds() -> None:
    seeds = {deal.seed(DAY + timedelta(days=n)) for n in range(60)}
    assert len(seeds) == 60
    assert all(0 <= seed < 2**31 for seed in seeds)


def test_the_seed_follows_the_secret_so_the_source_does_not_give_it_away(settings: Any) -> None:
    settings.DAILY_SECRET = ""
    settings.SECRET_KEY = "one"
    first = deal.seed(DAY)
    settings.SECRET_KEY = "two"
    assert deal.seed(DAY) != first
    settings.DAILY_SECRET = "its own"
    own = deal.seed(DAY)
    settings.SECRET_KEY = "three"
    assert deal.seed(DAY) == own


@pytest.mark.parametrize(
    ("day", "players"),
    [
        (date(2026, 11, 29), 4),
        (date(2026, 11, 30), 2),
        (date(2026, 12, 3), 2),
        (date(2026, 12, 6), 4),
    ],
)
def test_sundays_are_played_at_four(day: date, players: int) -> None:
    assert deal.players(day) == players
    assert deal.Deal(day).game_fields()["players"] == players


def test_the_deal_is_the_club_bots_standard_rules_one_hand_no_help() -> None:
    fields = deal.Deal(DAY).game_fields()
    assert fields["opponents"] == fields["partner"] == "club"
    assert fields["preset"] == "standard"
    assert fields["match"] is False and fields["takebacks"] is False
    assert fields["coach"] == "turns"


def test_past_days_are_listed_newest_first_from_the_first_day() -> None:
    assert deal.past_days(date(2026, 12, 3)) == [date(2026, 12, 2), date(2026, 12, 1)]
    assert len(deal.past_days(date(2027, 3, 1))) == deal.PAST_DAYS
