"""A learner's practice games in "download my data", and anonymous games cleared once their
session has ended."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from play.models import Game
from tests.factories import GameFactory, ProfileFactory
from tests.play.test_table_views import deal, learner_turns

pytestmark = pytest.mark.django_db


def test_download_my_data_holds_the_accounts_games_and_findings() -> None:
    profile = ProfileFactory()
    client = Client()
    client.force_login(profile.user)
    game = deal(client)
    learner_turns(client, game, "random", turns=6)
    GameFactory()  # someone else's
    data = json.loads(client.get("/accounts/data/").getvalue())
    [mine] = data["practice_games"]
    game.refresh_from_db()
    assert mine["seed"] == game.seed and mine["actions"] == game.actions
    assert len(mine["findings"]) == game.findings.count() > 0
    # A match's earlier hands and its settings are the learner's data too.
    assert mine["match"] is False and mine["earlier_hands"] == [] and "takebacks" in mine
    assert {finding["hand"] for finding in mine["findings"]} == {0}


def test_anonymous_games_of_ended_sessions_are_deleted_and_the_rest_kept() -> None:
    client = Client()
    live = deal(client)
    ended = GameFactory(user=None, session_key="gone" * 8)
    kept = GameFactory()  # an account's
    Session.objects.filter(session_key=live.session_key).update(
        expire_date=timezone.now() + timedelta(days=1)
    )
    out = io.StringIO()
    call_command("clear_anonymous_games", stdout=out)
    assert out.getvalue().strip() == "practice games: 1"
    assert set(Game.objects.values_list("pk", flat=True)) == {live.pk, kept.pk}
    assert not Game.objects.filter(pk=ended.pk).exists()
