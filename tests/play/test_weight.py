"""The practice table's weight (bench/pageweight.py): the table's first load ≤ 150 KB and a
move's htmx fragment, as sent, ≤ 8 KB, with a full move log and four players."""

from __future__ import annotations

import pytest
from django.test import Client

from bench.pageweight import FRAGMENT_TARGET, PAGE_TARGET, first_load, kb, plain
from play import games
from tests.play.test_table_views import deal, learner_turns
from tests.test_page_weight import client_fetch

pytestmark = pytest.mark.django_db


def test_the_tables_first_load_and_each_moves_fragment_are_within_budget() -> None:
    client = Client()
    game = deal(client, players="4")
    # Enough turns that the move log is full and the table has melds on it.
    learner_turns(client, game, "club", turns=2)
    game.refresh_from_db()
    weight = first_load(client_fetch(client), f"/play/{game.pk}/")
    print()
    print(weight.report(f"the table, /play/{game.pk}/", PAGE_TARGET))
    assert weight.total <= PAGE_TARGET, weight.report("the table", PAGE_TARGET)
    hand = games.load(game)
    assert hand.learner_to_move and len(hand.steps) > 24
    response = client.post(
        f"/play/{game.pk}/",
        {"version": game.version, "do": "draw"},
        headers={"HX-Request": "true", "Accept-Encoding": "gzip"},
    )
    assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
    html = plain(response.content)
    assert b"<html" not in html and b'id="table"' in html
    print(f"a move's fragment: {kb(len(response.content))} sent ({kb(len(html))} unpacked)")
    assert len(response.content) <= FRAGMENT_TARGET
