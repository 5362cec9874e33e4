"""A kept answer is shown from the verdict kept with it: the puzzle page's ``?attempt=``
after an answer posted without JavaScript, an assignment's puzzle the same way, and a
lesson step's verdict after its redirect never mark the answer again (a close question's
check is a search)."""

from __future__ import annotations

import pytest
from django.test import Client

from lessons.models import Attempt, Lesson, Step
from tests.factories import CLOSE, PuzzleFactory, nothing_searches

pytestmark = pytest.mark.django_db


def test_the_puzzle_page_after_an_answer_shows_the_kept_verdict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = PuzzleFactory(**CLOSE)
    client = Client()
    url = f"/puzzles/{puzzle.slug}/"
    client.get(url)
    response = client.post(url, {"none": "1"})
    assert response.status_code == 302
    attempt = Attempt.objects.get()
    assert "code" not in attempt.verdict and attempt.verdict["solution"]
    nothing_searches(monkeypatch)
    page = client.get(response["Location"])
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="feedback"' in html and "R30" in html


def test_a_lesson_steps_verdict_after_its_redirect_is_the_one_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lesson = Lesson.objects.create(
        slug="closing",
        order=1,
        title_it="Chiudere",
        title_en="Closing",
        summary_it="",
        summary_en="",
    )
    question = {"puzzle": {**CLOSE["params"], "kind": "close", "position": CLOSE["position"]}}
    Step.objects.create(
        lesson=lesson,
        number=1,
        kind="ask",
        text_it="Chiudi?",
        text_en="Close?",
        position=CLOSE["position"],
        question=question,
        rules=["R30"],
    )
    client = Client()
    client.get("/lessons/closing/1/")
    response = client.post("/lessons/closing/1/", {"none": "1"})
    assert response.status_code == 302
    nothing_searches(monkeypatch)
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert 'id="feedback"' in page.content.decode()
