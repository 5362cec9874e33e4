"""The lesson player: the list with stars, a lesson, its steps and their questions."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from lessons.models import Lesson, Step, StepProgress
from tests.factories import position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def lesson() -> Lesson:
    """A three-step lesson: an explanation with a board, a choice the engine computes (the
    joker's value) and an attach puzzle."""
    lesson = Lesson.objects.create(
        slug="jokers",
        order=1,
        title_it="I jolly",
        title_en="Jokers",
        summary_it="Quanto valgono.",
        summary_en="What they are worth.",
        rules=["R2", "R17"],
    )
    board = position(["10C", "7C"], [["6C", "JK", "8C"]])
    Step.objects.create(
        lesson=lesson,
        number=1,
        kind="explain",
        text_it="Il [JK] è una matta.",
        text_en="The [JK] is a wildcard.",
        position=board,
        rules=["R18"],
    )
    Step.objects.create(
        lesson=lesson,
        number=2,
        kind="ask",
        text_it="Quanto vale il jolly?",
        text_en="What is the joker worth?",
        rules=["R2"],
        question={
            "choice": {
                "options": [15, 20, 30],
                "compute": {"op": "points", "cards": ["JK"]},
                "field": "points",
            }
        },
        explain_it="Il jolly vale 30.",
        explain_en="The joker is worth 30.",
    )
    Step.objects.create(
        lesson=lesson,
        number=3,
        kind="ask",
        text_it="Attacca il [7C].",
        text_en="Attach the [7C].",
        rules=["R23"],
        position=board,
        question={"puzzle": {"kind": "attach", "focus": ["7C"], "position": board}},
    )
    return lesson


def answer(client: Client, number: int, data: dict[str, Any], **headers: str) -> Any:
    return client.post(f"/lessons/jokers/{number}/", data, headers=headers)


def test_the_list_shows_each_lesson_and_the_next_to_take(client: Client, lesson: Lesson) -> None:
    html = client.get("/lessons/", headers={"accept-language": "en"}).content.decode()
    assert "Jokers" in html and "What they are worth." in html
    assert "Next: Jokers" in html
    assert "0 steps of 3" in html


def test_a_lesson_speaks_the_learners_language(client: Client, lesson: Lesson) -> None:
    assert "I jolly" in client.get("/lessons/jokers/").content.decode()
    html = client.get("/lessons/jokers/", headers={"accept-language": "en"}).content.decode()
    assert "Jokers" in html and "Start the lesson" in html


def test_a_step_in_the_list_sits_beside_its_number(client: Client, lesson: Lesson) -> None:
    # list-group-numbered draws the number as a flex item: without me-auto the link was
    # pushed to the far end of the row, away from its number.
    html = client.get("/lessons/jokers/").content.decode()
    assert '<a class="ms-2 me-auto" href="/lessons/jokers/1/">' in html


def test_an_explanation_draws_its_cards_and_board_and_counts_as_done(
    client: Client, lesson: Lesson
) -> None:
    html = client.get("/lessons/jokers/1/").content.decode()
    assert "playing-card-joker" in html  # [JK] in the text, drawn
    assert 'class="board"' in html
    assert StepProgress.objects.get().done


def test_an_explanation_with_a_position_draws_the_learners_hand(
    client: Client, lesson: Lesson
) -> None:
    # The text speaks of "your hand"; the board drew the melds and the pile but no hand.
    html = client.get("/lessons/jokers/1/").content.decode()
    board = html[html.index('class="board"') :]
    assert "La tua mano" in board
    assert 'aria-label="La tua mano' in board and "10 di fiori" in board


def test_the_board_names_the_piles_top_card(client: Client, lesson: Lesson) -> None:
    # The pile was drawn bottom to top with nothing to say which card was on top.
    html = client.get("/lessons/jokers/1/").content.decode()
    top = html[html.index("In cima:") :]
    assert '<strong class="pile-top">4 di cuori</strong>' in top[: top.index("</p>")]


def test_htmx_steps_swap_only_the_step(client: Client, lesson: Lesson) -> None:
    html = client.get("/lessons/jokers/2/", headers=HTMX).content.decode()
    assert "<html" not in html and "Quanto vale il jolly?" in html
    assert 'hx-get="/lessons/jokers/3/"' in html and 'href="/lessons/jokers/3/"' in html


def test_the_engine_computes_the_right_choice(client: Client, lesson: Lesson) -> None:
    wrong = answer(client, 2, {"choice": "0"}, **HTMX).content.decode()
    assert "Non proprio" in wrong
    right = answer(client, 2, {"choice": "2"}, **HTMX).content.decode()
    assert "Corretto" in right and "Il jolly vale 30." in right
    row = StepProgress.objects.get(step__number=2)
    assert row.done and row.first_try is False and row.tries == 2


def test_a_puzzle_step_is_checked_by_the_engine_and_may_be_tried_again(
    client: Client, lesson: Lesson
) -> None:
    wrong = answer(client, 3, {"none": "1"}, **HTMX).content.decode()
    assert "Non proprio" in wrong and 'name="cards"' in wrong, "the form stays for another try"
    assert "La tua risposta" not in wrong, "no heading over an answer the step does not draw"
    right = answer(client, 3, {"meld": "0", "cards": ["7C"]}, **HTMX).content.decode()
    assert "Corretto" in right


def test_without_htmx_an_answer_redirects_and_shows_its_verdict_once(
    client: Client, lesson: Lesson
) -> None:
    response = answer(client, 2, {"choice": "2"})
    assert response.status_code == 302
    assert "Corretto" in client.get(response["Location"]).content.decode()
    assert "Corretto" not in client.get("/lessons/jokers/2/").content.decode()


def test_a_step_answers_as_a_puzzle_does_by_the_kept_answer_in_the_url_and_only_its_own(
    client: Client, lesson: Lesson
) -> None:
    """One post/redirect/get scheme (lessons.answering.flow): ``?attempt=`` names the kept
    answer, no session carries it, and another learner's number shows nothing."""
    response = answer(client, 2, {"choice": "0"})
    row = StepProgress.objects.get()
    assert response["Location"] == f"/lessons/jokers/2/?attempt={row.pk}#feedback"
    assert not any(key.startswith("step-result") for key, _ in client.session.items())
    assert "Non proprio" in client.get(response["Location"]).content.decode()
    assert "Non proprio" not in Client().get(response["Location"]).content.decode()


@pytest.mark.parametrize("data", [{}, {"choice": "9"}, {"choice": "x"}, {"choice": "-1"}])
def test_a_bad_choice_is_a_400_that_records_nothing(
    client: Client, lesson: Lesson, data: dict[str, str]
) -> None:
    assert answer(client, 2, data, **HTMX).status_code == 400
    assert not StepProgress.objects.exists()


def test_first_tries_make_the_stars_at_the_end(client: Client, lesson: Lesson) -> None:
    client.get("/lessons/jokers/1/")
    answer(client, 2, {"choice": "2"})
    answer(client, 3, {"none": "1"})
    answer(client, 3, {"meld": "0", "cards": ["7C"]})
    html = client.get("/lessons/", headers={"accept-language": "en"}).content.decode()
    assert "1 star of 3" in html  # one question in two right the first time
    last = client.get("/lessons/jokers/3/", headers={"accept-language": "en"}).content.decode()
    assert "/puzzles/next/?theme=R2%2CR17" in last


def test_progress_is_kept_per_learner(client: Client, lesson: Lesson) -> None:
    answer(client, 2, {"choice": "2"})
    other = Client()
    html = other.get("/lessons/", headers={"accept-language": "en"}).content.decode()
    assert "0 steps of 3" in html


def test_an_unknown_lesson_or_step_is_a_404(client: Client, lesson: Lesson) -> None:
    assert client.get("/lessons/nope/").status_code == 404
    assert client.get("/lessons/jokers/9/").status_code == 404


def test_a_close_question_in_a_step_is_played_move_by_move(client: Client, lesson: Lesson) -> None:
    board = position(
        ["KS", "QS", "JS", "5D"],
        [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]],
        pozzetti_taken=[True, False],
    )
    Step.objects.create(
        lesson=lesson,
        number=4,
        kind="ask",
        text_it="Chiudi.",
        text_en="Close.",
        rules=["R30"],
        position=board,
        question={"puzzle": {"kind": "close", "position": board}},
    )
    first = answer(client, 4, {"op": "meld", "cards": ["JS", "QS", "KS"], "line": "[]"}, **HTMX)
    html = first.content.decode()
    assert first.status_code == 200 and "Corretto" not in html and "Non proprio" not in html
    assert 'value="[&quot;meld JS QS KS&quot;]"' in html, "the move is kept in the form"
    assert not StepProgress.objects.filter(step__number=4).exists(), "nothing to mark yet"
    line = '["meld JS QS KS"]'
    done = answer(client, 4, {"op": "discard", "cards": ["5D"], "line": line}, **HTMX)
    assert "Corretto" in done.content.decode()
    assert StepProgress.objects.get(step__number=4).first_try is True


def test_a_wrong_choice_says_why_it_is_wrong(client: Client, lesson: Lesson) -> None:
    step = lesson.steps.get(number=2)
    assert step.question is not None
    step.question["choice"]["options"] = [
        {"value": 15, "why": {"it": "15 è l'asso.", "en": "15 is the ace."}},
        20,
        30,
    ]
    step.save()
    wrong = answer(client, 2, {"choice": "0"}, **HTMX).content.decode()
    assert "15 è l&#x27;asso." in wrong or "15 è l'asso." in wrong
    plain = answer(client, 2, {"choice": "1"}, **HTMX).content.decode()
    assert "Non proprio" in plain and "15 è l" not in plain, "no why written: none shown"
    right = answer(client, 2, {"choice": "2"}, **HTMX).content.decode()
    assert "15 è l" not in right


def test_an_htmx_step_brings_its_title_and_breadcrumb(client: Client, lesson: Lesson) -> None:
    html = client.get("/lessons/jokers/2/", headers=HTMX).content.decode()
    assert "<title>I jolly · Passo 2 · Burraco Tutor</title>" in html
    crumb = html[html.index('id="breadcrumb-step"') :]
    assert 'hx-swap-oob="true"' in crumb[: crumb.index(">")] and "Passo 2</li>" in crumb
    page = client.get("/lessons/jokers/2/").content.decode()
    assert page.count("<title>") == 1 and "hx-swap-oob" not in page


def test_the_last_step_sums_up_and_leads_to_the_next_lesson(client: Client, lesson: Lesson) -> None:
    lesson.recap_it = "Il jolly vale **30**."
    lesson.recap_en = "The joker is worth **30**."
    lesson.save()
    Lesson.objects.create(
        slug="later",
        order=2,
        level=Lesson.Level.ADVANCED,
        title_it="Più tardi",
        title_en="Later",
        summary_it="Dopo.",
        summary_en="After.",
    )
    html = client.get("/lessons/jokers/3/", headers={"accept-language": "en"}).content.decode()
    assert "The joker is worth <strong>30</strong>." in html
    assert 'href="/lessons/later/"' in html and "2. Later" in html and "Advanced" in html
    assert 'href="/lessons/later/"' not in client.get("/lessons/jokers/2/").content.decode()
    assert "Skip the advanced lessons" not in html, "no core lesson after it to skip to"
    Lesson.objects.create(
        slug="core-again",
        order=3,
        title_it="Di nuovo",
        title_en="Core again",
        summary_it="Poi.",
        summary_en="Then.",
    )
    html = client.get("/lessons/jokers/3/", headers={"accept-language": "en"}).content.decode()
    assert "Skip the advanced lessons: Core again" in html and 'href="/lessons/core-again/"' in html
    last = client.get("/lessons/later/", headers={"accept-language": "en"}).content.decode()
    # Beside the "Advanced" badge, the sentence does not say "Advanced" again.
    assert "you may skip this lesson on a first pass" in last and "Advanced: the" not in last


def test_the_list_marks_advanced_lessons(client: Client, lesson: Lesson) -> None:
    lesson.level = Lesson.Level.ADVANCED
    lesson.save()
    html = client.get("/lessons/").content.decode()
    assert "Avanzata" in html and "al primo giro puoi saltare questa lezione" in html
    assert "Avanzata: i dettagli" not in html


def test_the_next_lesson_offered_is_a_core_one(client: Client, lesson: Lesson) -> None:
    lesson.level = Lesson.Level.ADVANCED
    lesson.save()
    Lesson.objects.create(
        slug="core", order=2, title_it="Base", title_en="Core one", summary_it=".", summary_en="."
    )
    html = client.get("/lessons/", headers={"accept-language": "en"}).content.decode()
    assert "Next: Core one" in html


def test_a_known_empty_hand_on_the_board_says_it_holds_no_cards(client: Client) -> None:
    """A hand that is over: the other side closed, their hand is shown, and it is empty."""
    lesson = Lesson.objects.create(
        slug="closed", order=9, title_it="C", title_en="C", summary_it=".", summary_en="."
    )
    run = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    board = position(["4H", "QC"], [], hands=[["4H", "QC"], []], pozzetti_taken=[True, True])
    board.update(melds=[[], [run]], phase="draw")
    Step.objects.create(
        lesson=lesson, number=1, kind="explain", text_it=".", text_en=".", position=board
    )
    html = client.get("/lessons/closed/1/", headers={"accept-language": "en"}).content.decode()
    assert "Your opponent:\n        0 cards in hand" in html
    html = client.get("/lessons/closed/1/", headers={"accept-language": "it"}).content.decode()
    assert "0 carte in mano" in html
