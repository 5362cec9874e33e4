"""Two players say "your opponent" ("il tuo avversario"), never "the other side": the table's
names, the move log, the coach's findings and hints, in English and in Italian; four
players keep "the other side" (issue 27)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext, ngettext

from engine.coach import coach, explain
from engine.state import Position
from play import games, table
from tests.play.test_table_views import deal, learner_turns

pytestmark = pytest.mark.django_db

#: A pile of one card, the Q♦, that goes with nothing of the hand, one card left and the
#: pozzetto taken: taking it is useless_pile (the bots leave it too), at every table.
USELESS_PILE = """{"players": %d, "to_move": 0, "phase": "draw",
  "hands": [["3C"], %s],
  "melds": [[["5H", "6H", "7H"]], [["9S", "9D", "9H"]]], "discard": ["QD"], "stock": 40,
  "pozzetti_taken": [true, false]}"""


def useless_pile(players: int) -> Position:
    others = ", ".join(['{"count": 9}'] * (players - 1))
    return Position.parse(USELESS_PILE % (players, others))


def said(position: Position, action: str) -> tuple[str, str]:
    """The coach's first finding on ``action``, in English and in Italian."""
    finding = coach(position, action).findings[0]
    with translation.override("it"):
        italian = finding.message(gettext, ngettext)
    return finding.message(), italian


def test_the_coach_says_your_opponent_at_two_players_in_both_languages() -> None:
    english, italian = said(useless_pile(2), "pile")
    assert "your opponent has seen it" in english and "next player" not in english
    assert "il tuo avversario l'ha vista" in italian and "prossimo giocatore" not in italian
    # Four players: the next player, who is not "your opponent" alone.
    english, italian = said(useless_pile(4), "pile")
    assert "the next player has seen it" in english and "il prossimo giocatore" in italian


def test_the_hint_for_a_discard_says_your_opponent_at_two_players() -> None:
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["KS", "4D", "5C"], {"count": 10}], "melds": [[["6H", "7H", "8H"]], []],
        "discard": ["QD"], "stock": 40, "pozzetti_taken": [false, false]}"""
    )
    reason = explain(position, "discard KS")
    with translation.override("it"):
        italian = reason.message(gettext, ngettext)
    assert reason.message().startswith("Discard the king of spades: it gives your opponent")
    assert "al tuo avversario" in italian and "prossimo giocatore" not in italian


def test_the_table_names_the_other_player_your_opponent_at_two_players(settings: Any) -> None:
    client = Client()
    game = deal(client)
    learner_turns(client, game, "club", turns=3)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Your opponent&#x27;s melds" in page
    assert "your opponent " in page  # On the table, bonuses included: you 0, your opponent 0.
    assert "Your opponent draws from the stock" in page or "Your opponent takes" in page
    assert "other side" not in page.lower() and "North" not in page
    settings.LANGUAGE_CODE = "it"
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "I giochi del tuo avversario" in page and "il tuo avversario " in page
    assert "altra squadra" not in page and "Nord" not in page


def test_four_players_keep_the_sides_and_the_seats() -> None:
    client = Client()
    game = deal(client, players="4")
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "The other side&#x27;s melds" in page and "the other side " in page
    assert "Your opponent" not in page and "North" in page
    assert table.seat_name(4, 2) == "North" and table.fixed_side_name(1) == "The other side"
    assert table.fixed_side_name(1, players=2) == "Your opponent"


def test_while_the_bot_plays_the_table_says_your_opponent_is_playing(monkeypatch: Any) -> None:
    from play import hands

    monkeypatch.setattr(hands.run_bots, "__defaults__", (-1.0,))
    client = Client()
    game = deal(client)
    # The bot's first turn cut short after one action: the table waits and says so.
    hand = games.load(game)
    assert len(hand.steps) == 1 and not hand.learner_to_move
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Your opponent is playing" in page and "other players" not in page
    four = deal(client, players="4")
    page = client.get(f"/play/{four.pk}/").content.decode()
    assert "The other players are playing" in page
