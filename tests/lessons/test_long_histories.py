"""The progress page of a learner with a long past: the rating chart reads its latest points
only (lessons.ratings.history), accuracy is counted by the database (lessons.stats.accuracy),
and the figures are those of every row."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from lessons import ratings, stats
from lessons.charts import POINTS
from lessons.models import Attempt, LearnerRating, RatingHistory, Theme
from tests.factories import AttemptFactory, PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_chart_reads_the_latest_points_of_a_history_of_thousands(settings: Any) -> None:
    settings.LANGUAGE_CODE = "en"
    user = UserFactory()
    row = LearnerRating.objects.create(user=user, rating=1700, rating_deviation=60, games=3000)
    start = timezone.now() - timedelta(days=30)
    RatingHistory.objects.bulk_create(
        RatingHistory(
            learner=row,
            rating=1000 + n / 10,
            rating_deviation=60,
            puzzle_rating=1500,
            puzzle_deviation=60,
            solved=True,
            at=start + timedelta(minutes=n),
        )
        for n in range(3000)
    )
    latest = ratings.history(row, POINTS)
    assert [point.rating for point in latest] == [1000 + n / 10 for n in range(3000 - POINTS, 3000)]
    AttemptFactory(user=user)
    client = Client()
    client.force_login(user)
    page = client.get("/progress/").content.decode()
    assert f"Over {POINTS} rated puzzles your rating went from 1294" in page
    # Its points are numbered from the learner's first rated puzzle: the last is the 3,000th.
    assert ">3000<" in page.split('class="rating-chart')[1].split("</figure>")[0]


def test_accuracy_counts_every_answer_without_reading_them_one_by_one() -> None:
    user = UserFactory()
    right, wrong = PuzzleFactory(), PuzzleFactory()
    rule, _ = Theme.objects.get_or_create(name="R23")
    for puzzle in (right, wrong):
        puzzle.themes.add(rule)
    Attempt.objects.bulk_create(
        [AttemptFactory.build(user=user, puzzle=right) for _ in range(1200)]
        + [
            AttemptFactory.build(user=user, puzzle=wrong, correct=False, rule="R23")
            for _ in range(800)
        ]
    )
    client = Client()
    client.force_login(user)
    request = client.get("/progress/").wsgi_request
    with CaptureQueriesContext(connection) as queries:
        rules, _topics = stats.accuracy(request)
    assert [(row.theme, row.right, row.wrong) for row in rules] == [("R23", 1200, 800)]
    # One row per puzzle, result and rule came back, not one per answer; then the themes.
    assert len(queries) == 2


def test_the_review_reads_one_row_a_failed_puzzle_however_often_it_was_missed() -> None:
    from lessons import review

    user = UserFactory()
    older, newer, solved = PuzzleFactory(), PuzzleFactory(), PuzzleFactory()
    wrong = [
        AttemptFactory.build(user=user, puzzle=puzzle, correct=False, rule="R23")
        for puzzle in [newer, *([older] * 500), solved]
    ]
    Attempt.objects.bulk_create([*wrong, AttemptFactory.build(user=user, puzzle=solved)])
    # created_at is set on saving: the older puzzle's wrong answers moved back after.
    for puzzle, minutes in ((older, 100), (newer, 5)):
        Attempt.objects.filter(puzzle=puzzle).update(
            created_at=timezone.now() - timedelta(minutes=minutes)
        )
    client = Client()
    client.force_login(user)
    request = client.get("/progress/").wsgi_request
    assert review.failed_puzzles(request, "R23") == [older, newer]
    assert review.failed_puzzles(request, "R23", most=1) == [older]
    assert review.failed_counts(request) == {"R23": 2}
