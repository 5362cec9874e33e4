"""The expert's inference over a hidden hand, and its judgement of a playout cut short."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.actions import legal_actions
from engine.bots import expert, infer, legal_in_view
from engine.bots.expert import estimate, features, fitted_estimate, play_out, sample_world
from engine.bots.infer import explainer_of, infer_world, keep_value_fast
from engine.bots.levels import keep_value
from engine.bots.view import View, view_of
from engine.cards import Card, deck
from engine.deal import deal
from engine.state import Position


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def table(pile: str, melds: str = "[]") -> Position:
    """Two players, seat 0 to draw; seat 1 (nine cards) has just thrown the pile's top."""
    return Position.parse(
        f"""{{"players": 2, "to_move": 0, "phase": "draw",
        "hands": [["5H", "9C", "KS", "QD", "4S", "8D", "JC", "3H", "6C", "10S", "AD"],
                  {{"count": 9}}],
        "melds": [[], {melds}], "discard": {pile}, "stock": 40,
        "pozzetti_taken": [false, false]}}"""
    )


def test_keep_value_fast_is_keep_value() -> None:
    rng = random.Random(3)
    pool = deck()
    for _ in range(200):
        hand = rng.sample(pool, 12)
        assert keep_value_fast(hand[0], hand[1:]) == pytest.approx(keep_value(hand[0], hand[1:]))


def test_a_hand_the_club_player_would_not_have_thrown_from_is_weighed_down() -> None:
    explainer = explainer_of(view_of(table('["KD"]')))
    assert explainer is not None and explainer.thrown == Card.parse("KD")
    assert not explainer.declined  # one card: nothing under it was declined
    # Pairs and neighbours, and the king alone: the club player throws the king.
    plausible = cards("7C 7D 8C 9H 9S 10H 4D 4S 5D")
    # The same, but a lone jack of clubs the hand needs less than it needed the king,
    # which the king's partner (the king of spades) would have kept: not how club plays.
    implausible = cards("7C 7D 8C 9H 9S 10H 4D KS JC")
    assert explainer.log_weight(plausible) == 0.0
    assert explainer.log_weight(implausible) < -1.0


def test_a_hand_holding_a_meld_it_would_have_laid_is_weighed_down() -> None:
    explainer = explainer_of(view_of(table('["KD"]', '[["8S", "9S", "10S"]]')))
    assert explainer is not None
    plain = explainer.log_weight(cards("7C 7D 9H 9S 4D 4S QH KC 6H"))
    # A natural run of three in hand, or a card for its side's run: it would have laid them.
    assert explainer.log_weight(cards("7C 7D 9H 9S 4D 4S JC QC KC")) <= -infer.INFER_LAID
    assert explainer.log_weight(cards("7C 7D 9H 9S 4D 4S QH KC JS")) <= plain - infer.INFER_LAID


def test_a_hand_that_would_have_taken_the_pile_it_left_is_weighed_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The pile alone: the discard and what it would have laid weigh nothing here.
    monkeypatch.setattr(infer, "INFER_TEMPERATURE", 1e9)
    monkeypatch.setattr(infer, "INFER_LAID", 0.0)
    explainer = explainer_of(view_of(table('["QC", "QS", "JH", "KD"]')))
    assert explainer is not None and [str(c) for c in explainer.declined] == ["QC", "QS", "JH"]
    # A hand with two queens and the hearts around the jack: the pile would have paid.
    takes = cards("QH QD 10H 9H 4D 4S 5D 7C 7D")
    leaves = cards("3C 3D 5S 6S 8D 8H 10C 7C 7D")
    assert explainer.log_weight(takes) < explainer.log_weight(leaves)


def test_nothing_is_read_before_anyone_has_thrown() -> None:
    assert explainer_of(view_of(deal(2, random.Random(1)))) is None


def test_an_inferred_world_agrees_with_the_view_and_replays_by_seed() -> None:
    view = view_of(table('["QC", "QS", "JH", "KD"]'))
    explainer = explainer_of(view)
    assert explainer is not None
    first = infer_world(view, random.Random(4), 16, explainer)
    first.check()
    assert view_of(first) == view
    assert infer_world(view, random.Random(4), 16, explainer) == first
    # Without an explainer (or with one try) it is the world sample_world deals.
    assert infer_world(view, random.Random(4), tries=1, explainer=explainer) == sample_world(
        view, random.Random(4)
    )

    # Over many worlds the inferred hands explain the turn better than uniform ones.
    def weight(world: Position) -> float:
        hand = world.hands[1]
        assert isinstance(hand, tuple) and explainer is not None
        return explainer.log_weight(hand)

    inferred = [weight(infer_world(view, random.Random(s), 16, explainer)) for s in range(30)]
    uniform = [weight(sample_world(view, random.Random(s))) for s in range(30)]
    assert sum(inferred) > sum(uniform)


def test_the_fitted_judgement_reads_cards_in_hand_early_as_material_late_as_a_debt() -> None:
    # The same table, one side holding three more cards from the stock: estimate counts
    # them as a debt however early; the fitted judgement as material early in the hand.
    dealt = deal(2, random.Random(1))
    assert isinstance(dealt.stock, tuple) and len(dealt.stock) >= 60
    mine, theirs = dealt.hands
    assert isinstance(mine, tuple) and isinstance(theirs, tuple)
    for left, sign in ((60, 1), (6, -1)):
        stock = dealt.stock[:left]
        before = replace(dealt, stock=stock)
        after = replace(before, hands=(mine + stock[:3], theirs), stock=stock[3:])
        assert features(after, 0) == [-x for x in features(after, 1)]
        assert estimate(after, 0) < estimate(before, 0)
        gain = fitted_estimate(after, 0) - fitted_estimate(before, 0)
        assert gain * sign > 0


def test_a_cut_playout_is_judged_by_the_judge_it_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    position = deal(2, random.Random(4))
    cut = play_out(position, "club", random.Random(3), max_actions=30)
    fitted = play_out(position, "club", random.Random(3), max_actions=30, judge=fitted_estimate)
    assert cut.actions == fitted.actions == 30
    assert fitted.diff != cut.diff
    # The expert hands its judge to its playouts at two players.
    judges: list[object] = []

    def seen(*args: object, **kwargs: object) -> object:
        judges.append(kwargs["judge"])
        return play_out(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(expert, "play_out", seen)
    monkeypatch.setattr(expert, "JUDGE", fitted_estimate)
    closing = Position.parse(
        """{"players": 2, "to_move": 0, "phase": "play",
        "hands": [["5H", "6H", "7H", "KS"], {"count": 9}],
        "melds": [[["7C", "7D", "7S", "7H", "7C", "7D", "7S"]], []],
        "discard": ["QD"], "stock": 40, "pozzetti_taken": [true, false]}"""
    )
    expert.Expert(nodes=8, worlds=2).decide(
        view_of(closing), legal_actions(closing), random.Random(0)
    )
    assert judges and all(judge is fitted_estimate for judge in judges)


def test_the_expert_with_inference_replays_a_decision_by_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(expert, "EXPERT_INFER", 16)
    monkeypatch.setattr(expert, "JUDGE", fitted_estimate)
    monkeypatch.setattr(expert, "EXPERT_DRAW_PILE", 2)
    view = view_of(table('["QC", "QS", "JH", "KD"]'))
    legal = legal_in_view(view)
    dealt: list[int] = []

    def counted(view: View, rng: random.Random) -> Position:
        dealt.append(1)
        return sample_world(view, rng)

    monkeypatch.setattr(expert, "sample_world", counted)
    first = expert.Expert(nodes=96, worlds=4).decide(view, legal, random.Random(7))
    # Four worlds kept, each among sixteen dealt: a count, not a clock.
    assert len(dealt) == 4 * 16
    again = expert.Expert(nodes=96, worlds=4).decide(view, legal, random.Random(7))
    assert again == first
