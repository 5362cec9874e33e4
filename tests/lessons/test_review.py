"""The review of mistakes: FSRS schedules each rule got wrong, and a review brings back the
puzzles failed on it, then fresh generated positions on the same rule."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import fsrs
import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client, RequestFactory
from django.utils import timezone

from engine.generate import recipe_kinds
from lessons import review
from lessons.learners import Learner
from lessons.models import Attempt, Puzzle, ReviewCard
from tests.factories import PuzzleFactory, ThemeFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
OWNER = Learner.visitor("s" * 32)


def card(when: datetime = START) -> ReviewCard:
    review.review(OWNER, ["R23"], fsrs.Rating.Again, when)
    return ReviewCard.objects.get(rule="R23")


def test_a_mistake_puts_its_rule_in_the_queue_due_ten_minutes_later() -> None:
    row = card()
    assert row.due == START + timedelta(minutes=10)
    assert (row.reviews, row.lapses) == (1, 0)


def test_each_right_review_brings_the_rule_back_later_and_a_mistake_brings_it_back_soon() -> None:
    row = card()
    gaps = []
    when = row.due
    for rating in [fsrs.Rating.Good] * 3 + [fsrs.Rating.Again, fsrs.Rating.Good]:
        review.review(OWNER, ["R23"], rating, when)
        row.refresh_from_db()
        gaps.append(row.due - when)
        when = row.due
    assert gaps[0] >= timedelta(days=1)
    assert gaps[0] < gaps[1] < gaps[2]
    assert gaps[3] == timedelta(minutes=10)
    assert gaps[4] >= timedelta(days=1)
    assert (row.reviews, row.lapses) == (6, 1)


def test_a_right_review_after_a_hint_counts_as_hard_and_comes_back_sooner() -> None:
    good = card()
    review.review(OWNER, ["R23"], fsrs.Rating.Good, good.due)
    good.refresh_from_db()
    ReviewCard.objects.all().delete()
    hard = card()
    review.review(OWNER, ["R23"], fsrs.Rating.Hard, hard.due)
    hard.refresh_from_db()
    assert hard.due < good.due


def test_a_right_answer_on_a_rule_never_missed_makes_no_card() -> None:
    review.review(OWNER, ["R11"], fsrs.Rating.Good, START)
    assert not ReviewCard.objects.exists()


def test_answering_on_the_site_schedules_the_rule_missed_and_reviews_it_when_right() -> None:
    client = Client()
    puzzle = PuzzleFactory()
    puzzle.themes.add(ThemeFactory(name="R23"))
    answer(client, puzzle, right=False)
    row = ReviewCard.objects.get()
    assert row.rule == "R23" and row.session_key == client.session.session_key
    answer(client, themed("R23"), right=True)
    row.refresh_from_db()
    assert row.reviews == 2
    assert row.due - timezone.now() > timedelta(hours=12)


def themed(rule: str) -> Puzzle:
    puzzle = PuzzleFactory()
    puzzle.themes.add(ThemeFactory(name=rule))
    return puzzle


def test_a_review_brings_back_the_failed_puzzle_then_a_fresh_position_on_the_rule() -> None:
    client = Client()
    failed = PuzzleFactory()
    answer(client, failed, right=False)
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    response = client.get("/progress/review/next/")
    assert response.url == f"/puzzles/{failed.slug}/?theme=R23"
    answer(client, failed, right=True)
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    response = client.get("/progress/review/next/")
    assert response.status_code == 302
    slug = response.url.split("/")[2]
    assert slug.startswith("gen-") and slug != failed.slug
    fresh = Puzzle.objects.get(slug=slug)
    assert fresh.source == Puzzle.Source.GENERATED
    assert fresh.kind in recipe_kinds("R23")


def test_the_puzzle_opened_from_the_review_reviews_its_rule_even_on_another_theme() -> None:
    client = Client()
    failed = PuzzleFactory()
    failed.themes.add(ThemeFactory(name="attaching"))
    answer(client, failed, right=False)
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    client.get("/progress/review/next/", {"rule": "R23"})
    attempt = answer(client, failed, right=True)
    assert attempt.correct
    assert ReviewCard.objects.get(rule="R23").reviews == 2


def test_picking_for_a_rule_without_generator_recipes_falls_back_to_the_curated_puzzles() -> None:
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    request.session = SessionStore()
    curated = PuzzleFactory()
    curated.themes.add(ThemeFactory(name="R39"))
    assert review.pick(request, "R39", 1500, random.Random(1)) == curated
    assert not Attempt.objects.exists()
