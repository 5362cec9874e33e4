"""A class duplicate (classroom.duplicate): the same deals for every student, ranked in
victory points. The same seeds, the bots' same replies to the same moves, the ranking's
figures against the engine's (engine.match), ties, what counts at the due date, the key
decisions, every refusal (an early look, a replay, ``again=``, another class, forged ids),
two tabs, the CSV and the pages in both languages."""

from __future__ import annotations

import csv
import io
import random
from datetime import timedelta
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from classroom import duplicate, hands, progress
from classroom.models import Assignment, AssignmentGame, Extension
from classroom.services import new_form_token
from engine.actions import Action, ActionKind
from engine.bots import decide, legal_in_view
from engine.match import match_points, victory_points
from play import games
from play import hands as play_hands
from play.models import Finding, Game
from play.table import finding_text
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory, MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db
REFUSED = "duplicate, so it can be played once: its cards can be played again"
DUPLICATE = {
    "title": "Friday duplicate",
    "due_at": "2031-03-04T20:00",
    "content": "duplicate",
    "deals": "4",
    "bot_level": "club",
    "players": "4",
    "preset": "fe-bur-it",
}


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def quick_coach(monkeypatch: Any) -> None:
    """Whole hands played here skip the coach's playouts (its word is not what is tested)."""
    monkeypatch.setattr(play_hands, "review", lambda position, action, memory=None: None)


def a_duplicate(world: World, **fields: Any) -> Assignment:
    values = {
        "content": "duplicate",
        "count": 3,
        "bot_level": "random",
        "players": 2,
        "coach": False,
        "seed": 424242,
        **fields,
    }
    return AssignmentFactory(classroom=world.classroom, **values)


def classmate(world: World, username: str = "xenia") -> Any:
    student = UserFactory(username=username)
    MembershipFactory(classroom=world.classroom, student=student)
    return student


def start(client: Client, assignment: Assignment, **data: Any) -> Any:
    return client.post(f"/classes/assignments/{assignment.pk}/play/", data)


def started(client: Client, assignment: Assignment, **data: Any) -> Game:
    response = start(client, assignment, **data)
    assert response.status_code == 302, response.content.decode()[-1500:]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def finish(game: Game, score: int = 300, theirs: int = 100, at: Any = None) -> Game:
    Game.objects.filter(pk=game.pk).update(
        finished=True, score=score, their_score=theirs, updated_at=at or timezone.now()
    )
    game.refresh_from_db()
    return game


def play_deals(client: Client, assignment: Assignment, results: list[tuple[int, int]]) -> None:
    for score, theirs in results:
        finish(started(client, assignment), score, theirs)


def page(client: Client, assignment: Assignment) -> str:
    response = client.get(f"/classes/assignments/{assignment.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def teacher_page(world: World, assignment: Assignment) -> str:
    url = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/"
    response = logged_in(world.teacher).get(url)
    assert response.status_code == 200
    return response.content.decode()


def play_out(game: Game, seed: int, other_discard_at: int | None = None) -> None:
    """Play the learner's side to the end of the hand as a beginner bot would, the choice
    at each move drawn from ``seed`` and the move's index (so two students in the same
    position make the same move), except that the learner's discard numbered
    ``other_discard_at`` (0 the first) is another card than the one chosen."""
    discards = 0
    for _ in range(play_hands.MAX_ACTIONS):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return
        if not hand.learner_to_move:
            games.move(game, game.version, None)
            continue
        view = hand.view()
        legal = legal_in_view(view)
        action = decide("beginner", view, legal, random.Random(f"{seed}:{len(hand.steps)}"))
        if action.kind is ActionKind.DISCARD:
            if discards == other_discard_at:
                action = next(a for a in legal if a.kind is ActionKind.DISCARD and a != action)
            discards += 1
        games.move(game, game.version, action)
    raise AssertionError("the hand did not end")


def parted_at(one: Game, other: Game) -> int:
    """The first action where two games of the same deal differ."""
    pairs = zip(one.actions, other.actions, strict=False)
    return next(n for n, (a, b) in enumerate(pairs) if a != b)


def coach_said(game: Game, decision: int, points: int) -> Finding:
    """A finding of the coach's kept on ``game``'s action numbered ``decision``."""
    return Finding.objects.create(
        game=game,
        decision=decision,
        action=game.actions[decision],
        code="test",
        severity=Finding.Severity.MISTAKE,
        points=points,
        better="draw",
        params={"cards": ["3S"], "count": 1},
        sentence="coach_missed_pile",
    )


class TestTheSameCards:
    def test_every_student_is_dealt_each_deal_from_the_same_seed(self, world: World) -> None:
        assignment = a_duplicate(world)
        eve = classmate(world)
        mine = [finish(started(logged_in(world.student), assignment)) for _ in range(3)]
        hers = [finish(started(logged_in(eve), assignment)) for _ in range(3)]
        seeds = [duplicate.deal_seed(assignment, number) for number in (1, 2, 3)]
        assert [game.seed for game in mine] == [game.seed for game in hers] == seeds
        assert len(set(seeds)) == 3
        # Another duplicate of the class has its own seed, so other deals.
        other = a_duplicate(world, seed=99)
        assert duplicate.deal_seed(other, 1) not in seeds
        # The deal's cards are the engine's deal of that seed, the same for both.
        first, second = games.load(mine[0]), games.load(hers[0])
        assert first.steps[0].before == second.steps[0].before
        assert AssignmentGame.objects.filter(assignment=assignment, number=2).count() == 2

    def test_the_table_and_the_rules_are_the_assignments(self, world: World) -> None:
        assignment = a_duplicate(world, players=4, bot_level="expert", rules="champion")
        game = started(logged_in(world.student), assignment)
        assert (game.players, game.opponents, game.partner, game.preset) == (
            4,
            "expert",
            "expert",
            "champion",
        )
        assert not game.takebacks and game.coach == Game.Coach.OFF

    @pytest.mark.parametrize("players", [2, 4])
    def test_the_same_moves_get_the_same_replies_from_the_bots(
        self, world: World, quick_coach: None, players: int
    ) -> None:
        assignment = a_duplicate(world, bot_level="club", players=players)
        eve = classmate(world)
        mine = started(logged_in(world.student), assignment)
        hers = started(logged_in(eve), assignment)
        play_out(mine, seed=5)
        play_out(hers, seed=5)
        mine.refresh_from_db()
        hers.refresh_from_db()
        assert mine.finished and hers.finished
        assert mine.actions == hers.actions
        assert (mine.score, mine.their_score) == (hers.score, hers.their_score)


class TestTheRanking:
    @pytest.mark.parametrize(
        ("deals", "results"),
        [
            (3, [(300, 100), (150, 400), (905, 0)]),
            (3, [(100, 400), (0, 700), (50, 55)]),
            (4, [(2005, 0), (300, 300), (100, 95), (40, 1000)]),
        ],
    )
    def test_the_victory_points_are_the_engines_on_the_same_match_points(
        self, world: World, deals: int, results: list[tuple[int, int]]
    ) -> None:
        assignment = a_duplicate(world, count=deals)
        play_deals(logged_in(world.student), assignment, results)
        entry = duplicate.standing(assignment, progress.students(world.classroom)).entries[0]
        total = sum(match_points(pair)[0] for pair in results)
        assert [deal.match_points for deal in entry.deals] == [s - t for s, t in results]
        assert entry.total == total
        assert entry.victory_points == victory_points(total, hands=deals)[0]
        assert entry.rank == 1

    def test_ties_share_a_place_and_equal_victory_points_go_by_match_points(
        self, world: World
    ) -> None:
        assignment = a_duplicate(world)
        eve, fay, gus = (classmate(world, name) for name in ("xenia", "yara", "zeno"))
        # Bea and Xenia: 400 each; Yara 360, in the same band of victory points (14-6).
        play_deals(logged_in(world.student), assignment, [(300, 100), (200, 100), (100, 0)])
        play_deals(logged_in(eve), assignment, [(100, 0), (300, 100), (200, 100)])
        play_deals(logged_in(fay), assignment, [(500, 100), (0, 50), (10, 0)])
        play_deals(logged_in(gus), assignment, [(0, 500), (0, 0), (0, 0)])
        found = duplicate.standing(assignment, progress.students(world.classroom))
        table = [(e.student.username, e.total, e.victory_points, e.rank) for e in found.entries]
        assert victory_points(400, hands=3) == victory_points(360, hands=3) == (14, 6)
        assert table == [
            ("bea", 400, 14, 1),
            ("xenia", 400, 14, 1),
            ("yara", 360, 14, 3),
            ("zeno", -500, 6, 4),
        ]

    def test_a_deal_missing_at_the_due_date_leaves_the_student_unranked(self, world: World) -> None:
        assignment = a_duplicate(world)
        eve = classmate(world)
        play_deals(logged_in(world.student), assignment, [(300, 100)] * 3)
        play_deals(logged_in(eve), assignment, [(300, 100)] * 2)
        found = duplicate.standing(assignment, progress.students(world.classroom))
        assert [e.student.username for e in found.ranked] == ["bea"]
        (missing,) = found.unranked
        assert missing.rank is None and missing.total is None
        assert [deal.finished for deal in missing.deals] == [True, True, False]
        page = teacher_page(world, assignment)
        assert "not ranked" in page and "not played" in page

    def test_a_deal_finished_after_the_due_date_is_shown_late_and_not_counted(
        self, world: World
    ) -> None:
        assignment = a_duplicate(world)
        client = logged_in(world.student)
        earlier = timezone.now() - timedelta(hours=1)
        for _ in range(2):
            finish(started(client, assignment), at=earlier)
        Assignment.objects.filter(pk=assignment.pk).update(
            due_at=timezone.now() - timedelta(minutes=1)
        )
        assignment.refresh_from_db()
        finish(started(client, assignment), 500, 0)
        entry = duplicate.standing(assignment, progress.students(world.classroom)).entries[0]
        assert [deal.late for deal in entry.deals] == [False, False, True]
        assert not entry.ranked
        assert "late, not counted" in page(client, assignment)

    def test_an_extension_moves_the_students_due_date(self, world: World) -> None:
        assignment = a_duplicate(world)
        client = logged_in(world.student)
        Assignment.objects.filter(pk=assignment.pk).update(
            due_at=timezone.now() - timedelta(minutes=1)
        )
        assignment.refresh_from_db()
        later = timezone.now() + timedelta(days=1)
        Extension.objects.create(assignment=assignment, student=world.student, due_at=later)
        play_deals(client, assignment, [(300, 100)] * 3)
        entry = duplicate.standing(assignment, progress.students(world.classroom)).entries[0]
        assert entry.ranked and entry.total == 600
        # Until the extension passes, nobody plays the deals again.
        assert duplicate.closes_at(assignment) == later
        assert not duplicate.is_open(assignment)


def parting_at_a_discard(world: World) -> tuple[Assignment, Any, Game, Game]:
    """A three-deal duplicate whose first deal the student and a classmate (eve) play alike
    until the classmate throws another card at her second turn."""
    assignment = a_duplicate(world, count=3)
    eve = classmate(world)
    mine = started(logged_in(world.student), assignment)
    hers = started(logged_in(eve), assignment)
    play_out(mine, seed=3)
    play_out(hers, seed=3, other_discard_at=1)
    return assignment, eve, mine, hers


class TestKeyDecisions:
    def test_students_who_part_at_a_discard_are_grouped_by_choice(
        self, world: World, quick_coach: None
    ) -> None:
        assignment, eve, mine, hers = parting_at_a_discard(world)
        mine.refresh_from_db()
        hers.refresh_from_db()
        found = duplicate.standing(assignment, progress.students(world.classroom))
        decision = found.deals[0].decisions[0]
        assert decision.kind == "discard" and decision.turn == 2
        assert decision.reached == 2
        assert [choice.share for choice in decision.choices] == [50, 50]
        by_student = {c.students[0].id: c for c in decision.choices}
        assert by_student[world.student.pk].average == duplicate.deal_points(mine)
        assert by_student[eve.pk].average == duplicate.deal_points(hers)
        # The moves before the discard were the same: the same position, the same cards.
        pairs = zip(mine.actions, hers.actions, strict=False)
        parted = next(n for n, (a, b) in enumerate(pairs) if a != b)
        assert Action.parse(mine.actions[parted]).kind is ActionKind.DISCARD
        assert games.load(mine).steps[parted].before == games.load(hers).steps[parted].before
        # The teacher sees who chose what; a student the shares and their own choice only.
        teacher = teacher_page(world, assignment)
        assert "Turn 2: the discard" in teacher and "xenia" in teacher
        student = page(logged_in(world.student), assignment)
        assert "Turn 2: the discard" in student and "your choice" in student
        assert "50%" in student and "xenia" not in student

    def test_each_choice_carries_what_the_coach_said_of_it(
        self, world: World, quick_coach: None
    ) -> None:
        assignment, eve, mine, hers = parting_at_a_discard(world)
        hers.refresh_from_db()
        said = finding_text(coach_said(hers, parted_at(mine, hers), points=80))
        found = duplicate.standing(assignment, progress.students(world.classroom))
        by_student = {c.students[0].id: c for c in found.deals[0].decisions[0].choices}
        assert by_student[eve.pk].cost == 80
        assert by_student[eve.pk].coach == (said,)
        assert by_student[world.student.pk].cost == 0
        assert by_student[world.student.pk].coach == ()
        for text in (teacher_page(world, assignment), page(logged_in(world.student), assignment)):
            assert "The coach:" in text and escape(said) in " ".join(text.split())

    def test_the_decisions_kept_are_where_the_coach_found_most_at_stake(
        self, world: World, quick_coach: None
    ) -> None:
        """Three students: the first parts from the others at their first discard, the
        other two part at their third. With room for one decision, the one kept is the one
        whose choice the coach priced highest, whichever it is."""
        assignment = a_duplicate(world, count=3)
        eve, zoe = classmate(world), classmate(world, "yann")
        games_ = [started(logged_in(who), assignment) for who in (world.student, eve, zoe)]
        for game, other in zip(games_, (0, None, 2), strict=True):
            play_out(game, seed=3, other_discard_at=other)
            game.refresh_from_db()
        first, second = parted_at(games_[0], games_[1]), parted_at(games_[1], games_[2])
        assert first < second

        def kept() -> list[int]:
            found = duplicate.standing(assignment, progress.students(world.classroom))
            counted = [(e.student, e.result(1)) for e in found.entries if e.result(1).counted]
            decisions = duplicate.key_decisions(counted, most=1)
            return sorted(s.id for c in decisions[0].choices for s in c.students)

        said = coach_said(games_[0], first, points=90)
        assert kept() == sorted([world.student.pk, eve.pk, zoe.pk])
        said.delete()
        coach_said(games_[2], second, points=90)
        assert kept() == sorted([eve.pk, zoe.pk])

    def test_no_decision_until_two_students_have_finished(self, world: World) -> None:
        assignment = a_duplicate(world)
        finish(started(logged_in(world.student), assignment))
        found = duplicate.standing(assignment, progress.students(world.classroom))
        assert found.deals[0].decisions == []
        assert "Key decisions show once two students have finished the deal." in page(
            logged_in(world.student), assignment
        )


class TestWhatAStudentSees:
    def test_a_deal_is_not_shown_before_the_student_plays_it(self, world: World) -> None:
        assignment = a_duplicate(world)
        eve = classmate(world)
        play_deals(logged_in(eve), assignment, [(300, 100), (905, 0), (0, 0)])
        client = logged_in(world.student)
        before = page(client, assignment)
        assert "on average" not in before and "905" not in before
        assert before.count("Its cards and the class's results show once") == 3
        assert "Play deal 1" in before
        finish(started(client, assignment), 100, 0)
        after = page(client, assignment)
        # Deal 1's class results now; deal 2's (Eve's 905) still not.
        assert "on average 150 match points" in after and "905" not in after
        assert "Play deal 2" in after

    def test_the_student_sees_their_place_once_every_deal_counts(self, world: World) -> None:
        assignment = a_duplicate(world)
        eve = classmate(world)
        play_deals(logged_in(eve), assignment, [(1300, 0)] * 3)
        client = logged_in(world.student)
        play_deals(client, assignment, [(300, 100)] * 3)
        shown = page(client, assignment)
        vp = victory_points(600, hands=3)[0]
        assert f"Your total: 600 match points, worth {vp} victory points out of 20" in shown
        assert "Your place: 2 of 2 ranked so far." in shown
        assert "xenia" not in shown

    def test_the_deals_are_played_in_order_and_no_more(self, world: World) -> None:
        assignment = a_duplicate(world)
        client = logged_in(world.student)
        numbers = []
        for _ in range(3):
            game = finish(started(client, assignment, deal="3"))
            numbers.append(AssignmentGame.objects.get(game=game).number)
        assert numbers == [1, 2, 3]
        response = start(client, assignment)
        assert response.status_code == 409
        assert "You have played the 3 deals of this duplicate" in response.content.decode()


class TestRefusals:
    def test_again_is_refused_until_the_duplicate_closes(self, world: World) -> None:
        assignment = a_duplicate(world)
        client = logged_in(world.student)
        game = started(client, assignment)
        finish(game)
        response = client.post("/play/", {"again": game.pk})
        assert response.status_code == 403 and REFUSED in response.content.decode()
        assert Game.objects.filter(user=world.student).count() == 1
        # Even once every deal is played: the classmates still hold these cards.
        play_deals(client, assignment, [(0, 0)] * 2)
        assert client.post("/play/", {"again": game.pk}).status_code == 403
        Assignment.objects.filter(pk=assignment.pk).update(
            due_at=timezone.now() - timedelta(minutes=1)
        )
        response = client.post("/play/", {"again": game.pk})
        assert response.status_code == 302
        copy = Game.objects.filter(user=world.student).exclude(
            pk__in=AssignmentGame.objects.values("game_id")
        )
        assert copy.get().seed == game.seed

    def test_a_decision_is_not_tried_again_before_the_close(self, world: World) -> None:
        assignment = a_duplicate(world)
        client = logged_in(world.student)
        game = started(client, assignment)
        drawn = client.post(f"/play/{game.pk}/", {"version": game.version, "do": "draw"})
        assert drawn.status_code == 302
        game.refresh_from_db()
        decision = next(
            n for n, step in enumerate(games.load(game).steps) if step.seat == play_hands.LEARNER
        )
        finish(game)
        url = f"/play/{game.pk}/review/"
        response = client.get(url, {"decision": decision})
        assert response.status_code == 403 and REFUSED in response.content.decode()
        review = client.get(url).content.decode()
        assert 'name="again"' not in review and "decision=" not in review

    def test_the_table_fixes_the_settings(self, world: World) -> None:
        assignment = a_duplicate(world)
        client = logged_in(world.student)
        response = start(client, assignment, seed="1")
        assert response.status_code == 400
        assert "cannot be started with other settings" in response.content.decode()
        assert not Game.objects.exists()

    def test_another_class_sees_nothing_and_plays_nothing(self, world: World) -> None:
        assignment = a_duplicate(world)
        stranger = logged_in(world.other_student)
        assert stranger.get(f"/classes/assignments/{assignment.pk}/").status_code == 404
        assert start(stranger, assignment).status_code == 404
        game = started(logged_in(world.student), assignment)
        assert stranger.get(f"/play/{game.pk}/").status_code == 404
        assert stranger.get(f"/play/{game.pk}/review/").status_code == 404
        other = logged_in(world.other_teacher)
        base = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/"
        assert other.get(base).status_code == 404
        assert other.get(base + "duplicate.csv").status_code == 404
        assert other.get(f"{base}hands/{game.pk}/").status_code == 404
        # The other teacher's own class with this assignment's id: still not theirs.
        mixed = f"/classes/{world.other_classroom.pk}/assignments/{assignment.pk}/duplicate.csv"
        assert other.get(mixed).status_code == 404

    def test_forged_ids_answer_404(self, world: World) -> None:
        assignment = a_duplicate(world)
        teacher = logged_in(world.teacher)
        base = f"/classes/{world.classroom.pk}/assignments/"
        assert teacher.get(f"{base}{assignment.pk + 999}/duplicate.csv").status_code == 404
        # The CSV of an assignment that is not a duplicate.
        assert teacher.get(f"{base}{world.assignment.pk}/duplicate.csv").status_code == 404
        assert teacher.get(f"{base}{assignment.pk}/hands/999999/").status_code == 404
        student = logged_in(world.student)
        assert student.get(f"/classes/assignments/{assignment.pk + 999}/").status_code == 404
        assert start(student, world.assignment).status_code == 404  # puzzles, not a duplicate


class TestTwoTabs:
    def test_a_second_tab_goes_back_to_the_deal_under_way(self, world: World) -> None:
        assignment = a_duplicate(world)
        first = started(logged_in(world.student), assignment)
        second = started(logged_in(world.student), assignment)
        assert first == second
        assert AssignmentGame.objects.filter(assignment=assignment).count() == 1

    def test_a_deal_is_filed_once_for_a_student(self, world: World) -> None:
        assignment = a_duplicate(world)
        game = started(logged_in(world.student), assignment)
        other = Game.objects.create(user=world.student, seed=game.seed)
        with pytest.raises(IntegrityError), transaction.atomic():
            AssignmentGame.objects.create(
                game=other, assignment=assignment, student=world.student, number=1
            )

    def test_a_start_that_loses_the_race_plays_the_winners_deal(
        self, world: World, monkeypatch: Any
    ) -> None:
        assignment = a_duplicate(world)
        game = started(logged_in(world.student), assignment)
        # As if the second tab counted the deals before the first filed its own.
        monkeypatch.setattr(hands, "filed", lambda assignment, student: 0)
        monkeypatch.setattr(hands, "unfinished", _unfinished_after_the_first_look())
        again = started(logged_in(world.student), assignment)
        assert again == game
        assert AssignmentGame.objects.filter(assignment=assignment).count() == 1
        finish(game)
        refused = start(logged_in(world.student), assignment)
        assert refused.status_code == 409


def _unfinished_after_the_first_look() -> Any:
    """``hands.unfinished`` that sees nothing at its first call (before the race is lost)."""
    real = hands.unfinished
    calls = {"n": 0}

    def looking(assignment: Assignment, student_id: int) -> Game | None:
        calls["n"] += 1
        return None if calls["n"] == 1 else real(assignment, student_id)

    return looking


class TestTheTeachersPages:
    def test_the_teacher_sets_a_duplicate(self, world: World) -> None:
        data = {**DUPLICATE, "token": new_form_token(world.classroom)}
        response = logged_in(world.teacher).post(
            f"/classes/{world.classroom.pk}/assignments/new/", data
        )
        assert response.status_code == 302, response.content.decode()[-2000:]
        made = Assignment.objects.get(title="Friday duplicate")
        assert (made.content, made.count, made.players, made.bot_level, made.rules) == (
            "duplicate",
            4,
            4,
            "club",
            "fe-bur-it",
        )
        assert made.seed and world.classroom.rules == "standard"
        shown = logged_in(world.teacher).get(response["Location"]).content.decode()
        assert "a duplicate of 4 deals, the same for every student" in shown
        assert "The ranking" in shown and "Download the ranking (CSV)" in shown

    @pytest.mark.parametrize(
        ("changes", "field", "sentence"),
        [
            ({"players": "3"}, "players", "A duplicate is played at two or four"),
            ({"deals": "5"}, "deals", "Select a valid choice"),
            ({"deals": ""}, "deals", "Choose three or four deals."),
            ({"players": ""}, "players", "Choose how many players sit at the table."),
            ({"bot_level": ""}, "bot_level", "Choose the bots&#x27; level."),
            ({"bot_level": "student"}, "bot_level", "choose one level for all"),
        ],
    )
    def test_the_form_refuses_what_a_duplicate_cannot_be(
        self, world: World, changes: dict[str, str], field: str, sentence: str
    ) -> None:
        data = {**DUPLICATE, **changes, "token": new_form_token(world.classroom)}
        response = logged_in(world.teacher).post(
            f"/classes/{world.classroom.pk}/assignments/new/", data
        )
        assert response.status_code == 400
        assert sentence in response.content.decode()
        assert not Assignment.objects.filter(title="Friday duplicate").exists()

    def test_a_duplicate_without_a_preset_is_played_under_the_class_rules(
        self, world: World
    ) -> None:
        world.classroom.rules = "strict"
        world.classroom.save()
        data = {**DUPLICATE, "preset": "", "token": new_form_token(world.classroom)}
        response = logged_in(world.teacher).post(
            f"/classes/{world.classroom.pk}/assignments/new/", data
        )
        assert response.status_code == 302
        assert Assignment.objects.get(title="Friday duplicate").rules == "strict"

    def test_the_ranking_page_names_students_with_the_class_figures(self, world: World) -> None:
        assignment = a_duplicate(world)
        eve = classmate(world)
        play_deals(logged_in(world.student), assignment, [(300, 100), (0, 0), (100, 0)])
        play_deals(logged_in(eve), assignment, [(100, 0), (0, 100), (0, 0)])
        shown = teacher_page(world, assignment)
        assert "bea" in shown and "xenia" in shown
        assert "Class average" in shown and "Class median" in shown
        assert ">150<" in shown  # deal 1: (200 + 100) / 2
        game = AssignmentGame.objects.get(assignment=assignment, student=eve, number=2)
        assert f"/assignments/{assignment.pk}/hands/{game.game_id}/" in shown

    def test_the_grid_counts_the_deals(self, world: World) -> None:
        assignment = a_duplicate(world)
        play_deals(logged_in(world.student), assignment, [(0, 0)] * 2)
        cell = progress.load([assignment], [world.student.pk]).cell(assignment, world.student.pk)
        assert (cell.done, cell.total, cell.status) == (2, 3, progress.Status.IN_PROGRESS)


class TestTheCsv:
    def test_the_ranking_as_csv(self, world: World) -> None:
        assignment = a_duplicate(world, title="=SUM duplicate")
        eve = classmate(world)
        play_deals(logged_in(world.student), assignment, [(300, 100), (100, 400), (0, 0)])
        play_deals(logged_in(eve), assignment, [(300, 100)])
        url = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/duplicate.csv"
        response = logged_in(world.teacher).get(url)
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/csv")
        assert "duplicate-sum-duplicate" in response["Content-Disposition"]
        rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
        assert rows[0] == [
            "Place",
            "Student",
            "Username",
            "Deal 1 (match points)",
            "Deal 2 (match points)",
            "Deal 3 (match points)",
            "Total match points",
            "Victory points",
        ]
        vp = victory_points(-100, hands=3)[0]
        assert rows[1] == ["1", "bea", "bea", "200", "-300", "0", "-100", str(vp)]
        assert rows[2] == ["not ranked", "xenia", "xenia", "200", "", "", "", ""]

    def test_in_italian_the_fields_are_separated_by_semicolons(self, world: World) -> None:
        assignment = a_duplicate(world)
        play_deals(logged_in(world.student), assignment, [(300, 100)] * 3)
        client = logged_in(world.teacher)
        client.cookies["django_language"] = "it"
        url = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/duplicate.csv"
        text = client.get(url).content.decode().lstrip("\ufeff")
        assert text.splitlines()[0].startswith("Posto;Studente;")
        assert "Smazzata 1 (match point)" in text


class TestItalian:
    def test_the_pages_and_refusals_in_italian(self, world: World) -> None:
        assignment = a_duplicate(world)
        eve = classmate(world)
        play_deals(logged_in(eve), assignment, [(300, 100)] * 3)
        client = logged_in(world.student)
        client.cookies["django_language"] = "it"
        shown = page(client, assignment)
        assert "Gioca la smazzata 1" in shown
        assert "Un duplicato di 3 smazzate, le stesse per ogni studente" in shown
        game = finish(started(client, assignment))
        refused = client.post("/play/", {"again": game.pk}).content.decode()
        assert "Questa smazzata è il duplicato della tua classe" in refused
        teacher = logged_in(world.teacher)
        teacher.cookies["django_language"] = "it"
        url = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/"
        shown = teacher.get(url).content.decode()
        assert "La classifica" in shown and "Punti vittoria" in shown
        assert "Media della classe" in shown


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("finished_before", [0, 2])
def test_two_tabs_starting_a_deal_at_once_file_one_game(finished_before: int) -> None:
    from tests.classroom.test_hands_once import at_once, on_postgresql, tab
    from tests.factories import ClassroomFactory, TeacherFactory

    on_postgresql()
    student = UserFactory()
    classroom = ClassroomFactory(teacher=TeacherFactory())
    MembershipFactory(classroom=classroom, student=student)
    assignment = AssignmentFactory(
        classroom=classroom, content="duplicate", count=3, bot_level="random", coach=False
    )
    for _ in range(finished_before):
        finish(started(tab(student), assignment))
    tabs = [tab(student), tab(student)]
    statuses = at_once([lambda client=client: start(client, assignment) for client in tabs])
    # The second tab goes back to the deal the first dealt, or is told to wait (one heavy
    # request at a time: burraco_tutor.cost.heavy).
    assert statuses in ([302, 302], [302, 429])
    rows = AssignmentGame.objects.filter(assignment=assignment, student=student)
    assert sorted(rows.values_list("number", flat=True)) == list(range(1, finished_before + 2))
    assert Game.objects.filter(user=student).count() == finished_before + 1


def test_the_ranking_page_reads_as_many_rows_for_a_class_of_two_as_of_eight(
    world: World,
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    assignment = a_duplicate(world)
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/"

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    play_deals(logged_in(world.student), assignment, [(300, 100)] * 3)
    play_deals(logged_in(classmate(world, "student0")), assignment, [(0, 100)] * 3)
    few = queries()
    for number in range(1, 7):
        play_deals(logged_in(classmate(world, f"student{number}")), assignment, [(5, 0)] * 2)
    assert queries() == few
