"""The table, live: the others' moves one at a time (frames), take-backs, a match
to the target hand after hand, and seats laid out for two to six players."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from bench.pageweight import FRAGMENT_TARGET, plain
from engine.actions import Action
from engine.bots import decide, legal_in_view
from engine.rules import Rules
from engine.state import PLAYER_COUNTS
from play import games, hands, table
from play.forms import TABLES, NewGameForm
from play.models import Game
from tests.play.test_table_views import deal, move

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def news_of(html: str) -> str:
    found = re.search(r'id="play-news"[^>]*>([^<]*)</div>', html)
    assert found is not None, html[-1500:]
    return found.group(1)


def next_frame(html: str) -> int | None:
    found = re.search(r'hx-get="/play/\d+/\?at=(\d+)" hx-trigger="load delay:\d+ms, retry"', html)
    return int(found.group(1)) if found else None


def draw_and_discard(client: Client, game: Game, **headers: str) -> Any:
    assert move(client, game, do="draw").status_code == 302
    card = str(games.load(Game.objects.get(pk=game.pk)).position.hand[0])
    game.refresh_from_db()
    return client.post(
        f"/play/{game.pk}/",
        {"version": game.version, "do": "discard", "cards": [card]},
        headers=headers,
    )


# --- the others' moves one at a time -----------------------------------------------------


def test_with_htmx_the_table_steps_through_the_bots_moves_one_at_a_time() -> None:
    client = Client()
    game = deal(client, players="4")
    response = draw_and_discard(client, game, **HTMX)
    game.refresh_from_db()
    hand = games.load(game)
    mine = max(index for index, step in enumerate(hand.steps) if step.seat == 0)
    assert hand.learner_to_move and len(hand.steps) - mine > 3
    page = response.content.decode()
    # The first frame: the table just after the learner's discard, no move controls, a skip.
    assert next_frame(page) == mine + 2
    assert "You discard" in news_of(page)
    assert 'name="do" value="draw"' not in page and 'id="play-skip"' in page
    seen = []
    at = next_frame(page)
    while at is not None:
        response = client.get(f"/play/{game.pk}/?at={at}", headers=HTMX)
        assert response.status_code == 200
        page = response.content.decode()
        step = hand.steps[at - 1]
        # Each frame announces the one move it adds, by the seat that made it.
        assert table.seat_name(4, step.seat) in news_of(page)
        # The felt follows: the stock as it was after that move.
        stock = step.before.stock_count - (1 if step.action.kind.value == "draw" else 0)
        assert f"Stock: {stock} cards" in page or f"Stock: {stock} card<" in page
        seen.append(at)
        at = next_frame(page)
    assert seen == list(range(mine + 2, len(hand.steps) + 1))
    # The last one is the live table: the learner's buttons are back, no more frames.
    assert 'name="do" value="draw"' in page and 'id="play-skip"' not in page


def test_each_frame_is_a_small_fragment() -> None:
    client = Client()
    game = deal(client, players="4")
    gzipped = {**HTMX, "Accept-Encoding": "gzip"}
    response = draw_and_discard(client, game, **gzipped)
    sizes = [len(response.content)]
    at = next_frame(plain(response.content).decode())
    assert at is not None
    while at is not None:
        frame = client.get(f"/play/{game.pk}/?at={at}", headers=gzipped)
        assert frame.status_code == 200
        sizes.append(len(frame.content))
        at = next_frame(plain(frame.content).decode())
    print(f"\nframes sent (gzip), bytes: {sizes}")
    assert len(sizes) > 3 and max(sizes) <= FRAGMENT_TARGET, sizes


def test_without_javascript_the_page_shows_the_end_and_the_whole_log() -> None:
    client = Client()
    game = deal(client, players="4")
    assert draw_and_discard(client, game).status_code == 302
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert next_frame(page) is None and 'name="do" value="draw"' in page
    assert "West" in news_of(page) and "East" in news_of(page)
    # A frame's address without htmx is the table as it is.
    assert 'name="do" value="draw"' in client.get(f"/play/{game.pk}/?at=2").content.decode()


def test_under_reduced_motion_the_move_comes_back_at_the_end() -> None:
    client = Client()
    game = deal(client, players="4")
    response = draw_and_discard(client, game, **HTMX, **{"X-Reduced-Motion": "1"})
    page = response.content.decode()
    assert next_frame(page) is None and 'name="do" value="draw"' in page
    assert "West" in news_of(page) and "East" in news_of(page)


@pytest.mark.parametrize("at", ["0", "-3", "99999", "x", "1e3", ""])
def test_a_frame_out_of_the_hand_is_the_table_as_it_is(at: str) -> None:
    client = Client()
    game = deal(client)
    response = client.get(f"/play/{game.pk}/?at={at}", headers=HTMX)
    assert response.status_code == 200
    assert 'name="do" value="draw"' in response.content.decode()


# --- take-backs ----------------------------------------------------------------------------


def test_a_take_back_undoes_the_learners_turn_and_the_answers_and_marks_the_hand() -> None:
    client = Client()
    game = deal(client, takebacks="on")
    before = list(game.actions)
    assert "Take back your last turn" not in client.get(f"/play/{game.pk}/").content.decode()
    assert draw_and_discard(client, game).status_code == 302
    game.refresh_from_db()
    assert len(game.actions) > len(before) + 2
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Take back your last turn" in page
    response = move(client, game, do="takeback")
    assert response.status_code == 200
    assert "Your last turn is taken back" in response.content.decode()
    game.refresh_from_db()
    # Back to the start of the learner's turn: the draw, the discard and the bots' answers undone.
    assert game.actions == before and game.helped and game.take_backs == 1
    assert not game.findings.filter(decision__gte=len(before)).exists()
    # Mid-turn, a take-back goes back to before the draw.
    assert move(client, game, do="draw").status_code == 302
    assert move(client, game, do="takeback").status_code == 200
    game.refresh_from_db()
    assert game.actions == before and (game.hints, game.take_backs) == (0, 2)
    # The review names the help as it was: take-backs, no hint.
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert "Help you had in this game: 2 take-backs." in review


def test_a_take_back_from_a_stale_tab_gets_409_and_nothing_is_lost() -> None:
    client = Client()
    game = deal(client, takebacks="on")
    assert move(client, game, do="draw").status_code == 302
    game.refresh_from_db()
    stale = game.version - 1
    actions = list(game.actions)
    response = client.post(f"/play/{game.pk}/", {"version": stale, "do": "takeback"})
    assert response.status_code == 409
    assert "This table had moved on" in response.content.decode()
    game.refresh_from_db()
    assert game.actions == actions and not game.helped and game.take_backs == 0


def test_take_backs_off_and_nothing_to_take_back_say_so() -> None:
    client = Client()
    off = deal(client)
    assert move(client, off, do="draw").status_code == 302
    page = client.get(f"/play/{off.pk}/").content.decode()
    assert "Take back your last turn" not in page
    response = move(client, off, do="takeback")
    assert response.status_code == 400 and "Take-backs are off" in response.content.decode()
    on = deal(client, takebacks="on")
    response = move(client, on, do="takeback")
    assert response.status_code == 400
    assert "no turn of yours to take back" in response.content.decode()
    response = client.post(f"/play/{on.pk}/", {"do": "takeback"})
    assert response.status_code == 400


# --- a match to the target -----------------------------------------------------------------


def finish_hand(game: Game, level: str = "beginner") -> hands.Hand:
    """The learner's turns played as a bot would, through the services, to the hand's end."""
    for _ in range(800):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return hand
        if not hand.learner_to_move:
            # The bots' turns stopped at their deadline (a loaded machine): let them go on.
            games.move(game, game.version, None)
            continue
        view = hand.view()
        action = decide(level, view, legal_in_view(view), hands.bot_rng(hand.setup, 999))
        games.move(game, game.version, action)
    raise AssertionError("the hand did not end")


def test_a_match_deals_the_next_hand_by_the_next_dealer_with_the_totals() -> None:
    client = Client()
    game = deal(client, length="match")
    assert game.match
    first = finish_hand(game)
    scores = hands.scores(first)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Deal the next hand" in page and "The game so far (to 2005)" in page
    assert "Nobody has reached 2005 yet" in page
    game.refresh_from_db()
    assert not game.finished
    response = move(client, game, do="next")
    assert response.status_code == 302
    game.refresh_from_db()
    assert len(game.past_hands) == 1 and game.past_hands[0] == first.actions
    second = games.load(game)
    # The deal passed to seat 1, so the learner opens the second hand of a two-player game.
    assert second.setup.number == 1 and second.setup.totals == scores
    assert second.setup.dealer == 1 and second.learner_to_move and not second.steps
    assert second.position.totals == scores
    assert second.position.hands[0] != first.steps[0].before.hands[0]
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert f"you {scores[0]}, your opponent {scores[1]}" in page
    # Its findings are the second hand's; the first hand's review is still there.
    learner = games.load(game)
    view = learner.view()
    games.move(
        game,
        game.version,
        decide("random", view, legal_in_view(view), hands.bot_rng(learner.setup, 1)),
    )
    assert set(game.findings.values_list("hand", flat=True)) <= {0, 1}
    review = client.get(f"/play/{game.pk}/review/?hand=1")
    assert review.status_code == 200 and "Hand 2" in review.content.decode()
    assert client.get(f"/play/{game.pk}/review/?hand=3").status_code == 404
    # A second "next" is stale or has no hand to deal; nothing changes.
    assert move(client, game, do="next").status_code == 409
    game.refresh_from_db()
    assert len(game.past_hands) == 1


def test_the_match_ends_at_the_target_with_the_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(hands.PRESETS, "standard", Rules(target=1005))
    client = Client()
    game = deal(client, length="match")
    hand = finish_hand(game)
    state = games.match_state(game, hand)
    while state["next"]:
        game.refresh_from_db()
        games.next_hand(game, game.version)
        hand = finish_hand(game)
        state = games.match_state(game, hand)
    game.refresh_from_db()
    assert state["winner"] in (0, 1) and max(state["after"]) >= 1005 and game.finished
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "has won the game" in page and "Deal the next hand" not in page
    assert move(client, game, do="next").status_code == 409
    # /progress/ counts each of the match's hands, and those the learner's side won.
    ended = [*games.load_match(game)[0], hand]
    won = sum(hands.scores(each)[0] > hands.scores(each)[1] for each in ended)
    assert (game.hands_ended, game.hands_won) == (len(ended), won) and len(ended) > 1
    progress = client.get("/progress/").content.decode()
    levels = progress.split('id="practice-levels"')[1].split("</table>")[0]
    assert re.findall(r'<td class="text-end">(\d+)</td>', levels) == [str(len(ended)), str(won)]


def test_a_game_that_ended_before_its_hands_were_counted_is_counted_once_replayed() -> None:
    client = Client()
    game = deal(client, length="match")
    hand = finish_hand(game)
    game.refresh_from_db()
    assert game.hands_ended == 1
    won = int(hands.scores(hand)[0] > hands.scores(hand)[1])
    assert game.hands_won == won
    # As kept before the counts: finished, nothing counted.
    Game.objects.filter(pk=game.pk).update(finished=True, hands_ended=0, hands_won=0)
    progress = client.get("/progress/").content.decode()
    levels = progress.split('id="practice-levels"')[1].split("</table>")[0]
    assert re.findall(r'<td class="text-end">(\d+)</td>', levels) == ["1", str(won)]
    game.refresh_from_db()
    assert (game.hands_ended, game.hands_won) == (1, won)


def test_a_one_hand_game_has_no_next_hand() -> None:
    client = Client()
    game = deal(client)
    finish_hand(game)
    game.refresh_from_db()
    assert game.finished
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Deal the next hand" not in page
    assert move(client, game, do="next").status_code == 409


def test_every_stored_hand_is_replayed_so_a_forged_match_does_not_load() -> None:
    client = Client()
    game = deal(client, length="match")
    # A hand stored as played that never ended.
    Game.objects.filter(pk=game.pk).update(past_hands=[game.actions])
    assert client.get(f"/play/{game.pk}/").status_code == 400
    Game.objects.filter(pk=game.pk).update(past_hands=[["discard JK"]])
    assert client.get(f"/play/{game.pk}/").status_code == 400
    Game.objects.filter(pk=game.pk).update(past_hands="not a list")
    assert client.get(f"/play/{game.pk}/").status_code == 400


def test_play_this_deal_again_keeps_the_match_and_take_back_settings() -> None:
    client = Client()
    game = deal(client, length="match", takebacks="on")
    response = client.post("/play/", {"again": game.pk})
    again = Game.objects.exclude(pk=game.pk).get()
    assert response.status_code == 302 and again.match and again.takebacks


# --- seats for two to six players ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "names"),
    [
        (2, ["Your opponent"]),
        (3, ["West", "East"]),
        (4, ["West", "North", "East"]),
        (5, ["West", "North-West", "North-East", "East"]),
        (6, ["West", "North-West", "North", "North-East", "East"]),
    ],
)
def test_the_seats_sit_around_the_top_in_the_order_of_play(players: int, names: list[str]) -> None:
    assert [table.seat_name(players, seat) for seat in range(1, players)] == names
    places = [table.place(players, seat) for seat in range(1, players)]
    assert places[0] == "left" or players == 2
    assert len(set(places)) == len(places)


def test_the_partner_is_the_seat_the_position_puts_on_the_learners_side() -> None:
    dealt = {n: hands.start(hands.Setup(n, 1)) for n in (2, 3, 4, 5, 6)}
    assert [hands.partner_seat(dealt[n]) for n in (2, 3, 4, 5, 6)] == [None, None, 2, None, 3]
    assert hands.Setup(6, 1, partner="expert").level(3, dealt[6]) == "expert"
    assert hands.Setup(6, 1, partner="expert").level(2, dealt[6]) == "club"


def test_the_start_form_offers_the_tables_the_engine_plays() -> None:
    offered = {int(value) for value, _label in NewGameForm().fields["players"].choices}
    assert offered == {n for n in PLAYER_COUNTS if n in TABLES}
    assert 3 in TABLES  # offered as soon as the engine deals three (R40)


def test_the_review_of_a_matchs_earlier_hand_tries_again_in_that_hand() -> None:
    from tests.play.test_review_views import action_data

    client = Client()
    game = deal(client, length="match")
    first = finish_hand(game, "random")
    game.refresh_from_db()
    assert move(client, game, do="next").status_code == 302
    finding = game.findings.filter(hand=0).exclude(severity="none").order_by("decision").first()
    assert finding is not None, "a random learner's whole hand gave the coach nothing to flag"
    url = f"/play/{game.pk}/review/"
    page = client.get(url, {"hand": 1}).content.decode()
    assert "(hand 1)" in page and f"?hand=1&amp;decision={finding.decision}#try" in page
    # The second hand has no findings yet: its review lists none of the first's.
    assert f"decision={finding.decision}#try" not in client.get(url).content.decode()
    page = client.get(url, {"hand": 1, "decision": finding.decision}).content.decode()
    then = first.steps[finding.decision].before
    offered = sorted(re.findall(r'name="cards" value="([^"]+)"', page))
    assert offered == sorted(str(card) for card in then.hand)
    assert 'name="hand" value="1"' in page
    made = action_data(Action.parse(finding.action))
    # The try is kept and shown after a redirect (post/redirect/get), in that hand.
    response = client.post(url, {"hand": 1, "decision": finding.decision, **made})
    assert response.status_code == 302 and "hand=1&decision=" in response["Location"]
    page = client.get(response["Location"]).content.decode()
    assert "That is the move you made in the game." in page


@pytest.mark.parametrize(("players", "places"), [("2", ["top"]), ("4", ["left", "top", "right"])])
def test_the_table_draws_the_seats_in_the_order_of_play(players: str, places: list[str]) -> None:
    client = Client()
    game = deal(client, players=players)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert f'class="play-opponents play-opponents-{len(places)}"' in page
    assert re.findall(r'class="play-seat play-seat-([a-z-]+)"', page) == places
