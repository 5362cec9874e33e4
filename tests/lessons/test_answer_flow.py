"""The one answering flow (lessons.answering.flow): the answer's time is a signed field of
the form, so neither opening a puzzle nor answering it writes the session; a forged time, or
another puzzle's, is no time."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from lessons.models import Attempt
from tests.factories import PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
RIGHT = {"meld": "0", "cards": ["10C", "7C"]}


def started(html: str) -> str:
    found = re.search(r'name="started" value="([^"]+)"', html)
    assert found is not None, "the answer form carries its start time"
    return found[1]


def test_the_answer_is_timed_from_the_form_and_the_session_is_not_written() -> None:
    puzzle, other = PuzzleFactory.create_batch(2)
    client = Client()
    client.force_login(UserFactory())
    page = client.get(f"/puzzles/{puzzle.slug}/")
    assert "sessionid" not in page.cookies, "opening a puzzle writes no session"
    answer = client.post(
        f"/puzzles/{puzzle.slug}/",
        {**RIGHT, "started": started(page.content.decode())},
        headers=HTMX,
    )
    assert answer.status_code == 200 and "sessionid" not in answer.cookies
    seconds = Attempt.objects.get(puzzle=puzzle).seconds
    assert seconds is not None and 0 <= seconds < 60
    # Another puzzle's start time, or one written by hand, times nothing.
    theirs = started(client.get(f"/puzzles/{other.slug}/").content.decode())
    for forged in (theirs, "1700000000.0", started(page.content.decode())[:-2] + "xx"):
        Attempt.objects.filter(puzzle=puzzle).delete()
        client.post(f"/puzzles/{puzzle.slug}/", {**RIGHT, "started": forged}, headers=HTMX)
        assert Attempt.objects.get(puzzle=puzzle).seconds is None


def test_a_wrong_answer_keeps_the_time_the_page_was_opened() -> None:
    puzzle = PuzzleFactory()
    client = Client()
    first = started(client.get(f"/puzzles/{puzzle.slug}/").content.decode())
    wrong = client.post(
        f"/puzzles/{puzzle.slug}/", {"none": "1", "started": first}, headers=HTMX
    ).content.decode()
    assert started(wrong) == first
