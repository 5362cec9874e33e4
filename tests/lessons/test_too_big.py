"""A puzzle too big for the engine's budget is a 400 with the translated
sentence, for the learner's answer (lessons/answering/) and for the content loader."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from engine import puzzles as engine_puzzles
from engine.cli.bench import HAND_20
from lessons import answering as quiz
from lessons.content import ContentError, check_puzzle
from tests.factories import PuzzleFactory, UserFactory

HTMX = {"HX-Request": "true"}
TOO_BIG_IT = "troppo grande perché il motore la risolva"


def close_position() -> dict[str, Any]:
    """A 20-card hand with the pozzetto taken: the close search goes past any budget."""
    return {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [HAND_20, {"count": 11}],
        "melds": [[], []],
        "discard": ["4C"],
        "stock": 40,
        "pozzetti_taken": [True, False],
    }


def test_marking_an_answer_too_big_to_settle_is_no_answer_in_the_learners_language() -> None:
    question = engine_puzzles.Puzzle.from_dict({"kind": "close", "position": close_position()})
    with translation.override("it"), pytest.raises(quiz.AnswerError) as refused:
        quiz.mark(question, engine_puzzles.CannotBeDone())
    assert TOO_BIG_IT in str(refused.value)


@pytest.mark.django_db
def test_a_learners_answer_to_a_puzzle_too_big_to_settle_gets_a_400(client: Client) -> None:
    puzzle = PuzzleFactory(kind="close", position=close_position(), params={})
    client.force_login(UserFactory())
    response = client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"}, headers=HTMX)
    assert response.status_code == 400
    assert TOO_BIG_IT in response.content.decode()


def test_the_loader_refuses_content_too_big_to_settle_and_says_so() -> None:
    item = {
        "id": "too-big",
        "kind": "close",
        "themes": ["R30"],
        "prompt": {"it": "Puoi chiudere?", "en": "Can you close?"},
        "hint": {"it": "Conta le carte.", "en": "Count the cards."},
        "position": close_position(),
        "answer": {"none": True},
    }
    with pytest.raises(ContentError) as refused:
        check_puzzle(item, "pile.yaml: too-big")
    assert "too big for the engine to settle" in str(refused.value)
