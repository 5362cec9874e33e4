"""Ratings on the site: a rated attempt moves the learner's and the puzzle's Glicko-2 ratings."""

from __future__ import annotations

import pytest
from django.test import Client

from lessons.models import LearnerRating, Puzzle, RatingHistory
from tests.factories import PuzzleFactory, ThemeFactory, UserFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db


def test_a_first_right_answer_raises_the_learner_and_lowers_the_puzzle() -> None:
    client = Client()
    puzzle = PuzzleFactory(rating=1500, rating_deviation=200)
    attempt = answer(client, puzzle, right=True)
    assert attempt.rated
    learner = LearnerRating.objects.get(session_key=client.session.session_key)
    puzzle.refresh_from_db()
    assert learner.rating > 1500 > puzzle.rating
    assert learner.games == 1
    assert learner.rating_deviation < 350
    point = RatingHistory.objects.get(learner=learner)
    assert point.attempt == attempt and point.solved and point.puzzle_rating == 1500


def test_a_wrong_answer_lowers_the_learner_and_raises_the_puzzle() -> None:
    client = Client()
    puzzle = PuzzleFactory(rating=1500)
    answer(client, puzzle, right=False)
    learner = LearnerRating.objects.get()
    puzzle.refresh_from_db()
    assert learner.rating < 1500 < puzzle.rating


def test_only_the_first_attempt_at_a_puzzle_moves_the_ratings() -> None:
    client = Client()
    puzzle = PuzzleFactory()
    answer(client, puzzle, right=False)
    before = LearnerRating.objects.get().rating
    second = answer(client, puzzle, right=True)
    assert not second.rated
    assert LearnerRating.objects.get().rating == before
    assert RatingHistory.objects.count() == 1


def test_a_hint_makes_the_attempt_unrated_and_moves_nothing() -> None:
    client = Client()
    puzzle = PuzzleFactory(rating=1500)
    client.post(f"/puzzles/{puzzle.slug}/hint/")
    attempt = answer(client, puzzle, right=True)
    assert attempt.hint_used and not attempt.rated
    puzzle.refresh_from_db()
    assert puzzle.rating == 1500
    assert not RatingHistory.objects.exists()


def test_practice_on_a_chosen_theme_moves_the_learner_by_half() -> None:
    plain, themed = Client(), Client()
    theme = ThemeFactory(name="R23")
    first = PuzzleFactory(rating=1500, rating_deviation=200)
    second = PuzzleFactory(rating=1500, rating_deviation=200)
    second.themes.add(theme)
    answer(plain, first)
    # /puzzles/next/?theme= is how a learner practises a theme they chose.
    assert themed.get("/puzzles/next/", {"theme": "R23"}).status_code == 302
    assert themed.session["last_puzzle"] == second.pk
    answer(themed, Puzzle.objects.get(pk=second.pk))
    full = LearnerRating.objects.get(session_key=plain.session.session_key).rating - 1500
    half = LearnerRating.objects.get(session_key=themed.session.session_key).rating - 1500
    assert half == pytest.approx(full / 2)
    assert RatingHistory.objects.get(learner__session_key=themed.session.session_key).weight == 0.5


def test_the_next_puzzle_is_chosen_near_the_learners_real_rating() -> None:
    user = UserFactory()
    LearnerRating.objects.create(user=user, rating=1900, rating_deviation=80)
    PuzzleFactory(slug="easy", rating=1200)
    # Seven near 1900: with the last one shown left out, the five nearest are all of them.
    for n in range(7):
        PuzzleFactory(slug=f"hard-{n}", rating=1860 + 10 * n)
    client = Client()
    client.force_login(user)
    for _ in range(5):
        assert client.get("/puzzles/next/").url.startswith("/puzzles/hard-")
