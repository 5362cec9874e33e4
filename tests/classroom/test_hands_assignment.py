"""Assignments of hands at the practice table ("play N hands against level L"): the form,
the student's Play button with the settings fixed, the grid's count, the teacher's view of
each hand, and the one-time token of the new assignment form."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from classroom.models import Assignment, AssignmentGame
from classroom.services import new_form_token
from play.models import Game
from tests.classroom.conftest import World, logged_in
from tests.factories import AssignmentFactory, GameFactory, PuzzleFactory

pytestmark = pytest.mark.django_db
HANDS = {
    "title": "Three hands",
    "due_at": "2031-03-04T20:00",
    "content": "hands",
    "hands": "3",
    "bot_level": "beginner",
    "players": "2",
    "coach": "on",
}


@pytest.fixture(autouse=True)
def english(settings: Any) -> None:
    """These tests read the English words; the last one reads the Italian."""
    settings.LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: Any) -> None:
    """Every hand dealt here is the deal of seed 7."""
    from play import games

    monkeypatch.setattr(games.secrets, "randbelow", lambda limit: 7)


def new_url(world: World) -> str:
    return f"/classes/{world.classroom.pk}/assignments/new/"


def hands_assignment(world: World, **fields: Any) -> Assignment:
    values = {"bot_level": "random", "count": 2, "coach": False, "players": 2, **fields}
    return AssignmentFactory(classroom=world.classroom, content="hands", **values)


def start(world: World, assignment: Assignment, **data: Any) -> Any:
    return logged_in(world.student).post(f"/classes/assignments/{assignment.pk}/play/", data)


def test_the_teacher_sets_hands_against_a_level_under_the_class_rules(world: World) -> None:
    world.classroom.rules = "semi-clean"
    world.classroom.save()
    data = {**HANDS, "token": new_form_token(world.classroom)}
    response = logged_in(world.teacher).post(new_url(world), data)
    assert response.status_code == 302
    made = Assignment.objects.get(title="Three hands")
    assert (made.content, made.count, made.bot_level, made.players, made.coach) == (
        "hands",
        3,
        "beginner",
        2,
        True,
    )
    assert made.rules == "semi-clean" and not made.items.exists()
    page = logged_in(world.teacher).get(response["Location"]).content.decode()
    assert "3 hands at the practice table against Beginner bots, 2 players" in page
    assert "coach on" in page and "See what students see" not in page


@pytest.mark.parametrize(
    ("data", "field", "sentence"),
    [
        ({"bot_level": ""}, "bot_level", "Choose the bots&#x27; level."),
        ({"bot_level": "grandmaster"}, "bot_level", "Select a valid choice."),
        ({"hands": ""}, "hands", "Give a whole number."),
        ({"hands": "0"}, "hands", "greater than or equal to 1"),
        ({"hands": "500"}, "hands", "less than or equal to 20"),
        ({"players": "7"}, "players", "The table seats two to six players, not 7."),
    ],
)
def test_a_hands_form_missing_or_out_of_range_is_refused(
    world: World, data: dict[str, str], field: str, sentence: str
) -> None:
    form = {**HANDS, **data, "token": new_form_token(world.classroom)}
    response = logged_in(world.teacher).post(new_url(world), form)
    assert response.status_code == 400
    assert sentence in response.content.decode()
    assert not Assignment.objects.filter(title="Three hands").exists()


@pytest.mark.parametrize("content", ["hands", "puzzles", "generated"])
def test_the_same_form_sent_twice_sets_one_assignment(world: World, content: str) -> None:
    data: dict[str, Any] = {**HANDS, "content": content, "title": "Once"}
    if content == "puzzles":
        data["puzzles"] = [PuzzleFactory().pk]
    elif content == "generated":
        data |= {"theme": "R23", "puzzle_kind": "attach", "rating": "1200", "count": "3"}
    data["token"] = new_form_token(world.classroom)
    client = logged_in(world.teacher)
    first = client.post(new_url(world), data)
    second = client.post(new_url(world), data)
    made = Assignment.objects.filter(title="Once")
    assert made.count() == 1
    # The second send shows the assignment the first one set.
    assert (
        first["Location"]
        == second["Location"]
        == (f"/classes/{world.classroom.pk}/assignments/{made.get().pk}/")
    )


def test_a_form_without_a_live_token_sets_nothing_and_says_why(world: World) -> None:
    client = logged_in(world.teacher)
    for token in ("", "made-up", "x" * 64):
        response = client.post(new_url(world), {**HANDS, "token": token})
        assert response.status_code == 400
        page = response.content.decode()
        assert "This form was sent before, or the page was out of date" in page
        # The form comes back filled, with a fresh token to send it again.
        fresh = re.findall(r'name="token" value="([^"]+)"', page)
        assert fresh and fresh[0] != token
    assert not Assignment.objects.filter(title="Three hands").exists()
    assert client.post(new_url(world), {**HANDS, "token": fresh[0]}).status_code == 302


def test_the_form_page_carries_a_token_that_works_once(world: World) -> None:
    client = logged_in(world.teacher)
    page = client.get(new_url(world)).content.decode()
    token = re.findall(r'name="token" value="([^"]+)"', page)[0]
    assert client.post(new_url(world), {**HANDS, "token": token}).status_code == 302
    # A token of one class does not set work in another of the teacher's.
    other = world.other_classroom
    other.teacher = world.teacher
    other.save()
    url = f"/classes/{other.pk}/assignments/new/"
    token = new_form_token(world.classroom)
    assert logged_in(world.teacher).post(url, {**HANDS, "token": token}).status_code == 400


def test_play_deals_a_hand_with_the_assignments_settings_and_files_it(world: World) -> None:
    assignment = hands_assignment(world, bot_level="expert", players=4, coach=True)
    page = logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/").content
    assert b"Play a hand" in page and b"Hands finished: 0 of 2" in page
    response = start(world, assignment)
    assert response.status_code == 302
    game = Game.objects.get(user=world.student)
    assert response["Location"] == f"/play/{game.pk}/"
    assert (game.players, game.opponents, game.partner, game.preset, game.coach) == (
        4,
        "expert",
        "expert",
        assignment.rules,
        "turns",
    )
    assert AssignmentGame.objects.get(game=game).assignment == assignment
    # The bots before the student have played: the table waits for the student.
    assert game.version == 1 and game.actions
    # One hand, played as it falls: no match, and no taking back a turn.
    assert not game.match and not game.takebacks
    client = logged_in(world.student)
    client.post(f"/play/{game.pk}/", {"version": game.version, "do": "draw"})
    game.refresh_from_db()
    response = client.post(f"/play/{game.pk}/", {"version": game.version, "do": "takeback"})
    assert response.status_code == 400
    assert "takeback" not in client.get(f"/play/{game.pk}/").content.decode()


def test_a_second_start_while_a_hand_is_unfinished_goes_back_to_it(world: World) -> None:
    assignment = hands_assignment(world)
    first = start(world, assignment)
    second = start(world, assignment)  # a double click, a second tab
    assert Game.objects.filter(user=world.student).count() == 1
    assert first["Location"] == second["Location"]
    page = logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/").content
    assert b"Go on with this hand" in page
    finish(Game.objects.get(user=world.student).pk)
    third = start(world, assignment)
    assert third["Location"] != first["Location"]
    assert AssignmentGame.objects.filter(assignment=assignment).count() == 2


def test_a_forged_start_cannot_change_the_settings(world: World) -> None:
    assignment = hands_assignment(world)
    for forged in ({"players": "4"}, {"opponents": "expert"}, {"coach": "full"}, {"again": "1"}):
        response = start(world, assignment, **forged)
        assert response.status_code == 400
        assert "cannot be started with other settings" in response.content.decode()
    assert not Game.objects.exists()


def test_only_the_classs_students_start_its_hands(world: World) -> None:
    assignment = hands_assignment(world)
    for user in (world.other_student, world.teacher, world.other_teacher):
        response = logged_in(user).post(f"/classes/assignments/{assignment.pk}/play/")
        assert response.status_code == 404
    # Not a hands assignment: nothing to play.
    assert start(world, world.assignment).status_code == 404
    assert (
        logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/play/").status_code
        == 405
    )
    anonymous = logged_in(None).post(f"/classes/assignments/{assignment.pk}/play/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert not Game.objects.exists()


def finish(game_id: int, score: int = 300, theirs: int = 100) -> None:
    Game.objects.filter(pk=game_id).update(
        finished=True, score=score, their_score=theirs, updated_at=timezone.now(), version=99
    )


def test_the_grid_counts_the_hands_finished_from_the_assignment(world: World) -> None:
    assignment = hands_assignment(world, count=2)
    teacher = logged_in(world.teacher)
    grid = f"/classes/{world.classroom.pk}/"
    assert "0/2" in teacher.get(grid).content.decode()
    start(world, assignment)
    first = Game.objects.get(user=world.student)
    # A hand started, not finished: in progress, nothing counted yet.
    assert "In progress" in teacher.get(grid).content.decode()
    finish(first.pk)
    # A hand of the student's from /play/ does not count for the assignment.
    GameFactory(user=world.student, finished=True, score=1, their_score=0)
    assert "1/2" in teacher.get(grid).content.decode()
    start(world, assignment)
    second = Game.objects.filter(user=world.student).order_by("-pk").first()
    assert second is not None
    finish(second.pk, 50, 400)
    page = teacher.get(grid).content.decode()
    assert "2/2" in page and "Done" in page
    mine = logged_in(world.student).get(f"/classes/assignments/{assignment.pk}/").content
    assert b"Hands finished: 2 of 2" in mine and b"Play a hand" not in mine
    assert b"You have played every hand of this assignment" in mine
    assert b"Won" in mine and b"Lost" in mine and b"300 to 100" in mine


def test_the_student_sees_the_assignment_on_home_and_progress(world: World) -> None:
    assignment = hands_assignment(world, title="Two hands please")
    start(world, assignment)
    finish(Game.objects.get(user=world.student).pk)
    client = logged_in(world.student)
    for url in ("/", "/progress/"):
        page = client.get(url).content.decode()
        assert "Two hands please" in page and "1/2" in page, url
        assert f"/classes/assignments/{assignment.pk}/" in page
        # "Play a hand" right there, while hands are still to play.
        assert f'action="/classes/assignments/{assignment.pk}/play/"' in page
    finish(Game.objects.create(user=world.student, seed=7).pk)
    AssignmentGame.objects.create(
        game=Game.objects.latest("pk"), assignment=assignment, student=world.student
    )
    page = client.get("/classes/").content.decode()
    assert f'action="/classes/assignments/{assignment.pk}/play/"' not in page


def test_the_teacher_sees_each_hand_with_its_findings_and_its_review(world: World) -> None:
    from tests.play.test_table_views import learner_turns

    assignment = hands_assignment(world, coach=True)
    student = logged_in(world.student)
    start(world, assignment)
    game = Game.objects.get(user=world.student)
    learner_turns(student, game, "random", turns=12)
    finding = game.findings.exclude(severity="none").first()
    assert finding is not None
    teacher = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/?assignment={assignment.pk}"
    page = teacher.get(url).content.decode()
    review = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/hands/{game.pk}/"
    assert "Hand 1" in page and review in page
    assert finding.get_severity_display() in page
    shown = teacher.get(review)
    assert shown.status_code == 200
    html = shown.content.decode()
    assert "What the coach flagged" in html and "The student chose:" in html
    assert f"about {finding.points} point" in html
    # The assignment's page sums the findings up by rule.
    detail = teacher.get(f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/")
    assert 'id="hand-rules"' in detail.content.decode()
    # The student's own review is theirs; the teacher does not reach it at /play/.
    assert student.get(f"/play/{game.pk}/review/").status_code == 200
    assert teacher.get(f"/play/{game.pk}/review/").status_code == 404


def test_nobody_else_reaches_a_hand(world: World) -> None:
    assignment = hands_assignment(world)
    start(world, assignment)
    game = Game.objects.get(user=world.student)
    own = GameFactory(user=world.student)  # from /play/: not the assignment's
    c, a = world.classroom.pk, assignment.pk
    other = hands_assignment(world, title="Other")
    assert (
        logged_in(world.teacher).get(f"/classes/{c}/assignments/{a}/hands/{game.pk}/").status_code
        == 200
    )
    for user, url in [
        (world.other_teacher, f"/classes/{c}/assignments/{a}/hands/{game.pk}/"),
        (world.student, f"/classes/{c}/assignments/{a}/hands/{game.pk}/"),
        (world.other_student, f"/classes/{c}/assignments/{a}/hands/{game.pk}/"),
        (world.teacher, f"/classes/{c}/assignments/{a}/hands/{own.pk}/"),
        (world.teacher, f"/classes/{c}/assignments/{other.pk}/hands/{game.pk}/"),
        (world.teacher, f"/classes/{world.other_classroom.pk}/assignments/{a}/hands/{game.pk}/"),
        (world.teacher, f"/classes/{c}/assignments/{a}/hands/999999/"),
    ]:
        assert logged_in(user).get(url).status_code == 404, (user, url)
    anonymous = logged_in(None).get(f"/classes/{c}/assignments/{a}/hands/{game.pk}/")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")


def test_the_forms_and_pages_in_italian(world: World) -> None:
    assignment = hands_assignment(world, due_at=timezone.now() + timedelta(days=2))
    client = logged_in(world.teacher)
    client.cookies["django_language"] = "it"
    form = client.get(new_url(world)).content.decode()
    assert "Quante smazzate" in form
    page = client.get(
        f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/"
    ).content.decode()
    assert "2 smazzate al tavolo d'allenamento" in page


def test_a_student_who_left_the_class_is_no_longer_followed(world: World) -> None:
    assignment = hands_assignment(world)
    start(world, assignment)
    game = Game.objects.get(user=world.student)
    url = f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/hands/{game.pk}/"
    assert logged_in(world.teacher).get(url).status_code == 200
    world.classroom.memberships.filter(student=world.student).delete()
    assert logged_in(world.teacher).get(url).status_code == 404
    # The hand stays the student's own.
    assert logged_in(world.student).get(f"/play/{game.pk}/").status_code == 200


def test_the_teacher_reads_a_finished_hands_score_as_the_students_and_their_opponents(
    world: World, settings: Any
) -> None:
    from tests.play.test_table_views import learner_turns

    settings.RATELIMIT_ENABLE = False  # a whole hand is more moves a minute than a person's

    assignment = hands_assignment(world, bot_level="beginner")
    student = logged_in(world.student)
    start(world, assignment)
    game = Game.objects.get(user=world.student)
    learner_turns(student, game, "club", turns=80)
    game.refresh_from_db()
    assert game.finished
    html = (
        logged_in(world.teacher)
        .get(f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/hands/{game.pk}/")
        .content.decode()
    )
    score = html[html.index('id="hand-score"') :]
    # Two players: the student and their opponent, no sides.
    assert "The student&#x27;s opponent" in score and "The bots&#x27; side" not in score
    assert "Your opponent" not in score and "The other side" not in score
    # The student's own review still speaks to them.
    own = student.get(f"/play/{game.pk}/review/").content.decode()
    assert "Your opponent" in own and "The student" not in own and "The other side" not in own


@pytest.mark.parametrize("players", [5, 6])
def test_a_teacher_sets_hands_at_five_or_six_and_reads_the_sides_by_their_seats(
    world: World, settings: Any, players: int
) -> None:
    from tests.play.test_table_views import learner_turns

    settings.RATELIMIT_ENABLE = False  # a whole hand is more moves a minute than a person's
    form = {**HANDS, "players": str(players), "token": new_form_token(world.classroom)}
    assert logged_in(world.teacher).post(new_url(world), form).status_code == 302
    assignment = Assignment.objects.get(title="Three hands")
    assert assignment.players == players
    student = logged_in(world.student)
    start(world, assignment)
    game = Game.objects.get(user=world.student)
    assert game.players == players
    learner_turns(student, game, "club", turns=80)
    game.refresh_from_db()
    assert game.finished
    html = (
        logged_in(world.teacher)
        .get(f"/classes/{world.classroom.pk}/assignments/{assignment.pk}/hands/{game.pk}/")
        .content.decode()
    )
    score = html[html.index('id="hand-score"') :]
    score = score[: score.index("</table>")]
    assert "You" not in score
    if players == 6:
        # Three pairs, partners sitting alternately (R40); a pair weighed against the best
        # other pair.
        for pair in ("The student and North", "West and North-East", "North-West and East"):
            assert f'<th scope="col">{pair}</th>' in score
        assert "The best other side" in html and "The best other player" not in html
    else:
        assert re.search(r'<th scope="col">The student( and [A-Za-z-]+)?</th>', score)
        assert "The best other player" in html


def test_the_teachers_lists_say_each_idea_of_a_hand_once_as_its_review_does(world: World) -> None:
    # The 9S kept on three turns is one idea, said once with its worst finding, first; the
    # KD another. The class's counts by rule count ideas too.
    from classroom.hands import hand_views, rule_counts
    from play.models import Finding

    assignment = hands_assignment(world, coach=True)
    game = Game.objects.create(user=world.student, seed=7)
    AssignmentGame.objects.create(game=game, assignment=assignment, student=world.student)

    def found(decision: int, card: str, severity: str, points: int) -> None:
        Finding.objects.create(
            game=game,
            decision=decision,
            action="discard 4C",
            code="missed_attach",
            rule="R17",
            severity=severity,
            points=points,
            better=f"attach 0 {card}",
            params={"card": card, "arrangement": ["6S", "7S", "8S"]},
            sentence="coach_missed_attach_two",
        )

    found(3, "9S", "inaccuracy", 25)
    found(7, "9S", "mistake", 70)
    found(11, "9S", "inaccuracy", 30)
    found(9, "KD", "inaccuracy", 40)
    [view] = hand_views(assignment, world.student.pk)
    assert [(f.params["card"], f.points) for f, _text in view.findings] == [("9S", 70), ("KD", 40)]
    assert rule_counts(assignment) == [("R17", 2)]
