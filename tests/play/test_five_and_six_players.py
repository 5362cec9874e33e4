"""Five and six players at the practice table (R40): offered by the start form, dealt with
three decks, the sides drawn as the position forms them (at five the lone player and two
pairs after the first pozzetto, at six three pairs from the start), the bots playing whole
hands, and the score, the review, /progress/ and a match following the engine."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest
from django.test import Client

from engine.actions import Action, ActionKind, Event
from engine.bots import decide, legal_in_view
from engine.state import Position, half_score, split_sides
from play import games, hands, table
from play.forms import OFFERED, NewGameForm
from play.models import Game
from tests.play.test_table_views import deal, learner_turns
from tests.play.test_three_players import cells

pytestmark = pytest.mark.django_db

#: The sides' names in the score table at six players: the pairs sit alternately (R40).
SIX_SIDES = ["You and North", "West and North-East", "North-West and East"]


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of these tests is dealt from one seed, so a failure replays."""
    monkeypatch.setattr("play.games.secrets.randbelow", lambda _limit: 4)


def form_of(players: str) -> NewGameForm:
    return NewGameForm(
        {
            "players": players,
            "opponents": "club",
            "partner": "expert",
            "preset": "standard",
            "coach": "turns",
            "length": "hand",
        }  # fmt: skip
    )


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_players_are_offered(players: int) -> None:
    assert players in OFFERED
    form = form_of(str(players))
    assert form.is_valid(), form.errors
    assert form.choices()["players"] == players
    page = unescape(Client().get("/play/").content.decode())
    assert f'name="players" value="{players}"' in page
    assert "Your partner (from three to six players)" in page


@pytest.mark.parametrize("players", ["7", "1", "0"])
def test_a_table_of_more_than_six_or_fewer_than_two_is_refused_with_a_sentence(
    players: str,
) -> None:
    form = form_of(players)
    assert not form.is_valid()
    assert form.errors["players"] == [f"The table seats two to six players, not {players}."]
    response = Client().post("/play/", {**form.data})
    assert response.status_code == 400
    html = unescape(response.content.decode())
    assert (
        f"No hand was dealt (Players: The table seats two to six players, not {players}.)" in html
    )
    assert not Game.objects.exists()


@pytest.mark.parametrize(("players", "pozzetti"), [(5, [17, 11, 11]), (6, [11, 11, 11])])
def test_five_and_six_are_dealt_with_three_decks(players: int, pozzetti: list[int]) -> None:
    game = deal(Client(), players=str(players))
    position = games.load(game).position
    assert position.players == players and position.rules.decks == 3
    assert [len(pozzetto or ()) for pozzetto in position.pozzetti] == pozzetti
    assert position.card_count() == 162


def test_at_five_each_plays_alone_until_a_pozzetto_then_the_lone_player_and_two_pairs() -> None:
    client = Client()
    game = deal(client, players="5", opponents="beginner", partner="expert")
    position = games.load(game).position
    assert not any(position.pozzetti_taken)
    shown = table.context(hands.Hand(game.setup, position))
    assert [seat.name for seat in shown["opponents"]] == [
        "West",
        "North-West",
        "North-East",
        "East",
    ]
    assert [seat.note for seat in shown["opponents"]] == ["", "", "", ""]
    assert [side.name for side in shown["sides"]] == [
        "You",
        "West",
        "North-West",
        "North-East",
        "East",
    ]
    assert shown["pozzetti_left"] == "Pozzetti left, the next one first: 17, 11, 11 cards."
    page = unescape(client.get(f"/play/{game.pk}/").content.decode())
    for who in ("West", "North-West", "North-East", "East"):
        assert f"{who}'s melds" in page
    assert "your partner" not in page and "play-side-mark" not in page
    # North-West (seat 2) takes the 17: it plays alone, the learner pairs with North-East and
    # West with East, partners never side by side (R40).
    split = replace(
        position, sides=split_sides(5, 2), pozzetti_taken=(False, False, True, False, False)
    )
    setup = game.setup
    assert hands.partner_seat(split) == 3
    assert setup.level(3, split) == "expert" and setup.level(1, split) == "beginner"
    shown = table.context(hands.Hand(setup, split))
    notes = {seat.name: (seat.partner, seat.note) for seat in shown["opponents"]}
    assert notes == {
        "West": (False, "with East"),
        "North-West": (False, "plays alone"),
        "North-East": (True, ""),  # said as "your partner"
        "East": (False, "with West"),
    }
    assert [side.name for side in shown["sides"]] == [
        "You and North-East",
        "West and East",
        "North-West",
    ]
    assert shown["my_melds"].heading == "Your side's melds (shared with North-East)"
    assert [melds.heading for melds in shown["their_melds"]] == [
        "West and East's melds",
        "North-West's melds",
    ]
    assert shown["pozzetti_left"] == "Pozzetti left, the next one first: 11, 11 cards."
    # Each side's colour beside its seats and over its melds: the learner's first.
    marks = {seat.name: seat.mark for seat in shown["opponents"]}
    assert marks == {"West": 1, "North-West": 2, "North-East": 0, "East": 1}
    assert [side.melds.mark for side in shown["sides"]] == [0, 1, 2]


def test_at_six_three_pairs_sit_alternately_from_the_start() -> None:
    client = Client()
    game = deal(client, players="6")
    position = games.load(game).position
    assert hands.partner_seat(position) == 3
    shown = table.context(hands.Hand(game.setup, position))
    notes = [(seat.name, seat.partner, seat.note) for seat in shown["opponents"]]
    assert notes == [
        ("West", False, "with North-East"),
        ("North-West", False, "with East"),
        ("North", True, ""),
        ("North-East", False, "with West"),
        ("East", False, "with North-West"),
    ]
    assert shown["pozzetti_left"] == ""  # each pair has its own
    page = unescape(client.get(f"/play/{game.pk}/").content.decode())
    assert "North (your partner)" in re.sub(r"<[^>]+>", "", page)
    assert "Your side's melds (shared with North)" in page
    assert "West and North-East's melds" in page and "North-West and East's melds" in page
    assert "You and North: no pozzetto yet" in page
    assert page.count('class="play-side-mark play-side-mark-') == 5 + 3


def test_a_whole_five_player_hand_to_the_end_halves_the_pairs_and_is_counted() -> None:
    client = Client()
    game = deal(client, players="5", length="hand")
    learner_turns(client, game, turns=80)
    game.refresh_from_db()
    hand = games.load(game)
    assert hand.over and game.finished and game.hands_ended == 1
    position = hand.position
    outcome = position.outcome()
    assert outcome is not None
    # The first pozzetto was taken, so the lone player and two pairs are left.
    live = position.live_sides
    assert sorted(len(position.seats(side)) for side in live) == [1, 2, 2]
    views = table.sides(position, outcome)
    page = client.get(f"/play/{game.pk}/").content.decode()
    header = re.search(r"<thead><tr><td></td>(.*?)</tr></thead>", page, re.S)
    names = [view.name for view in views]
    assert header and re.findall(r"<th scope=\"col\">(.*?)</th>", header.group(1)) == names
    totals = [outcome.scores[view.side].total for view in views]  # type: ignore[union-attr]
    assert cells(page, "Total") == [str(total) for total in totals]
    credited = cells(page, "Credited to each player (a side of two: its total halved)")
    for view, total, credit in zip(views, totals, credited, strict=True):
        assert int(credit) == (half_score(total) if len(view.seats) == 2 else total)
    # The log says when the sides formed: who plays alone, and the two pairs against it.
    taken = (Event.POZZETTO_AL_VOLO, Event.POZZETTO_CON_LO_SCARTO)
    first = next(step for step in hand.steps if set(step.events) & set(taken))
    lone = next(view for view in views if len(view.seats) == 1)
    assert lone.seats == (first.seat,)
    said = table.log_lines(first, 5)[-1].text
    pairs = "; ".join(view.name for view in views if view is not lone)
    if first.seat == hands.LEARNER:
        assert said == f"You play alone from now on, against two sides: {pairs}."
    else:
        assert said == f"{lone.name} plays alone from now on, against two sides: {pairs}."
    # Under the score, what the learner is credited and why.
    mine = views[0]
    said = (
        f"You are credited {mine.credit}: your side's {totals[0]} halved."
        if len(mine.seats) == 2
        else f"You played alone: you are credited your whole {totals[0]}."
    )
    assert said in unescape(page)
    # The result recorded: the learner's credit against the best other player's.
    mine = position.side_of(hands.LEARNER)
    others = [c or 0 for seat, c in enumerate(outcome.credits) if position.side_of(seat) != mine]
    assert (game.score, game.their_score) == (outcome.credits[0], max(others))
    assert game.hands_won == int(game.score > game.their_score)  # type: ignore[operator]
    # Replayable: the stored actions replay to the same end, and the same deal is dealt again.
    again = games.load(Game.objects.get(pk=game.pk))
    assert again.actions == hand.actions and again.position == position
    response = client.post("/play/", {"again": str(game.pk)})
    assert response.status_code == 302
    twin = Game.objects.exclude(pk=game.pk).get()
    assert (twin.players, twin.seed) == (5, game.seed)
    # The review: the same score table and the gap against the best other player.
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert cells(review, "Total") == [str(total) for total in totals]
    assert "The best other player" in review and "The best other side" not in review
    # /progress/ counts the hand at five players.
    progress = client.get("/progress/").content.decode()
    row = re.search(r"<td>5</td>\s*<td[^>]*>(\d+)</td>\s*<td[^>]*>(\d+)</td>", progress)
    assert row and row.groups() == ("1", str(game.hands_won))


def test_a_whole_six_player_hand_to_the_end_scores_three_pairs_and_is_counted() -> None:
    client = Client()
    game = deal(client, players="6", length="hand")
    learner_turns(client, game, turns=80)
    game.refresh_from_db()
    hand = games.load(game)
    assert hand.over and game.finished and game.hands_ended == 1
    position = hand.position
    outcome = position.outcome()
    assert outcome is not None and position.live_sides == [0, 1, 2]
    page = client.get(f"/play/{game.pk}/").content.decode()
    header = re.search(r"<thead><tr><td></td>(.*?)</tr></thead>", page, re.S)
    assert header and re.findall(r"<th scope=\"col\">(.*?)</th>", header.group(1)) == SIX_SIDES
    totals = [str(score.total) for score in outcome.scores]  # type: ignore[union-attr]
    assert cells(page, "Total") == totals
    # At six a pair's score is its own: R40 halves it only at three and five.
    assert "Credited to each player" not in page and "You are credited" not in page
    assert (game.score, game.their_score) == (
        outcome.scores[0].total,  # type: ignore[union-attr]
        max(outcome.scores[1].total, outcome.scores[2].total),  # type: ignore[union-attr]
    )
    again = games.load(Game.objects.get(pk=game.pk))
    assert again.position == position
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert "The best other side" in review and "The best other player" not in review
    assert "Your side's melds minus the best other side's" in review
    progress = client.get("/progress/").content.decode()
    row = re.search(r"<td>6</td>\s*<td[^>]*>(\d+)</td>", progress)
    assert row and row.group(1) == "1"


def test_a_six_player_match_keeps_each_pairs_total_and_names_the_winning_pair() -> None:
    class AMatch:
        match = True

    setup = hands.Setup(6, 7, number=1, totals=(100, 1990, 300))
    hand = hands.replay(setup, [])
    state = games.match_state(AMatch(), hand)  # type: ignore[arg-type]
    assert state["pairs"] and state["target"] == 2005
    assert [column["name"] for column in state["columns"]] == SIX_SIDES
    assert (
        state["before_named"]
        == "You and North: 100; West and North-East: 1990; North-West and East: 300"
    )


@pytest.mark.parametrize("players", [5, 6])
def test_the_bots_play_a_whole_hand_within_their_step_budget(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every bot's legal actions are listed within a request's step budget (hands.run_bots):
    none falls back on the plain draw or discard kept for a list too big to make."""
    fallbacks: list[int] = []
    plain = hands._plain_moves

    def counted(position: Position) -> list[Action]:
        fallbacks.append(position.to_move)
        return plain(position)

    monkeypatch.setattr(hands, "_plain_moves", counted)
    setup = hands.Setup(players, 11, opponents="expert", partner="expert")
    hand = hands.replay(setup, [])
    while not hand.over:
        if hand.learner_to_move:
            view = hand.view()
            hand.play(decide("club", view, legal_in_view(view), hands.bot_rng(setup, 999)))
        else:
            assert hands.run_bots(hand, seconds=60)
    assert fallbacks == []
    assert hand.position.outcome() is not None
    assert {step.seat for step in hand.steps} == set(range(players))


def test_at_three_the_log_says_who_plays_alone_against_the_pair() -> None:
    position = hands.start(hands.Setup(3, 7))
    took = hands.Step(1, Action(ActionKind.DISCARD), position, (Event.POZZETTO_AL_VOLO,))
    said = [line.text for line in table.log_lines(took, 3)]
    assert said[-1] == "West plays alone from now on, against the side You and East."
    mine = replace(took, seat=0)
    assert table.sides_formed(mine, Event.POZZETTO_AL_VOLO) == (
        "You play alone from now on, against the side West and East."
    )
    # Only the first pozzetto forms the sides, and closing forms nothing.
    later = replace(took, before=replace(position, pozzetti_taken=(True, False, False)))
    assert table.sides_formed(later, Event.POZZETTO_AL_VOLO) == ""
    assert table.sides_formed(took, Event.CLOSED) == ""
