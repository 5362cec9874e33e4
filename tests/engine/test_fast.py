"""The faster engine decides exactly what the engine decided before it.

- The melds and attachments of a hand, found group by group from the caches, are the ones
  the enumeration of the whole hand at once finds (the oracle, tests/engine/meld_oracle.py), in
  the same order and for the same budget steps, refused at the same budget (Hypothesis, on
  random hands and tables, the caches kept warm from one example to the next).
- Whole random hands of every preset, with two and four players, list the same legal
  actions at every step and end with the same position and scores as the engine before the
  speed-up (tests/engine/fast_reference.py, record in data/fast_reference.json).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.actions import apply, legal_actions
from engine.budget import Budget, Cache, clear_memos
from engine.cards import JOKER, Card, Rank, Suit, deck, parse_cards
from engine.cli.simulate import random_action
from engine.deal import deal
from engine.errors import InvalidMeldError, TooBigError
from engine.melds import (
    Meld,
    MeldKind,
    attachment_cards,
    make_meld,
    possible_attachments,
    possible_melds,
)
from engine.melds.rules import _attach, _make_meld
from engine.melds.search import _key, _possible_melds
from engine.melds.shapes import _made_outcome, _sequence_outcome, _set_outcome
from engine.melds.tables import _tables
from engine.rules import PRESETS, Rules
from engine.state import Phase
from tests.engine.fast_reference import record_hand
from tests.engine.meld_oracle import reference_attachments, reference_melds

QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]
CHECKED = settings(max_examples=150, deadline=None, suppress_health_check=QUIET)
ALL_RULES = st.sampled_from(list(PRESETS.values()) + [Rules(semi_clean=True, wild_moves=False)])
DECK = deck()
WILDS = [card for card in DECK if card.is_wild]
RECORD = Path(__file__).parent / "data" / "fast_reference.json"


@st.composite
def runs(draw: st.DrawFn) -> list[Card]:
    """Cards that make many sequences and sets: runs of one or two suits, with gaps, some
    pairs, wildcards, and a few cards at random; never more copies than the deck holds."""
    left = Counter(DECK)
    cards: list[Card] = []

    def take(card: Card) -> None:
        if left[card]:
            left[card] -= 1
            cards.append(card)

    for suit in draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=2)):
        low = draw(st.integers(1, 13))
        high = draw(st.integers(low, 13))
        for rank in range(low, high + 1):
            if draw(st.integers(0, 9)) < 8:
                take(Card(Rank(rank), suit))
    for rank in draw(st.lists(st.integers(1, 13), max_size=3)):
        for suit in draw(st.lists(st.sampled_from(list(Suit)), max_size=3)):
            take(Card(Rank(rank), suit))
    for wild in draw(st.lists(st.sampled_from(WILDS), max_size=3)):
        take(wild)
    for card in draw(st.lists(st.sampled_from(DECK), max_size=4)):
        take(card)
    return cards


@st.composite
def hands(draw: st.DrawFn) -> tuple[Card, ...]:
    if draw(st.booleans()):
        return tuple(draw(runs()))
    shuffled = draw(st.permutations(DECK))
    return tuple(shuffled[: draw(st.integers(0, 30))])


@st.composite
def tables(draw: st.DrawFn) -> tuple[Rules, tuple[Card, ...], list[Meld]]:
    """Rules, a hand, and a side's melds laid (and sometimes grown) from other cards."""
    rules = draw(ALL_RULES)
    left = Counter(DECK)
    hand = draw(hands())
    left.subtract(hand)
    pool = list((left - Counter()).elements())
    pool = draw(st.permutations(pool))[: draw(st.integers(6, 45))]
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 5))):
        options = possible_melds(pool, rules)
        if not options:
            break
        meld = options[draw(st.integers(0, len(options) - 1))]
        for card in meld.cards:
            pool.remove(card)
        for _ in range(draw(st.integers(0, 3))):
            grown = possible_attachments([meld], pool, rules)
            if not grown:
                break
            _, added, meld = grown[draw(st.integers(0, len(grown) - 1))]
            for card in added:
                pool.remove(card)
        melds.append(meld)
    return rules, hand, melds


def steps(search: Any, *args: Any) -> tuple[Any, int]:
    budget = Budget(10**9)
    return search(*args, budget), budget.spent


def outcome_within(search: Any, steps: int, *args: Any) -> Any:
    """What the search gives within ``steps``, or the refusal's code."""
    budget = Budget(steps)
    try:
        return search(*args, budget), budget.spent
    except TooBigError as refusal:
        return refusal.code, budget.spent


@CHECKED
@given(hands(), ALL_RULES, st.integers(0, 400))
def test_melds_by_group_are_the_whole_hands_melds(
    hand: tuple[Card, ...], rules: Rules, small: int
) -> None:
    reference = reference_melds
    fast = _possible_melds
    assert fast(hand, rules, None) == reference(hand, rules, None)
    assert steps(fast, hand, rules) == steps(reference, hand, rules)
    assert outcome_within(fast, small, hand, rules) == outcome_within(reference, small, hand, rules)


@CHECKED
@given(tables(), st.integers(0, 200))
def test_attachments_by_group_are_the_whole_hands_attachments(
    table: tuple[Rules, tuple[Card, ...], list[Meld]], small: int
) -> None:
    rules, hand, melds = table
    reference = reference_attachments
    expected = reference(melds, hand, rules, None)
    assert possible_attachments(melds, hand, rules) == expected
    # Without the melds that result, as the legal actions ask for them.
    assert attachment_cards(melds, hand, rules) == [(i, cards) for i, cards, _ in expected]
    fast_steps = steps(lambda *args: possible_attachments(*args), melds, hand, rules)
    assert fast_steps == steps(reference, melds, hand, rules)
    assert outcome_within(possible_attachments, small, melds, hand, rules) == outcome_within(
        reference, small, melds, hand, rules
    )


def test_many_random_hands_and_tables_as_the_reference() -> None:
    """Broader than the examples above: 200 hands of 3 to 30 cards at random, each with
    a side's melds laid from other cards, every preset."""
    rng = random.Random(1616)
    for _ in range(200):
        cards = DECK[:]
        rng.shuffle(cards)
        size = rng.choice([3, 5, 8, 11, 15, 20, 30])
        hand, rest = tuple(cards[:size]), cards[size:]
        agrees_with_reference(hand, rest, rng.choice(list(PRESETS.values())), 30)


def agrees_with_reference(
    hand: tuple[Card, ...], rest: list[Card], rules: Rules, pool: int
) -> None:
    """The hand's melds, and its attachments to up to four melds laid from the first
    ``pool`` cards of ``rest``, as the whole-hand enumeration finds them, step for step."""
    reference = reference_melds
    assert steps(_possible_melds, hand, rules) == steps(reference, hand, rules)
    melds: list[Meld] = []
    for meld in possible_melds(rest[:pool], rules):
        if all(meld.cards.count(c) <= rest[:pool].count(c) for c in meld.cards):
            melds.append(meld)
            for card in meld.cards:
                rest.remove(card)
        if len(melds) == 4:
            break
    fast = steps(lambda *args: possible_attachments(*args), melds, hand, rules)
    assert fast == steps(reference_attachments, melds, hand, rules)


def _candidate(rng: random.Random) -> tuple[Card, ...]:
    """Cards a hand could try as a meld or an attachment: a few neighbours of one suit,
    or one rank in a few suits, with a wildcard now and then and a stray card rarely; in
    display order, as the enumerations try them."""
    rank, suit = rng.randint(1, 13), rng.choice(list(Suit))
    if rng.random() < 0.5:
        low = rng.randint(1, 13)
        ranks = sorted(rng.sample(range(low, min(low + 5, 14)), rng.randint(1, min(4, 14 - low))))
        cards = [Card(Rank(r), suit) for r in ranks]
    else:
        cards = [Card(Rank(rank), rng.choice(list(Suit))) for _ in range(rng.randint(1, 4))]
    for _ in range(rng.choice([0, 0, 1, 1, 2])):
        cards.append(rng.choice(WILDS))
    if rng.random() < 0.05:
        cards.append(rng.choice(DECK))
    return _key(cards)  # in display order, as every candidate is tried


def _ruled(make: Any, *args: Any) -> Meld | None:
    try:
        result: Meld = make(*args)
    except InvalidMeldError:
        return None
    return result


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_what_a_shape_gives_is_what_the_rules_give(rules: Rules) -> None:
    """The melds and attachments kept by shape (one shape shared by every rank, suit or
    place that lays the same way) are the ones the rules make anew, on thousands of
    candidates met in turn, so that most are found through a shape another one left."""
    clear_memos()
    tables = _tables(rules)
    rng = random.Random(1605)
    laid: list[Meld] = []
    for _ in range(4000):
        cards = _candidate(rng)
        made = _ruled(_make_meld, cards, rules)
        assert _made_outcome(cards, rules, tables) == made, cards
        if made is not None:
            laid.append(made)
        if not laid:
            continue
        meld, added = rng.choice(laid[-50:]), _candidate(rng)[-rng.randint(1, 3) :]
        if meld.kind is MeldKind.SET and meld.rank is Rank.TWO:
            continue  # a set of 2s is attached to without shapes
        expected = _ruled(_attach, meld, added, rules)
        outcome = (
            _set_outcome(meld, added, rules, tables)
            if meld.kind is MeldKind.SET
            else _sequence_outcome(meld, added, rules, tables)
        )
        assert outcome == expected, (meld, added)
        if expected is not None:
            laid.append(expected)


def test_one_shape_serves_every_rank_suit_and_place_that_lays_the_same_way() -> None:
    rules = PRESETS["standard"]
    tables = _tables(rules)
    alike = [
        ("7H 7D 7C", "9D 9C 9S"),  # a set of any rank, from any suit on
        ("4H 5H JK", "8C 9C JK"),  # a sequence away from the ace and the 2
    ]
    for first, second in alike:
        clear_memos()
        for text in (first, second):
            cards = _key(parse_cards(text))
            made = _made_outcome(cards, rules, tables)
            assert made == _make_meld(cards, rules)
        assert len(tables.shapes.kept) == 1
    clear_memos()
    for meld, added in (("7D 7S JK", "7S"), ("9H 9C JK", "9C")):  # two suits, any two
        laid, cards = Meld.parse(meld), tuple(parse_cards(added))
        outcome = _set_outcome(laid, cards, rules, tables)
        assert outcome == _attach(laid, cards, rules)
    assert len(tables.shapes.kept) == 1


def test_a_sequence_attaches_the_same_wherever_it_lies_and_whatever_its_suit() -> None:
    """The choices of natural cards a sequence may take are kept by the places held from
    its start: found for one place and suit, they serve every other."""
    rules = PRESETS["standard"]
    clear_memos()
    rng = random.Random(1616)
    for _ in range(300):
        suit, start = rng.choice(list(Suit)), rng.randint(3, 9)
        laid = [Card(Rank(start + i), suit) for i in range(3)]
        if rng.random() < 0.5:
            laid[rng.choice([0, 2])] = rng.choice(WILDS)
        meld = make_meld(laid, rules)
        near = [Card(Rank(r), suit) for r in range(max(3, start - 3), min(13, start + 6) + 1)]
        hand = [card for card in near if card not in laid and rng.random() < 0.6]
        hand += rng.sample(WILDS, rng.randint(0, 1))
        found = possible_attachments([meld], hand, rules)
        assert found == reference_attachments([meld], tuple(hand), rules, None)
    tables = _tables(rules)
    assert len(tables.moved_choices.kept) < 0.7 * len(tables.choices.kept)  # many shared


def test_a_hand_lays_the_same_melds_at_every_rank_and_place() -> None:
    """A group of a hand's melds away from the ace and the 2 is kept as a recipe too
    found for one rank, or one place of a run, it makes every other."""
    rules = PRESETS["standard"]
    clear_memos()
    rng = random.Random(1617)
    for _ in range(300):
        suit, low = rng.choice(list(Suit)), rng.randint(3, 10)
        hand = [Card(Rank(r), suit) for r in range(low, low + 4) if rng.random() < 0.8]
        rank = rng.randint(3, 13)
        hand += [Card(Rank(rank), rng.choice(list(Suit))) for _ in range(rng.randint(2, 4))]
        hand += rng.sample(WILDS, rng.randint(0, 2))
        cards = tuple(hand)
        if max(Counter(cards).values()) > 2:
            continue
        reference = reference_melds(cards, rules, None)
        assert _possible_melds(cards, rules, None) == reference
    tables = _tables(rules)
    assert len(tables.recipes.kept) < 0.7 * len(tables.melds.kept)  # many made from recipes


def test_sets_of_one_rank_and_size_share_what_attaches_to_them() -> None:
    rules = PRESETS["standard"]
    clear_memos()
    hand = tuple(parse_cards("7S 7C JK 9D"))
    for meld in ("7H 7D 7C", "7D 7C 7S", "7H 7H 7D"):
        laid = Meld.parse(meld)
        reference = reference_attachments([laid], hand, rules, None)
        assert possible_attachments([laid], hand, rules) == reference
    assert len(_tables(rules).attachments.kept) == 1
    # A wildcard in the set, or another size, is another group.
    for meld in ("7H JK 7C", "7H 7D 7C 7S"):
        laid = Meld.parse(meld)
        reference = reference_attachments([laid], hand, rules, None)
        assert possible_attachments([laid], hand, rules) == reference
    assert len(_tables(rules).attachments.kept) == 3


def test_cold_caches_give_what_warm_ones_give() -> None:
    rng = random.Random(16)
    position = deal(2, rng)
    seen = []
    while not position.is_over:
        if position.phase is Phase.PLAY:
            seen.append((position, [str(a) for a in legal_actions(position)]))
        position = apply(position, random_action(position, rng))
    for position, listed in seen:
        clear_memos()
        assert [str(a) for a in legal_actions(position)] == listed


def test_a_budget_changes_nothing_but_the_steps() -> None:
    rng = random.Random(7)
    for _ in range(3):
        position = deal(2, rng)
        while not position.is_over:
            assert legal_actions(position, Budget()) == legal_actions(position)
            position = apply(position, random_action(position, rng))


def test_the_caches_stay_bounded_and_empty_with_the_memos() -> None:
    cache: Cache[int, str] = Cache(3)
    for number in range(10):
        cache.put(number, str(number))
        assert len(cache.kept) <= 3
    assert cache.kept[9] == "9"
    clear_memos()
    assert not cache.kept


@pytest.mark.parametrize(
    ("added", "refused"),
    [
        (["5H", "5H"], "5 of hearts appears 3 times"),
        (["JK"] * 4, "joker appears 5 times"),
        (["5H", "5D", "5C", "5S"], None),  # a rank held often, no card more than twice
    ],
)
def test_a_hand_with_more_copies_than_the_decks_hold_is_refused(
    added: list[str], refused: str | None
) -> None:
    # A position made in code is not checked: listing its plays counts the copies (R1).
    position = apply(deal(2, random.Random(1)), "draw")
    hands = list(position.hands)
    hands[position.to_move] = (*position.hand, *parse_cards(added))
    unchecked = dataclasses.replace(position, hands=tuple(hands))
    if refused is None:
        assert legal_actions(unchecked)
        return
    with pytest.raises(InvalidMeldError, match=refused):
        legal_actions(unchecked)


def test_a_refused_meld_is_not_kept() -> None:
    cards = (Card(Rank.FIVE, Suit.HEARTS), JOKER, JOKER)
    for _ in range(2):
        with pytest.raises(Exception, match="second wildcard"):
            make_meld(cards)


@pytest.mark.slow
def test_whole_hands_are_played_as_before() -> None:
    recorded = json.loads(RECORD.read_text())
    assert len(recorded) == 60
    for hand in recorded:
        assert record_hand(hand["players"], hand["preset"], hand["number"]) == hand
