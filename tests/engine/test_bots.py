"""Bots: one interface, decisions only from what a seat sees, replayable by seed."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import Action, ActionKind, apply, legal_actions
from engine.bots import LEVELS, bot_op, decide, expert, legal_in_view, make_bot
from engine.bots.expert import Expert, Playout, estimate, play_out, sample_world
from engine.bots.levels import Beginner, Club, danger
from engine.bots.view import Memory, view_of
from engine.cards import Card
from engine.cli import judge
from engine.deal import deal
from engine.errors import InvalidNotationError
from engine.rules import DEFAULT
from engine.state import Hidden, Phase, Position


def positions(players: int, count: int, seed: int = 0) -> list[tuple[Position, Memory]]:
    """Positions from club play, with what the table remembers, every few actions."""
    found = []
    rng = random.Random(seed)
    position = deal(players, random.Random(seed))
    memory = Memory.empty(players)
    bot = make_bot("club")
    while len(found) < count:
        if position.is_over:
            position = deal(players, random.Random(rng.random()))
            memory = Memory.empty(players)
        legal = legal_actions(position)
        if rng.random() < 0.3:
            found.append((position, memory))
        action = bot.decide(view_of(position, None, memory), legal, rng)
        memory = memory.after(position, action)
        position = apply(position, action)
    return found


def hide_differently(position: Position, rng: random.Random) -> Position:
    """The same position with the cards the player to move cannot see dealt again among
    the places it cannot see (the other hands, the stock, the untaken pozzetti)."""
    seat = position.to_move
    places: list[tuple[str, int]] = []
    cards: list[Card] = []
    for other, hand in enumerate(position.hands):
        if other != seat:
            assert not isinstance(hand, Hidden)
            places += [("hand", other)] * len(hand)
            cards += hand
    for side, pozzetto in enumerate(position.pozzetti):
        if pozzetto is not None:
            places += [("pozzetto", side)] * len(pozzetto)
            cards += pozzetto
    assert not isinstance(position.stock, Hidden)
    places += [("stock", 0)] * len(position.stock)
    cards += position.stock
    rng.shuffle(cards)
    dealt: dict[tuple[str, int], list[Card]] = {place: [] for place in places}
    for place, card in zip(places, cards, strict=True):
        dealt[place].append(card)
    return replace(
        position,
        hands=tuple(
            hand if other == seat else tuple(dealt[("hand", other)])
            for other, hand in enumerate(position.hands)
        ),
        pozzetti=tuple(
            None if pozzetto is None else tuple(dealt[("pozzetto", side)])
            for side, pozzetto in enumerate(position.pozzetti)
        ),
        stock=tuple(dealt[("stock", 0)]),
    )


# --- the view holds no hidden card ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])  # R3, R40
def test_the_view_holds_only_what_the_seat_sees(players: int) -> None:
    for position, memory in positions(players, 30):
        view = view_of(position, None, memory)
        seat = position.to_move
        shown = view.position
        assert shown.hands[seat] == position.hands[seat]
        for other, hand in enumerate(shown.hands):
            if other != seat:
                assert hand == Hidden(len(position.hands[other]))
        assert shown.stock == Hidden(position.stock_count)
        assert set(shown.pozzetti) == {None}
        assert shown.pozzetti_taken == position.pozzetti_taken
        assert shown.melds == position.melds and shown.discard == position.discard
        # Every card the view names is the seat's own, on the table or in the pile.
        visible = Counter(position.hands[seat]) + Counter(position.discard)
        for side in position.melds:
            for meld in side:
                visible.update(meld.cards)
        assert not shown.known_cards() - visible
        assert view.memory.held[seat] == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])  # R3, R40
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_change_no_decision(players: int, level: str) -> None:
    rng = random.Random(5)
    for position, memory in positions(players, 12, seed=players):
        if position.pile_taken:
            continue
        other = hide_differently(position, rng)
        assert other != position
        assert view_of(other, None, memory) == view_of(position, None, memory)
        legal = legal_actions(position)
        assert legal_actions(other) == legal
        first = decide(level, view_of(position, None, memory), legal, random.Random(9))
        second = decide(level, view_of(other, None, memory), legal, random.Random(9))
        assert first == second


# --- the interface ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])  # R3, R40
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_picks_a_legal_action(players: int, level: str) -> None:
    bot = make_bot(level)
    assert bot.name == level
    for position, memory in positions(players, 15, seed=3):
        legal = legal_actions(position)
        action = bot.decide(view_of(position, None, memory), legal, random.Random(1))
        assert action in legal


@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_replays_a_whole_hand(level: str) -> None:
    def hand(seed: int) -> list[str]:
        position = deal(2, random.Random(11))
        bots = [make_bot(level), make_bot("club")]
        rngs = [random.Random(seed), random.Random(seed + 1)]
        played = []
        memory = Memory.empty(2)
        while not position.is_over and len(played) < 60:
            legal = legal_actions(position)
            seat = position.to_move
            action = bots[seat].decide(view_of(position, None, memory), legal, rngs[seat])
            played.append(str(action))
            memory = memory.after(position, action)
            position = apply(position, action)
        return played

    assert hand(4) == hand(4)


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match="the levels are random, beginner"):
        make_bot("grandmaster")


def test_memory_keeps_the_pile_cards_until_they_are_played() -> None:
    position = Position.parse(
        """{"players": 2, "to_move": 1, "phase": "draw",
        "hands": [["KS", "4D"], ["5H", "6H", "9C"]], "melds": [[], []],
        "discard": ["7H", "QD"], "stock": ["4C", "9D", "JH"],
        "pozzetti_taken": [false, false]}"""
    )
    memory = Memory.empty(2).after(position, Action.parse("pile"))
    assert memory.held == ((), (Card.parse("7H"), Card.parse("QD")))
    position = apply(position, "pile")
    memory = memory.after(position, Action.parse("meld 5H 6H 7H"))
    assert memory.held == ((), (Card.parse("QD"),))
    # Seat 0 sees what seat 1 took; seat 1's own view has nothing to remember.
    assert view_of(position, 0, memory).held_by(1) == (Card.parse("QD"),)
    assert view_of(position, 1, memory).memory.held == ((), ())


def test_beginner_lays_wildcards_and_club_keeps_them() -> None:
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["5H", "6H", "7H", "JK", "KS", "9D", "QC"], {"count": 10}],
        "melds": [[], []], "discard": ["QD"], "stock": 40,
        "pozzetti_taken": [false, false]}"""
    )
    view, legal = view_of(position), legal_actions(position)
    assert str(Beginner().decide(view, legal, random.Random(0))) == "meld JK 5H 6H 7H"
    assert str(Club().decide(view, legal, random.Random(0))) == "meld 5H 6H 7H"


def club_turn(players: int) -> list[str]:
    """The club player's whole turn with the hand of the test above, at this table."""
    others = [{"count": 11 if players == 4 else 10}] * (players - 1)
    position = Position.from_json(
        {
            "players": players,
            "to_move": 0,
            "phase": "play",
            "hands": [["5H", "6H", "7H", "JK", "KS", "9D", "QC"], *others],
            "melds": [[], []],
            "discard": ["QD"],
            "stock": 40,
            "pozzetti_taken": [False, False],
        }
    )
    played = []
    while position.to_move == 0 and not position.is_over:
        action = Club().decide(view_of(position), legal_actions(position), random.Random(0))
        played.append(str(action))
        position = apply(position, action)
    return played


def test_at_four_players_club_lays_its_wildcard_too() -> None:
    # Two players: the joker is kept for a burraco or for going out. Four: a race to close,
    # where holding cards back lost to the beginner (docs/bots.md); the natural meld first.
    assert club_turn(2) == ["meld 5H 6H 7H", "discard 9D"]
    assert club_turn(4) == ["meld 5H 6H 7H", "attach 0 JK", "discard 9D"]


@pytest.mark.parametrize(
    ("players", "pile", "taken", "beginner"),
    [
        # Four players: three cards of no use are left (the beginner takes any three).
        (4, ["KD", "8S", "4C"], False, True),
        # ... but a top card that goes on the side's meld is taken, as the beginner does.
        (4, ["KD", "8S", "6C"], True, True),
        # Two cards that both join the hand's 7H are taken, though the top one alone does
        # not make a meld (the beginner draws); two of no use are left.
        (4, ["9H", "8H"], True, False),
        (4, ["KD", "8S"], False, False),
    ],
)
def test_at_four_players_club_takes_the_pile_as_the_beginner_does_but_for_junk(
    players: int, pile: list[str], taken: bool, beginner: bool
) -> None:
    hands = [["QS", "JK", "7H", "9D", "2S"]] + [{"count": 11}] * (players - 1)
    position = Position.from_json(
        {
            "players": players,
            "to_move": 0,
            "phase": "draw",
            "hands": hands,
            "melds": [[["3C", "4C", "5C"]], []],
            "discard": pile,
            "stock": 40,
            "pozzetti_taken": [False, False],
        }
    )
    view = view_of(position)
    legal = legal_in_view(view)
    assert str(Beginner().decide(view, legal, random.Random(0))) == ("pile" if beginner else "draw")
    assert str(Club().decide(view, legal, random.Random(0))) == ("pile" if taken else "draw")


def _fluid(players: int, **fields: Any) -> Position:
    """A position of three or five players before anyone has taken a pozzetto (each seat
    its own side), seat 1 to draw holding QS JK 7H 9D 2S, seat 2 with three kings down."""
    data: dict[str, Any] = {
        "players": players,
        "to_move": 1,
        "phase": "draw",
        "hands": [{"count": 11}, ["QS", "JK", "7H", "9D", "2S"]] + [{"count": 11}] * (players - 2),
        "melds": [[["3C", "4C", "5C"]], [], [["KD", "KS", "KH"]]] + [[]] * (players - 3),
        "discard": ["KC", "8S", "4D"],
        "stock": 40,
        "pozzetti_taken": [False] * players,
    }
    data.update(fields)
    return Position.from_json(data)


@pytest.mark.parametrize("players", [3, 5])
def test_at_three_and_five_players_club_leaves_the_junk_pile_the_beginner_takes(
    players: int,
) -> None:
    # In the race to the first pozzetto the club player lays and throws as the beginner
    # does, but takes the pile as at four: three cards of no use are left.
    view = view_of(_fluid(players))
    legal = legal_in_view(view)
    assert str(Beginner().decide(view, legal, random.Random(0))) == "pile"
    assert str(Club().decide(view, legal, random.Random(0))) == "draw"
    # A wildcard on top is taken, as the beginner takes it.
    view = view_of(_fluid(players, discard=["KC", "8S", "2C"]))
    assert str(Club().decide(view, legal_in_view(view), random.Random(0))) == "pile"


@pytest.mark.parametrize(("top", "taken"), [("9C", False), ("6C", True), ("JK", True)])
def test_with_one_card_left_the_club_player_takes_only_a_pile_that_lets_it_close(
    top: str, taken: bool
) -> None:
    # Six players, every pozzetto taken, every hand down to a card or two: a one-card pile
    # of no use was taken by each seat in turn, and the hand went on for thousands of
    # actions. A card for the side's meld, or a wildcard, is still taken.
    position = Position.from_json(
        {
            "players": 6,
            "to_move": 0,
            "phase": "draw",
            "hands": [["KH"], {"count": 1}, {"count": 1}, {"count": 2}, {"count": 1}, {"count": 1}],
            "melds": [
                [["3C", "4C", "5C"], ["8D", "8S", "8H", "8C", "8D", "8S", "8H"]],
                [["QS", "KS", "AS"]],
                [["4H", "4D", "4S"]],
            ],
            "discard": [top],
            "stock": 20,
            "pozzetti_taken": [True, True, True],
        }
    )
    view = view_of(position)
    legal = legal_in_view(view)
    for bot in (Club(), Expert()):
        assert str(bot.draw(view, legal, random.Random(0))) == ("pile" if taken else "draw")


def test_a_discard_is_weighed_against_the_melds_of_the_side_that_plays_next() -> None:
    # Three players, seat 1 to throw: the king goes on the next seat's kings, which may
    # take it first; the 6C goes on seat 0's clubs, who play after them, and counts nothing.
    position = _fluid(3, phase="play", discard=[])
    view = view_of(position)
    assert danger(Card.parse("KC"), view) >= 3.0
    assert danger(Card.parse("6C"), view) == 0.0
    assert danger(Card.parse("6C"), view_of(replace(position, to_move=2))) >= 3.0


def test_beginner_finishes_the_burraco_it_sees_before_a_longer_meld() -> None:
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["9C", "4D", "5D", "6D", "KS"], {"count": 10}],
        "melds": [[["3C", "4C", "5C", "6C", "7C", "8C"]], []], "discard": ["QD"],
        "stock": 40, "pozzetti_taken": [false, false]}"""
    )
    view, legal = view_of(position), legal_actions(position)
    assert str(Beginner().decide(view, legal, random.Random(0))) == "attach 0 9C"


def test_beginner_sheds_its_high_cards() -> None:
    # The A♠ helps a little (the 3♠); the 4♥ and the 7♣ help nothing but cost 5 each.
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["AS", "3S", "4H", "7C"], {"count": 10}],
        "melds": [[], []], "discard": ["QD"], "stock": 40,
        "pozzetti_taken": [false, false]}"""
    )
    view, legal = view_of(position), legal_actions(position)
    for seed in range(5):
        assert str(Beginner().decide(view, legal, random.Random(seed))) == "discard AS"


def test_club_does_not_feed_the_opponents_meld() -> None:
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["KS", "AC"], {"count": 10}],
        "melds": [[], [["8C", "9C", "10C", "JC", "QC", "KC"]]], "discard": [],
        "stock": 40, "pozzetti_taken": [false, false]}"""
    )
    legal = legal_actions(position)
    # The A♣ would make the opponents' burraco; the K♠ gives them nothing.
    assert str(Club().decide(view_of(position), legal, random.Random(0))) == "discard KS"


# --- the expert's sampling and playouts ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])  # R3, R40
def test_a_sampled_world_agrees_with_the_view(players: int) -> None:
    for position, memory in positions(players, 10, seed=8):
        view = view_of(position, None, memory)
        world = sample_world(view, random.Random(2))
        world.check()
        assert world.card_count() == world.deck_size
        assert view_of(world, None, memory) == view
        for seat in range(players):
            assert not Counter(view.held_by(seat)) - Counter(world.hands[seat])
        assert legal_actions(world) == legal_actions(position)


def test_play_out_ends_the_hand_and_is_replayable() -> None:
    position = deal(2, random.Random(4))
    first = play_out(position, "club", random.Random(3))
    assert first.finished and first.actions > 0
    assert play_out(position, "club", random.Random(3)) == first
    short = play_out(position, "club", random.Random(3), max_actions=5)
    assert not short.finished and short.actions == 5
    assert short.diff == estimate(_played(position, 5), position.to_move % 2)


def _played(position: Position, count: int) -> Position:
    rng = random.Random(3)
    bot = make_bot("club")
    memory = Memory.empty(position.players)
    for _ in range(count):
        legal = legal_actions(position)
        action = bot.decide(view_of(position, None, memory), legal, rng)
        memory = memory.after(position, action)
        position = apply(position, action)
    return position


def test_the_expert_within_a_small_budget_falls_back_to_the_club_choice() -> None:
    from engine.budget import Budget

    position = deal(2, random.Random(6))
    position = apply(position, "draw")
    view, legal = view_of(position), legal_actions(position)
    club = Club().decide(view, legal, random.Random(1))
    assert Expert(budget=Budget(1)).decide(view, legal, random.Random(1)) == club


# --- the judge's op ---------------------------------------------------------------------------

VIEW = {
    "players": 2,
    "to_move": 0,
    "phase": "draw",
    "hands": [["5H", "6H", "7H", "JK", "KS", "9D"], {"count": 10}],
    "melds": [[], [["8C", "9C", "10C", "JC"]]],
    "discard": ["QD"],
    "stock": 40,
    "pozzetti_taken": [False, False],
}


@pytest.mark.parametrize("level", LEVELS)
def test_the_judge_answers_a_legal_action_for_every_level(level: str) -> None:
    for phase in ("draw", "play"):
        request = {"op": "bot", "level": level, "position": {**VIEW, "phase": phase}, "seed": 1}
        answer = judge.answer(request)
        assert answer["ok"] is True, answer
        view = view_of(Position.from_json(request["position"]))
        assert Action.parse(answer["action"]) in legal_in_view(view)
        assert judge.answer(request) == answer


def test_the_judge_bot_draws_plainly_from_a_hidden_stock() -> None:
    view = view_of(Position.from_json(VIEW))
    legal = legal_in_view(view)
    assert [a for a in legal if a.kind is ActionKind.DRAW] == [Action(ActionKind.DRAW)]


def test_the_judge_hides_what_the_request_shows_of_other_seats() -> None:
    shown = {
        **VIEW,
        "phase": "play",
        "hands": [VIEW["hands"][0], ["AC", "AC", "3S", "3S", "4S", "4S", "8D", "8D", "9S", "QH"]],
    }
    hidden = {**VIEW, "phase": "play"}
    for level in LEVELS:
        first = bot_op({"level": level, "position": shown, "seed": 2}, DEFAULT)
        assert first == bot_op({"level": level, "position": hidden, "seed": 2}, DEFAULT)


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"op": "bot", "level": "master", "position": VIEW, "seed": 1}, "level"),
        ({"op": "bot", "position": VIEW, "seed": 1}, "level"),
        ({"op": "bot", "level": "club", "position": VIEW, "seed": "1"}, "seed"),
        ({"op": "bot", "level": "club", "position": VIEW, "seed": True}, "seed"),
        ({"op": "bot", "level": "club", "position": VIEW, "seed": 2**70}, "seed"),
        ({"op": "bot", "level": "club", "seed": 1}, "position"),
        (
            {
                "op": "bot",
                "level": "club",
                "seed": 1,
                "position": {**VIEW, "hands": [{"count": 6}, {"count": 10}]},
            },
            "hidden",
        ),
        (
            {
                "op": "bot",
                "level": "club",
                "seed": 1,
                "position": {
                    **VIEW,
                    "hands": [[], {"count": 10}],
                    "pozzetti_taken": [True, False],
                    "melds": [[["5H", "6H", "7H", "8H", "9H", "10H", "JH"]], []],
                },
            },
            "over",
        ),
    ],
)
def test_bad_bot_requests_get_ok_false_in_words(request_: dict[str, object], words: str) -> None:
    answer = json.loads(judge.answer_line(json.dumps(request_)) or "")
    assert answer["ok"] is False
    assert words in answer["error"]


def test_a_play_phase_view_in_the_judge_keeps_its_phase() -> None:
    answer = judge.answer({"op": "bot", "level": "club", "position": VIEW, "seed": 0})
    assert Position.from_json(VIEW).phase is Phase.DRAW
    assert answer["action"] in ("draw", "pile")


def test_the_expert_takes_a_pile_the_club_player_leaves() -> None:
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "draw",
        "hands": [["QS", "JK", "7H"], {"count": 9}],
        "melds": [[["JH", "QH", "KH", "AH"], ["3D", "4D", "5D"], ["10S", "JS", "QS", "KS"]], []],
        "discard": ["KC", "10D"], "stock": 42, "pozzetti_taken": [true, false]}"""
    )
    view = view_of(position)
    legal = legal_in_view(view)
    assert -6.0 <= Club().pile_gain(view) < -2.0
    assert str(Club().decide(view, legal, random.Random(0))) == "draw"
    # The expert's own reading of the pile, before its look-ahead weighs the two.
    assert str(Expert().draw(view, legal, random.Random(0))) == "pile"


def racing(pile: list[str]) -> Position:
    """A four-player table where the expert, one card in hand, may take ``pile``."""
    return Position.from_json(
        {
            "players": 4,
            "to_move": 3,
            "phase": "draw",
            "hands": [{"count": 2}, {"count": 1}, {"count": 11}, ["4S"]],
            "melds": [
                [
                    ["JK", "JS", "QS", "KS", "AS"],
                    ["JK", "8H", "9H", "10H", "JH"],
                    ["8H", "8D", "8C", "8S", "8S"],
                    ["QD", "2C", "AD"],
                    ["9D", "9S", "9S"],
                ],
                [
                    ["QH", "JK", "AH"],
                    ["KH", "KD", "KD"],
                    ["4H", "5H", "2H", "7H"],
                    ["JC", "QC", "KC"],
                    ["7H", "7D", "7S"],
                    ["JD", "JD", "JS"],
                    ["5H", "5D", "5C"],
                ],
            ],
            "discard": pile,
            "stock": 33,
            "pozzetti_taken": [True, False],
        }
    )


def test_at_four_players_the_expert_plays_stock_or_pile_out_to_the_end_of_the_hand() -> None:
    # One card in hand, one discard from the pozzetto: the club player takes the six cards
    # for their top one (it fits the side's set of fives); played to the end of the hand,
    # the expert draws and races to its pozzetto instead, whatever worlds it samples.
    view = view_of(racing(["QC", "3D", "10D", "6S", "4S", "5C"]))
    legal = legal_in_view(view)
    assert str(Club().decide(view, legal, random.Random(0))) == "pile"
    for seed in range(3):
        assert str(Expert().decide(view, legal, random.Random(seed))) == "draw"
    # A pile of two it does not weigh: the club player's choice.
    view = view_of(racing(["4S", "5C"]))
    assert str(Expert().decide(view, legal_in_view(view), random.Random(0))) == "pile"


def test_the_estimate_counts_a_wildcard_in_hand_as_an_asset() -> None:
    def holding(card: str) -> Position:
        return Position.parse(
            f"""{{"players": 2, "to_move": 0, "phase": "play",
            "hands": [["{card}", "KS", "4D"], ["5C", "6D", "9H"]],
            "melds": [[], []], "discard": ["QD"], "stock": 40,
            "pozzetti_taken": [false, false]}}"""
        )

    # The joker may still stand for any card; the ace is 15 points to lose.
    assert estimate(holding("JK"), 0) > estimate(holding("8C"), 0) > estimate(holding("AC"), 0)


def test_at_four_players_the_playouts_of_one_decision_share_race_nodes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Playout:
        result = play_out(*args, **kwargs)
        played.append(result.actions)
        return result

    monkeypatch.setattr(expert, "play_out", counted)
    view = view_of(racing(["QC", "3D", "10D", "6S", "4S", "5C"]))
    Expert(race_nodes=6 * expert.RACE_WORLDS).decide(view, legal_in_view(view), random.Random(0))
    # Two candidates in RACE_WORLDS worlds, three actions each: none plays the hand to its end.
    assert played == [3] * 2 * expert.RACE_WORLDS
    played.clear()
    Expert(race_nodes=48, race_worlds=2).decide(view, legal_in_view(view), random.Random(0))
    assert played == [12] * 2 * 2


def test_the_expert_overrules_the_club_player_only_when_the_gain_is_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Closing now or waiting: the playouts are replaced by fixed results, world by world,
    # so that what is tested is the rule that weighs them.
    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["5H", "6H", "7H", "KS"], {"count": 9}],
        "melds": [[["7C", "7D", "7S", "7H", "7C", "7D", "7S"]], []],
        "discard": ["QD"], "stock": 40, "pozzetti_taken": [true, false]}"""
    )
    view, legal = view_of(position), legal_actions(position)
    club = Club().decide(view, legal, random.Random(0))
    worlds = expert.EXPERT_WORLDS
    states: list[Any] = []

    def fixed(gains: list[float]) -> Any:
        states.clear()

        def playout(after: Position, bot: Any, rng: random.Random, **kwargs: Any) -> Playout:
            states.append(rng.getstate())
            index = len(states) - 1
            return Playout(gains[index % worlds] if index >= worlds else 0.0, True, 1)

        return playout

    # The other candidate better by 30 in every world: it is played.
    monkeypatch.setattr(expert, "play_out", fixed([30.0] * worlds))
    chosen = Expert().decide(view, legal, random.Random(1))
    assert chosen != club
    assert {chosen.kind, club.kind} >= {ActionKind.DISCARD}
    # Both candidates were played in the same worlds with the same seeds.
    assert len(states) == 2 * worlds
    assert states[:worlds] == states[worlds:]
    # Better by 30 on average, all of it in one world: luck, not a reason.
    monkeypatch.setattr(expert, "play_out", fixed([30.0 * worlds] + [0.0] * (worlds - 1)))
    assert Expert().decide(view, legal, random.Random(1)) == club
    # Surely better, by less than the margin: the club player's choice.
    monkeypatch.setattr(expert, "play_out", fixed([expert.EXPERT_MARGIN / 2] * worlds))
    assert Expert().decide(view, legal, random.Random(1)) == club


def test_at_two_players_one_decisions_playouts_share_its_actions_and_what_its_budget_pays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.budget import Budget

    position = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["5H", "6H", "7H", "KS"], {"count": 9}],
        "melds": [[["7C", "7D", "7S", "7H", "7C", "7D", "7S"]], []],
        "discard": ["QD"], "stock": 40, "pozzetti_taken": [true, false]}"""
    )
    view, legal = view_of(position), legal_actions(position)
    asked: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Playout:
        asked.append(kwargs["max_actions"])
        return play_out(*args, **kwargs)

    monkeypatch.setattr(expert, "play_out", counted)
    # Two candidates (close now, or the club player's discard) in two worlds.
    Expert(nodes=48, worlds=2).decide(view, legal, random.Random(0))
    assert asked == [12] * 4
    asked.clear()
    # A budget that pays for 24 actions: six a playout, however many the expert may play.
    Expert(nodes=48, worlds=2, budget=Budget(24 * expert.ACTION_STEPS)).decide(
        view, legal, random.Random(0)
    )
    assert asked == [6] * 4
