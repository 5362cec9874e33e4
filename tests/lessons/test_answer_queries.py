"""The answer path stays light (issue 15): a rated htmx answer, by a learner who has answered
before, costs a fixed, small number of queries. Puzzles, themes and the rule-to-step links
are content, read once per process under the content's version (lessons.versioned)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from lessons.models import Attempt, LearnerRating, Puzzle, Theme
from tests.factories import PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
#: The session and the account; both rate limits, counted in one statement; the content's
#: version; then, in a transaction (two savepoints here, BEGIN and COMMIT outside a test):
#: the play counted (the puzzle's lock), the earlier answers and the puzzle's rating, the
#: attempt, the learner's rating read locked and written, its point, the review cards, the
#: puzzle's new rating; last, the session without the answer's start time (three).
#: The same answer took 24 before (at 4727546: the puzzle and its themes read each time, two
#: queries for the earlier answers, four for the rate limits).
RATED_ANSWER_QUERIES = 17


def test_a_rated_answer_takes_a_fixed_number_of_queries(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    theme = Theme.objects.create(name="R23")
    earlier, puzzle = PuzzleFactory.create_batch(2)
    for each in (earlier, puzzle):
        each.themes.set([theme])
    client.force_login(UserFactory())
    right = {"meld": "0", "cards": ["10C", "7C"]}
    client.post(f"/puzzles/{earlier.slug}/", right, headers=HTMX)
    assert LearnerRating.objects.count() == 1
    client.get(f"/puzzles/{puzzle.slug}/")
    with django_assert_max_num_queries(RATED_ANSWER_QUERIES):
        response = client.post(f"/puzzles/{puzzle.slug}/", right, headers=HTMX)
    assert response.status_code == 200 and "Corretto" in response.content.decode()
    assert Attempt.objects.get(puzzle=puzzle).rated
    moved = Puzzle.objects.get(pk=puzzle.pk)
    assert moved.plays == 1 and moved.rating != puzzle.rating
