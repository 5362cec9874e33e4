"""The review of a practice hand (play.views.review): the score, the flagged decisions,
"try again from here" and "play this deal again"."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest
from django.test import Client

from engine.actions import Action
from engine.deal import deal as deal_cards
from play import games, hands
from play.models import Finding, Game
from play.review import score_gap
from play.table import seat_name, side_name
from tests.play.test_table_views import deal, learner_turns

pytestmark = pytest.mark.django_db


def action_data(action: Action) -> dict[str, Any]:
    """The form fields of the table's buttons that play ``action``."""
    data: dict[str, Any] = {"cards": [str(card) for card in action.cards]}
    if action.kind.value == "attach":
        data["attach"] = action.meld
    else:
        data["do"] = action.kind.value
    return data


def flagged_game(client: Client) -> tuple[Game, Finding]:
    game = deal(client)
    learner_turns(client, game, "random", turns=12)
    finding = game.findings.exclude(severity="none").order_by("decision").first()
    assert finding is not None
    return game, finding


@pytest.mark.slow
@pytest.mark.parametrize(("players", "loaded"), [("2", False), ("4", False), ("2", True)])
def test_a_whole_hand_ends_with_the_engines_score_and_a_review(
    players: str, loaded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if loaded:
        # A machine so loaded that the bots' time runs out after every move: the hand goes
        # on by "continue", one bot move a request, and still ends the same way.
        monkeypatch.setattr(hands.run_bots, "__defaults__", (0.0,))
    client = Client()
    game = deal(client, players=players)
    learner_turns(client, game, "club", turns=80)
    game.refresh_from_db()
    hand = games.load(game)
    assert hand.over and game.finished
    outcome = hand.position.outcome()
    assert outcome is not None and outcome.scores[0] is not None
    table = client.get(f"/play/{game.pk}/").content.decode()
    assert "The hand is over." in table and f"<strong>{outcome.scores[0].total}</strong>" in table
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert f"<strong>{outcome.scores[1].total}</strong>" in review
    assert "What the coach flagged" in review
    # Finished hands are listed for review, not to resume.
    assert f'href="/play/{game.pk}/review/"' in client.get("/play/").content.decode()
    # A move on it gets 409 and says why.
    response = client.post(f"/play/{game.pk}/", {"version": game.version, "do": "draw"})
    assert response.status_code == 409
    assert "The hand is over: there are no more moves" in response.content.decode()
    # The score gap: the melds as the engine scored them after each of the learner's turns,
    # and at the end the hand's score; drawn, with its numbers in a table.
    gaps = score_gap(hand)
    turns = sum(1 for s in hand.steps if s.seat == 0 and s.action.kind.value == "discard")
    assert turns > 1 and len(gaps) in (turns, turns + 1)
    mine, theirs = outcome.scores
    assert mine is not None and theirs is not None
    assert (gaps[-1].mine, gaps[-1].theirs) == (mine.total, theirs.total)
    assert gaps[-1].final and not any(point.final for point in gaps[:-1])
    assert "<svg" in review and "<polyline" in review
    last_row = f'<td class="text-end">{gaps[-1].gap}</td></tr></tbody>'
    assert f'<tr><td>End of the hand</td><td class="text-end">{mine.total}</td>' in review
    assert last_row in review


def test_the_review_lists_each_flagged_decision_with_its_points_and_a_way_back() -> None:
    client = Client()
    game, finding = flagged_game(client)
    page = client.get(f"/play/{game.pk}/review/").content.decode()
    assert finding.get_severity_display() in page
    assert f"about {finding.points} point" in page
    assert f"?decision={finding.decision}#try" in page


def test_trying_again_brings_the_position_back_and_the_coach_weighs_the_new_choice() -> None:
    client = Client()
    game, finding = flagged_game(client)
    game.refresh_from_db()
    before = game.version
    url = f"/play/{game.pk}/review/"
    page = client.get(url, {"decision": finding.decision}).content.decode()
    then = games.load(game).steps[finding.decision].before
    offered = sorted(re.findall(r'name="cards" value="([^"]+)"', page))
    assert offered == sorted(str(card) for card in then.hand)
    better = Action.parse(finding.better)
    # Post/redirect/get: the try is kept (play.tries), and the page it redirects to shows it.
    response = client.post(url, {"decision": finding.decision, **action_data(better)})
    assert response.status_code == 302 and "try=" in response["Location"]
    assert "Better: the coach likes this more" in client.get(response["Location"]).content.decode()
    same = Action.parse(finding.action)
    data = {"decision": finding.decision, **action_data(same)}
    page = client.post(url, data, follow=True).content.decode()
    assert "That is the move you made in the game." in page
    # Trying again changes nothing in the game.
    game.refresh_from_db()
    assert game.version == before


def test_trying_again_a_refused_move_says_why() -> None:
    client = Client()
    game, finding = flagged_game(client)
    then = games.load(game).steps[finding.decision].before
    data = {"decision": finding.decision, "do": "meld", "cards": [str(then.hand[0])]}
    if then.phase.value == "draw":
        data = {"decision": finding.decision, "do": "discard", "cards": [str(then.hand[0])]}
    page = client.post(f"/play/{game.pk}/review/", data).content.decode()
    assert 'href="/rules/R' in page


def test_trying_again_only_at_the_learners_own_decisions() -> None:
    client = Client()
    game = deal(client)
    # Action 0 was the bot's.
    assert client.get(f"/play/{game.pk}/review/", {"decision": 0}).status_code == 404
    assert client.get(f"/play/{game.pk}/review/", {"decision": 999}).status_code == 404


def test_play_this_deal_again_deals_the_same_cards() -> None:
    client = Client()
    game = deal(client, players="4", opponents="beginner", coach="full")
    response = client.post("/play/", {"again": game.pk})
    assert response.status_code == 302
    again = Game.objects.exclude(pk=game.pk).get()
    assert (again.seed, again.players, again.opponents, again.coach) == (
        game.seed,
        4,
        "beginner",
        "full",
    )
    assert games.load(again).steps[0].before == games.load(game).steps[0].before


def test_play_again_is_only_for_ones_own_games() -> None:
    from tests.factories import GameFactory

    assert Client().post("/play/", {"again": GameFactory().pk}).status_code == 404


def test_a_teacher_reads_three_players_sides_as_the_students_and_the_bots_seats() -> None:
    position = deal_cards(3, random.Random(1))
    assert position.sides is not None
    names = [side_name(position, side, teacher=True) for side in range(3)]
    assert names == ["The student", seat_name(3, 1), seat_name(3, 2)]
    # Once the first pozzetto has made a pair (R40): the student and a bot, by its seat.
    paired = replace(position, sides=(0, 0, 2))
    assert side_name(paired, 0, teacher=True) == f"The student and {seat_name(3, 1)}"
    assert side_name(paired, 2, teacher=True) == seat_name(3, 2)
