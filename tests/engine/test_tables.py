"""Every table of the seeds (R40): three, five and six players beside two and four.

Each clause of R40 has its own test; the readings where the seeds are silent are those of
docs/game.md ("Three, five and six players").
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import Action, Event, apply, legal_actions, transition, why_illegal
from engine.bots import make_bot
from engine.bots.view import Memory, opponents, side_of, view_of
from engine.cards import Card, deck, parse_cards
from engine.cli.judge import answer
from engine.cli.simulate import play_hand, run
from engine.deal import deal
from engine.errors import InvalidPositionError
from engine.match import Match
from engine.rules import DEFAULT
from engine.state import Hidden, Phase, Position, Termination, split_sides
from lessons.answering import say

#: Two pozzetti for three players, written out so a position can name them: 18 and 11.
P18 = [
    "AS",
    "3S",
    "5S",
    "6S",
    "7S",
    "8S",
    "9S",
    "10S",
    "JS",
    "QS",
    "AD",
    "3D",
    "4D",
    "5D",
    "6D",
    "7D",
    "8D",
    "9D",
]
P11 = ["AC", "3C", "4C", "5C", "6C", "7C", "8C", "QC", "KC", "10D", "JD"]


def three(**fields: Any) -> Position:
    """A three-player position before anyone has taken a pozzetto, with changes."""
    data: dict[str, Any] = {
        "players": 3,
        "to_move": 1,
        "phase": "play",
        "hands": [{"count": 10}, ["5H", "6H", "7H"], {"count": 11}],
        "melds": [[["9C", "10C", "JC"]], [], [["KD", "KS", "KH"]]],
        "discard": ["4S"],
        "stock": 40,
        "pozzetti_taken": [False, False, False],
        "pozzetti": [P18, P11],
    }
    data.update(fields)
    return Position.from_json(data)


# --- deals (R4, R40) ---------------------------------------------------------------------


def test_r40_three_players_get_11_cards_and_pozzetti_of_18_on_top_of_11() -> None:
    position = deal(3, random.Random(5))
    assert [len(hand) for hand in position.hands] == [11, 11, 11]
    assert [len(p) for p in position.pozzetti if p is not None] == [18, 11]
    assert position.sides == (0, 1, 2)  # each plays for themselves until a pozzetto
    assert position.card_count() == 108 and position.rules.decks == 2
    assert Position.from_json(position.to_json()) == position


def test_r40_five_players_use_three_decks_and_pozzetti_of_17_11_and_11() -> None:
    position = deal(5, random.Random(5))
    assert [len(hand) for hand in position.hands] == [11] * 5
    assert [len(p) for p in position.pozzetti if p is not None] == [17, 11, 11]
    assert len(deck(3)) == 162 and Counter(deck(3))[Card.parse("JK")] == 6
    assert position.card_count() == 162 and position.rules.decks == 3
    assert position.sides == (0, 1, 2, 3, 4)
    assert Position.from_json(position.to_json()) == position


def test_r40_six_players_use_three_decks_and_three_pairs_sitting_alternately() -> None:
    position = deal(6, random.Random(5))
    assert [len(hand) for hand in position.hands] == [11] * 6
    assert [len(p) for p in position.pozzetti if p is not None] == [11, 11, 11]
    assert position.card_count() == 162
    assert [list(position.seats(side)) for side in range(3)] == [[0, 3], [1, 4], [2, 5]]
    assert opponents(position, 0) == [1, 2, 4, 5]
    assert Position.from_json(position.to_json()) == position


def test_r4_two_and_four_player_positions_keep_their_json() -> None:
    for players in (2, 4):
        position = deal(players, random.Random(5))
        data = position.to_json()
        assert position.sides is None
        assert "sides" not in data and "all_alone" not in data and "rules" not in data
        assert len(data["melds"]) == 2 and len(data["pozzetti"]) == 2


# --- three players: the lone player and the pair (R40) -----------------------------------


def test_r40_three_the_first_to_take_a_pozzetto_takes_the_18_and_plays_alone() -> None:
    step = transition(three(), Action.parse("meld 5H 6H 7H"))
    after = step.position
    assert step.events == (Event.POZZETTO_AL_VOLO,)
    assert after.hands[1] == tuple(parse_cards(P18))
    assert after.sides == (0, 1, 0)  # seat 1 alone; seats 0 and 2 partners
    assert after.pozzetti_taken[1] and not after.pozzetti_taken[0]
    assert after.pozzetti == (None, tuple(parse_cards(P11)))
    # The partners' melds join on the side of the pair's first seat (docs/game.md).
    assert [str(meld) for meld in after.melds[0]] == ["9C 10C JC", "KH KD KS"]
    assert after.melds[2] == () and [str(m) for m in after.melds[1]] == ["5H 6H 7H"]
    assert Position.from_json(after.to_json()) == after


def test_r40_three_the_first_of_the_pair_to_run_out_takes_the_11_for_both() -> None:
    position = three(
        to_move=2,
        sides=[0, 1, 0],
        hands=[{"count": 10}, {"count": 18}, ["8H"]],
        melds=[[["9C", "10C", "JC"]], [["5H", "6H", "7H"]], []],
        pozzetti_taken=[False, True, False],
        pozzetti=[None, P11],
    )
    step = transition(position, Action.parse("discard 8H"))
    assert step.events == (Event.POZZETTO_CON_LO_SCARTO,)
    assert step.position.hands[2] == tuple(parse_cards(P11))
    assert step.position.pozzetti_taken == (True, True, False)
    assert step.position.sides == (0, 1, 0)  # the sides formed once, and stay


def test_r40_three_a_wildcard_a_partner_discards_is_not_the_others_to_take() -> None:
    partner_next = three(
        to_move=0,
        phase="draw",
        sides=[0, 1, 0],
        hands=[["KC", "QD"], {"count": 18}, {"count": 9}],
        melds=[[["9C", "10C", "JC"]], [["5H", "6H", "7H"]], []],
        discard=["4S", "JK"],
        pozzetti_taken=[False, True, False],
        pozzetti=[None, P11],
        stock=40,
    )
    refusal = why_illegal(partner_next, Action.parse("pile"))
    assert refusal is not None and (refusal.code, refusal.rule) == ("pile_partner_wild", "R40")
    assert Action.parse("pile") not in legal_actions(partner_next)
    assert "partner" in str(refusal)
    with translation.override("it"):
        assert "compagno" in say(refusal.code, dict(refusal.params))
    # A natural card from the partner may be taken, and the lone player may take a wildcard.
    natural = replace(partner_next, discard=tuple(parse_cards("4S 8D")))
    assert why_illegal(natural, Action.parse("pile")) is None
    lone = replace(
        partner_next,
        to_move=1,
        hands=(Hidden(10), tuple(parse_cards("KC QD")), Hidden(9)),
    )
    assert why_illegal(lone, Action.parse("pile")) is None


def test_r40_three_the_pair_scores_half_each_and_the_lone_player_in_full() -> None:
    position = three(
        to_move=0,
        phase="draw",
        sides=[0, 1, 0],
        hands=[["KH"], ["5S", "4S"], ["QH"]],
        melds=[[["9C", "10C", "JC"]], [["5H", "6H", "7H"]], []],
        pozzetti_taken=[False, True, False],
        pozzetti=[None, P11],
        stock=2,
    )
    outcome = position.outcome()
    assert outcome is not None and outcome.termination is Termination.STOCK_EXHAUSTED
    pair, lone = outcome.scores[0], outcome.scores[1]
    assert pair is not None and lone is not None
    assert pair.total == 30 - 20 - 100 and lone.total == 15 - 10
    assert outcome.credits == (-45, 5, -45)  # -90 halved for each partner
    match = Match(players=3).record(outcome)
    assert match.totals == (-45, 5, -45)


def test_r40_three_past_1000_each_plays_alone_with_three_pozzetti_of_11_to_1505() -> None:
    match = Match(players=3, totals=(1000, 200, 300))
    assert match.all_alone and match.target == 1505
    position = match.deal(random.Random(2))
    assert position.all_alone and [len(p or ()) for p in position.pozzetti] == [11, 11, 11]
    # A pozzetto taken forms no pair: the taker takes its own 11 and the sides stay.
    final, _, events = play_hand(position, random.Random(4))
    assert final.sides == (0, 1, 2)
    if any(event.value.startswith("pozzetto") for event in events):
        assert any(final.pozzetti_taken)
    assert not Match(players=3, totals=(990, 0, 0)).all_alone
    assert Match(players=3, totals=(1500, 0, 0)).record((5, 0, 0)).winner == 0
    assert Match(players=3, totals=(1500, 0, 0)).record((0, 0, 0)).winner is None
    # Above 2005's default: 1505 ends the three-player game whatever the target.
    assert Match(players=3, totals=(1600, 1600, 0)).winner is None  # a tie plays on


# --- five players (R40) ------------------------------------------------------------------


@pytest.mark.parametrize("alone", range(5))
def test_r40_five_the_others_pair_so_partners_never_sit_side_by_side(alone: int) -> None:
    sides = split_sides(5, alone)
    assert list(sides).count(sides[alone]) == 1
    pairs = [[s for s in range(5) if sides[s] == side] for side in set(sides) - {alone}]
    assert sorted(len(pair) for pair in pairs) == [2, 2]
    for first, second in pairs:
        assert (second - first) % 5 not in (1, 4)
    if alone == 0:  # A alone: B with D, C with E
        assert sorted(pairs) == [[1, 3], [2, 4]]


def test_r40_five_the_first_to_take_a_pozzetto_takes_the_17() -> None:
    dealt = deal(5, random.Random(9))
    position = replace(
        dealt,
        to_move=2,
        phase=Phase.PLAY,
        hands=(*dealt.hands[:2], tuple(parse_cards("5H 6H 7H")), *dealt.hands[3:]),
        stock=Hidden(dealt.stock_count - 8),
    )
    position.check()
    after = apply(position, "meld 5H 6H 7H")
    assert after.hands[2] == dealt.pozzetti[0] and len(after.hands[2]) == 17
    assert after.sides == split_sides(5, 2) == (0, 1, 2, 0, 1)
    assert after.pozzetti[0] is None and after.pozzetti[1:] == dealt.pozzetti[1:]


# --- six players (R40) -------------------------------------------------------------------


def six(melds: list[list[str]]) -> Position:
    return Position.from_json(
        {
            "players": 6,
            "to_move": 0,
            "phase": "play",
            "hands": [["10C", "KH"], *[{"count": 11}] * 5],
            "melds": [melds, [], []],
            "discard": [],
            "stock": 50,
            "pozzetti_taken": [True, False, False],
        }
    )


def test_r40_six_a_pair_needs_a_clean_and_a_dirty_burraco_to_close() -> None:
    clean = ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    only_clean = six([clean])
    refusal = why_illegal(only_clean, Action.parse("attach 0 10C"))
    assert refusal is not None
    assert (refusal.code, refusal.rule) == ("last_card_no_clean_and_dirty", "R40")
    closing = only_clean.closing_refusal()
    assert closing is not None and (closing.code, closing.rule) == (
        "close_no_clean_and_dirty",
        "R40",
    )
    both = six([clean, ["5D", "6D", "7D", "8D", "9D", "10D", "JK"]])
    assert both.closing_refusal() is None
    step = transition(apply(both, "attach 0 10C"), Action.parse("discard KH"))
    assert Event.CLOSED in step.events
    outcome = step.position.outcome()
    assert outcome is not None and outcome.closer == 0
    assert outcome.scores[0] is None  # a partner's hand is hidden: no score to give


# --- the sides in one place --------------------------------------------------------------


def test_r40_the_side_of_a_seat_is_the_positions_and_the_bots_read_it() -> None:
    before = three()
    after = apply(before, "meld 5H 6H 7H")
    assert [side_of(before, seat) for seat in range(3)] == [0, 1, 2]
    assert [side_of(after, seat) for seat in range(3)] == [0, 1, 0]
    assert opponents(after, 0) == [1] and opponents(after, 1) == [2, 0]
    assert view_of(after, 0).side == 0 and view_of(after, 2).side == 0


def test_r40_impossible_sides_and_decks_are_refused() -> None:
    with pytest.raises(InvalidPositionError) as raised:
        three(sides=[0, 0, 2])
    assert raised.value.code == "sides_invalid"
    with pytest.raises(InvalidPositionError) as raised:
        three(pozzetti_taken=[False, True, False])  # taken, yet no sides formed
    assert raised.value.code == "sides_not_formed"
    two = deal(2, random.Random(1)).to_json()
    with pytest.raises(InvalidPositionError) as raised:
        Position.from_json({**two, "rules": {"decks": 3}})
    assert (raised.value.code, raised.value.rule) == ("decks_players", "R40")
    with pytest.raises(InvalidPositionError) as raised:
        Position.from_json({**two, "all_alone": True})
    assert raised.value.code == "all_alone_players"


# --- whole hands, bots and the judge -----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_r40_simulated_hands_of_every_table_end_with_every_invariant_held(players: int) -> None:
    tally = run(players, hands=6, seed=11, rules=DEFAULT)
    assert tally.hands == 6 and tally.closes + tally.stock_endings == 6


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 5, 6]), seed=st.integers(0, 10_000))
def test_r40_any_hand_of_three_five_or_six_ends(players: int, seed: int) -> None:
    final, actions, _ = play_hand(deal(players, random.Random(seed)), random.Random(seed))
    assert final.is_over and actions > 0
    outcome = final.outcome()
    assert outcome is not None and None not in outcome.credits


@pytest.mark.parametrize("players", [3, 5, 6])
@pytest.mark.parametrize("level", ["random", "beginner", "club"])
def test_r40_every_bot_plays_a_hand_of_three_five_and_six(players: int, level: str) -> None:
    bot = make_bot(level)
    position = deal(players, random.Random(players))
    memory = Memory.empty(players)
    rng = random.Random(1)
    for _ in range(5_000):
        if position.is_over:
            break
        legal = legal_actions(position)
        action = bot.decide(view_of(position, position.to_move, memory), legal, rng)
        assert action in legal
        memory = memory.after(position, action)
        position = apply(position, action)
    assert position.is_over


@pytest.mark.parametrize("players", [3, 5, 6])
def test_r40_the_judge_reads_and_plays_three_five_and_six_player_positions(players: int) -> None:
    position = deal(players, random.Random(3)).to_json()
    legal = answer({"op": "legal", "position": position})
    assert legal["ok"] and legal["actions"] == ["draw", "pile"]
    played = answer({"op": "play", "position": position, "actions": ["draw"]})
    assert played["ok"] and played["legal"]
    assert Position.from_json(played["position"]).players == players


@pytest.mark.parametrize("players", [3, 5, 6])
def test_r40_the_arena_plays_a_deal_of_three_five_and_six_from_both_seatings(
    players: int,
) -> None:
    from engine.cli.arena import Tally, play_deal, seat_owners

    bots, tallies = [make_bot("club"), make_bot("random")], [Tally(), Tally()]
    result = play_deal(bots, tallies, players, seed=3, number=0)
    assert result.diffs is not None and tallies[0].illegal == tallies[1].illegal == 0
    dealt = deal(players, random.Random(1))
    for swap in (0, 1):
        owners = seat_owners(dealt, swap)
        assert set(owners) == {0, 1}
        if players == 6:  # no pair is split between the bots
            for side in range(3):
                assert len({owners[seat] for seat in dealt.seats(side)}) == 1
    assert seat_owners(dealt, 0) == [1 - owner for owner in seat_owners(dealt, 1)]


def test_r40_a_puzzle_at_three_players_is_refused_with_a_sentence_not_a_crash() -> None:
    position = deal(3, random.Random(2)).to_json()
    reply = answer({"op": "puzzle", "puzzle": {"kind": "score", "position": position}})
    assert reply["ok"] is False and "two or four players" in reply["error"]


def test_r40_the_fast_core_agrees_with_the_reference_on_three_decks() -> None:
    """Hands of three decks hold three copies of a card and up to six jokers; the cached
    search finds the melds and attachments the whole-hand enumeration finds."""
    from engine.rules import PRESETS
    from tests.engine.test_fast import agrees_with_reference

    rng = random.Random(40)
    triples = 0
    for _ in range(150):
        cards = deck(3)
        rng.shuffle(cards)
        size = rng.choice([5, 11, 17, 25])
        hand, rest = tuple(cards[:size]), cards[size:]
        triples += any(count == 3 for count in Counter(hand).values())
        agrees_with_reference(hand, rest, rng.choice(list(PRESETS.values())).replace(decks=3), 40)
    assert triples  # some hands held three copies of a card


def test_r40_r15_partners_who_each_laid_a_set_of_one_rank_keep_both_but_lay_no_third() -> None:
    position = three(melds=[[["KD", "KH", "KS"]], [], [["KS", "KH", "KD"]]])
    after = apply(position, "meld 5H 6H 7H")
    assert [str(meld) for meld in after.melds[0]] == ["KH KD KS", "KH KD KS"]
    assert Position.from_json(after.to_json()) == after  # the joined sets are a position
    later = Position.from_json(
        {
            **after.to_json(),
            "to_move": 0,
            "phase": "play",
            "hands": [["KC", "KC", "JK", "5C"], {"count": 18}, {"count": 11}],
            "pozzetti": [None, None],
        }
    )
    refusal = why_illegal(later, Action.parse("meld KC KC JK"))
    assert refusal is not None and (refusal.code, refusal.rule) == ("second_set", "R15")
    assert why_illegal(later, Action.parse("attach 1 KC")) is None


def test_r40_r1_the_size_limits_of_a_position_follow_its_decks() -> None:
    from engine.errors import TooBigError

    five = deal(5, random.Random(1)).to_json()
    with pytest.raises(TooBigError) as refused:
        Position.from_json({**five, "stock": 163})
    assert (refused.value.code, refused.value.params["most"]) == ("number_too_big", 162)
    two = deal(2, random.Random(1)).to_json()
    with pytest.raises(TooBigError) as refused:
        Position.from_json({**two, "stock": 109})
    assert (refused.value.code, refused.value.params["most"]) == ("number_too_big", 108)


def test_r40_three_past_1000_a_player_takes_their_own_11_and_no_pair_forms() -> None:
    dealt = Match(players=3, totals=(1200, 300, 900)).deal(random.Random(6))
    assert dealt.all_alone and dealt.to_move == 1
    position = replace(
        dealt,
        phase=Phase.PLAY,
        hands=(Hidden(11), tuple(parse_cards("5H 6H 7H")), Hidden(11)),
        stock=Hidden(dealt.stock_count - 8),
    )
    position.check()
    after = apply(position, "meld 5H 6H 7H")
    assert after.hands[1] == dealt.pozzetti[1] and len(after.hands[1]) == 11
    assert after.sides == (0, 1, 2) and after.pozzetti_taken == (False, True, False)
    assert after.pozzetti[0] == dealt.pozzetti[0] and after.pozzetti[2] == dealt.pozzetti[2]
    assert Position.from_json(after.to_json()) == after
