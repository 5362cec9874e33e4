"""The meld search: every new meld a hand can lay (R10-R14, R18-R21), group by group.

A hand's melds fall into groups that each depend on a few of its cards only. The sets of
a rank depend on that rank's naturals and on which wildcards the hand holds. The sequences
of a suit come from runs of its places with at most one place missing between two held
ones (a candidate has at most one gap), each run depending on its own cards and on the
wildcards (how many of the suit's 2, natural or wild). Each group is worked out once from
the fewest cards that give the same candidates, kept in the tables
(:mod:`engine.melds.tables`), and the groups are merged in the order the enumeration of the
whole hand gives: the same melds in the same order, for the same budget steps. That
enumeration of the whole hand is the oracle the tests compare with
(tests/engine/meld_oracle.py). The rules decide each candidate (:mod:`engine.melds.rules`,
through :mod:`engine.melds.shapes`); the attachments are :mod:`engine.melds.attachments`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import product

from engine.budget import LOOKUP_STEPS, Budget, Memo, spend
from engine.cards import Card, Rank, Suit, check_copies
from engine.melds.meld import _PLACES, _TWO, Meld, _known_meld, _sort_index
from engine.melds.rules import MAX_NATURALS, MIN_CARDS, _as_cards
from engine.melds.shapes import _attached_outcome, _made_outcome
from engine.melds.tables import _BY_KEY, _KEYS, GroupKey, MeldGroup, Recipe, _Tables, _tables
from engine.rules import DEFAULT, Rules


def _key(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_sort_index))


def _sub_multisets(counts: list[tuple[Card, int]]) -> Iterator[list[Card]]:
    """Every sub-multiset of cards given as (card, how many), the empty one first."""
    cards = [card for card, _ in counts]
    for chosen in _choosing(tuple([count for _, count in counts])):
        yield [cards[i] for i in chosen]


@cache
def _choosing(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each sub-multiset of ``counts`` as the indexes it takes, in the order of
    :func:`itertools.product`: worked out once for each few counts."""
    return tuple(
        tuple([i for i, n in enumerate(chosen) for _ in range(n)])
        for chosen in product(*(range(count + 1) for count in counts))
    )


def _available(counts: Mapping[Card, int], suit: Suit) -> list[Card | None]:
    """The natural card of the suit the hand holds at each place 0..14 (None if not)."""
    available: list[Card | None] = [None] * 15
    places = _PLACES[suit]
    for place in range(1, 15):
        card = places[place]
        if counts.get(card):
            available[place] = card
    return available


def _fits(cards: Sequence[Card], counts: Mapping[Card, int]) -> bool:
    """Are ``cards`` held in ``counts``? (A few cards: counted in place, no Counter made.)"""
    return all(counts.get(card, 0) >= cards.count(card) for card in cards)


def _wild_kinds(counts: Mapping[Card, int]) -> list[Card]:
    return [card for card in counts if card.is_wild]


def _set_candidates(
    rank: Rank,
    counts: Mapping[Card, int],
    wild_kinds: list[Card],
    candidates: dict[tuple[Card, ...], None],
) -> None:
    """Candidate sets of a rank: two or more of its naturals, with or without a wildcard."""
    of_rank = [(card, n) for card, n in counts.items() if card.rank is rank]
    for naturals in _sub_multisets(of_rank):
        if len(naturals) >= MIN_CARDS:
            candidates[_key(naturals)] = None
        if len(naturals) >= 2:
            for wild in wild_kinds:
                candidates[_key([*naturals, wild])] = None


def _sequence_candidates(
    suit: Suit,
    counts: Mapping[Card, int],
    wild_kinds: list[Card],
    candidates: dict[tuple[Card, ...], None],
    lowest: int = 1,
    highest: int = 14,
) -> None:
    """Candidate sequences of a suit: each run of places with at most one missing, from
    place ``lowest`` to place ``highest`` at most."""
    available = _available(counts, suit)
    if all(available[place] is not None for place in range(1, MAX_NATURALS + 1)):
        # The whole suit and a wildcard as the 14th card (R14).
        whole = [card for card in available[1 : MAX_NATURALS + 1] if card is not None]
        for wild in wild_kinds:
            candidates[_key([*whole, wild])] = None
    for low in range(lowest, 13):
        for high in range(low + 2, min(low + MAX_NATURALS, highest + 1, 15)):
            window = range(low, high + 1)
            missing = [place for place in window if available[place] is None]
            if len(missing) > 1:
                break
            naturals = [card for place in window if (card := available[place])]
            if missing:
                for wild in wild_kinds:
                    candidates[_key([*naturals, wild])] = None
                continue
            candidates[_key(naturals)] = None
            for i, wild in product(range(len(naturals)), wild_kinds):
                candidates[_key([*naturals[:i], *naturals[i + 1 :], wild])] = None


def _set_ranks(rules: Rules) -> list[Rank]:
    """The ranks a set may have (R11; only aces and threes in the international game, R41)."""
    return [rank for rank in Rank if rank is not _TWO and rules.allows_set_of(rank)]


def possible_melds(
    hand: Iterable[Card], rules: Rules = DEFAULT, budget: Budget | None = None
) -> list[Meld]:
    """Every distinct new meld that can be laid from these cards (R10-R14, R18-R21).

    Two melds are distinct when they hold different cards; each comes as
    :func:`make_meld` would lay it. Each candidate tried spends a step of ``budget``
    (:mod:`engine.budget`), which raises :class:`TooBigError` once it runs out.

    >>> from engine.cards import parse_cards
    >>> [str(m) for m in possible_melds(parse_cards("5H 6H 7H JK"))]
    ['5H 6H 7H', 'JK 5H 6H 7H', 'JK 5H 6H', '5H JK 7H', 'JK 6H 7H']
    """
    cards = _as_cards(hand)
    check_copies(cards, rules.decks)
    if budget is None:  # a tool's own position: no memo, no budget
        return list(_possible_melds(cards, rules, None))
    key = (rules, _key(cards))
    return list(_MELDS.run(key, budget, lambda: _possible_melds(cards, rules, budget)))


#: The melds of the hands met lately, up to 50,000 melds in all (engine.budget.Memo): a
#: search meets one hand in many positions, and a teacher's page one puzzle many times.
_MELDS: Memo[tuple[Meld, ...]] = Memo(50_000, len)


_SET_RANKS = {
    international: tuple(int(rank) for rank in _set_ranks(DEFAULT.replace(variant=variant)))
    for international, variant in ((False, "italian"), (True, "international"))
}
_SUIT_OF_ORDER = tuple(Suit)
_ACE_HIGH = 1 << 14


def _tally(cards: Iterable[Card]) -> tuple[list[int], list[int], list[int]]:
    """How many of each card (by key), each suit's ranks held as bits (1 the ace, 2 the
    2...), and how many naturals of each rank."""
    counts = [0] * _KEYS
    masks = [0, 0, 0, 0]
    ranks = [0] * 14
    for card in cards:
        key = card._key
        counts[key] += 1
        if key:
            key -= 1
            masks[key & 3] |= 1 << (key >> 2)
            ranks[key >> 2] += 1
    return counts, masks, ranks


def _wild_codes(counts: list[int]) -> tuple[int, int]:
    """The wildcards held, as bits: the joker's, then two for how many of each 2 (a suit's
    own 2 may be natural and wild in one sequence); and only whether each is held."""
    joker = 1 if counts[0] else 0
    held = joker | counts[9] << 1 | counts[10] << 3 | counts[11] << 5 | counts[12] << 7
    present = joker
    for order in range(4):
        if counts[9 + order]:
            present |= 1 << (1 + 2 * order)
    return held, present


def _held_for(held: int, present: int, order: int) -> int:
    """The wildcards that matter to a suit's sequences: how many of its own 2, and whether
    each other wildcard is held."""
    shift = 1 + 2 * order
    return present & ~(3 << shift) | held & 3 << shift


#: The runs of a suit's places held (bits 1..14, the ace at 1 and 14), by the places held:
#: each run as (its places as bits, the lowest and highest place a candidate may reach).
_RUNS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _runs(places: int) -> tuple[tuple[int, int, int], ...]:
    """Split the places held where two places in a row are missing: no candidate sequence
    crosses such a split (a candidate misses one place at most). Runs of one place give no
    candidate and are left out."""
    found = _RUNS.get(places)
    if found is not None:
        return found
    runs = []
    run, first, last = 0, 0, 0
    for place in range(1, 15):
        if not places >> place & 1:
            continue
        if run and place - last > 2:
            runs.append((run, first, last))
            run = 0
        if not run:
            first = place
        run |= 1 << place
        last = place
    if run:
        runs.append((run, first, last))
    found = tuple(
        (run, max(1, first - 1), min(14, last + 1))
        for run, first, last in runs
        if run.bit_count() > 1
    )
    _RUNS[places] = found
    return found


def _wild_cards(wilds: int) -> list[Card]:
    """The wildcards a group's code says are held (_group_counts' wildcards)."""
    cards = [_BY_KEY[0]] if wilds & 1 else []
    cards += [_BY_KEY[9 + order] for order in range(4) if wilds >> (1 + 2 * order) & 3]
    return cards


def _group_counts(key: GroupKey) -> dict[Card, int]:
    """The fewest cards that give a group's candidates: its naturals and its wildcards."""
    counts: dict[Card, int] = {}  # not a Counter: quicker to make, and only read
    wilds = key[-1]
    if wilds & 1:
        counts[_BY_KEY[0]] = 1
    for order in range(4):
        held = (wilds >> (1 + 2 * order)) & 3
        if held:
            counts[_BY_KEY[9 + order]] = held
    if key[0] == 0:
        rank = key[1]
        for order in range(4):
            if key[2 + order]:
                counts[_BY_KEY[rank * 4 + order + 1]] = key[2 + order]
    else:
        order, places = key[1], key[2]
        if places & _ACE_HIGH:
            places |= 2
        for rank in range(1, 14):
            card = _BY_KEY[rank * 4 + order + 1]
            if places >> rank & 1 and card not in counts:
                counts[card] = 1
    return counts


def _order_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple([card._index for card in cards])


def _outcomes(
    meld: Meld | None,
    candidates: Iterable[tuple[Card, ...]],
    key: GroupKey,
    rules: Rules,
    tables: _Tables,
) -> list[tuple[tuple[Card, ...], Meld]]:
    """What the oracle's _made (``meld`` None) or _attached gives for the candidates of the group
    ``key``, each candidate's outcome kept: a candidate met again is not tried again."""
    made, attached = tables.made, tables.attached
    found = []
    counts = None
    for cards in sorted(candidates, key=_order_key):
        # Cards all different are held, since each came from the hand: only a card taken
        # twice (a pair, or the suit's 2 natural and wild) needs counting.
        if len({card._key for card in cards}) < len(cards):
            counts = counts or _group_counts(key)
            if not _fits(cards, counts):
                continue
        if meld is None:
            outcome = made.kept.get(cards) or _made_outcome(cards, rules, tables)
            if outcome is not None:
                # What make_meld() gives (a meld is made again the same from its own
                # cards): the move that lays it finds it.
                made.put(outcome.cards, outcome)
        elif (outcome := attached.kept.get((meld, cards))) is None:
            outcome = _attached_outcome(meld, cards, rules, tables)
            if outcome is not None:
                # Met again in the next groups of the meld (a card more in reach), and
                # what attach() gives: the move that plays it finds it.
                attached.put((meld, cards), outcome)
        if outcome is not None:
            found.append((cards, outcome))
    return found


def _possible_melds(
    cards: tuple[Card, ...], rules: Rules, budget: Budget | None
) -> tuple[Meld, ...]:
    """What :func:`possible_melds` lists, the copies checked: group by group (see above)."""
    counts, masks, ranks = _tally(cards)
    return _melds_of(counts, masks, ranks, rules, _tables(rules), budget)


def _melds_of(
    counts: list[int],
    masks: list[int],
    ranks: list[int],
    rules: Rules,
    tables: _Tables,
    budget: Budget | None,
) -> tuple[Meld, ...]:
    held, present = _wild_codes(counts)
    cache = tables.melds
    kept = cache.kept
    steps = LOOKUP_STEPS
    parts: list[MeldGroup] = []
    missing: list[tuple[GroupKey, int, int]] = []
    for rank in _SET_RANKS[rules.international]:
        if ranks[rank] >= 2:
            base = rank * 4 + 1
            key: GroupKey = (
                0,
                rank,
                counts[base],
                counts[base + 1],
                counts[base + 2],
                counts[base + 3],
                present,
            )
            group = kept.get(key)
            if group is None:
                missing.append((key, 1, 14))
            else:
                steps += group[0]
                if group[2]:  # most groups lay nothing: a pair and no wildcard
                    parts.append(group)
    for order in range(4):
        mask = masks[order]
        if mask.bit_count() < 2:
            continue
        wilds = _held_for(held, present, order)
        for run, lowest, highest in _runs(mask | (mask & 2) << 13):
            key = (1, order, run, wilds)
            group = kept.get(key)
            if group is None:
                missing.append((key, lowest, highest))
            else:
                steps += group[0]
                if group[2]:
                    parts.append(group)
    pending = []
    recipes = tables.recipes.kept
    for key, lowest, highest in missing:
        moved = _moved_group(key, rules)
        if moved is not None and (recipe := recipes.get(moved[0])) is not None:
            steps += recipe[0]
            group = cache.put(key, _from_recipe(recipe, moved[1], key[0], tables))
            if group[2]:
                parts.append(group)
            continue
        group_counts = _group_counts(key)
        candidates: dict[tuple[Card, ...], None] = {}
        wild_kinds = _wild_kinds(group_counts)
        if key[0] == 0:
            _set_candidates(Rank(key[1]), group_counts, wild_kinds, candidates)
        else:
            suit = _SUIT_OF_ORDER[key[1]]
            _sequence_candidates(suit, group_counts, wild_kinds, candidates, lowest, highest)
        steps += len(candidates)
        pending.append((key, candidates))
    spend(budget, steps)
    for key, candidates in pending:
        outcomes = _outcomes(None, candidates, key, rules, tables)
        made = tuple([meld for _, meld in outcomes])
        group = (len(candidates), tuple([_order_key(cards) for cards, _ in outcomes]), made)
        cache.put(key, group)
        if made:
            parts.append(group)
        moved = _moved_group(key, rules)
        if moved is not None:
            tables.recipes.put(moved[0], _recipe(group, moved[1], key[0]))
    if len(parts) < 2:
        return parts[0][2] if parts else ()
    orders: list[tuple[int, ...]] = []
    melds: list[Meld] = []
    for _, group_orders, group_melds in parts:
        orders += group_orders
        melds += group_melds
    return tuple([melds[i] for i in sorted(range(len(melds)), key=orders.__getitem__)])


# -- meld groups kept as recipes, away from the ace and the 2 ---------------------------
#
# A group of a set of a rank from 3 to the king lays the same whatever its rank (but in the
# international game, R41); a group of a run of a suit from place 4 to place 12 (from 5
# when the suit's own 2 is held: with a wildcard it could go home, R25) lays the same
# wherever the run lies, no candidate reaching the 2 or the ace. Such a group is kept once
# more as a recipe: for each meld its cards and its order key as numbers that the cards of
# the rank (or of the run's lowest place) are found from, its kind, wildcard and start.
# A group met at another rank or place is then made from the recipe, not tried again.


def _moved_group(key: GroupKey, rules: Rules) -> tuple[GroupKey, int] | None:
    """The key of the recipe a group is kept as, and the shift (the set's rank, the run's
    lowest place); None for a group near the ace or the 2."""
    if key[0] == 0:
        if 3 <= key[1] <= 13 and not rules.international:
            return (0, 0, *key[2:]), key[1]
        return None
    order, run, wilds = key[1], key[2], key[3]
    low, high = (run & -run).bit_length() - 1, run.bit_length() - 1
    own_two = wilds >> (1 + 2 * order) & 3
    if low < (5 if own_two else 4) or high > 12:
        return None
    return (1, order, run >> low, wilds), low


def _recipe(group: MeldGroup, shift: int, kind: int) -> Recipe:
    code_of, order_code_of = _RECIPE_CODES[shift], _RECIPE_ORDER_CODES[shift]
    melds = []
    for order, meld in zip(group[1], group[2], strict=True):
        start = meld.start - shift if kind else meld.start
        melds.append(
            (
                tuple([code_of[card._key] for card in meld.cards]),
                tuple([order_code_of[index] for index in order]),
                meld.kind,
                meld.wild,
                start,
            )
        )
    return group[0], tuple(melds)


def _from_recipe(recipe: Recipe, shift: int, kind: int, tables: _Tables) -> MeldGroup:
    cards_of, index_of = _RECIPE_CARDS[shift], _RECIPE_INDEXES[shift]
    start_shift = shift if kind else 0
    made = tables.made
    orders, melds = [], []
    for codes, order, meld_kind, wild, start in recipe[1]:
        cards = tuple([cards_of[code] for code in codes])
        meld = _known_meld(cards, meld_kind, wild, start + start_shift)
        made.put(cards, meld)  # the move that lays it finds it, as _outcomes leaves it
        melds.append(meld)
        orders.append(tuple([index_of[code] for code in order]))
    return recipe[0], tuple(orders), tuple(melds)


#: For each shift, the code in a recipe of each card (by key: a wildcard's key, or 57 plus
#: a natural's key less four times the shift) and of each display index (a wildcard's
#: index, or 65 plus a natural's index less the shift); then the way back.
_RECIPE_CODES = [
    [key if key < 13 else key - 4 * shift + 57 for key in range(_KEYS)] for shift in range(15)
]
_RECIPE_ORDER_CODES = [
    [index if index >= 64 or index & 15 < 3 else 65 + index - shift for index in range(65)]
    for shift in range(15)
]
_RECIPE_CARDS = [
    [
        _BY_KEY[code] if code < 13 else _BY_KEY[(code - 57 + 4 * shift) % _KEYS]
        for code in range(114)
    ]
    for shift in range(15)
]
_RECIPE_INDEXES = [
    [code if code < 65 else code - 65 + shift for code in range(65 + 64 + 15)]
    for shift in range(15)
]
