"""The practice table (play.views): dealing, playing a move, refusals, stale moves, the
bots' turns, the coach's findings and the moves into an account at log-in."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from engine.actions import Action
from engine.bots import decide, legal_in_view
from engine.cards import Card
from play import games, hands
from play.models import Game
from tests.factories import GameFactory, ProfileFactory, UserFactory

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"
NEW = {"players": "2", "opponents": "club", "partner": "club", "preset": "standard"}


def deal(client: Client, **choices: str) -> Game:
    response = client.post("/play/", {**NEW, "coach": "turns", **choices})
    assert response.status_code == 302, response.content[:500]
    game = Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    return game


def version_of(html: str) -> int:
    return int(re.findall(r'name="version" value="(\d+)"', html)[0])


def move(client: Client, game: Game, **data: Any) -> Any:
    game.refresh_from_db()
    return client.post(f"/play/{game.pk}/", {"version": game.version, **data})


def test_dealing_plays_the_bots_first_turn_and_shows_the_learner_the_draw() -> None:
    client = Client()
    game = deal(client)
    hand = games.load(game)
    assert hand.learner_to_move and hand.steps[0].seat == 1
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Draw from the stock" in page and version_of(page) == game.version
    # The opponent's cards are backs and a count, never faces.
    assert f"{len(hand.position.hands[1])} cards" in page
    # The learner's own cards are the only ones offered.
    offered = sorted(re.findall(r'name="cards" value="([^"]+)"', page))
    assert offered == sorted(str(card) for card in hand.position.hand)


def test_a_turn_draws_discards_and_the_bots_answer() -> None:
    client = Client()
    game = deal(client)
    assert move(client, game, do="draw").status_code == 302
    hand = games.load(game)
    card = str(hand.position.hand[0])
    response = move(client, game, do="discard", cards=[card])
    assert response.status_code == 302
    game.refresh_from_db()
    hand = games.load(game)
    assert game.version == 3 and hand.learner_to_move
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "You discard" in page and (
        "Your opponent draws from the stock" in page or "Your opponent takes" in page
    )


def test_the_position_is_replayed_so_a_forged_action_list_does_not_load() -> None:
    client = Client()
    game = deal(client)
    Game.objects.filter(pk=game.pk).update(actions=[*game.actions, "discard JK", "meld JK JK JK"])
    response = client.get(f"/play/{game.pk}/")
    assert response.status_code == 400
    assert "no longer agree with the rules" in response.content.decode()


def test_a_refused_move_is_not_made_and_the_engine_says_why_with_the_rule() -> None:
    client = Client()
    game = deal(client)
    version = game.version
    hand = games.load(game)
    response = move(client, game, do="discard", cards=[str(hand.position.hand[0])])
    page = response.content.decode()
    assert response.status_code == 200
    assert "That move was not made:" in page and 'href="/rules/R6/"' in page
    # The engine's sentence goes on after the page's colon, with a small letter.
    reason = page.split("That move was not made:")[1].lstrip()
    assert reason[0].islower(), reason[:60]
    assert "You could instead:" in page and "Draw from the stock" in page
    game.refresh_from_db()
    assert game.version == version


def test_a_stale_move_gets_409_with_the_current_table_and_is_not_played_twice() -> None:
    client = Client()
    game = deal(client)
    old = game.version
    assert move(client, game, do="draw").status_code == 302
    response = client.post(f"/play/{game.pk}/", {"version": old, "do": "draw"})
    assert response.status_code == 409
    page = response.content.decode()
    assert "moved on" in page and version_of(page) == old + 1
    game.refresh_from_db()
    assert len([a for a in game.actions if a == "draw"]) == len(games.load(game).actions) - len(
        [a for a in game.actions if a != "draw"]
    )
    assert game.version == old + 1


def test_htmx_gets_only_the_table() -> None:
    client = Client()
    game = deal(client)
    response = client.post(
        f"/play/{game.pk}/", {"version": game.version, "do": "draw"}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<section id="table"') and "<html" not in page
    assert "Lay down as a new meld" in page


def test_garbage_cards_get_a_400_with_a_sentence() -> None:
    client = Client()
    game = deal(client)
    response = move(client, game, do="meld", cards=["ZZ"])
    assert response.status_code == 400
    # The one card reader of the web (lessons.fields): it names the word that is no card.
    assert "“ZZ” is not a card" in response.content.decode()


def test_another_learners_game_is_not_found() -> None:
    game = GameFactory()
    assert Client().get(f"/play/{game.pk}/").status_code == 404
    client = Client()
    client.force_login(UserFactory())
    assert client.post(f"/play/{game.pk}/", {"version": 0, "do": "draw"}).status_code == 404


def test_an_unfinished_game_is_listed_to_resume() -> None:
    client = Client()
    game = deal(client)
    page = client.get("/play/").content.decode()
    assert f'href="/play/{game.pk}/"' in page


def test_the_bots_stop_at_the_deadline_and_go_on_when_asked(monkeypatch: Any) -> None:
    monkeypatch.setattr(hands.run_bots, "__defaults__", (-1.0,))
    client = Client()
    game = deal(client, players="4")
    hand = games.load(game)
    # One bot action per request at most: the table waits and says so.
    assert len(hand.steps) == 1 and not hand.learner_to_move
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "The other players are playing" in page and 'value="continue"' in page
    assert 'hx-trigger="load delay:300ms, retry"' in page
    assert move(client, game, do="continue").status_code == 302
    game.refresh_from_db()
    assert len(games.load(game).steps) == 2


def test_anonymous_games_move_into_the_account_at_log_in() -> None:
    client = Client()
    game = deal(client)
    user = UserFactory()
    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.user == user and game.session_key == ""
    assert client.get(f"/play/{game.pk}/").status_code == 200


def learner_turns(client: Client, game: Game, level: str = "beginner", turns: int = 30) -> None:
    """Play the learner's turns as a bot of ``level`` would, through the table's forms."""
    for _ in range(turns * 4):
        game.refresh_from_db()
        hand = games.load(game)
        if hand.over:
            return
        if hand.position.to_move != hands.LEARNER:
            # The bots ran out of the request's time (a loaded machine): let them go on.
            assert move(client, game, do="continue").status_code == 302
            continue
        view = hand.view()
        action = decide(level, view, legal_in_view(view), hands.bot_rng(game.setup, 999))
        data: dict[str, Any] = {"cards": [str(card) for card in action.cards]}
        kind = action.kind.value
        if kind == "attach":
            data["attach"] = action.meld
        elif kind not in ("draw", "pile"):
            data["do"] = kind
        else:
            data = {"do": kind}
        response = move(client, game, **data)
        assert response.status_code == 302, response.content.decode()[-2000:]


def test_the_coach_reviews_each_decision_and_keeps_its_findings() -> None:
    client = Client()
    game = deal(client)
    learner_turns(client, game, turns=12)
    findings = list(game.findings.all())
    assert findings, "a beginner's twelve turns gave the coach nothing to say"
    finding = findings[0]
    # The finding is the coach's word on the position the decision was made in.
    then = hands.replay(game.setup, game.actions[: finding.decision])
    assert then.position.to_move == 0
    review = hands.review(then.position, Action.parse(finding.action), then.memory)
    assert review is not None
    assert (finding.code, finding.better) in [(f.code, str(f.better)) for f in review.findings]


def test_a_finding_can_be_dismissed() -> None:
    client = Client()
    game = deal(client)
    learner_turns(client, game, "random", turns=12)
    finding = game.findings.exclude(severity="none").last()
    if finding is None:
        pytest.fail("no finding to dismiss in twelve random turns")
    assert move(client, game, dismiss=finding.pk).status_code == 302
    finding.refresh_from_db()
    assert finding.dismissed


def test_the_hint_is_the_experts_move_and_marks_the_hand_helped() -> None:
    client = Client()
    game = deal(client, coach="full")
    page = move(client, game, do="hint").content.decode()
    assert "The expert would:" in page
    game.refresh_from_db()
    assert game.helped and game.hints == 1
    client.cookies["django_language"] = "en"
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert "Help you had in this game: 1 hint." in review
    client.cookies["django_language"] = "it"
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert "Aiuti che hai avuto in questa partita: 1 suggerimento." in review


def test_a_game_helped_before_help_was_counted_says_only_that() -> None:
    from play.review import help_had

    assert help_had(GameFactory.build(helped=False)) == ""
    assert help_had(GameFactory.build(helped=True)) == "a hint or a take-back"
    both = GameFactory.build(helped=True, hints=2, take_backs=1)
    assert help_had(both) == "2 hints, 1 take-back"


def test_there_is_no_hint_below_the_full_coach() -> None:
    client = Client()
    game = deal(client)
    response = move(client, game, do="hint")
    assert response.status_code == 400 and "no hints" in response.content.decode()
    game.refresh_from_db()
    assert not game.helped


def test_the_coach_off_records_nothing_to_show_but_refusals_still_say_why() -> None:
    client = Client()
    game = deal(client, coach="off")
    hand = games.load(game)
    page = move(client, game, do="discard", cards=[str(hand.position.hand[0])]).content.decode()
    assert "That move was not made:" in page and "You could instead:" not in page


def test_the_hand_sorts_by_rank() -> None:
    client = Client()
    game = deal(client)
    assert move(client, game, sort="rank").status_code == 302
    game.refresh_from_db()
    assert game.sort == "rank"
    page = client.get(f"/play/{game.pk}/").content.decode()
    values = re.findall(r'name="cards" value="([^"]+)"', page)
    ranks = [Card.parse(value).rank or 99 for value in values]
    assert ranks == sorted(ranks)


def test_the_other_players_moves_since_yours_are_announced_and_revealed_in_order() -> None:
    client = Client()
    game = deal(client, players="4")
    game.refresh_from_db()
    hand = games.load(game)
    bots_moves = [step for step in hand.steps if step.seat != 0]
    response = client.post(
        f"/play/{game.pk}/", {"version": game.version, "do": "draw"}, HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    # Drawing is the learner's move: nothing new to announce.
    assert re.search(r'id="play-news"[^>]*hx-swap-oob="true"></div>', page)
    first = client.get(f"/play/{game.pk}/").content.decode()
    assert "play-log-new-1" not in first
    hand = games.load(Game.objects.get(pk=game.pk))
    discard = str(hand.position.hand[0])
    page = move(client, game, do="discard", cards=[discard])
    page = client.get(f"/play/{game.pk}/").content.decode()
    news = re.search(r'id="play-news"[^>]*>([^<]*)</div>', page)
    assert news is not None and "West" in news.group(1) and "East" in news.group(1)
    assert "play-log-new-1" in page and "play-log-new-2" in page
    assert bots_moves  # the opening bots' moves were logged before the learner's


def test_the_coach_speaks_after_a_turn_is_finished_not_during_it() -> None:
    client = Client()
    game = deal(client)
    learner_turns(client, game, "random", turns=12)
    game.refresh_from_db()
    hand = games.load(game)
    turn = games.last_turn(hand)
    assert turn is not None
    first, last = turn
    assert hand.steps[first].action.kind.value in ("draw", "pile")
    assert hand.steps[last].action.kind.value == "discard"
    shown = games.last_turn_findings(game, hand)
    assert all(first <= finding.decision <= last for finding in shown)
    # Mid-turn, the turn being played is not reviewed on the page yet.
    assert hand.learner_to_move and hand.position.phase.value == "draw"
    assert move(client, game, do="draw").status_code == 302
    game.refresh_from_db()
    assert games.last_turn(games.load(game)) == turn


def test_the_table_shows_what_each_sides_melds_are_worth_so_far() -> None:
    from engine.scoring import BURRACO_BONUS

    client = Client()
    game = deal(client)
    learner_turns(client, game, "club", turns=6)
    game.refresh_from_db()
    position = games.load(game).position
    assert position.melds[0] or position.melds[1]
    worth = [
        sum(
            meld.points + (BURRACO_BONUS[kind] if (kind := meld.burraco(position.rules)) else 0)
            for meld in position.melds[side]
        )
        for side in (0, 1)
    ]
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert f"you {worth[0]}, your opponent {worth[1]}." in page


def test_two_tabs_moving_at_once_play_the_move_once() -> None:
    client = Client()
    game = deal(client)
    # Both requests loaded the game before either saved: the second finds its version gone
    # when it writes, and nothing of it is kept.
    first, second = Game.objects.get(pk=game.pk), Game.objects.get(pk=game.pk)
    games.move(first, first.version, Action.parse("draw"))
    with pytest.raises(games.StaleMove):
        games.move(second, second.version, Action.parse("draw"))
    game.refresh_from_db()
    assert game.actions == first.actions and game.version == first.version
    assert games.load(game).position.phase.value == "play"


def fresh_cards(page: str) -> list[str]:
    return re.findall(r'<li class="play-fresh"><input [^>]*value="([^"]+)"', page)


def test_the_card_just_drawn_is_marked_until_the_turn_ends() -> None:
    client = Client()
    client.cookies["django_language"] = "en"
    game = deal(client)
    assert fresh_cards(client.get(f"/play/{game.pk}/").content.decode()) == []
    assert move(client, game, do="draw").status_code == 302
    game.refresh_from_db()
    drawn = games.load(game).steps[-1].drawn
    assert drawn
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert fresh_cards(page) == [drawn]
    assert '<span class="play-fresh-tag">new</span>' in page
    client.cookies["django_language"] = "it"
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert '<span class="play-fresh-tag">nuova</span>' in page
    # Discarding it ends the turn and the mark with it.
    assert move(client, game, do="discard", cards=[drawn]).status_code == 302
    assert fresh_cards(client.get(f"/play/{game.pk}/").content.decode()) == []


def test_the_cards_of_a_pile_taken_are_marked_while_held() -> None:
    from play.table import fresh, marked

    client = Client()
    game = deal(client)
    hand = games.load(game)
    pile = list(hand.position.discard)
    assert pile, "the bot's first turn ends on a discard"
    assert move(client, game, do="pile").status_code == 302
    game.refresh_from_db()
    hand = games.load(game)
    taken = fresh(hand)
    assert sorted(taken.elements()) == sorted(pile)
    in_hand = list(hand.position.hand)
    assert sum(new for _card, new in marked(in_hand, taken)) == len(pile)


def test_of_two_copies_of_a_card_only_the_one_taken_is_marked() -> None:
    from collections import Counter

    from play.table import marked

    jack, five = Card.parse("JD"), Card.parse("5C")
    assert marked([jack, jack, five], Counter([jack])) == [
        (jack, True),
        (jack, False),
        (five, False),
    ]


def htmx_discard(client: Client, game: Game) -> str:
    """Draw, then discard the first card with htmx: the page the discard answers."""
    assert move(client, game, do="draw").status_code == 302
    game.refresh_from_db()
    card = str(games.load(game).position.hand[0])
    response = client.post(
        f"/play/{game.pk}/",
        {"version": game.version, "do": "discard", "cards": [card]},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("chosen", "pause"), [("slow", 1400), ("normal", 700), ("fast", 300), ("instant", None)]
)
def test_the_others_moves_step_at_the_speed_the_learner_chose(
    chosen: str, pause: int | None
) -> None:
    client = Client()
    client.cookies["django_language"] = "en"
    game = deal(client, players="4")
    assert move(client, game, speed=chosen).status_code == 302
    page = client.get(f"/play/{game.pk}/").content.decode()
    pressed = re.findall(r'name="speed" value="(\w+)" aria-pressed="true"', page)
    assert pressed == [chosen]
    after = htmx_discard(client, game)
    frames = re.findall(r'hx-trigger="load delay:(\d+)ms, retry"', after)
    if pause is None:
        # Instant: the table at the end of the others' moves, as under reduced motion.
        assert frames == [] and "Skip to the end of their moves" not in after
    else:
        assert frames == [str(pause)] and "Skip to the end of their moves" in after


def test_an_accounts_speed_follows_it_to_another_device() -> None:
    user = UserFactory()
    ProfileFactory(user=user)
    phone, laptop = Client(), Client()
    phone.force_login(user)
    laptop.force_login(user)
    game = deal(phone)
    assert move(phone, game, speed="fast").status_code == 302
    assert user.profile.__class__.objects.get(user=user).play_speed == "fast"
    mine = deal(laptop)
    page = laptop.get(f"/play/{mine.pk}/").content.decode()
    assert re.findall(r'name="speed" value="(\w+)" aria-pressed="true"', page) == ["fast"]


def test_a_speed_that_is_not_offered_is_refused_and_nothing_changes() -> None:
    client = Client()
    client.cookies["django_language"] = "en"
    game = deal(client)
    response = move(client, game, speed="warp")
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert "play_speed" not in client.session


def test_a_move_reads_the_accounts_speed_once() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = UserFactory()
    ProfileFactory(user=user)
    client = Client()
    client.force_login(user)
    game = deal(client)
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/play/{game.pk}/", {"version": game.version, "do": "draw"}, HTTP_HX_REQUEST="true"
        )
    assert response.status_code == 200
    speed_reads = [
        q for q in queries if q["sql"].startswith('SELECT "accounts_profile"."play_speed"')
    ]
    assert len(speed_reads) == 1


@pytest.mark.parametrize("preset", ["fe-bur-it", "f-it-ab", "champion"])
def test_a_hand_under_a_federations_code_plays_to_its_end(preset: str) -> None:
    client = Client()
    game = deal(client, preset=preset)
    learner_turns(client, game, "club", turns=60)
    game.refresh_from_db()
    hand = games.load(game)
    assert hand.over and hand.position.rules.code == preset
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert page.count("</html>") == 1
