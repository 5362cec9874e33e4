"""Three players at the practice table (R40): the sides come from the position,
which pairs two players when the first pozzetto is taken; the score, the partner, the
review, /progress/ and a match to 1505 follow it."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.test import Client

from engine.state import half_score, split_sides
from play import games, hands, table
from play.forms import OFFERED
from play.models import Game
from tests.play.test_table_views import deal, learner_turns, move

pytestmark = pytest.mark.django_db


def three(client: Client, **choices: str) -> Game:
    game = deal(client, players="3", **choices)
    assert game.players == 3
    return game


def cells(page: str, row: str) -> list[str]:
    """The cells of the score table's row headed ``row``."""
    found = re.search(rf"<th scope=\"row\">{re.escape(row)}</th>(.*?)</tr>", page, re.S)
    assert found, row
    return re.findall(r"<td[^>]*>(?:<strong>)?(-?\d+)", found.group(1))


def test_three_players_are_offered() -> None:
    assert 3 in OFFERED


def test_before_a_pozzetto_each_plays_alone_and_the_opponents_melds_are_by_seat() -> None:
    client = Client()
    game = three(client)
    hand = games.load(game)
    position = hand.position
    assert not any(position.pozzetti_taken)
    assert hands.partner_seat(position) is None
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "West&#x27;s melds" in page and "East&#x27;s melds" in page
    assert "The other side&#x27;s melds" not in page and "your partner" not in page
    worth = [table.on_table(position, side) for side in range(3)]
    assert f"You: {worth[0]}; West: {worth[1]}; East: {worth[2]}." in page


def test_the_partner_is_whoever_the_first_pozzetto_pairs_with_the_learner() -> None:
    position = games.load(three(Client())).position
    # West (seat 1) took the first pozzetto: the learner and East pair (R40).
    west_alone = replace(position, sides=split_sides(3, 1))
    assert hands.partner_seat(west_alone) == 2
    setup = hands.Setup(3, 7, opponents="beginner", partner="expert")
    assert setup.level(2, west_alone) == "expert" and setup.level(1, west_alone) == "beginner"
    # Before that East is an opponent like West.
    assert setup.level(2, position) == "beginner"
    # The learner took it: the learner plays alone against the pair.
    alone = replace(position, sides=split_sides(3, 0))
    assert hands.partner_seat(alone) is None
    assert setup.level(1, alone) == setup.level(2, alone) == "beginner"
    notes = {seat.seat: seat.note for seat in table.context(hands.Hand(setup, alone))["opponents"]}
    assert notes == {1: "with East", 2: "with West"}
    mine = table.context(hands.Hand(setup, alone))["my_melds"].heading
    assert mine == "Your melds (you play alone)"
    paired = table.context(hands.Hand(setup, west_alone))
    assert [seat.partner for seat in paired["opponents"]] == [False, True]
    assert paired["opponents"][0].note == "plays alone"
    assert paired["my_melds"].heading == "Your side's melds (shared with East)"
    assert [side.name for side in paired["sides"]] == ["You and East", "West"]


def test_a_whole_three_player_hand_to_the_end_with_the_score_per_side() -> None:
    client = Client()
    game = three(client)
    learner_turns(client, game, turns=60)
    game.refresh_from_db()
    hand = games.load(game)
    assert hand.over and game.finished
    position = hand.position
    outcome = position.outcome()
    assert outcome is not None
    # A pozzetto was taken, so a pair formed: two sides are left, the pair's credited half.
    live = position.live_sides
    assert len(live) == 2
    pair = next(side for side in live if len(position.seats(side)) == 2)
    lone = next(side for side in live if len(position.seats(side)) == 1)
    page = client.get(f"/play/{game.pk}/").content.decode()
    views = table.sides(position, outcome)
    mine = position.side_of(hands.LEARNER)
    assert views[0].side == mine
    names = [table.side_name(position, side.side) for side in views]
    header = re.search(r"<thead><tr><td></td>(.*?)</tr></thead>", page, re.S)
    assert header and re.findall(r"<th scope=\"col\">(.*?)</th>", header.group(1)) == names
    totals = [str(outcome.scores[side.side].total) for side in views]  # type: ignore[union-attr]
    assert cells(page, "Total") == totals
    credited = cells(page, "Credited to each player (a side of two: its total halved)")
    for side, credit in zip(views, credited, strict=True):
        total = outcome.scores[side.side].total  # type: ignore[union-attr]
        assert int(credit) == (half_score(total) if side.side == pair else total)
    assert outcome.credits[position.seats(lone)[0]] == outcome.scores[lone].total  # type: ignore[union-attr]
    # /progress/: the learner's credited total against the best other player's.
    others = [c for seat, c in enumerate(outcome.credits) if position.side_of(seat) != mine]
    assert (game.score, game.their_score) == (outcome.credits[0], max(others))
    # The review: the same score table, and the gap as credited worth.
    review = client.get(f"/play/{game.pk}/review/").content.decode()
    assert cells(review, "Total") == totals
    assert "The best other player" in review
    # Each turn's point weighs the melds, a pair's halved; the last is what the hand credited.
    from play.review import gap

    worth = {seat: table.on_table(position, position.side_of(seat)) for seat in range(3)}
    halved = {
        seat: half_score(w) if position.side_of(seat) == pair else w for seat, w in worth.items()
    }
    melds = gap(1, position)
    assert melds.mine == halved[0]
    assert melds.theirs == max(halved[s] for s in range(3) if position.side_of(s) != mine)
    last = games_gaps(hand)[-1]
    assert last.final and (last.mine, last.theirs) == (game.score, game.their_score)


def games_gaps(hand: hands.Hand) -> list:  # type: ignore[type-arg]
    from play.review import score_gap

    return score_gap(hand)


def test_a_three_player_match_keeps_each_players_total_to_1505() -> None:
    client = Client()
    game = three(client, length="match")
    learner_turns(client, game, turns=60)
    game.refresh_from_db()
    first = games.load(game)
    outcome = first.position.outcome()
    assert outcome is not None and first.over
    credits = hands.scores(first)
    assert credits == tuple(outcome.credits)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "The game so far (to 1505)" in page
    assert cells(page, "This hand") == [str(c) for c in credits]
    assert "Deal the next hand" in page
    assert move(client, game, do="next").status_code == 302
    game.refresh_from_db()
    second = games.load(game)
    assert second.setup.totals == credits and second.position.totals == credits
    page = client.get(f"/play/{game.pk}/").content.decode()
    named = "; ".join(
        f"{who}: {total}" for who, total in zip(("You", "West", "East"), credits, strict=True)
    )
    assert f"the score before it: {named}." in page


def test_past_1000_all_play_alone_and_1505_ends_the_match() -> None:
    setup = hands.Setup(3, 7, number=1, totals=(1000, 300, 200))
    assert setup.match.all_alone and setup.match.target == 1505
    position = hands.start(setup)
    assert position.all_alone and len(position.pozzetti) == 3
    near = hands.Setup(3, 7, number=1, totals=(1500, 300, 200))
    assert not near.match.is_over
    assert replace(near, totals=(1505, 300, 200)).match.winner == 0


def test_a_three_player_hand_in_italian(settings: object) -> None:
    settings.LANGUAGE_CODE = "it"  # type: ignore[attr-defined]
    client = Client()
    game = three(client)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "I giochi di Ovest" in page and "I giochi di Est" in page
    assert "Sul tavolo, premi compresi: Tu: " in page and "Ovest: pozzetto non ancora preso" in page
    learner_turns(client, game, turns=60)
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert "Accreditato a ciascun giocatore" in page
    assert re.search(r"<th scope=\"col\">(Tu|Ovest|Tu e Est|Tu e Ovest|Ovest e Est)</th>", page)


def test_past_1000_the_table_says_each_plays_alone() -> None:
    setup = hands.Setup(3, 7, number=1, totals=(1000, 300, 200))
    shown = table.context(hands.Hand(setup, hands.start(setup)))
    assert [seat.note for seat in shown["opponents"]] == ["plays alone", "plays alone"]
    assert shown["my_melds"].heading == "Your melds (you play alone)"
    assert [side.name for side in shown["sides"]] == ["You", "West", "East"]


def test_the_match_state_names_each_player_and_the_winner_at_1505() -> None:
    class AMatch:
        match = True

    setup = hands.Setup(3, 7, number=1, totals=(1450, 300, 1400))
    hand = hands.replay(setup, [])
    state = games.match_state(AMatch(), hand)  # type: ignore[arg-type]
    assert state["per_player"] and state["all_alone"] and state["target"] == 1505
    assert [column["name"] for column in state["columns"]] == ["You", "West", "East"]
    assert state["before_named"] == "You: 1450; West: 300; East: 1400"
    # Played to its end by the bots: the winner is named by seat.
    while not hand.over:
        if hand.learner_to_move:
            view = hand.view()
            from engine.bots import decide, legal_in_view

            hand.play(decide("club", view, legal_in_view(view), hands.bot_rng(setup, 999)))
        else:
            hands.run_bots(hand, seconds=30)
    state = games.match_state(AMatch(), hand)  # type: ignore[arg-type]
    after = state["after"]
    assert after == tuple(b + c for b, c in zip(setup.totals, hands.scores(hand), strict=True))
    best = max(after)
    # This deal takes a total past 1505 (with 2005 as the target nobody would have won).
    assert 1505 <= best < 2005 and list(after).count(best) == 1
    assert state["won_by"] == ["You", "West", "East"][after.index(best)]
    assert not state["next"]
