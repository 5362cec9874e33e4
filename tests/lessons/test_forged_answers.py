"""What the garbage sweep (tests/test_garbage_sweep.py) found: forged answers that were
recorded as wrong ones, a number too long to read, and themes that made puzzles on demand."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from lessons.models import Attempt, Lesson, Puzzle, Step
from tests.factories import CLOSE, PuzzleFactory, position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def close_puzzle() -> Puzzle:
    return PuzzleFactory(**CLOSE)


@pytest.mark.parametrize(
    "form",
    [
        {"op": "discard", "cards": ["9H"], "line": "[]"},  # a card the hand never held
        {"op": "meld", "cards": ["JK"], "line": json.dumps(["meld JK JK JK JK JK"])},  # 5 jokers
        {"line": json.dumps(["meld 9H 10H JH", "discard 5D"])},  # a whole forged line
    ],
)
def test_a_line_naming_cards_the_hand_never_held_is_a_400(
    client: Client, close_puzzle: Puzzle, form: dict[str, str]
) -> None:
    response = client.post(f"/puzzles/{close_puzzle.slug}/", form, headers=HTMX)
    assert response.status_code == 400
    assert not Attempt.objects.exists()


def test_an_illegal_move_with_the_hands_own_cards_is_still_a_wrong_answer(
    client: Client, close_puzzle: Puzzle
) -> None:
    response = client.post(
        f"/puzzles/{close_puzzle.slug}/", {"op": "discard", "cards": ["JS"], "line": "[]"}
    )
    assert response.status_code == 302
    assert not Attempt.objects.get().correct


def test_a_wildcard_standing_for_a_card_not_offered_is_a_400(client: Client) -> None:
    puzzle = PuzzleFactory(
        kind="wildcard",
        position=position(["KD"], [["2C", "5C", "6C"]]),
        params={"meld": 0, "attach": ["8C"]},
    )
    for forged in ("JK", "7H", "ZZ"):
        response = client.post(f"/puzzles/{puzzle.slug}/", {"stands_for": forged}, headers=HTMX)
        assert response.status_code == 400, forged
    assert not Attempt.objects.exists()
    response = client.post(f"/puzzles/{puzzle.slug}/", {"stands_for": "4C"}, headers=HTMX)
    assert response.status_code == 200 and Attempt.objects.count() == 1


def test_a_choice_too_long_to_be_a_number_is_a_400(client: Client) -> None:
    lesson = Lesson.objects.create(
        slug="l", order=1, title_it="L", title_en="L", summary_it="", summary_en=""
    )
    question = {
        "choice": {"options": [{"it": "a", "en": "a"}, {"it": "b", "en": "b"}], "answer": 0}
    }
    Step.objects.create(
        lesson=lesson, number=1, kind="ask", text_it="?", text_en="?", question=question
    )
    response = client.post("/lessons/l/1/", {"choice": "9" * 5000}, headers=HTMX)
    assert response.status_code == 400


def test_an_unknown_theme_picks_among_all_puzzles_and_makes_none() -> None:
    stored = PuzzleFactory()
    for theme in ("<script>", "R99", "nothing,R0"):
        response = Client().get("/puzzles/next/", {"theme": theme})
        assert response.status_code == 302
        assert response.url.startswith(f"/puzzles/{stored.slug}/")
    assert Puzzle.objects.count() == 1
