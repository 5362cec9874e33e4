"""A move the engine refuses in a close or pile puzzle: said why, taken back, play goes on
(one illegal move once failed the attempt and threw the good moves away)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from lessons.models import Attempt, LearnerRating
from tests.factories import PuzzleFactory, position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
EN = {"accept-language": "en"}


def close_puzzle() -> str:
    data = position(
        ["KS", "QS", "JS", "5D"],
        [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]],
        pozzetti_taken=[True, False],
    )
    return f"/puzzles/{PuzzleFactory(kind='close', position=data, params={}).slug}/"


def line_sent(html: str) -> list[str]:
    """The moves the page's form will send back."""
    start = html.index('name="line" value="') + len('name="line" value="')
    return json.loads(html[start : html.index('"', start)].replace("&quot;", '"'))


def test_a_refused_move_says_why_and_keeps_the_good_moves(client: Client) -> None:
    url = close_puzzle()
    line = json.dumps(["meld JS QS KS"])
    response = client.post(
        url, {"op": "attach", "meld": "0", "cards": ["5D"], "line": line}, headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert not Attempt.objects.exists(), "a refused move is not an answer"
    assert "Questa mossa non è consentita" in html
    assert "Il 5 di quadri non è di fiori" in html and "R13 ·" in html
    assert 'value="back"' in html
    refused = html[html.index('class="alert alert-warning mt-3 refused"') :]
    assert "Questo tentativo non conterà per il tuo punteggio." in refused
    assert line_sent(html) == ["meld JS QS KS"], "the good move stands, the refused one goes"
    assert 'name="op" value="discard"' not in html, "the move is taken back first"
    assert 'value="5D" id="hand-1" disabled' in html


def test_taking_the_move_back_lets_the_learner_go_on_and_the_attempt_is_unrated(
    client: Client,
) -> None:
    url = close_puzzle()
    line = json.dumps(["meld JS QS KS"])
    client.post(url, {"op": "attach", "meld": "0", "cards": ["5D"], "line": line}, headers=HTMX)
    html = client.post(url, {"op": "back", "line": line}, headers=HTMX).content.decode()
    assert "Questa mossa non è consentita" not in html
    assert 'name="op" value="discard"' in html and line_sent(html) == ["meld JS QS KS"]
    response = client.post(url, {"op": "discard", "cards": ["5D"], "line": line}, headers=HTMX)
    assert "Corretto" in response.content.decode()
    attempt = Attempt.objects.get()
    assert attempt.correct and not attempt.rated
    assert not LearnerRating.objects.exists(), "the learner's rating did not move"


def test_a_refused_first_move_in_english_names_the_rule(client: Client) -> None:
    url = close_puzzle()
    response = client.post(
        url, {"op": "meld", "cards": ["QS", "KS"], "line": "[]"}, headers={**HTMX, **EN}
    )
    html = response.content.decode()
    assert "That move is not allowed" in html and "R10 ·" in html
    assert "at least three cards" in html
    assert line_sent(html) == []


def test_without_javascript_the_refusal_is_a_whole_page(client: Client) -> None:
    url = close_puzzle()
    response = client.post(url, {"op": "meld", "cards": ["QS", "KS"], "line": "[]"})
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert "Questa mossa non è consentita" in html


def test_a_step_the_form_cannot_take_keeps_the_moves_played_so_far(client: Client) -> None:
    # "Attach" with two melds and none chosen: a 400 that used to draw the puzzle afresh.
    url = close_puzzle()
    line = json.dumps(["meld JS QS KS"])
    response = client.post(url, {"op": "attach", "cards": ["5D"], "line": line}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 400 and "Scegli il gioco" in html
    assert line_sent(html) == ["meld JS QS KS"]
