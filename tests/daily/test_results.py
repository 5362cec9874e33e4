"""Recording the deal of the day's results: one ranked try each, counted once, moved from
an anonymous session into the account, and the day's totals kept as results come."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from daily import results
from daily.models import Choice, Day, Entry
from play import games
from play.models import Finding, Game
from tests.daily.conftest import TODAY, finish_hand, started

pytestmark = pytest.mark.django_db
User = get_user_model()


def account(name: str = "ada") -> tuple[Any, Client]:
    user = User.objects.create_user(name, password="pw-long-enough-1")
    client = Client()
    client.force_login(user)
    return user, client


def test_a_ranked_hand_ended_is_recorded_from_the_engine_and_counted_once() -> None:
    user, client = account()
    game = started(client)
    assert game.seed == results.Deal(TODAY).seed
    hand = finish_hand(game)
    entry = Entry.objects.get(game=game)
    assert entry.ranked and entry.counted and entry.finished_at is not None
    assert entry.score == games.result(hand)["score"]
    assert entry.choices and entry.choices == results.first_choices(hand)
    day = Day.objects.get(day=TODAY)
    assert day.results == 1 and day.scores == {str(entry.score): 1}
    # Sent again (a replay, a second receiver), nothing is added twice.
    results.on_game_finished(Game, game=game, hand=hand)
    assert results.count(entry) is False
    day.refresh_from_db()
    assert day.results == 1
    assert Choice.objects.filter(day=TODAY).count() == len(entry.choices)


def test_two_tabs_starting_the_deal_get_the_same_hand() -> None:
    _user, client = account()
    first = started(client)
    second = started(client)
    assert first.pk == second.pk
    assert Entry.objects.filter(ranked=True).count() == 1


def test_two_posts_at_once_make_one_ranked_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second request looked before the first had saved: the constraint stops it, and
    it answers with the first one's hand."""
    user, client = account()
    first = started(client)
    real = results.ranked_entry
    looked: list[bool] = []

    def not_yet(learner: Any, day: Any) -> Any:
        # The first look finds nothing (the other tab had not saved yet); later ones do.
        looked.append(True)
        return None if len(looked) == 1 else real(learner, day)

    monkeypatch.setattr(results, "ranked_entry", not_yet)
    second = started(client)
    assert second.pk == first.pk
    assert Entry.objects.filter(user=user, ranked=True).count() == 1
    assert Game.objects.filter(user=user).count() == 1


def test_a_second_ranked_try_is_refused_once_the_first_has_ended() -> None:
    _user, client = account()
    finish_hand(started(client))
    response = client.post("/play/daily/", {"do": "start"})
    assert response.status_code == 409
    assert "one ranked try a day" in response.content.decode()
    assert Entry.objects.filter(ranked=True).count() == 1


def test_a_forged_post_cannot_choose_the_day_the_score_or_the_ranking() -> None:
    user, client = account()
    game = started(client, day="2026-12-01", score="5000", ranked="0", seed="1")
    entry = Entry.objects.get(game=game)
    assert entry.day == TODAY and entry.ranked and entry.score is None
    assert game.seed == results.Deal(TODAY).seed
    # A past day's page plays copies only.
    refused = client.post("/play/daily/2026-12-01/", {"do": "start"})
    assert refused.status_code == 400
    assert not Entry.objects.filter(day="2026-12-01", ranked=True).exists()
    assert client.post("/play/daily/", {"do": "win"}).status_code == 400


def test_a_ranked_hand_being_played_is_not_copied_nor_tried_again() -> None:
    _user, client = account()
    game = started(client)
    assert client.post("/play/", {"again": game.pk}).status_code == 403
    today_copy = client.post("/play/daily/", {"do": "practice"})
    assert today_copy.status_code == 409
    assert Entry.objects.count() == 1


def test_a_practice_copy_is_never_ranked_nor_counted() -> None:
    _user, client = account()
    finish_hand(started(client))
    copy = started(client, do="practice")
    finish_hand(copy, seed=5)
    entry = Entry.objects.get(game=copy)
    assert not entry.ranked and not entry.counted and entry.score is not None
    assert Day.objects.get(day=TODAY).results == 1


def test_an_anonymous_result_counts_once_it_is_an_accounts() -> None:
    client = Client()
    game = started(client)
    finish_hand(game)
    entry = Entry.objects.get(game=game)
    assert entry.user is None and not entry.counted
    assert not Day.objects.filter(day=TODAY, results__gt=0).exists()
    user = User.objects.create_user("bea", password="pw-long-enough-1")
    logged = client.post("/accounts/login/", {"username": "bea", "password": "pw-long-enough-1"})
    assert logged.status_code == 302
    entry.refresh_from_db()
    assert entry.user == user and entry.ranked and entry.counted
    assert Day.objects.get(day=TODAY).results == 1


def test_an_anonymous_result_moved_into_an_account_that_played_the_day_is_practice() -> None:
    user, logged_in = account("cy")
    finish_hand(started(logged_in))
    client = Client()
    game = started(client)
    finish_hand(game, seed=3)
    client.post("/accounts/login/", {"username": "cy", "password": "pw-long-enough-1"})
    moved = Entry.objects.get(game=game)
    assert moved.user == user and not moved.ranked and not moved.counted
    assert Entry.objects.filter(user=user, ranked=True).count() == 1
    assert Day.objects.get(day=TODAY).results == 1


def fake(user: Any, score: int, choices: list[str], **flags: bool) -> Entry:
    game = Game.objects.create(user=user, seed=1, finished=True)
    return Entry.objects.create(
        user=user,
        day=TODAY,
        game=game,
        ranked=True,
        score=score,
        choices=choices,
        finished_at=game.created_at,
        **flags,
    )


def test_adding_results_one_at_a_time_comes_to_what_adding_them_again_does() -> None:
    rows = [
        (100, ["draw", "discard KS"], {"closed": True}),
        (300, ["pile", "discard KS"], {"pozzetto": True, "clean_burraco": True}),
        (-50, ["draw", "discard 3C"], {}),
        (100, ["draw", "discard KS"], {"closed": True, "pozzetto": True}),
    ]
    for n, (score, choices, flags) in enumerate(rows):
        user = User.objects.create_user(f"p{n}")
        assert results.count(fake(user, score, choices, **flags))
    day = Day.objects.get(day=TODAY)
    one_by_one = (day.results, day.closed, day.pozzetto, day.clean_burraco, day.scores)
    choices = sorted(Choice.objects.values_list("before", "index", "action", "count", "total"))
    again = results.rebuild(TODAY)
    assert (
        again.results,
        again.closed,
        again.pozzetto,
        again.clean_burraco,
        again.scores,
    ) == one_by_one
    assert one_by_one == (4, 2, 2, 1, {"100": 2, "300": 1, "-50": 1})
    assert sorted(Choice.objects.values_list("before", "index", "action", "count", "total")) == (
        choices
    )
    first = Choice.objects.filter(index=0).order_by("action")
    assert [(c.action, c.count, c.total) for c in first] == [("draw", 3, 150), ("pile", 1, 300)]


def test_the_coach_s_word_on_each_choice_is_added_up_with_it() -> None:
    """A move the coach faulted (a finding above "minor" on the game, at the move's place
    in the hand) is counted with its choice, and its price added; adding the day up again
    comes to the same."""
    moves = ["draw", "discard KS"]
    for n, (price, minor) in enumerate([(40, False), (60, False), (0, False), (25, True)]):
        entry = fake(User.objects.create_user(f"c{n}"), 100, moves)
        Entry.objects.filter(pk=entry.pk).update(steps=[1, 2])
        entry.refresh_from_db()
        if price:
            Finding.objects.create(
                game=entry.game,
                decision=2,
                action="discard KS",
                code="useless_pile",
                severity=Finding.Severity.NONE if minor else Finding.Severity.MISTAKE,
                points=price,
                better="discard 3C",
                params={},
                sentence="coach_useless_pile",
            )
        assert results.count(entry)
    fields = ("index", "action", "count", "flagged", "cost")
    one_by_one = sorted(Choice.objects.values_list(*fields))
    # The minor finding is not a fault: two were faulted, at 40 and 60.
    assert one_by_one == [(0, "draw", 4, 0, 0), (1, "discard KS", 4, 2, 100)]
    results.rebuild(TODAY)
    assert sorted(Choice.objects.values_list(*fields)) == one_by_one


def test_counting_a_result_reads_none_of_the_others(
    django_assert_max_num_queries: Any,
) -> None:
    """Each result adds to the day's row and its choices' rows, however many came before."""
    users = User.objects.bulk_create(User(username=f"u{n}") for n in range(201))
    entries = [
        fake(user, 5 * (n % 40), ["draw", f"discard {n % 9 + 2}H"]) for n, user in enumerate(users)
    ]
    for entry in entries[:200]:
        results.count(entry)
    with django_assert_max_num_queries(12):
        assert results.count(entries[200])
    assert Day.objects.get(day=TODAY).results == 201


def test_download_my_data_holds_the_accounts_daily_hands() -> None:
    import json

    _user, client = account("dee")
    game = started(client)
    finish_hand(game)
    data = json.loads(b"".join(client.get("/accounts/data/").streaming_content))
    [row] = data["daily_deals"]
    assert row["game"] == game.pk and row["ranked"] is True and row["score"] is not None
    assert row["first_choices"]


def test_a_tab_whose_bots_another_tab_played_first_goes_to_the_same_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both tabs found the hand before its bots had played; the second's move is stale."""
    _user, client = account("eve")
    first = started(client)
    Game.objects.filter(pk=first.pk).update(version=0)

    def stale(*args: Any, **kwargs: Any) -> Any:
        raise games.StaleMove

    monkeypatch.setattr(games, "move", stale)
    assert started(client).pk == first.pk


@pytest.mark.django_db(transaction=True)
def test_two_learners_finishing_at_once_are_both_counted() -> None:
    """Each thread records its result in its own transaction: the day's row is locked by
    one while the other waits, and neither result is lost."""
    import threading

    from django.db import connection

    if connection.vendor == "sqlite":
        pytest.skip(
            "SQLite's in-memory test database refuses concurrent writers; CI runs this on "
            "PostgreSQL (DATABASE_URL=postgres://...)"
        )
    entries = [
        fake(User.objects.create_user(f"t{n}"), 100 * n, ["draw", "discard KS"]) for n in (1, 2)
    ]
    ready = threading.Barrier(2)
    failures: list[BaseException] = []

    def record(entry: Entry) -> None:
        try:
            ready.wait()
            results.count(entry)
        except BaseException as error:  # reported by the test below
            failures.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(entry,)) for entry in entries]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    day = Day.objects.get(day=TODAY)
    assert day.results == 2 and day.scores == {"100": 1, "200": 1}
    assert Choice.objects.get(index=0).count == 2


def test_on_a_sunday_the_deal_is_played_at_four_with_a_bot_partner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from datetime import date

    from daily import deal

    sunday = date(2026, 11, 29)
    monkeypatch.setattr(deal, "today", lambda: sunday)
    _user, client = account("fay")
    game = started(client)
    assert (game.players, game.partner, game.opponents) == (4, "club", "club")
    assert game.seed == deal.seed(sunday)
    assert Entry.objects.get(game=game).day == sunday
    table = client.get(f"/play/{game.pk}/")
    assert table.status_code == 200 and "your partner" in table.content.decode()
