"""The practice table in Italian: the buttons, the move log and the coach's words."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from play import games
from tests.play.test_table_views import deal, move

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def italian(settings: Any) -> None:
    settings.LANGUAGE_CODE = "it"


def test_the_table_speaks_italian() -> None:
    client = Client()
    game = deal(client)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Pesca dal tallone" in page and "Raccogli tutti gli scarti" in page
    assert "Tocca a te" in page and "Nord " in page and "Gioca</a>" in page
    hand = games.load(game)
    page = move(client, game, do="discard", cards=[str(hand.position.hand[0])]).content.decode()
    assert "La mossa non è stata fatta:" in page and "Regola R6" in page


def test_the_start_page_speaks_italian() -> None:
    page = Client().get("/play/").content.decode()
    assert "Gioca una smazzata contro il computer" in page
    assert "Giocatore di circolo" in page and "Dopo ogni tuo turno" in page
