"""What an answer's feedback shows besides the verdict: the rating change of a
rated answer, and a correct answer played on the board."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from lessons.models import LearnerRating, RatingHistory
from tests.factories import PuzzleFactory, position
from tests.lessons.progress_helpers import RIGHT, WRONG

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true", "accept-language": "en"}


def rating() -> int:
    return round(LearnerRating.objects.get().rating)


def test_a_rated_answer_shows_how_far_it_moved_the_rating(client: Client) -> None:
    first, second = PuzzleFactory(), PuzzleFactory()
    html = client.post(f"/puzzles/{first.slug}/", RIGHT, headers=HTMX).content.decode()
    after_first = rating()
    assert after_first > 1500
    # A change, labelled as one: "Your rating: −529" read as a rating of −529 (found by
    # walking the site).
    assert f"Change to your puzzle rating: +{after_first - 1500}" in html
    assert "Your rating:" not in html
    html = client.post(f"/puzzles/{second.slug}/", WRONG, headers=HTMX).content.decode()
    assert f"Change to your puzzle rating: −{after_first - rating()}" in html


def test_an_unrated_answer_shows_no_change(client: Client) -> None:
    puzzle = PuzzleFactory()
    client.post(f"/puzzles/{puzzle.slug}/", WRONG, headers=HTMX)
    html = client.post(f"/puzzles/{puzzle.slug}/", RIGHT, headers=HTMX).content.decode()
    assert "Correct!" in html and "puzzle rating:" not in html


def test_without_javascript_the_change_shows_on_the_answered_page(client: Client) -> None:
    puzzle = PuzzleFactory()
    location = client.post(f"/puzzles/{puzzle.slug}/", RIGHT)["Location"]
    html = client.get(location).content.decode()
    assert f"Variazione del tuo punteggio negli esercizi: +{rating() - 1500}" in html


def test_the_answered_page_reads_the_change_kept_on_the_rating_point(client: Client) -> None:
    puzzle = PuzzleFactory()
    location = client.post(f"/puzzles/{puzzle.slug}/", RIGHT)["Location"]
    point = RatingHistory.objects.get()
    assert point.change == rating() - 1500
    # Kept, not worked out again from the points before it.
    RatingHistory.objects.update(change=7)
    html = client.get(location).content.decode()
    assert "Variazione del tuo punteggio negli esercizi: +7" in html


def solution_part(html: str) -> str:
    return html[html.index('class="solution-board') :]


def test_the_correct_answer_is_played_on_the_board_of_a_line_of_play(client: Client) -> None:
    data = position(
        ["KS", "QS", "JS", "5D"],
        [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]],
        pozzetti_taken=[True, False],
    )
    puzzle = PuzzleFactory(kind="close", position=data, params={})
    html = client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"}, headers=HTMX).content.decode()
    shown = solution_part(html)
    mine = shown[shown.index("Your melds") :]
    assert 'aria-label="Meld 2"' in mine and "jack of spades" in mine
    assert "Your hand is empty." in shown, "the hand after the closing discard"
    assert "5 of diamonds" in shown[shown.index("Discard pile") :]


def test_the_correct_attachment_is_drawn_on_its_meld(client: Client) -> None:
    puzzle = PuzzleFactory()
    html = client.post(f"/puzzles/{puzzle.slug}/", WRONG, headers=HTMX).content.decode()
    shown = solution_part(html)
    meld = shown[shown.index('class="meld-changed"') :]
    meld = meld[: meld.index("</ol>")]
    assert "10 of clubs" in meld and "7 of clubs" in meld
    assert "king of diamonds" in shown[shown.index("Your hand") :]


def test_a_line_of_play_solution_survives_the_kept_verdict(client: Client) -> None:
    data = position(["KS", "QS", "JS"], [["3C", "4C", "5C"]])
    puzzle = PuzzleFactory(kind="pile", position=data, params={"goal": "pozzetto_al_volo"})
    location = client.post(f"/puzzles/{puzzle.slug}/", {"line": json.dumps(["discard KS"])})[
        "Location"
    ]
    shown = solution_part(client.get(location, headers={"accept-language": "en"}).content.decode())
    assert "jack of spades" in shown[shown.index("Your melds") :]
