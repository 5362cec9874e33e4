"""The oracle of the meld search: every meld and every attachment of a whole hand,
enumerated at once, the plain way.

engine.melds.search and engine.melds.attachments find the same group by group from their
tables; tests/engine/test_fast.py checks that they give what this gives, in the same order
and for the same budget steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from contextlib import suppress
from itertools import combinations

from engine.budget import LOOKUP_STEPS, Budget, spend
from engine.cards import Card, Suit, check_copies
from engine.errors import InvalidMeldError
from engine.melds import Meld, attach, make_meld
from engine.melds.meld import _SET
from engine.melds.rules import MAX_NATURALS
from engine.melds.search import (
    _available,
    _fits,
    _key,
    _order_key,
    _sequence_candidates,
    _set_candidates,
    _set_ranks,
    _sub_multisets,
    _wild_kinds,
)
from engine.rules import Rules


def reference_melds(
    cards: tuple[Card, ...], rules: Rules, budget: Budget | None
) -> tuple[Meld, ...]:
    """The melds of the whole hand enumerated at once: what
    :func:`engine.melds.search._possible_melds` gives."""
    counts = Counter(cards)
    wild_kinds = _wild_kinds(counts)
    candidates: dict[tuple[Card, ...], None] = {}
    for rank in _set_ranks(rules):
        _set_candidates(rank, counts, wild_kinds, candidates)
    for suit in Suit:
        _sequence_candidates(suit, counts, wild_kinds, candidates)
    spend(budget, len(candidates) + LOOKUP_STEPS)
    return tuple(meld for _, meld in _made(candidates, counts, rules))


def _order(cards: tuple[Card, ...]) -> list[int]:
    return [card._index for card in cards]


def _made(
    candidates: Iterable[tuple[Card, ...]], counts: Mapping[Card, int], rules: Rules
) -> list[tuple[tuple[int, ...], Meld]]:
    """The candidates held in ``counts`` that make a meld, in display order."""
    made = []
    for chosen in sorted(candidates, key=_order):
        if _fits(chosen, counts):
            with suppress(InvalidMeldError):
                made.append((_order_key(chosen), make_meld(chosen, rules)))
    return made


def reference_attachments(
    melds: Sequence[Meld], cards: tuple[Card, ...], rules: Rules, budget: Budget | None
) -> list[tuple[int, tuple[Card, ...], Meld]]:
    """The attachments of the whole hand enumerated at once: what
    :func:`engine.melds.possible_attachments` gives."""
    check_copies([*cards, *(card for meld in melds for card in meld.cards)], rules.decks)
    counts = Counter(cards)
    found: list[tuple[int, tuple[Card, ...], Meld]] = []
    for index, meld in enumerate(melds):
        candidates = _attachment_candidates(meld, counts)
        spend(budget, len(candidates) + LOOKUP_STEPS // 4)
        found += [(index, c, m) for c, m in _attached(meld, candidates, counts, rules)]
    return found


def _attachment_candidates(
    meld: Meld, counts: Mapping[Card, int], lowest: int = 1, highest: int = 14
) -> dict[tuple[Card, ...], None]:
    wild_kinds = _wild_kinds(counts)
    candidates: dict[tuple[Card, ...], None] = {}
    if meld.kind is _SET:
        of_rank = [(card, n) for card, n in counts.items() if card.rank is meld.rank]
        for naturals in _sub_multisets(of_rank):
            if naturals:
                candidates[_key(naturals)] = None
            if meld.wild is None:
                for wild in wild_kinds:
                    candidates[_key([*naturals, wild])] = None
    else:
        _sequence_attachments(meld, counts, wild_kinds, candidates, lowest, highest)
    return candidates


def _attached(
    meld: Meld,
    candidates: Iterable[tuple[Card, ...]],
    counts: Mapping[Card, int],
    rules: Rules,
) -> list[tuple[tuple[Card, ...], Meld]]:
    """The candidates held in ``counts`` that attach to ``meld``, in display order."""
    attached = []
    for cards in sorted(candidates, key=_order):
        if _fits(cards, counts):
            with suppress(InvalidMeldError):
                attached.append((cards, attach(meld, cards, rules)))
    return attached


def _sequence_attachments(
    meld: Meld,
    counts: Mapping[Card, int],
    wild_kinds: list[Card],
    candidates: dict[tuple[Card, ...], None],
    lowest: int = 1,
    highest: int = 14,
) -> None:
    """Candidate card sets for a sequence, reaching from place ``lowest`` to ``highest``
    at most; :func:`attach` decides which are valid."""
    suit = meld.suit
    assert suit is not None
    available = _available(counts, suit)
    natural_places = [p for i, p in enumerate(meld.places) if i != meld.wild]
    low_natural, high_natural = min(natural_places), max(natural_places)
    # A meld with an ace has fixed its end; never add a second ace at the other one.
    top = 13 if any(p == 1 for p in natural_places) else 14
    bottom = 2 if any(p == 14 for p in natural_places) else 1
    # Places left for wildcards: the meld's own wildcard and at most one from the hand.
    spare = 2 if meld.wild is not None else 1
    if meld.wild is None and len(natural_places) == MAX_NATURALS:
        # The whole suit is there: only a wildcard can join, as the 14th card (R14).
        for wild in wild_kinds:
            candidates[(wild,)] = None
    for low in range(max(bottom, high_natural - MAX_NATURALS + 1, lowest), low_natural + 1):
        for high in range(high_natural, min(top, low + MAX_NATURALS - 1, highest) + 1):
            needed = [p for p in range(low, high + 1) if p not in natural_places]
            if not needed:
                continue
            unavailable = [p for p in needed if available[p] is None]
            if len(unavailable) > spare:
                continue
            free = [p for p in needed if available[p] is not None]
            for skip in range(spare - len(unavailable) + 1):
                for skipped in combinations(free, skip):
                    naturals = [available[p] for p in free if p not in skipped]
                    chosen = [card for card in naturals if card is not None]
                    if chosen:
                        candidates[_key(chosen)] = None
                    for wild in wild_kinds:
                        candidates[_key([*chosen, wild])] = None
