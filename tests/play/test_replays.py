"""The replays kept between requests (play.replays): a request plays only the actions stored
since a hand was last replayed, and never shows a stale hand, whatever changed the game (a
move in another process, a take-back, a new hand, "try again", two tabs)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from engine.bots import decide, legal_in_view
from play import games, hands, replays
from play.models import Game
from tests.play.test_live import finish_hand
from tests.play.test_table_views import deal, move

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def nothing_kept() -> Iterator[None]:
    """Each test starts as a fresh process would, and leaves none of its hands behind."""
    replays.forget()
    yield
    replays.forget()


@pytest.fixture
def played(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The actions the engine plays from now on (each a call of its transition)."""
    seen: list[str] = []
    real = hands.transition

    def counting(position: Any, action: Any, budget: Any = None) -> Any:
        seen.append(str(action))
        return real(position, action, budget)

    monkeypatch.setattr(hands, "transition", counting)
    return seen


def from_scratch(game: Game) -> hands.Hand:
    """The hand being played as every request replayed it before anything was kept."""
    game.refresh_from_db()
    return hands.replay_match(game.setup, game.past_hands, game.actions)[1]


def same(hand: hands.Hand, other: hands.Hand) -> bool:
    return (
        hand.setup == other.setup
        and hand.position == other.position
        and hand.steps == other.steps
        and hand.memory == other.memory
    )


def moved_elsewhere(game: Game, turns: int = 1) -> list[str]:
    """The learner's next ``turns`` turns and the bots' answers, saved as another process
    would save them (this one never sees the hand played); the actions added."""
    game.refresh_from_db()
    hand = hands.replay(games.load(game).setup, game.actions)
    before = len(hand.steps)
    for _ in range(turns):
        while hand.learner_to_move:
            view = hand.view()
            hand.play(decide("club", view, legal_in_view(view), hands.bot_rng(hand.setup, 1)))
        hands.run_bots(hand, seconds=10)
    Game.objects.filter(pk=game.pk).update(actions=hand.actions, version=game.version + 1)
    game.refresh_from_db()
    return hand.actions[before:]


def test_a_frame_after_a_kept_version_plays_only_the_new_actions(played: list[str]) -> None:
    client = Client()
    game = deal(client, players="4")
    assert client.get(f"/play/{game.pk}/").status_code == 200
    new = moved_elsewhere(game)
    assert len(new) > 3
    played.clear()
    response = client.get(f"/play/{game.pk}/?at={len(game.actions) - 1}", headers=HTMX)
    assert response.status_code == 200
    assert played == new
    # The next frame and a reload play nothing at all.
    played.clear()
    client.get(f"/play/{game.pk}/?at={len(game.actions)}", headers=HTMX)
    client.get(f"/play/{game.pk}/")
    assert played == []
    assert same(games.load(game), from_scratch(game))


def test_a_process_that_kept_nothing_replays_only_the_hand_being_played(
    played: list[str],
) -> None:
    client = Client()
    game = deal(client, length="match")
    first = finish_hand(game)
    games.next_hand(game, game.version)
    game.refresh_from_db()
    assert games.load(game).setup.number == 1
    replays.forget()  # another process: only the shared cache has seen the game
    played.clear()
    assert client.get(f"/play/{game.pk}/").status_code == 200
    assert played == game.actions and len(first.steps) > 0
    # With nothing cached anywhere, the first hand is replayed too, as before.
    replays.forget()
    cache.clear()
    played.clear()
    client.get(f"/play/{game.pk}/")
    assert played == [*first.actions, *game.actions]


def test_a_move_keeps_the_hand_it_played_for_the_next_request(played: list[str]) -> None:
    client = Client()
    game = deal(client)
    assert move(client, game, do="draw").status_code == 302
    played.clear()
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/play/{game.pk}/")
    assert page.status_code == 200 and played == []
    # What this process knows it does not ask the shared cache again.
    assert not [query for query in queries if "burraco_cache" in query["sql"]]


def test_a_take_back_shows_the_hand_without_the_turn_taken_back() -> None:
    client = Client()
    game = deal(client, takebacks="on")
    assert move(client, game, do="draw").status_code == 302
    game.refresh_from_db()
    hand = games.load(game)
    card = str(hand.position.hand[0])
    assert move(client, game, do="discard", cards=[card]).status_code == 302
    game.refresh_from_db()
    longer = games.load(game)
    response = move(client, game, do="takeback")
    assert response.status_code == 200 and "taken back" in response.content.decode()
    game.refresh_from_db()
    shorter = games.load(game)
    assert len(shorter.steps) < len(longer.steps)
    assert same(shorter, from_scratch(game)) and shorter.position.phase.value == "draw"
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert f'name="version" value="{game.version}"' in page and "Draw from the stock" in page


def test_a_new_hand_is_dealt_from_the_totals_not_the_kept_hand() -> None:
    client = Client()
    game = deal(client, length="match")
    first = finish_hand(game)
    assert client.get(f"/play/{game.pk}/").status_code == 200
    assert move(client, game, do="next").status_code == 302
    game.refresh_from_db()
    second = games.load(game)
    assert second.setup.number == 1 and second.setup.totals == hands.scores(first)
    assert same(second, from_scratch(game))
    # The first hand's review is still the first hand.
    review = client.get(f"/play/{game.pk}/review/?hand=1")
    assert review.status_code == 200 and "Hand 1" in review.content.decode()
    assert same(games.load_hand(game, 0), first)


def test_two_tabs_each_see_the_table_as_it_is_now() -> None:
    client = Client()
    game = deal(client)
    old = client.get(f"/play/{game.pk}/").content.decode()
    version = game.version
    assert f'name="version" value="{version}"' in old
    # The second tab draws; the first one's page is now stale.
    assert move(client, game, do="draw").status_code == 302
    stale = client.post(f"/play/{game.pk}/", {"version": version, "do": "draw"})
    assert stale.status_code == 409
    game.refresh_from_db()
    now = games.load(game)
    assert same(now, from_scratch(game)) and now.position.phase.value == "play"
    assert f'name="version" value="{game.version}"' in stale.content.decode()
    # A move saved by another process is seen by this one on its next request.
    moved_elsewhere(game)
    assert same(games.load(game), from_scratch(game))


def test_trying_again_from_a_decision_changes_neither_the_game_nor_its_kept_hand() -> None:
    client = Client()
    game = deal(client, coach="full")
    assert move(client, game, do="draw").status_code == 302
    game.refresh_from_db()
    before = games.load(game)
    decision = len(before.steps) - 1
    url = f"/play/{game.pk}/review/?decision={decision}"
    assert client.get(url).status_code == 200
    # A refused move, then a move played on in the try: neither touches the game.
    refused = client.post(url, {"do": "discard", "cards": [str(before.position.hand[0])]})
    assert refused.status_code == 200
    tried = client.post(url, {"do": "draw"})
    assert tried.status_code == 302
    assert client.get(tried["Location"]).status_code == 200
    assert same(games.load(game), before) and same(games.load(game), from_scratch(game))


def test_the_same_deal_again_is_its_own_game() -> None:
    client = Client()
    game = deal(client)
    assert move(client, game, do="draw").status_code == 302
    again = client.post("/play/", {"again": game.pk})
    other = Game.objects.exclude(pk=game.pk).get()
    assert again.status_code == 302 and len(other.actions) < len(
        Game.objects.get(pk=game.pk).actions
    )
    assert same(games.load(other), from_scratch(other))


def test_where_a_hand_starts_is_kept_as_plain_data_under_a_key_of_its_content() -> None:
    client = Client()
    game = deal(client, length="match")
    finish_hand(game)
    games.next_hand(game, game.version)
    game.refresh_from_db()
    key = replays.start_key(game.setup, game.past_hands)
    stored = cache.get(key)
    # Only lists, numbers and strings: nothing of ours runs when it is read back.
    assert json.loads(json.dumps(stored)) == stored
    assert len(json.dumps(stored)) < 300
    start = replays.Start.from_json(stored)
    assert start.current == games.load(game).setup and len(start.won) == 1
    # Another ended hand, another release of the code: another key.
    assert replays.start_key(game.setup, []) != key
    assert replays.start_key(game.setup, [[*game.past_hands[0], "draw"]]) != key


def test_a_start_the_code_did_not_write_is_worked_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = Client()
    game = deal(client, length="match")
    finish_hand(game)
    games.next_hand(game, game.version)
    game.refresh_from_db()
    key = replays.start_key(game.setup, game.past_hands)
    expected = games.load(game)
    for junk in ("junk", [[], []], [[[2, 7]], []]):
        cache.set(key, junk)
        replays.forget()
        assert same(games.load(game), expected)
    monkeypatch.setattr(replays, "_code", "another release")
    assert replays.start_key(game.setup, game.past_hands) != key


def test_a_broken_game_is_refused_not_kept() -> None:
    client = Client()
    game = deal(client)
    Game.objects.filter(pk=game.pk).update(actions=[*game.actions, "discard JK"])
    game.refresh_from_db()
    with pytest.raises(hands.BrokenGame):
        games.load(game)
    assert client.get(f"/play/{game.pk}/").status_code == 400


def test_the_hands_a_process_keeps_are_bounded_and_copied() -> None:
    setup = hands.Setup(2, 7)
    kept = replays.Kept(2)
    for seed in (1, 2, 3):
        kept.put((seed,), [], hands.Hand(setup, hands.start(setup)))
    assert len(kept) == 2 and kept.get((1,)) is None
    found = kept.get((3,))
    assert found is not None
    held, hand = found
    hand.play(legal_in_view(hand.view())[0])
    again = kept.get((3,))
    assert again is not None and again[1].steps == [] and held == ()
