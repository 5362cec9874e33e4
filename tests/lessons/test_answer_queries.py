"""The answer path stays light: a rated htmx answer, by a learner who has answered
before, costs a fixed, small number of queries. Puzzles, themes and the rule-to-step links
are content, read once per process under the content's version (lessons.versioned)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from lessons.models import Attempt, LearnerRating, Puzzle, Theme
from tests.factories import PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
#: The session and the account; both rate limits, counted in one statement; then, in a
#: transaction (BEGIN and COMMIT outside a test): the puzzle read with the earlier answers,
#: the learner's rating and whether any review card is due a look (on PostgreSQL the same
#: statement locks the puzzle's row, and reads again only when another answer held it), the
#: attempt, the learner's rating written if no other answer moved it meanwhile, its point,
#: with its change, and the puzzle's play and new rating, all written by one service
#: (lessons.answering.finishing.finish). The content's version is read at most once a
#: second (lessons.versioned), so not here, just after the page; the session is not
#: written (the answer's start time is a signed field of the form). Last, the request's
#: cost charged to the learner's and the address's budgets of CPU, in one statement
#: (burraco_tutor.cost).
#: The same answer took 17 before (at 4e4ccf1), 19 at 41d90e9 and 24 at 4727546; on
#: PostgreSQL 9 before the lock went into the read.
RATED_ANSWER_QUERIES = {"sqlite": 9, "postgresql": 9}


def test_a_rated_answer_takes_a_fixed_number_of_queries(
    client: Client, django_assert_max_num_queries: Any, steady_content_version: None
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
    with django_assert_max_num_queries(RATED_ANSWER_QUERIES[connection.vendor]):
        response = client.post(f"/puzzles/{puzzle.slug}/", right, headers=HTMX)
    assert response.status_code == 200 and "Corretto" in response.content.decode()
    assert Attempt.objects.get(puzzle=puzzle).rated
    moved = Puzzle.objects.get(pk=puzzle.pk)
    assert moved.plays == 1 and moved.rating != puzzle.rating


def test_the_written_out_insert_keeps_the_attempt_as_the_orm_would(client: Client) -> None:
    """The attempt and the play are written by statements made once a process;
    the row reads back as Model.save would have kept it."""
    puzzle = PuzzleFactory()
    client.force_login(UserFactory())
    response = client.post(
        f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C", "7C"]}, headers=HTMX
    )
    assert response.status_code == 200
    kept = Attempt.objects.get(puzzle=puzzle)
    assert kept.answer == {"meld": 0, "cards": ["10C", "7C"]}
    # The verdict once: right and its code in columns, the rest beside them.
    assert kept.correct and kept.code == "correct" and kept.rule == ""
    assert "correct" not in kept.verdict and kept.verdict["rule"] == "R17"
    assert kept.created_at is not None and kept.rated and kept.visitor
    moved = Puzzle.objects.get(pk=puzzle.pk)
    assert moved.plays == 1 and moved.rating != puzzle.rating
