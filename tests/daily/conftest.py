from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.test import Client

from engine.bots import decide, legal_in_view
from play import games, hands
from play.models import Game

#: "Today" in these tests: a Thursday (two players); the Sunday before is played at four.
TODAY = date(2026, 12, 3)


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    """These tests read the English words; test_day_views reads the Italian too."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def no_rate_limits(settings: Any) -> None:
    """A whole hand played by a test is more POSTs a minute than a person makes."""
    settings.RATELIMIT_ENABLE = False


@pytest.fixture(autouse=True)
def fixed_today(monkeypatch: Any) -> date:
    from daily import deal

    monkeypatch.setattr(deal, "today", lambda: TODAY)
    return TODAY


def finish_hand(game: Game, level: str = "beginner", seed: int = 999) -> hands.Hand:
    """The learner's turns played as a bot of ``level`` would, through the services, to the
    hand's end (another ``seed`` plays other moves)."""
    for _ in range(800):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return hand
        if not hand.learner_to_move:
            games.move(game, game.version, None)
            continue
        view = hand.view()
        action = decide(level, view, legal_in_view(view), hands.bot_rng(hand.setup, seed))
        games.move(game, game.version, action)
    raise AssertionError("the hand did not end")


def started(client: Client, path: str = "/play/daily/", do: str = "start", **data: Any) -> Game:
    response = client.post(path, {"do": do, **data})
    assert response.status_code == 302, response.content.decode()[-1500:]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
