"""Properties of the meld engine, checked on generated hands (Hypothesis).

- a valid meld's arrangement, given back as unordered cards, makes the same meld;
- make_meld and attach do not depend on the order the cards are named;
- points add up, and a side's score is the sum of its breakdown;
- possible_melds and possible_attachments find exactly what a slow brute force over every
  sub-multiset of a small hand finds with make_meld and attach;
- no input of any kind raises anything but a BurracoError;
- every valid meld holds at most 14 cards (9 in a set) and at most one card used as a
  wildcard (R11, R14, R19).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.cards import JOKER, Card, Rank, Suit, deck, max_copies, parse_cards, points
from engine.cli import judge
from engine.errors import BurracoError, InvalidMeldError
from engine.melds import Meld, MeldKind, attach, make_meld, possible_attachments, possible_melds
from engine.rules import PRESETS, Rules
from engine.scoring import score_side

QUIET = [HealthCheck.too_slow, HealthCheck.filter_too_much]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=QUIET)
BRUTE = settings(max_examples=80, deadline=None, suppress_health_check=QUIET)

ALL_RULES = st.sampled_from(list(PRESETS.values()) + [Rules(semi_clean=True, wild_moves=False)])
SUITS = list(Suit)


def card(place: int, suit: Suit) -> Card:
    """The natural card at a sequence place (1 and 14 are the ace)."""
    return Card(Rank(1 if place == 14 else place), suit)


def outcome(make: Any, *args: Any) -> Any:
    """A meld, or the code of the refusal: what a learner would be told."""
    try:
        return make(*args)
    except InvalidMeldError as refusal:
        return ("refused", refusal.code)


def sub_multisets(cards: Sequence[Card], smallest: int = 1) -> Iterator[tuple[Card, ...]]:
    counts = sorted(Counter(cards).items(), key=lambda item: str(item[0]))
    for picks in product(*(range(n + 1) for _, n in counts)):
        chosen = tuple(c for (c, _), k in zip(counts, picks, strict=True) for _ in range(k))
        if len(chosen) >= smallest:
            yield chosen


def within_the_deck(cards: Sequence[Card], used: Sequence[Card] = ()) -> list[Card]:
    """The cards, leaving out copies beyond what the deck holds besides ``used``."""
    seen = Counter(used)
    kept = []
    for c in cards:
        seen[c] += 1
        if seen[c] <= (4 if c.is_joker else 2):
            kept.append(c)
    return kept


def key(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(sorted(map(str, cards)))


# --- strategies -----------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, max_size: int = 9, used: Sequence[Card] = ()) -> list[Card]:
    """A small hand near a meld: a window of ranks in one or two suits, or one or two
    ranks in every suit, with some wildcards; never more copies than the deck holds."""
    pool: list[Card] = []
    if draw(st.booleans()):
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2, unique=True))
        low = draw(st.integers(1, 14))
        width = draw(st.integers(3, 7))
        # Places wrap past the ace high on purpose: K A 2 3 hands must be refused.
        places = [(low - 1 + i) % 14 + 1 for i in range(width)]
        pool += [card(p, s) for s in suits for p in set(places) for _ in range(2)]
    else:
        ranks = draw(st.lists(st.sampled_from(list(Rank)), min_size=1, max_size=2, unique=True))
        pool += [Card(r, s) for r in ranks for s in SUITS for _ in range(2)]
    pool += [JOKER] * 4 + [Card(Rank.TWO, s) for s in SUITS for _ in range(2)]
    # A window or rank that takes in the 2s would add them twice: cap at the deck's copies.
    left = Counter({c: min(n, max_copies(c)) for c, n in Counter(pool).items()})
    for c in used:
        if left[c]:
            left[c] -= 1
    pool = [c for c, n in sorted(left.items(), key=lambda i: str(i[0])) for _ in range(n)]
    picks = draw(
        st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=3, max_size=max_size)
    )
    # Wildcards are many in the pool; keep most hands to at most two of them.
    hand = [pool[i] for i in picks]
    wilds = [c for c in hand if c.is_wild]
    keep = draw(st.integers(0, 3))
    return [c for c in hand if not c.is_wild] + wilds[:keep]


@st.composite
def table_melds(draw: st.DrawFn, rules: Rules | None = None) -> Meld:
    """A valid meld as make_meld lays it: a run or a set, maybe with a wildcard."""
    wild = draw(st.sampled_from([None, None, JOKER, *(Card(Rank.TWO, s) for s in SUITS)]))
    if draw(st.booleans()):
        suit = draw(st.sampled_from(SUITS))
        start = draw(st.integers(1, 12))
        length = draw(st.integers(3, min(9, 15 - start)))
        cards = [card(p, suit) for p in range(start, start + length)]
        if wild is not None:
            if draw(st.booleans()) and length < 13:
                cards.append(wild)  # make_meld decides where it stands
            else:
                cards[draw(st.integers(0, length - 1))] = wild
    else:
        rank = draw(st.sampled_from([r for r in Rank if r is not Rank.TWO]))
        size = draw(st.integers(2 if wild else 3, 8))
        suits = draw(st.lists(st.sampled_from(SUITS * 2), min_size=size, max_size=size))
        assume(max(Counter(suits).values()) <= 2)
        cards = [Card(rank, s) for s in suits] + ([wild] if wild else [])
    try:
        return make_meld(cards, rules or Rules())
    except InvalidMeldError:
        assume(False)
        raise


@st.composite
def additions(draw: st.DrawFn, meld: Meld) -> list[Card]:
    """Cards that may well attach to this meld: its neighbours, its wildcard's card,
    cards of its rank, and wildcards; never more copies than the deck holds."""
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        near = [Card(meld.rank, s) for s in SUITS for _ in range(2)]
    else:
        assert meld.suit is not None
        low, high = meld.places[0], meld.places[-1]
        places = [p for p in range(low - 3, high + 4) if 1 <= p <= 14 and p not in meld.places]
        near = [card(p, meld.suit) for p in places]
        if meld.stands_for is not None:
            near.append(meld.stands_for)
    near += [JOKER, JOKER, *(Card(Rank.TWO, s) for s in SUITS)]
    left = Counter(near)
    for c in meld.cards:
        left[c] = min(left[c], (4 if c.is_joker else 2) - Counter(meld.cards)[c])
    pool = [c for c, n in sorted(left.items(), key=lambda i: str(i[0])) for _ in range(max(n, 0))]
    assume(pool)
    picks = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=1, max_size=4))
    return [pool[i] for i in picks]


ANY_CARDS = st.lists(st.sampled_from(deck()), max_size=16)


# --- round trips and order ------------------------------------------------------------


@FAST
@given(data=st.data(), rules=ALL_RULES, seed=st.integers())
def test_a_meld_made_again_from_its_own_cards_is_the_same(
    data: st.DataObject, rules: Rules, seed: int
) -> None:
    meld = data.draw(table_melds(rules))
    shuffled = list(meld.cards)
    random.Random(seed).shuffle(shuffled)
    assert make_meld(shuffled, rules) == meld
    assert make_meld(meld.cards, rules) == meld
    assert Meld.parse(str(meld), rules) == meld
    assert Meld.parse([str(c) for c in meld.cards], rules) == meld
    assert str(Meld.parse(str(meld), rules)) == str(meld)
    assert eval(repr(meld), {"Meld": Meld}) == meld


@FAST
@given(hand=hands(), rules=ALL_RULES, seed=st.integers())
def test_make_meld_does_not_depend_on_the_order_of_the_cards(
    hand: list[Card], rules: Rules, seed: int
) -> None:
    shuffled = list(hand)
    random.Random(seed).shuffle(shuffled)
    assert outcome(make_meld, shuffled, rules) == outcome(make_meld, hand, rules)
    assert outcome(make_meld, list(reversed(hand)), rules) == outcome(make_meld, hand, rules)


@FAST
@given(data=st.data(), rules=ALL_RULES, seed=st.integers())
def test_attach_does_not_depend_on_the_order_of_the_cards(
    data: st.DataObject, rules: Rules, seed: int
) -> None:
    meld = data.draw(table_melds(rules))
    added = data.draw(st.one_of(additions(meld), hands(max_size=4, used=meld.cards)))
    assume(added)
    shuffled = list(added)
    random.Random(seed).shuffle(shuffled)
    assert outcome(attach, meld, shuffled, rules) == outcome(attach, meld, added, rules)


@pytest.mark.slow
@FAST
@given(data=st.data(), rules=ALL_RULES)
def test_an_attached_meld_holds_every_card_and_reads_back(
    data: st.DataObject, rules: Rules
) -> None:
    meld = data.draw(table_melds(rules))
    added = data.draw(additions(meld))
    result = outcome(attach, meld, added, rules)
    assume(isinstance(result, Meld))
    # R16, R24: nothing leaves the table; the kind never changes.
    assert Counter(result.cards) == Counter(meld.cards) + Counter(added)
    assert result.kind is meld.kind
    assert Meld.parse(str(result), rules) == result
    # A meld with no wildcard on the table has one only if a wildcard was added, or
    # (R20, changed on 1 December) if its natural 2 left its place to fill a gap.
    if meld.wild is None and not any(c.is_wild for c in added):
        natural_two = meld.kind is MeldKind.SEQUENCE and meld.start <= 2 <= meld.places[-1]
        if result.wild is not None:
            assert natural_two and rules.wild_moves
            assert result.cards[result.wild] == meld.cards[2 - meld.start]
            assert result.start + result.wild > 2


def wildcards_used(meld: Meld) -> int:
    """The cards used as wildcards, counted from the arrangement alone (R18-R20)."""
    if meld.kind is MeldKind.SET:
        return sum(1 for c in meld.cards if c.is_wild)
    return sum(
        1
        for place, c in zip(meld.places, meld.cards, strict=True)
        if c.is_joker or (c.rank is Rank.TWO and (c.suit is not meld.suit or place != 2))
    )


@st.composite
def long_sequences(draw: st.DrawFn) -> Meld:
    """A sequence of 11 to 13 naturals, perhaps with a wildcard in it or beside it."""
    suit = draw(st.sampled_from(SUITS))
    start = draw(st.integers(1, 3))
    length = draw(st.integers(11, 14 - start if start > 1 else 13))
    cards = [card(p, suit) for p in range(start, start + length)]
    wild = draw(st.sampled_from([None, JOKER, *(Card(Rank.TWO, s) for s in SUITS)]))
    if wild is not None:
        if draw(st.booleans()):
            cards.append(wild)
        else:
            cards[draw(st.integers(0, length - 1))] = wild
    try:
        return make_meld(cards)
    except InvalidMeldError:
        assume(False)
        raise


@pytest.mark.slow
@FAST
@given(data=st.data(), rules=ALL_RULES)
def test_every_valid_meld_holds_at_most_fourteen_cards_and_one_wildcard(
    data: st.DataObject, rules: Rules
) -> None:
    meld = data.draw(st.one_of(table_melds(rules), long_sequences()))
    assert wildcards_used(meld) == (0 if meld.wild is None else 1)
    added = data.draw(additions(meld))
    result = outcome(attach, meld, added, rules)
    assume(isinstance(result, Meld))
    assert len(result.cards) <= (9 if result.kind is MeldKind.SET else 14)
    assert wildcards_used(result) == (0 if result.wild is None else 1)
    if result.kind is MeldKind.SEQUENCE:
        naturals = [c for i, c in enumerate(result.cards) if i != result.wild]
        assert len({c.rank for c in naturals}) == len(naturals) <= 13
        # A 14th card is the wildcard, at an end (R14).
        if len(result.cards) == 14:
            assert result.wild in (0, 13)


# --- points ---------------------------------------------------------------------------


@FAST
@given(data=st.data(), rules=ALL_RULES)
def test_a_melds_points_are_the_sum_of_its_card_values(data: st.DataObject, rules: Rules) -> None:
    meld = data.draw(table_melds(rules))
    assert meld.points == sum(c.value for c in meld.cards) == points(meld.cards)
    added = data.draw(additions(meld))
    result = outcome(attach, meld, added, rules)
    if isinstance(result, Meld):
        assert result.points == meld.points + points(added)


@FAST
@given(
    data=st.data(),
    rules=ALL_RULES,
    taken=st.booleans(),
    closed=st.booleans(),
)
def test_a_sides_score_is_the_sum_of_its_breakdown(
    data: st.DataObject, rules: Rules, taken: bool, closed: bool
) -> None:
    melds = data.draw(st.lists(table_melds(rules), max_size=4))
    hand = data.draw(st.lists(st.sampled_from(deck()), max_size=12))
    score = score_side(melds, hand, pozzetto_taken=taken, closed=closed, rules=rules)
    parts = score.breakdown()
    assert set(parts) == {"table", "bonus", "closing", "hand", "pozzetto"}
    assert sum(parts.values()) == score.total
    assert parts["table"] == sum(m.points for m in melds)
    assert parts["hand"] == -points(hand)
    # FIBur's ordinary code's values (R35) unless the rules play another code (R42, R43).
    fibur = rules.code == "fibur"
    assert parts["closing"] == ((100 if fibur else rules.scores.closing) if closed else 0)
    assert parts["pozzetto"] == (0 if taken else -100 if fibur else -rules.scores.pozzetto)
    scores = rules.scores
    bonuses = {None: 0, "clean": scores.clean, "dirty": scores.dirty, "semi-clean": 150}
    special = {
        "super": scores.super_clean,
        "royal": scores.royal,
        "dirty-royal": scores.dirty_royal,
        "dirty-super": scores.dirty_super,
        "champion": scores.champion,
    }
    expected = 0
    for meld in melds:
        kind, apart = meld.burraco(rules), meld.special(rules)
        expected += special[apart.value] or 0 if apart else bonuses[kind and kind.value]
        if apart is not None:
            assert kind is not None and special[apart.value] is not None
    assert parts["bonus"] == expected
    if fibur:
        assert scores.clean == 200 and scores.dirty == 100
    for meld in melds:
        kind = meld.burraco(rules)
        assert (kind is None) == (len(meld.cards) < 7)
        if kind is not None and kind.value == "semi-clean":
            assert rules.semi_clean


# --- enumeration against brute force --------------------------------------------------


@BRUTE
@given(hand=hands(max_size=9), rules=ALL_RULES)
def test_possible_melds_finds_every_meld_and_only_melds(hand: list[Card], rules: Rules) -> None:
    expected = {}
    for cards in sub_multisets(hand, smallest=3):
        result = outcome(make_meld, cards, rules)
        if isinstance(result, Meld):
            expected[key(cards)] = result
    found = possible_melds(hand, rules)
    assert len({key(m.cards) for m in found}) == len(found), "a meld is listed twice"
    got = {key(m.cards): m for m in found}
    assert set(got) - set(expected) == set(), "listed but make_meld refuses"
    assert set(expected) - set(got) == set(), "missed"
    assert got == expected, "not as make_meld lays it"


@BRUTE
@given(data=st.data(), rules=ALL_RULES)
def test_possible_attachments_finds_every_attachment_and_only_those(
    data: st.DataObject, rules: Rules
) -> None:
    # Long sequences too: their 14th card and the 2 that leaves its place (R14, R20).
    any_meld = st.one_of(table_melds(rules), table_melds(rules), long_sequences())
    melds = data.draw(st.lists(any_meld, min_size=1, max_size=2))
    used = [c for m in melds for c in m.cards]
    assume(all(n <= (4 if c.is_joker else 2) for c, n in Counter(used).items()))
    hand = data.draw(additions(melds[0])) + data.draw(additions(melds[-1]))
    hand = within_the_deck(hand + data.draw(hands(max_size=4, used=used)), used)[:7]
    expected = {}
    for index, meld in enumerate(melds):
        for cards in sub_multisets(hand, smallest=1):
            result = outcome(attach, meld, cards, rules)
            if isinstance(result, Meld):
                expected[(index, key(cards))] = result
    found = possible_attachments(melds, hand, rules)
    got = {(index, key(cards)): result for index, cards, result in found}
    assert len(got) == len(found), "an attachment is listed twice"
    assert set(got) - set(expected) == set(), "listed but attach refuses"
    assert set(expected) - set(got) == set(), "missed"
    assert got == expected, "not the meld attach makes"


@pytest.mark.parametrize(
    ("hand", "count"),
    [("5H 6H 7H JK", 5), ("7H 7D 7C", 1), ("7H 7D", 0), ("JK JK JK 2C", 0), ("", 0)],
)
def test_possible_melds_small_examples(hand: str, count: int) -> None:
    assert len(possible_melds(parse_cards(hand))) == count


# --- nothing but BurracoError ---------------------------------------------------------

GARBAGE = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="AaJjKkQqTt0123456789HhDdCcSs♥♦♣♠ ,\t\n\x00\ufe0f", max_size=8),
    st.integers(),
    st.none(),
    st.binary(max_size=4),
    st.floats(allow_nan=True),
    st.lists(st.text(max_size=3), max_size=3),
)


def only_burraco_errors(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except BurracoError:
        return None


@FAST
@given(value=GARBAGE)
def test_card_parse_raises_only_burraco_errors(value: Any) -> None:
    result = only_burraco_errors(Card.parse, value)
    if result is not None:
        assert Card.parse(str(result)) == result


@FAST
@given(value=st.one_of(st.text(max_size=30), st.lists(GARBAGE, max_size=6)))
def test_parse_cards_raises_only_burraco_errors(value: Any) -> None:
    only_burraco_errors(parse_cards, value)


@FAST
@given(cards=st.lists(st.sampled_from(deck() + deck()), max_size=20), rules=ALL_RULES)
def test_make_meld_raises_only_burraco_errors(cards: list[Card], rules: Rules) -> None:
    result = only_burraco_errors(make_meld, cards, rules)
    if result is not None:
        assert result.kind in (MeldKind.SET, MeldKind.SEQUENCE)
        # R14, changed on 1 December: a sequence holds up to 14 cards (was 13).
        assert 3 <= len(result.cards) <= (9 if result.kind is MeldKind.SET else 14)
        assert wildcards_used(result) <= 1


@FAST
@given(
    texts=st.lists(st.sampled_from([str(c) for c in deck()] + ["1H", "", "XX"]), max_size=14),
    rules=ALL_RULES,
)
def test_meld_parse_raises_only_burraco_errors(texts: list[str], rules: Rules) -> None:
    result = only_burraco_errors(Meld.parse, texts, rules)
    if result is not None:
        assert [str(c) for c in result.cards] == [str(Card.parse(t)) for t in texts] or (
            result.kind is MeldKind.SET
        )
    only_burraco_errors(Meld.parse, " ".join(texts), rules)


@FAST
@given(data=st.data(), cards=ANY_CARDS, rules=ALL_RULES)
def test_attach_raises_only_burraco_errors(
    data: st.DataObject, cards: list[Card], rules: Rules
) -> None:
    meld = data.draw(table_melds(rules))
    only_burraco_errors(attach, meld, cards, rules)
    only_burraco_errors(attach, meld, [str(c) for c in cards] + ["zz"], rules)


@BRUTE
@given(
    hand=st.lists(st.sampled_from(deck() + [JOKER]), max_size=14),
    rules=ALL_RULES,
    data=st.data(),
)
def test_enumeration_raises_only_burraco_errors(
    hand: list[Card], rules: Rules, data: st.DataObject
) -> None:
    only_burraco_errors(possible_melds, hand, rules)
    melds = data.draw(st.lists(table_melds(rules), max_size=2))
    only_burraco_errors(possible_attachments, melds, hand, rules)


@FAST
@given(
    options=st.dictionaries(
        st.sampled_from(["wild_moves", "semi_clean", "variant", "target", "other"]),
        st.one_of(st.booleans(), st.integers(), st.text(max_size=14), st.none()),
        max_size=4,
    )
)
def test_rules_from_dict_raises_only_burraco_errors(options: dict[str, Any]) -> None:
    only_burraco_errors(Rules.from_dict, options)


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=6)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@FAST
@given(
    request=st.one_of(
        JSON,
        st.fixed_dictionaries(
            {"op": st.sampled_from(["meld", "attach", "points", "score", "x"])},
            optional={
                "cards": st.one_of(JSON, st.lists(st.sampled_from([str(c) for c in deck()]))),
                "meld": st.one_of(JSON, st.lists(st.sampled_from([str(c) for c in deck()]))),
                "melds": JSON,
                "hand": JSON,
                "pozzetto_taken": JSON,
                "closed": JSON,
                "rules": JSON,
            },
        ),
    )
)
def test_the_judge_never_raises(request: Any) -> None:
    answer = judge.answer(request)
    assert isinstance(answer, dict) and isinstance(answer["ok"], bool)
    if answer["ok"] is False:
        assert isinstance(answer["error"], str) and answer["error"]


@FAST
@given(line=st.text(max_size=60))
def test_the_judge_never_raises_on_a_line(line: str) -> None:
    out = judge.answer_line(line)
    assert out is None or out.startswith("{")


@pytest.mark.parametrize(
    ("call", "args"),
    [
        (make_meld, ([JOKER] * 10_000,)),
        (make_meld, (deck() * 3,)),
        (make_meld, (deck(),)),
        (parse_cards, (["5C"] * 100_000,)),
        (parse_cards, (" ".join(["5C"] * 100_000),)),
        (Card.parse, ("5" * 1_000_000,)),
        (Meld.parse, (deck(),)),
        (Meld.parse, ([str(c) for c in deck()] * 50,)),
        (attach, (make_meld(parse_cards("5C 6C 7C")), deck())),
        (attach, (make_meld(parse_cards("7H 7D 7C")), [JOKER] * 10_000)),
        (possible_melds, (deck(),)),
        (possible_melds, (deck() + [Card(Rank.FIVE, Suit.CLUBS)],)),
        (possible_attachments, ([make_meld(parse_cards("5C 6C 7C"))], deck())),
    ],
    ids=[
        "make_meld-10000-jokers",
        "make_meld-three-decks",
        "make_meld-one-deck",
        "parse_cards-list",
        "parse_cards-line",
        "card-parse-huge-text",
        "meld-parse-a-deck",
        "meld-parse-fifty-decks",
        "attach-a-deck",
        "attach-10000-jokers",
        "possible_melds-a-deck",
        "possible_melds-a-deck-and-a-copy",
        "possible_attachments-a-deck",
    ],
)
def test_huge_inputs_raise_only_burraco_errors(call: Any, args: tuple[Any, ...]) -> None:
    only_burraco_errors(call, *args)


# --- enumeration refuses impossible hands ---------------------------------------------


def test_possible_melds_refuses_more_copies_than_the_deck_holds() -> None:
    # ARCHITECTURE.md, "Card notation": input naming more copies than exist is refused.
    with pytest.raises(InvalidMeldError) as caught:
        possible_melds(parse_cards("7H 7H 7H 7D 7C"))
    assert caught.value.code == "too_many_copies"


def test_possible_attachments_refuses_more_copies_than_the_deck_holds() -> None:
    melds = [make_meld(parse_cards("7H 7H 7D"))]
    with pytest.raises(InvalidMeldError) as caught:
        possible_attachments(melds, parse_cards("7H 7C"))
    assert caught.value.code == "too_many_copies"
