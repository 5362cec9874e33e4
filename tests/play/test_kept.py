"""How many games a learner keeps whole (play.kept): the oldest past the limits are put away
to their results, /progress/ counts them as before, an assignment's hands are kept whole."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from play import games, progress
from play.models import Finding, Game
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"
NEW = {"players": "2", "opponents": "club", "partner": "club", "preset": "standard"}


@pytest.fixture(autouse=True)
def small_limits(settings: Any) -> None:
    settings.PLAY_FINISHED_GAMES = 3
    settings.PLAY_UNFINISHED_GAMES = 2


def aged(game: Game, days: int) -> Game:
    """The game as if its last move were ``days`` ago (update() keeps auto_now away)."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(days=days))
    game.refresh_from_db()
    return game


def finished(user: Any, days: int, won: int = 1, **fields: Any) -> Game:
    game = GameFactory(
        user=user,
        finished=True,
        hands_ended=1,
        hands_won=won,
        score=900 if won else 200,
        their_score=200 if won else 900,
        actions=["draw", "discard 9S"],
        **fields,
    )
    return aged(game, days)


def finding(game: Game, rule: str, severity: str) -> Finding:
    return Finding.objects.create(
        game=game,
        decision=1,
        action="discard 9S",
        code="discard_feeds",
        rule=rule,
        severity=severity,
        points=12,
        better="discard KS",
        sentence="x",
    )


def deal(client: Client) -> Any:
    return client.post("/play/", {**NEW, "coach": "turns"}, follow=True)


def test_finished_games_past_the_limit_are_thinned_to_their_results() -> None:
    user = UserFactory()
    old = [finished(user, days=10 + n, won=n % 2, opponents="expert") for n in range(3)]
    new = [finished(user, days=n) for n in range(3)]
    flagged, minor = finding(old[0], "R31", "mistake"), finding(old[0], "R31", "none")
    client = Client()
    client.force_login(user)
    before = progress.by_level(Game.objects.filter(user=user))
    deal(client)
    for game in old:
        game.refresh_from_db()
        assert game.thinned_at is not None
        assert game.actions == [] and game.past_hands == []
        assert (game.hands_ended, game.score) == (1, 900 if game.hands_won else 200)
        assert client.get(f"/play/{game.pk}/").status_code == 404
        assert client.get(f"/play/{game.pk}/review/").status_code == 404
    for game in new:
        game.refresh_from_db()
        assert game.thinned_at is None and game.actions == ["draw", "discard 9S"]
    # What /progress/ reads is what it read before: the hands per level and the findings
    # on a rule; only the coach's minor word is gone.
    assert progress.by_level(Game.objects.filter(user=user)) == before
    assert list(Finding.objects.filter(game=old[0])) == [flagged]
    assert not Finding.objects.filter(pk=minor.pk).exists()


def test_starting_a_game_past_the_unfinished_limit_puts_the_oldest_away_and_says_so() -> None:
    user = UserFactory()
    oldest = aged(GameFactory(user=user, match=True, hands_ended=2, hands_won=1), 30)
    other = aged(GameFactory(user=user), 3)
    client = Client()
    client.force_login(user)
    page = deal(client).content.decode()
    oldest.refresh_from_db()
    other.refresh_from_db()
    assert oldest.thinned_at is not None and other.thinned_at is None
    assert "the oldest, started on" in page and "were put" not in page
    assert "its ended hands still count on your progress" in page
    # Its two ended hands still count; the start page lists only the games kept.
    [row] = progress.by_level(Game.objects.filter(user=user))
    assert (row.played, row.won) == (2, 1)
    listed = client.get("/play/").content.decode()
    assert f"/play/{oldest.pk}/" not in listed and f"/play/{other.pk}/" in listed
    assert Game.objects.filter(user=user, thinned_at=None, finished=False).count() == 2


def test_the_sentence_is_italian_for_an_italian_learner(settings: Any) -> None:
    user = UserFactory()
    for days in (5, 6):
        aged(GameFactory(user=user), days)
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    page = deal(client).content.decode()
    assert "partite non finite" in page


def test_a_move_sent_from_a_page_drawn_before_the_game_was_put_away_is_stale() -> None:
    user = UserFactory()
    game = GameFactory(user=user)
    games.move(game, 0, None)
    game.refresh_from_db()
    version = game.version
    for days in (1, 2):
        aged(GameFactory(user=user), days)
    aged(game, 9)
    client = Client()
    client.force_login(user)
    deal(client)
    game.refresh_from_db()
    assert game.thinned_at is not None and game.version == version + 1
    with pytest.raises(games.StaleMove):
        games.move(game, version, None)
    assert client.post(f"/play/{game.pk}/", {"version": version, "do": "continue"}).status_code == (
        404
    )


def test_logging_in_brings_the_sessions_games_within_the_limits() -> None:
    user = UserFactory()
    for days in range(3):
        finished(user, days=20 + days)
    client = Client()
    for _ in range(2):
        deal(client)
    session_games = list(Game.objects.filter(user=None))
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    mine = Game.objects.filter(user=user)
    assert mine.count() == 5
    assert mine.filter(thinned_at=None, finished=True).count() == 3
    # The session's two games were just played: they are the ones kept.
    for game in session_games:
        game.refresh_from_db()
        assert game.user == user and game.thinned_at is None


def test_many_games_over_the_limit_are_put_away_in_batches(monkeypatch: Any) -> None:
    from play import kept

    monkeypatch.setattr(kept, "BATCH", 4)
    user = UserFactory()
    Game.objects.bulk_create(
        Game(user=user, seed=7, finished=True, hands_ended=1, actions=["draw"]) for _ in range(13)
    )
    assert kept.put_away(Game.objects.filter(user=user)) == []
    assert Game.objects.filter(user=user, thinned_at=None).count() == 3


def test_an_assignments_hands_are_never_put_away() -> None:
    from classroom.models import AssignmentGame
    from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory

    user = UserFactory()
    classroom = ClassroomFactory()
    MembershipFactory(classroom=classroom, student=user)
    assignment = AssignmentFactory(classroom=classroom, content="hands", count=5)
    filed = [finished(user, days=40 + n) for n in range(4)]
    for game in filed:
        AssignmentGame.objects.create(game=game, assignment=assignment, student=user)
    practice = [finished(user, days=n) for n in range(4)]
    client = Client()
    client.force_login(user)
    deal(client)
    assert Game.objects.filter(pk__in=[g.pk for g in filed], thinned_at=None).count() == 4
    assert [g.pk for g in Game.objects.filter(user=user).exclude(thinned_at=None)] == [
        practice[-1].pk
    ]


def test_a_game_that_ended_before_results_were_kept_waits_for_them() -> None:
    user = UserFactory()
    legacy = aged(GameFactory(user=user, finished=True, hands_ended=0, actions=["draw"]), 50)
    for days in range(3):
        finished(user, days=days)
    client = Client()
    client.force_login(user)
    deal(client)
    legacy.refresh_from_db()
    assert legacy.thinned_at is None and legacy.actions == ["draw"]
