"""The attachment search: every way a hand can attach to the melds on the table (R17,
R22-R25), meld by meld.

The attachments to a meld depend on the meld, on the hand's cards of its rank, or of its
suit out from its ends as far as wildcards could bridge, and on the wildcards. Each group
is worked out once and kept in the tables (:mod:`engine.melds.tables`), as the melds of
:mod:`engine.melds.search` are; the oracle the tests compare with is the enumeration of
the whole hand (tests/engine/meld_oracle.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, repeat

from engine.budget import LOOKUP_STEPS, Budget, Cache, spend
from engine.cards import Card, check_copies
from engine.melds.meld import _SET, Meld
from engine.melds.rules import MAX_NATURALS, _as_cards
from engine.melds.search import (
    _available,
    _group_counts,
    _held_for,
    _key,
    _melds_of,
    _outcomes,
    _sub_multisets,
    _tally,
    _wild_cards,
    _wild_codes,
)
from engine.melds.shapes import _attached_outcome, _natural_span
from engine.melds.tables import _BY_KEY, Choices, GroupKey, _Tables, _tables
from engine.rules import DEFAULT, Rules


def possible_attachments(
    melds: Sequence[Meld],
    hand: Iterable[Card],
    rules: Rules = DEFAULT,
    budget: Budget | None = None,
) -> list[tuple[int, tuple[Card, ...], Meld]]:
    """Every attachment the hand can make to these melds (R17, R22-R25).

    Each is (the meld's index, the cards in display order, the meld that results); the same
    cards are listed once per meld. Each candidate tried spends a step of ``budget``.

    >>> from engine.cards import parse_cards
    >>> from engine.melds import MeldKind
    >>> [(i, str(Meld(c, MeldKind.SET, None, 0)), str(m))
    ...  for i, c, m in possible_attachments([Meld.parse("5H 6H 7H")], parse_cards("8H 9D"))]
    [(0, '8H', '5H 6H 7H 8H')]
    """
    return _with_results(melds, attachment_cards(melds, hand, rules, budget), rules)


def attachment_cards(
    melds: Sequence[Meld],
    hand: Iterable[Card],
    rules: Rules = DEFAULT,
    budget: Budget | None = None,
) -> list[tuple[int, tuple[Card, ...]]]:
    """:func:`possible_attachments` without the melds that result, each the meld's index
    and the cards: what a list of moves needs. Spends ``budget`` the same."""
    cards = _as_cards(hand)
    check_copies([*cards, *(card for meld in melds for card in meld.cards)], rules.decks)
    counts, masks, _ = _tally(cards)
    return _attachments_of(melds, counts, masks, rules, _tables(rules), budget)


def hand_plays(
    hand: tuple[Card, ...], side_melds: Sequence[Meld], rules: Rules
) -> tuple[tuple[Meld, ...], list[tuple[int, tuple[Card, ...]]]]:
    """:func:`possible_melds` of ``hand`` and :func:`possible_attachments` to
    ``side_melds`` (each the meld's index and the cards, without the meld it makes: ask
    :func:`attach`), with no budget, for a hand and melds that a checked position holds:
    one count of the hand for both, no copies counted again (engine.actions)."""
    counts, masks, ranks = _tally(hand)
    # No rank held more than twice, no card either: the 14 ranks are looked at first.
    most = Card.MAX_COPIES
    if counts[0] > Card.MAX_JOKERS or max(ranks) > most and max(counts[1:]) > most:
        check_copies(hand, rules.decks)  # raises unless three decks hold them, as possible_melds
    tables = _tables(rules)
    melds = _melds_of(counts, masks, ranks, rules, tables, None)
    if not side_melds:
        return melds, []
    return melds, _attachments_of(side_melds, counts, masks, rules, tables, None)


def _attachments_of(
    melds: Sequence[Meld],
    counts: list[int],
    masks: list[int],
    rules: Rules,
    tables: _Tables,
    budget: Budget | None,
) -> list[tuple[int, tuple[Card, ...]]]:
    held, present = _wild_codes(counts)
    cache = tables.attachments
    kept = cache.kept
    found: list[tuple[int, tuple[Card, ...]]] = []
    lowest, highest = 1, 14
    set_kind = _SET
    for index, meld in enumerate(melds):
        wild = meld.wild
        if meld.kind is set_kind:
            base = meld.cards[0]._key - 1 & ~3
            key: GroupKey = (
                0,
                base >> 2,
                counts[base + 1],
                counts[base + 2],
                counts[base + 3],
                counts[base + 4],
                present if wild is None else 0,
            )
            if not (key[2] or key[3] or key[4] or key[5] or key[6]):
                if budget is not None:
                    budget.spend(LOOKUP_STEPS // 4)  # no card of the rank, no wildcard to add
                continue
            # What attaches to a set of a natural rank depends on its size and on whether it
            # holds a wildcard, not on its suits (R11, R19): one group serves every such
            # set of the rank.
            group_key: tuple[object, ...] = (
                (len(meld.cards), wild is None, *key) if key[1] != 2 else (meld, key)
            )
        else:
            order = (meld.cards[1] if wild == 0 else meld.cards[0])._key - 1 & 3
            reach, lowest, highest = _reach(meld, masks[order])
            # A sequence keeps its wildcard (R24) and holds one at most (R19): only its own
            # pinella, going home (R25), makes room for one from the hand. So no wildcard
            # of the hand joins a sequence whose wildcard is another, and unbudgeted its
            # group is the same whatever wildcards the hand holds. A budget is
            # charged the candidates the oracle tries, those wildcards included.
            if budget is None and wild is not None and meld.cards[wild]._key != 9 + order:
                wilds = 0
            else:
                wilds = _held_for(held, present, order)
            if not (reach or wilds):
                if budget is not None:
                    budget.spend(LOOKUP_STEPS // 4)  # no card within reach, no wildcard
                continue
            key = (1, order, reach, wilds)
            group_key = (meld, key)
        group = kept.get(group_key)
        if group is None:
            candidates = _candidates_from_choices(
                _choices(meld, key, lowest, highest, tables), _wild_cards(key[-1])
            )
            spend(budget, len(candidates) + LOOKUP_STEPS // 4)
            attached = _outcomes(meld, candidates, key, rules, tables)
            group = cache.put(group_key, (len(candidates), tuple([c for c, _ in attached])))
        elif budget is not None:
            budget.spend(group[0] + LOOKUP_STEPS // 4)
        if group[1]:  # most groups are empty: a sequence of hearts, no heart near it
            found += zip(repeat(index), group[1])
    return found


def _with_results(
    melds: Sequence[Meld], found: list[tuple[int, tuple[Card, ...]]], rules: Rules
) -> list[tuple[int, tuple[Card, ...], Meld]]:
    """The attachments found, each with the meld it makes (by shape: the groups keep only
    the cards)."""
    tables = _tables(rules)
    made = []
    for index, cards in found:
        result = _attached_outcome(melds[index], cards, rules, tables)
        assert result is not None  # a group keeps only the cards that attach
        made.append((index, cards, result))
    return made


def _reach(meld: Meld, mask: int) -> tuple[int, int, int]:
    """What of ``mask`` (the hand's ranks of the meld's suit, as bits) can matter to what
    the hand attaches to this sequence, and the lowest and highest place a candidate may
    reach: from the meld's ends out to where more places are missing than wildcards could
    fill (see _sequence_choices); no candidate takes a card beyond. Kept by the
    meld's shape and the mask (looked up for each sequence on every move)."""
    key = (meld.start, len(meld.cards), meld.wild, mask)
    found = _REACHES.kept.get(key)
    if found is None:
        found = _REACHES.put(key, _reach_of(*key))
    return found


#: What _reach found, by the meld's start, size and wildcard and the hand's mask.
_REACHES: Cache[tuple[int, int, int | None, int], tuple[int, int, int]] = Cache(50_000)


def _reach_of(start: int, size: int, wild: int | None, mask: int) -> tuple[int, int, int]:
    low, high = _natural_span(start, size, wild)
    spare = 1 if wild is None else 2
    keep = 0
    if wild is not None and 0 < wild < size - 1:
        keep = 1 << start + wild
    gaps = 0
    place = low - 1
    bottom = 2 if high == 14 else 1
    while place >= bottom:
        bit = 1 << place
        if mask & bit:
            keep |= bit
        else:
            gaps += 1
            if gaps > spare:
                break
        place -= 1
    lowest = place + 1
    gaps = 0
    place = high + 1
    top = 13 if low == 1 else 14
    while place <= top:
        bit = 1 << (1 if place == 14 else place)
        if mask & bit:
            keep |= bit
        else:
            gaps += 1
            if gaps > spare:
                break
        place += 1
    return mask & keep, lowest, place - 1


def _choices(meld: Meld, key: GroupKey, lowest: int, highest: int, tables: _Tables) -> Choices:
    """The attachment candidates of the oracle (tests/engine/meld_oracle.py) before
    wildcards, kept by the meld and the natural cards of the key (whatever wildcards the
    hand holds)."""
    # The choices depend on the meld's shape only: a set's on whether it holds a wildcard,
    # a sequence's on the places its naturals and its wildcard stand.
    if meld.kind is _SET:
        naturals_key: GroupKey = (*key[:-1], meld.wild is None)
    else:
        naturals_key = (
            *key[:-1],
            meld.start,
            len(meld.cards),
            -1 if meld.wild is None else meld.wild,
        )
    found = tables.choices.kept.get(naturals_key)
    if found is not None:
        return found
    if meld.kind is _SET:
        counts = _group_counts((*key[:-1], 0))
        of_rank = [(card, n) for card, n in counts.items() if card.rank is meld.rank]
        subsets = dict.fromkeys(_key(naturals) for naturals in _sub_multisets(of_rank))
        alone = tuple(chosen for chosen in subsets if chosen)
        found = (alone, tuple(subsets) if meld.wild is None else ())
        return tables.choices.put(naturals_key, found)
    # Away from the ace and the 2, a sequence's choices are the same wherever it lies and
    # whatever its suit: they are kept too by the places held from its start, each card
    # as its key less the key of the card at the start.
    start, size, reach = meld.start, len(meld.cards), key[2]
    low, high = _natural_span(start, size, meld.wild)
    moved = low >= 3 and high <= 13 and not reach & _NEAR_ACE
    base = start * 4 + key[1] + 1
    moved_key = ((reach << 20) >> start, size, naturals_key[-1])
    if moved and (places := tables.moved_choices.kept.get(moved_key)) is not None:
        joined = tuple([tuple([_BY_KEY[base + place] for place in chosen]) for chosen in places])
    else:
        choices: dict[tuple[Card, ...], None] = {}
        _sequence_choices(meld, _group_counts((*key[:-1], 0)), choices, lowest, highest)
        joined = tuple(choices)
        if moved:
            places = tuple([tuple([card._key - base for card in chosen]) for chosen in joined])
            tables.moved_choices.put(moved_key, places)
    return tables.choices.put(naturals_key, (tuple([c for c in joined if c]), joined))


#: The places of the ace (low and high) and of the 2, as bits.
_NEAR_ACE = 1 << 1 | 1 << 2 | 1 << 14


def _candidates_from_choices(
    choices: Choices, wild_kinds: list[Card]
) -> dict[tuple[Card, ...], None]:
    alone, joined = choices
    candidates = dict.fromkeys(alone)
    for wild in wild_kinds:
        for chosen in joined:
            candidates[_key([*chosen, wild])] = None
    return candidates


def _sequence_choices(
    meld: Meld,
    counts: Mapping[Card, int],
    choices: dict[tuple[Card, ...], None],
    lowest: int,
    highest: int,
) -> None:
    """What the oracle's _sequence_attachments tries, before wildcards: each choice of
    naturals (none included: the whole suit takes a wildcard alone). The same spans of
    places, counted as bits."""
    suit = meld.suit
    assert suit is not None
    available = _available(counts, suit)
    held = 0
    for place in range(1, 15):
        if available[place] is not None:
            held |= 1 << place
    natural_places = [p for i, p in enumerate(meld.places) if i != meld.wild]
    naturals = 0
    for place in natural_places:
        naturals |= 1 << place
    low_natural, high_natural = min(natural_places), max(natural_places)
    top = 13 if naturals & 2 else 14
    bottom = 2 if naturals >> 14 & 1 else 1
    spare = 2 if meld.wild is not None else 1
    if meld.wild is None and len(natural_places) == MAX_NATURALS:
        choices[()] = None
    for low in range(max(bottom, high_natural - MAX_NATURALS + 1, lowest), low_natural + 1):
        below = (1 << low) - 1
        for high in range(high_natural, min(top, low + MAX_NATURALS - 1, highest) + 1):
            needed = ((1 << high + 1) - 1) & ~below & ~naturals
            if not needed:
                continue
            missing = (needed & ~held).bit_count()
            if missing > spare:
                break  # a longer span misses as many places or more
            free = [
                card
                for p in range(low, high + 1)
                if needed >> p & 1 and (card := available[p]) is not None
            ]
            for skip in range(spare - missing + 1):
                for skipped in combinations(range(len(free)), skip):
                    choices[_key([card for i, card in enumerate(free) if i not in skipped])] = None
