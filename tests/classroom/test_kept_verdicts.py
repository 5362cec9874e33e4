"""The teacher's pages draw students' answers from the verdicts kept with them: no page
asks the engine again, and four hundred answers to one puzzle make a short page in the
same number of queries as one (a finding of the security review)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from classroom import answers
from classroom.models import AssignmentAnswer
from lessons.models import Attempt
from tests.classroom.conftest import World, bea_answers, logged_in
from tests.factories import (
    CLOSE,
    AnswerFactory,
    AssignmentFactory,
    PuzzleFactory,
    kept_verdict,
    nothing_searches,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def close_set(world: World) -> World:
    """Bea's class has a close puzzle set; she said "it cannot be done" to it, wrongly."""
    puzzle = PuzzleFactory(**CLOSE)
    world.assignment = AssignmentFactory(classroom=world.classroom, puzzles=[puzzle])
    return world


def answer_wrongly(world: World, times: int) -> None:
    puzzle = world.assignment.items.get().puzzle
    wrong = {"none": True}
    verdict = kept_verdict(puzzle, wrong)
    assert verdict["code"] != "correct" and verdict["solution"] is not None
    made = Attempt.objects.bulk_create(
        Attempt(
            user=world.student,
            puzzle=puzzle,
            answer=wrong if n % 2 else {"actions": ["discard 5D"]},
            correct=False,
            code=verdict["code"],
            rule=verdict["rule"],
            verdict=verdict,
        )
        for n in range(times)
    )
    AssignmentAnswer.objects.bulk_create(
        AssignmentAnswer(attempt=attempt, assignment=world.assignment, number=1) for attempt in made
    )


def student_page(world: World, client: Client | None = None) -> str:
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/"
    client = client or logged_in(world.teacher)
    response = client.get(url, {"assignment": world.assignment.pk})
    assert response.status_code == 200
    return response.content.decode()


def test_the_students_page_draws_four_hundred_answers_without_marking_one_again(
    close_set: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_wrongly(close_set, 400)
    nothing_searches(monkeypatch)
    html = student_page(close_set)
    # Two different answers, each drawn once with how often it was given.
    assert html.count('class="answer-drawn') == 2
    assert "200 volte" in html


def test_the_students_page_takes_as_many_queries_for_four_hundred_answers_as_for_one(
    close_set: World, steady_content_version: None
) -> None:
    teacher = logged_in(close_set.teacher)
    answer_wrongly(close_set, 1)
    student_page(close_set, teacher)  # the first request also fills the caches
    with CaptureQueriesContext(connection) as one:
        student_page(close_set, teacher)
    answer_wrongly(close_set, 399)
    with CaptureQueriesContext(connection) as many:
        student_page(close_set, teacher)
    assert len(many) == len(one)


def test_only_the_latest_different_answers_are_drawn_and_the_rest_counted(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answers, "DRAWN", 3)
    puzzle = world.assignment.items.get().puzzle
    # Every answer holds the 10♣ asked about: one without it is refused, never kept.
    hands = [["10C"], ["10C", "KD"], ["10C", "7C", "KD"]]
    given = [{"meld": 0, "cards": cards} for cards in hands] * 2
    given += [{"none": True}, {"meld": 0, "cards": ["10C", "7C"]}, {"none": True}]
    for answer in given:
        verdict = kept_verdict(puzzle, answer)
        AnswerFactory(
            assignment=world.assignment,
            user=world.student,
            puzzle=puzzle,
            answer=answer,
            correct=verdict["correct"],
            code=verdict["code"],
            rule=verdict["rule"] or "",
            verdict=verdict,
        )
    html = student_page(world)
    # The last three different answers: KD 7C 10C (twice), the right one, "none" (twice).
    assert html.count('class="answer-drawn') == 3
    assert html.count("2 volte") == 2
    assert "4 risposte precedenti non sono disegnate" in html


def test_the_most_common_mistakes_and_the_csv_come_from_the_kept_verdicts(
    close_set: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_wrongly(close_set, 10)
    nothing_searches(monkeypatch)
    teacher = logged_in(close_set.teacher)
    classroom = close_set.classroom.pk
    page = teacher.get(f"/classes/{classroom}/assignments/{close_set.assignment.pk}/")
    assert page.status_code == 200
    assert "R30" in page.content.decode()
    csv = teacher.get(f"/classes/{classroom}/export/attempts.csv")
    assert csv.status_code == 200
    assert b"R30" in b"".join(csv.streaming_content if csv.streaming else [csv.content])


def test_an_answer_kept_before_verdicts_were_shows_its_rule_without_asking_the_engine(
    close_set: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_wrongly(close_set, 1)
    Attempt.objects.update(verdict={})
    nothing_searches(monkeypatch)
    html = student_page(close_set)
    assert html.count('class="answer-drawn') == 1
    # Its code's sentence needs nothing more than the code.
    assert "In questo turno puoi chiudere" in html


def test_an_old_answer_whose_sentence_needs_details_says_only_which_rule_it_broke(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    bea_answers(world, ["10C"], verdict={})
    nothing_searches(monkeypatch)
    html = student_page(world)
    assert "Non è giusta: questa risposta viola una regola." in html and "R23" in html
