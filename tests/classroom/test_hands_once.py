"""A hand of a "play N hands" assignment is played once, and exactly N are filed.

Every route to a filed hand's cards is tried: "Play this deal again" (``again=``), a new
game with the deal's seed in forged fields, "try again from here" in the hand's review,
and two tabs; and every route to more than N hands: starting again after N, two tabs
starting or finishing at once, the next hand of a game that has none. The races run on
PostgreSQL (DATABASE_URL=postgres://...); SQLite's in-memory test database refuses
concurrent writers, and its IMMEDIATE transactions take turns anyway."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client
from django.utils import timezone

from classroom.models import Assignment, AssignmentGame
from engine.actions import Action
from play import games, hands
from play.models import Finding, Game
from tests.classroom.conftest import World, logged_in
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    GameFactory,
    MembershipFactory,
    TeacherFactory,
    UserFactory,
)
from tests.play.test_table_views import learner_turns

NOTE = "This hand counts for your assignment; it can be played once."
REFUSED = "This hand counts for your assignment, so it can be played once"
DONE = "no more hands count for it"
NEW = {"players": "2", "opponents": "club", "partner": "club", "preset": "standard"}


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    settings.LANGUAGE_CODE = "en"


def hands_assignment(world: World, **fields: Any) -> Assignment:
    values = {"bot_level": "random", "count": 2, "coach": False, "players": 2, **fields}
    return AssignmentFactory(classroom=world.classroom, content="hands", **values)


def start(client: Client, assignment: Assignment) -> Any:
    return client.post(f"/classes/assignments/{assignment.pk}/play/")


def started(client: Client, assignment: Assignment) -> Game:
    response = start(client, assignment)
    assert response.status_code == 302, response.content.decode()[-1500:]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def finish(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(
        finished=True, score=300, their_score=100, updated_at=timezone.now()
    )
    game.refresh_from_db()


def again(client: Client, game: Game) -> Any:
    return client.post("/play/", {"again": game.pk})


def a_decision_of_the_learner(client: Client, game: Game) -> int:
    """The learner draws at the table: the index of that decision in the hand."""
    drawn = client.post(f"/play/{game.pk}/", {"version": game.version, "do": "draw"})
    assert drawn.status_code == 302
    game.refresh_from_db()
    hand = games.load(game)
    return next(n for n, step in enumerate(hand.steps) if step.seat == hands.LEARNER)


@pytest.mark.django_db
class TestTheDealIsNotPlayedAgainWhileHandsRemain:
    def test_again_is_refused_with_a_sentence_and_deals_nothing(self, world: World) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world))
        response = again(client, game)
        assert response.status_code == 403
        assert REFUSED in response.content.decode()
        assert list(Game.objects.filter(user=world.student)) == [game]

    def test_again_stays_refused_after_the_hand_while_others_remain(self, world: World) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world, count=2))
        finish(game)
        assert again(client, game).status_code == 403
        assert Game.objects.filter(user=world.student).count() == 1

    def test_the_data_download_keeps_back_the_seed_of_a_hand_still_to_play(
        self, world: World
    ) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world))
        practice = GameFactory(user=world.student, finished=True)
        data = json.loads(client.get("/accounts/data/").getvalue())
        seeds = [each["seed"] for each in data["practice_games"]]
        assert game.seed != practice.seed
        assert sorted(seeds, key=str) == sorted([None, practice.seed], key=str)

    def test_two_tabs_asking_again_are_both_refused(self, world: World) -> None:
        game = started(logged_in(world.student), hands_assignment(world))
        tabs = [logged_in(world.student), logged_in(world.student)]
        assert [again(tab, game).status_code for tab in tabs] == [403, 403]
        assert Game.objects.filter(user=world.student).count() == 1

    def test_once_the_hands_are_finished_again_deals_the_same_cards_unfiled(
        self, world: World
    ) -> None:
        client = logged_in(world.student)
        assignment = hands_assignment(world, count=1)
        game = started(client, assignment)
        finish(game)
        response = again(client, game)
        assert response.status_code == 302
        copy = Game.objects.filter(user=world.student).exclude(pk=game.pk).get()
        assert copy.seed == game.seed and not copy.takebacks
        # The copy is practice: not filed, so the assignment still counts one hand.
        assert AssignmentGame.objects.filter(assignment=assignment).count() == 1
        assert NOTE not in client.get(f"/play/{copy.pk}/").content.decode()

    def test_a_practice_game_is_dealt_again_as_before(self, world: World) -> None:
        client = logged_in(world.student)
        game = GameFactory(user=world.student, seed=1234)
        assert again(client, game).status_code == 302
        assert Game.objects.filter(user=world.student, seed=1234).count() == 2

    def test_a_forged_seed_on_the_start_form_deals_other_cards(self, world: World) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world))
        forged = {**NEW, "coach": "off", "seed": str(game.seed), "version": "0"}
        response = client.post("/play/", forged)
        assert response.status_code == 302
        fresh = Game.objects.filter(user=world.student).exclude(pk=game.pk).get()
        assert fresh.seed != game.seed
        assert not AssignmentGame.objects.filter(game=fresh).exists()


@pytest.mark.django_db
class TestTryingAgainFromTheReview:
    def test_a_decision_is_not_tried_again_while_hands_remain(self, world: World) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world, count=2))
        decision = a_decision_of_the_learner(client, game)
        finish(game)
        url = f"/play/{game.pk}/review/"
        asked = client.get(url, {"decision": decision})
        assert asked.status_code == 403
        assert REFUSED in asked.content.decode()
        tried = client.post(url, {"decision": decision, "do": "draw"})
        assert tried.status_code == 403
        assert "You chose now:" not in tried.content.decode()
        # The review itself is open, says so, and offers neither way back to the cards.
        page = client.get(url).content.decode()
        assert NOTE in page and REFUSED in page
        assert "decision=" not in page and 'name="again"' not in page

    def test_once_the_hands_are_finished_a_decision_is_tried_again(self, world: World) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world, count=1))
        decision = a_decision_of_the_learner(client, game)
        finish(game)
        url = f"/play/{game.pk}/review/"
        assert client.get(url, {"decision": decision}).status_code == 200
        page = client.get(url).content.decode()
        assert 'name="again"' in page and REFUSED not in page


@pytest.mark.django_db
class TestThePagesSayWhatIsAllowed:
    def test_the_table_of_a_filed_hand_says_it_counts_once(self, world: World) -> None:
        client = logged_in(world.student)
        game = started(client, hands_assignment(world))
        assert NOTE in client.get(f"/play/{game.pk}/").content.decode()
        practice = GameFactory(user=world.student)
        assert NOTE not in client.get(f"/play/{practice.pk}/").content.decode()

    def test_the_assignment_page_says_each_hand_is_played_once(self, world: World) -> None:
        assignment = hands_assignment(world)
        page = logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/")
        assert "Each hand counts for your assignment and can be played once" in (
            page.content.decode()
        )

    def test_the_lines_in_italian(self, world: World) -> None:
        client = logged_in(world.student)
        client.cookies["django_language"] = "it"
        assignment = hands_assignment(world, count=1)
        page = client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
        assert "Ogni smazzata conta per il tuo compito" in page
        game = started(client, assignment)
        table = client.get(f"/play/{game.pk}/").content.decode()
        assert "Questa smazzata conta per il tuo compito; si può giocare una volta sola." in table
        refused = again(client, game).content.decode()
        assert "potrai rigiocare le sue carte" in refused
        finish(game)
        done = start(client, assignment)
        assert done.status_code == 409
        assert "Hai giocato la smazzata di questo compito" in done.content.decode()


@pytest.mark.django_db
class TestExactlyNHands:
    def test_no_hand_past_n_is_filed_and_the_nth_completes_it(self, world: World) -> None:
        client = logged_in(world.student)
        assignment = hands_assignment(world, count=2)
        for _ in range(2):
            finish(started(client, assignment))
        response = start(client, assignment)
        assert response.status_code == 409
        page = response.content.decode()
        assert "You have played the 2 hands of this assignment" in page and DONE in page
        assert AssignmentGame.objects.filter(assignment=assignment).count() == 2
        assert Game.objects.filter(user=world.student).count() == 2
        mine = client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
        assert "Hands finished: 2 of 2" in mine and "Done" in mine
        assert f'action="/classes/assignments/{assignment.pk}/play/"' not in mine
        assert "You have played every hand of this assignment" in mine

    def test_the_last_hand_has_no_next_hand_to_file(self, world: World) -> None:
        client = logged_in(world.student)
        assignment = hands_assignment(world, count=1)
        game = started(client, assignment)
        finish(game)
        response = client.post(f"/play/{game.pk}/", {"do": "next", "version": game.version})
        assert response.status_code == 409
        game.refresh_from_db()
        assert game.past_hands == [] and AssignmentGame.objects.count() == 1

    def test_a_hand_under_way_is_gone_back_to_not_filed_twice(self, world: World) -> None:
        assignment = hands_assignment(world, count=1)
        first = started(logged_in(world.student), assignment)
        second = started(logged_in(world.student), assignment)  # another tab
        assert first == second and AssignmentGame.objects.count() == 1

    def test_a_student_who_left_the_class_starts_nothing(self, world: World) -> None:
        assignment = hands_assignment(world)
        world.classroom.memberships.filter(student=world.student).delete()
        assert start(logged_in(world.student), assignment).status_code == 404
        assert not Game.objects.exists()


def at_once(requests: list[Callable[[], Any]]) -> list[int]:
    """Send the requests from threads released together; their statuses, sorted."""
    barrier = threading.Barrier(len(requests))
    statuses: list[int] = []

    def send(request: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            statuses.append(request().status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(request,)) for request in requests]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return sorted(statuses)


def on_postgresql() -> None:
    if connection.vendor == "sqlite":
        pytest.skip(
            "SQLite's in-memory test database refuses concurrent writers; CI runs this on "
            "PostgreSQL (DATABASE_URL=postgres://...)"
        )


def a_class_with_hands(count: int) -> tuple[Any, Assignment]:
    student = UserFactory()
    classroom = ClassroomFactory(teacher=TeacherFactory())
    MembershipFactory(classroom=classroom, student=student)
    assignment = AssignmentFactory(
        classroom=classroom, content="hands", count=count, bot_level="random", coach=False
    )
    return student, assignment


def tab(student: Any) -> Client:
    client = Client()
    client.force_login(student)
    return client


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("finished_before", [0, 1])
def test_two_tabs_starting_the_last_hand_at_once_file_it_once(finished_before: int) -> None:
    on_postgresql()
    student, assignment = a_class_with_hands(finished_before + 1)
    for _ in range(finished_before):
        finish(started(tab(student), assignment))
    tabs = [tab(student), tab(student)]
    statuses = at_once([lambda client=client: start(client, assignment) for client in tabs])
    # The second tab goes back to the hand the first dealt, or, while the first is being
    # dealt, is told to wait (burraco_tutor.cost.heavy: one heavy request at a time).
    assert statuses in ([302, 302], [302, 429])
    assert AssignmentGame.objects.filter(assignment=assignment).count() == finished_before + 1
    assert Game.objects.filter(user=student).count() == finished_before + 1


@pytest.mark.django_db(transaction=True)
def test_two_tabs_starting_after_the_last_hand_file_nothing() -> None:
    on_postgresql()
    student, assignment = a_class_with_hands(1)
    finish(started(tab(student), assignment))
    tabs = [tab(student), tab(student)]
    statuses = at_once([lambda client=client: start(client, assignment) for client in tabs])
    assert statuses in ([409, 409], [409, 429])
    assert AssignmentGame.objects.filter(assignment=assignment).count() == 1


def move_data(action: Action) -> dict[str, Any]:
    """The table's form fields for ``action`` (as tests.play.test_table_views sends them)."""
    kind = action.kind.value
    if kind in ("draw", "pile"):
        return {"do": kind}
    data: dict[str, Any] = {"cards": [str(card) for card in action.cards]}
    if kind == "attach":
        data["attach"] = action.meld
    else:
        data["do"] = kind
    return data


@pytest.mark.django_db(transaction=True)
def test_two_tabs_finishing_the_last_hand_at_once_count_it_once(settings: Any) -> None:
    on_postgresql()
    settings.RATELIMIT_ENABLE = False  # a whole hand is more moves a minute than a person's
    student, assignment = a_class_with_hands(1)
    client = tab(student)
    game = started(client, assignment)
    learner_turns(client, game, "club", turns=80)
    game.refresh_from_db()
    assert game.finished
    # Back to just before the learner's last move: both tabs then make it at once.
    played = games.load(game)
    last = max(n for n, step in enumerate(played.steps) if step.seat == hands.LEARNER)
    Game.objects.filter(pk=game.pk).update(
        actions=game.actions[:last],
        finished=False,
        score=None,
        their_score=None,
        hands_ended=0,
        hands_won=0,
    )
    game.findings.filter(decision__gte=last).delete()
    game.refresh_from_db()
    data = {"version": game.version, **move_data(played.steps[last].action)}
    tabs = [tab(student), tab(student)]
    url = f"/play/{game.pk}/"
    statuses = at_once([lambda client=client: client.post(url, data) for client in tabs])
    assert statuses in ([302, 409], [302, 429])  # 429: the other tab's move was in flight
    game.refresh_from_db()
    assert game.finished and game.actions == [str(step.action) for step in played.steps]
    assert AssignmentGame.objects.filter(assignment=assignment).count() == 1
    page = client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
    assert "Hands finished: 1 of 1" in page and "Done" in page


@pytest.mark.django_db
def test_with_the_coach_off_a_hand_under_way_shows_no_findings(world: World) -> None:
    client = logged_in(world.student)
    assignment = hands_assignment(world, coach=False)
    game = started(client, assignment)
    Finding.objects.create(
        game=game,
        hand=0,
        decision=1,
        action="discard KS",
        code="feeds_opponent",
        rule="R17",
        severity="mistake",
        points=80,
        better="discard 4C",
    )
    page = client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
    assert "The coach's findings show once the hand is over." in page
    assert "feeds_opponent" not in page and "discard 4C" not in page
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert "The coach's findings show once the hand is over." in review
    assert "play-flagged" not in review and "What the coach flagged" not in review
    finish(game)
    page = client.get(f"/classes/assignments/{assignment.pk}/").content.decode()
    assert "The coach's findings show once the hand is over." not in page
