"""The puzzle page's question and feedback are kept as fragments in each worker's memory
(lessons.puzzle_views._fragment_keys): what they show still follows the language, the
answer, the rating change and the content, as when they were drawn each time."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import Client

from lessons.models import Theme
from tests.factories import PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
RIGHT = {"meld": "0", "cards": ["10C", "7C"]}


@pytest.fixture(autouse=True)
def _no_kept_fragments() -> None:
    caches["fragments"].clear()


def test_the_feedback_follows_the_language_and_the_answer(client: Client) -> None:
    puzzle = PuzzleFactory()
    client.force_login(UserFactory())
    url = f"/puzzles/{puzzle.slug}/"
    italian = client.post(url, RIGHT, headers={**HTMX, "Accept-Language": "it"}).content.decode()
    client.cookies["django_language"] = "en"
    english = client.post(url, RIGHT, headers=HTMX).content.decode()
    wrong = client.post(url, {"none": "1"}, headers=HTMX).content.decode()
    again = client.post(url, RIGHT, headers=HTMX).content.decode()
    assert "Corretto" in italian and "Puoi attaccare" in italian
    assert "Correct!" in english and "Can you attach" in english
    assert "Correct!" not in wrong and 'id="feedback"' in wrong
    assert "Correct!" in again


def test_the_rating_change_is_shown_as_it_was_for_each_answer(client: Client) -> None:
    first, second = PuzzleFactory.create_batch(2)
    client.force_login(UserFactory())
    rated = client.post(f"/puzzles/{first.slug}/", RIGHT, headers=HTMX).content.decode()
    unrated = client.post(f"/puzzles/{first.slug}/", RIGHT, headers=HTMX).content.decode()
    assert "rating-change" in rated
    assert "rating-change" not in unrated
    assert (
        "rating-change"
        in client.post(f"/puzzles/{second.slug}/", RIGHT, headers=HTMX).content.decode()
    )


def test_an_edited_puzzle_shows_its_new_prompt_and_themes(client: Client) -> None:
    puzzle = PuzzleFactory()
    client.force_login(UserFactory())
    url = f"/puzzles/{puzzle.slug}/"
    client.post(url, RIGHT, headers=HTMX)
    puzzle.prompt_it = "Si può attaccare il [10C] qui?"
    puzzle.save()
    puzzle.themes.set([Theme.objects.create(name="R23")])
    shown = client.post(url, RIGHT, headers=HTMX).content.decode()
    assert "Si può attaccare" in shown and "R23" in shown
