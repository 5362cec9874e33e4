"""/progress/review/ and /progress/review/next/: the learner's queue, due rules first."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from lessons.models import ReviewCard
from tests.factories import PuzzleFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
EN = {"accept-language": "en"}


def test_an_empty_queue_says_where_mistakes_will_appear() -> None:
    html = Client().get("/progress/review/", headers=EN).content.decode()
    assert "Nothing is due for review now." in html
    assert "When you get a puzzle wrong, its rule will be here." in html


def test_the_queue_lists_due_rules_with_a_start_button_and_later_ones_below() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=False)
    html = client.get("/progress/review/", headers=EN).content.decode()
    assert "Coming back later" in html and "1 puzzle to try again" in html
    assert 'href="/progress/review/next/"' not in html
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    html = client.get("/progress/review/", headers=EN).content.decode()
    assert "Due now" in html and 'href="/progress/review/next/"' in html
    assert 'href="/progress/review/next/?rule=R23"' in html


def test_asking_for_the_next_review_with_nothing_due_shows_the_queue_saying_so() -> None:
    response = Client().get("/progress/review/next/", headers=EN)
    assert response.status_code == 200
    assert "Nothing is due for review now. Well done!" in response.content.decode()


def test_an_unknown_rule_is_ignored_for_the_most_overdue_one() -> None:
    client = Client()
    failed = PuzzleFactory()
    answer(client, failed, right=False)
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    response = client.get("/progress/review/next/", {"rule": "<script>"})
    assert response.url == f"/puzzles/{failed.slug}/?theme=R23"


def test_the_queue_counts_the_puzzles_to_try_again_in_one_query() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    first, second, solved = PuzzleFactory(), PuzzleFactory(), PuzzleFactory()
    for puzzle in (first, first, second, solved):
        answer(client, puzzle, right=False)
    answer(client, solved, right=True)
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/progress/review/", headers=EN).content.decode()
    assert "2 puzzles to try again" in html
    assert sum('"lessons_attempt"' in q["sql"] for q in queries.captured_queries) == 1
