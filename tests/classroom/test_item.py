"""/classes/assignments/<id>/<n>/: a student answers a puzzle of their assignment."""

from __future__ import annotations

import json
import re

import pytest

from classroom.models import AssignmentAnswer, AssignmentItem
from lessons.models import Attempt
from tests.classroom.conftest import World, logged_in
from tests.factories import CLOSE, AssignmentFactory, PuzzleFactory, position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true", "HX-Target": "item"}


def url(world: World, number: int = 1) -> str:
    return f"/classes/assignments/{world.assignment.pk}/{number}/"


def test_the_puzzle_shows_its_board_its_number_and_the_way_back(world: World) -> None:
    html = logged_in(world.student).get(url(world)).content.decode()
    assert "Puoi attaccare" in html
    assert 'class="board"' in html
    assert f'action="{url(world)}"' in html and f'hx-post="{url(world)}"' in html
    assert f'href="/classes/assignments/{world.assignment.pk}/"' in html


def test_a_wrong_answer_is_kept_and_explained_then_a_right_one_solves_it(world: World) -> None:
    client = logged_in(world.student)
    wrong = client.post(url(world), {"meld": "0", "cards": ["10C"]}, headers=HTMX)
    assert wrong.status_code == 200
    assert "<html" not in wrong.content.decode()
    assert "R23" in wrong.content.decode()
    right = client.post(url(world), {"meld": "0", "cards": ["10C", "7C"]}, headers=HTMX)
    assert 'id="feedback"' in right.content.decode()
    attempts = Attempt.objects.filter(user=world.student).order_by("created_at")
    assert [a.correct for a in attempts] == [False, True]
    assert attempts[0].rule == "R23"


def test_without_htmx_an_answer_redirects_to_its_feedback(world: World) -> None:
    client = logged_in(world.student)
    response = client.post(url(world), {"none": "1"})
    attempt = Attempt.objects.get(user=world.student)
    assert response.status_code == 302
    assert response["Location"] == f"{url(world)}?attempt={attempt.pk}#feedback"
    assert 'id="feedback"' in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"meld": "0"},
        {"meld": "7", "cards": ["10C"]},
        {"meld": "0", "cards": ["QQ"]},
        {"meld": "0", "cards": ["AS"]},
        {"meld": "0", "cards": ["10C"] * 40},
        {"none": "yes"},
    ],
)
def test_a_form_that_is_no_answer_is_refused_with_400_and_kept_nowhere(
    world: World, data: dict[str, object]
) -> None:
    response = logged_in(world.student).post(url(world), data, headers=HTMX)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Attempt.objects.exists()


def test_the_hint_shows_and_the_next_attempt_is_not_rated(world: World) -> None:
    client = logged_in(world.student)
    # The hint is the puzzle's one endpoint, which the item's hint button posts to.
    hint = client.get(url(world)).content.decode()
    action = re.search(r'action="(/puzzles/[^"]+/hint/)"', hint)
    assert action is not None
    response = client.post(action[1], headers=HTMX)
    assert "Guarda il jolly" in response.content.decode()
    client.post(url(world), {"none": "1"}, headers=HTMX)
    attempt = Attempt.objects.get(user=world.student)
    assert attempt.hint_used and not attempt.rated


def test_a_close_puzzle_is_played_move_by_move(world: World) -> None:
    closing = PuzzleFactory(
        kind="close",
        params={},
        position=position(
            ["9H", "KS"],
            [["2H", "3H", "4H", "5H", "6H", "7H", "8H"]],
            pozzetti_taken=[True, False],
        ),
    )
    assignment = AssignmentFactory(classroom=world.classroom, puzzles=[closing])
    client = logged_in(world.student)
    item = f"/classes/assignments/{assignment.pk}/1/"
    step = client.post(item, {"op": "attach", "meld": "0", "cards": ["9H"]}, headers=HTMX)
    assert step.status_code == 200
    assert not Attempt.objects.exists()
    line = json.dumps(["attach 0 9H"])
    done = client.post(item, {"op": "discard", "cards": ["KS"], "line": line}, headers=HTMX)
    assert Attempt.objects.get().correct
    assert 'id="feedback"' in done.content.decode()


def test_the_next_link_goes_to_the_next_puzzle_not_solved(world: World) -> None:
    assignment = AssignmentFactory(
        classroom=world.classroom, puzzles=[PuzzleFactory(), PuzzleFactory(), PuzzleFactory()]
    )
    client = logged_in(world.student)
    base = f"/classes/assignments/{assignment.pk}"
    client.post(f"{base}/2/", {"meld": "0", "cards": ["10C", "7C"]})
    html = client.get(f"{base}/1/").content.decode()
    assert f'href="{base}/3/"' in html


def test_an_answer_is_filed_under_the_assignment_it_was_given_in(world: World) -> None:
    puzzle = world.assignment.items.get().puzzle
    review = AssignmentFactory(classroom=world.classroom, puzzles=[PuzzleFactory(), puzzle])
    client = logged_in(world.student)
    client.post(f"/classes/assignments/{review.pk}/2/", {"none": "1"}, headers=HTMX)
    filed = AssignmentAnswer.objects.get()
    assert (filed.assignment, filed.number) == (review, 2)
    assert filed.attempt_id == Attempt.objects.get(user=world.student).pk
    page = client.get(f"/classes/assignments/{world.assignment.pk}/").content.decode()
    assert "Non ancora provato" in page


def _refusing_assignment(world: World) -> str:
    closing = PuzzleFactory(**CLOSE)
    assignment = AssignmentFactory(classroom=world.classroom, puzzles=[closing])
    return f"/classes/assignments/{assignment.pk}/1/"


def test_a_refused_move_taken_back_leaves_the_attempt_unrated(world: World) -> None:
    # The refused-move screen once promised an unrated attempt the item page never kept.
    client = logged_in(world.student)
    item = _refusing_assignment(world)
    line = json.dumps(["meld JS QS KS"])
    refused = client.post(
        item, {"op": "attach", "meld": "0", "cards": ["5D"], "line": line}, headers=HTMX
    ).content.decode()
    assert "Questa mossa non è consentita" in refused
    assert "Questo tentativo non conterà per il tuo punteggio." in refused
    client.post(item, {"op": "back", "line": line}, headers=HTMX)
    client.post(item, {"op": "discard", "cards": ["5D"], "line": line}, headers=HTMX)
    attempt = Attempt.objects.get(user=world.student)
    assert attempt.correct and not attempt.rated


def test_a_step_the_form_cannot_take_keeps_the_moves_played_so_far(world: World) -> None:
    client = logged_in(world.student)
    item = _refusing_assignment(world)
    line = json.dumps(["meld JS QS KS"])
    response = client.post(item, {"op": "attach", "cards": ["5D"], "line": line}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 400 and "Scegli il gioco" in html
    assert 'name="line" value="[&quot;meld JS QS KS&quot;]"' in html


def test_without_htmx_the_hint_comes_back_to_the_item_and_only_to_this_site(
    world: World,
) -> None:
    client = logged_in(world.student)
    client.get(url(world))  # the item is made at its first opening
    item = AssignmentItem.objects.get(assignment=world.assignment, number=1)
    hint = f"/puzzles/{item.puzzle.slug}/hint/"
    back = client.post(hint, {"back": url(world)})
    assert back["Location"] == f"{url(world)}#hint"
    assert "Guarda il jolly" in client.get(url(world)).content.decode()
    away = client.post(hint, {"back": "https://elsewhere.example/"})
    assert away["Location"].startswith("/puzzles/") and away["Location"].endswith("/#hint")
