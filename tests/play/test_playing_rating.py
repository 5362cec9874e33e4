"""The playing rating (play.ratings): Glicko-2 moved once by each hand finished against the
bots, the bots' level rated by the ladder; its curve on /progress/ and the level /play/
proposes from it, in both languages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from engine.bots import decide, legal_in_view
from engine.bots import ratings as ladder
from play import games, hands, ratings
from play.models import Game, PlayingRating, PlayingRatingPoint
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db


def finish(game: Game) -> tuple[hands.Hand, int, Any]:
    """The learner's turns played as a beginner would, to the hand's end; returns the hand,
    and the version and action of the move that ended it."""
    last: tuple[int, Any] = (0, None)
    for _ in range(800):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return hand, *last
        if not hand.learner_to_move:
            last = (game.version, None)
            games.move(game, game.version, None)
            continue
        view = hand.view()
        action = decide("beginner", view, legal_in_view(view), hands.bot_rng(hand.setup, 999))
        last = (game.version, action)
        games.move(game, game.version, action)
    raise AssertionError("the hand did not end")


def dealt(**fields: Any) -> Game:
    game = GameFactory(**fields)
    games.move(game, game.version, None)
    return game


def test_a_finished_hand_moves_the_rating_once_against_the_levels_rating() -> None:
    user = UserFactory()
    game = dealt(user=user, opponents="club", partner="club")
    assert not PlayingRating.objects.filter(user=user).exists()
    hand, _version, _action = finish(game)
    row = PlayingRating.objects.get(user=user)
    point = PlayingRatingPoint.objects.get(learner=row)
    mine, theirs = hands.credited(hand) or (0, 0)
    assert point.result == (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    assert (point.game, point.hand, point.level, point.players) == (game, 0, "club", 2)
    assert point.level_rating == ladder.rating("club", 2)
    assert row.hands == 1 and row.rating == point.rating
    # Won: up from a newcomer's 1500; lost: down.
    assert (row.rating > 1500) == (point.result == 1.0)
    assert row.rating_deviation < 350
    assert point.change == round(row.rating) - 1500
    # The table says it under the hand's score.
    client = Client()
    client.force_login(user)
    page = client.get(f"/play/{game.pk}/").content.decode()
    line = page.split('id="play-rating-change">')[1].split("</p>")[0]
    sign = "+" if point.change > 0 else "−" if point.change < 0 else "±"
    assert f"Your playing rating: {round(row.rating)} ({sign}{abs(point.change)})." in line
    # Asked again for the same hand (a second tab, a replayed request): nothing moves.
    assert ratings.rate_hand(game, hand) is None
    row.refresh_from_db()
    assert row.hands == 1 and PlayingRatingPoint.objects.count() == 1


def test_the_request_that_ended_the_hand_sent_again_rates_nothing_more() -> None:
    user = UserFactory()
    game = dealt(user=user, opponents="beginner", partner="beginner")
    _hand, version, action = finish(game)
    before = PlayingRating.objects.get(user=user).rating
    with pytest.raises(games.StaleMove):
        games.move(game, version, action)
    # Over HTTP too: the table refuses it as stale (409), the rating stays.
    client = Client()
    client.force_login(user)
    response = client.post(f"/play/{game.pk}/", {"do": "continue", "version": version})
    assert response.status_code == 409
    row = PlayingRating.objects.get(user=user)
    assert (row.hands, row.rating) == (1, before)
    assert PlayingRatingPoint.objects.count() == 1


def test_hands_that_do_not_move_the_rating() -> None:
    # Anonymous: not rated, and not counted when the game moves into an account.
    anonymous = dealt(user=None, session_key="s" * 32)
    finish(anonymous)
    assert not PlayingRatingPoint.objects.exists()
    assert "without logging in" in ratings.why_not_rated(anonymous)
    # Helped (a hint or a take-back).
    user = UserFactory()
    helped = dealt(user=user, helped=True)
    finish(helped)
    assert not PlayingRatingPoint.objects.exists()
    client = Client()
    client.force_login(user)
    page = client.get(f"/play/{helped.pk}/").content.decode()
    assert "A hand with a hint or a take-back does not move your playing rating." in page
    # A deal played again: the first is rated, the copy (same seed, later) is not.
    first = dealt(user=user, seed=11)
    finish(first)
    again = dealt(user=user, seed=11)
    finish(again)
    assert list(PlayingRatingPoint.objects.values_list("game", flat=True)) == [first.pk]
    assert "played again" in ratings.why_not_rated(again)


def test_a_tie_counts_half(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hands, "credited", lambda hand: (250, 250))
    assert ratings.result_of(object()) == 0.5  # type: ignore[arg-type]
    monkeypatch.setattr(hands, "credited", lambda hand: (100, 250))
    assert ratings.result_of(object()) == 0.0  # type: ignore[arg-type]
    monkeypatch.setattr(hands, "credited", lambda hand: None)
    assert ratings.result_of(object()) is None  # type: ignore[arg-type]


def test_four_players_rate_against_the_opponents_level_at_that_table() -> None:
    opponent = ratings.level_rating("expert", 4)
    assert opponent is not None
    assert opponent.rating == ladder.rating("expert", 4)
    found = ladder.table(4)["expert"]
    assert opponent.deviation == pytest.approx((found.high - found.low) / 3.92)


def rated(user: Any, rating: float, count: int = 5) -> PlayingRating:
    return PlayingRating.objects.create(user=user, rating=rating, rating_deviation=80, hands=count)


def test_progress_shows_the_curve_and_its_numbers(settings: Any) -> None:
    user = UserFactory()
    game = GameFactory(user=user, finished=True, hands_ended=1)
    row = rated(user, 1620, count=3)
    points = [(1560, 1.0, 0), (1540, 0.0, -7), (1620, 1.0, 3)]
    for number, (value, result, change) in enumerate(points):
        PlayingRatingPoint.objects.create(
            learner=row,
            game=game,
            hand=number,
            players=2,
            level="club",
            level_rating=1750,
            level_deviation=20,
            result=result,
            rating=value,
            rating_deviation=90,
            change=change,
        )
    client = Client()
    client.force_login(user)
    page = client.get("/progress/").content.decode()
    section = page.split('id="playing-rating-heading"')[1].split("</section>")[0]
    assert 'id="playing-rating-value">1620<' in section
    assert "<svg" in section and section.count('class="chart-dot"') == 3
    assert "went from 1560 to 1620, between 1540 and 1620" in section
    numbers = section.split('id="playing-rating-points"')[1].split("</table>")[0]
    # Newest first, each with the level played and its rating.
    assert re.findall(r"<td>(won|lost|tied)</td>", numbers) == ["won", "lost", "won"]
    assert "Club player (rating 1750), 2 players" in numbers
    # The changes as the puzzle rating writes them: a plus, a true minus, ±0.
    assert re.findall(r'<td class="text-end">([+−±]\d+)</td>', numbers) == ["+3", "−7", "±0"]
    closest = ladder.closest(1620, 2)
    assert closest is not None
    assert f"The bots closest to your level: {Game.Level(closest).label!s}." in section
    settings.LANGUAGE_CODE = "it"
    italian = client.get("/progress/").content.decode()
    assert "Punteggio di gioco" in italian and "<td>vinta</td>" in italian


def test_progress_before_any_rated_hand() -> None:
    user = UserFactory()
    client = Client()
    client.force_login(user)
    assert "Playing rating" not in client.get("/progress/").content.decode()
    GameFactory(user=user)
    assert "No playing rating yet" in client.get("/progress/").content.decode()
    visitor = Client()
    visitor.post("/play/", {"deal": "beginner"})
    assert "Log in or sign up" in visitor.get("/progress/").content.decode()


def test_play_proposes_the_level_closest_to_the_rating(settings: Any) -> None:
    user = UserFactory()
    club = ladder.rating("club", 2)
    assert club is not None
    client = Client()
    client.force_login(user)
    page = client.get("/play/").content.decode()
    # No rating yet: no proposal, the beginner's hand's level.
    assert 'id="proposed-level"' not in page
    assert re.search(r'<option value="beginner"[^>]*selected', page)
    rated(user, club + 5)
    page = client.get("/play/").content.decode()
    proposed = page.split('id="proposed-level"')[1].split("</p>")[0]
    expected = ladder.closest(club + 5, 2)
    assert expected is not None
    assert str(Game.Level(expected).label) in proposed and f"{club + 5}" in proposed
    opponents = page.split('name="opponents"')[1].split("</select>")[0]
    assert re.search(rf'<option value="{expected}"[^>]*selected', opponents)
    # Each level is offered with its rating, in both languages.
    grouped = f"{club:,}"
    assert f"Club player (rating {grouped})" in opponents
    settings.LANGUAGE_CODE = "it"
    italian = client.get("/play/").content.decode()
    assert f"Giocatore di circolo (punteggio {grouped.replace(',', '.')})" in italian
    assert "il più vicino al tuo punteggio di gioco" in italian


def test_download_my_data_holds_the_playing_rating_and_its_hands() -> None:
    import json

    from tests.factories import ProfileFactory

    profile = ProfileFactory()
    game = dealt(user=profile.user, opponents="beginner", partner="beginner")
    finish(game)
    client = Client()
    client.force_login(profile.user)
    data = json.loads(client.get("/accounts/data/").getvalue())
    rating = data["playing_rating"]
    row = PlayingRating.objects.get(user=profile.user)
    assert rating["rated_hands"] == 1 and rating["rating"] == row.rating
    [point] = rating["history"]
    assert (point["game_id"], point["hand"], point["level"]) == (game.pk, 0, "beginner")
    other = Client()
    other.force_login(UserFactory())
    assert json.loads(other.get("/accounts/data/").getvalue())["playing_rating"] is None


@pytest.mark.django_db(transaction=True)
def test_two_tabs_sending_the_move_that_ends_the_hand_at_once_rate_it_once() -> None:
    import threading

    from django.db import connection, connections

    if connection.vendor == "sqlite":
        pytest.skip(
            "SQLite's in-memory test database refuses concurrent writers; CI runs this on "
            "PostgreSQL (DATABASE_URL=postgres://...)"
        )
    user = UserFactory()
    game = dealt(user=user, opponents="beginner", partner="beginner")
    # Played to the end once to learn the last move, then put back to just before it.
    before: dict[str, Any] = {}
    for _ in range(800):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            break
        fields = ("actions", "version", "finished", "score", "their_score", "hands_ended")
        before = {name: getattr(game, name) for name in fields}
        before["hands_won"] = game.hands_won
        if not hand.learner_to_move:
            last = None
        else:
            view = hand.view()
            last = decide("beginner", view, legal_in_view(view), hands.bot_rng(hand.setup, 999))
        games.move(game, game.version, last)
    PlayingRating.objects.all().delete()
    Game.objects.filter(pk=game.pk).update(**before)
    version = before["version"]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def send() -> None:
        try:
            mine = Game.objects.get(pk=game.pk)
            barrier.wait(timeout=10)
            games.move(mine, version, last)
            outcomes.append("moved")
        except games.StaleMove:
            outcomes.append("stale")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(outcomes) == ["moved", "stale"]
    row = PlayingRating.objects.get(user=user)
    assert row.hands == 1 and PlayingRatingPoint.objects.filter(learner=row).count() == 1
