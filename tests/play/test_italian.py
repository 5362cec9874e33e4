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
    assert "Tocca a te" in page and "Il tuo avversario" in page and "Gioca</a>" in page
    hand = games.load(game)
    page = move(client, game, do="discard", cards=[str(hand.position.hand[0])]).content.decode()
    assert "La mossa non è stata fatta:" in page and "Regola R6" in page


def test_the_start_page_speaks_italian() -> None:
    page = Client().get("/play/").content.decode()
    assert "Gioca una smazzata contro il computer" in page
    assert "Giocatore di circolo" in page and "Dopo ogni tuo turno" in page


def test_a_sentence_with_a_plural_is_italian_at_the_table() -> None:
    # The table rendered the engine's sentences with gettext alone, so one with a plural
    # form (the coach's pile sentence, the stall's refusal) came out in English.
    from engine.errors import Refusal
    from play.models import Finding
    from play.table import finding_text, sentence

    finding = Finding(sentence="coach_missed_pile", params={"cards": ["3S"], "count": 1})
    assert finding_text(finding).startswith("Negli scarti c'era il 3 di picche, che")
    stall = Refusal("stall", "R34", times=2)
    assert sentence(stall).startswith("Hai cominciato tu questo scambio")
    assert "2 volte" in sentence(stall)
