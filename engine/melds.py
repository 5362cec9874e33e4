"""Melds (R10-R14, R17-R28): finding, checking and extending sets and sequences.

A sequence is stored as an arrangement: its cards from low to high, each at a *place*.
Places 2..13 are the ranks; the ace is place 1 (low) or 14 (high), never both (R14).
The wildcard, if any, stands at the place of the card it replaces; a 2 of the suit at
place 2 is a natural card (R20). A set is its naturals in suit order, then its wildcard.
The longest sequence fills all 14 places: the 13 naturals and its wildcard at the free end,
the ace's other place (R14), as in ``AC 2C ... KC JK``.

>>> from engine.cards import parse_cards
>>> str(make_meld(parse_cards("8C 7C JK")))
'JK 7C 8C'
>>> meld = make_meld(parse_cards("6C JK 8C 7C"))
>>> str(meld), str(meld.stands_for)
('JK 6C 7C 8C', '5C')
>>> str(attach(Meld.parse("2C 5C 6C"), parse_cards("8C")))
'5C 6C 2C 8C'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, fields
from functools import cache
from itertools import combinations, product, repeat
from operator import attrgetter

from engine.budget import LOOKUP_STEPS, Budget, Cache, Memo, spend
from engine.cards import ALL_CARDS, Card, Rank, Suit, check_copies, format_cards, parse_cards
from engine.errors import InvalidMeldError, InvalidNotationError
from engine.rules import DEFAULT, Rules

MIN_CARDS = 3
MAX_SET = 9
#: R14: a sequence holds at most the 13 ranks of its suit as natural cards (A-K or 2-A)...
MAX_NATURALS = 13
#: ...and one wildcard besides as a 14th card, at the end: it covers at most the 14 places
#: from the ace low to the ace high, so this is also the most cards a sequence holds.
MAX_PLACES = 14
BURRACO_SIZE = 7
SEMI_CLEAN_RUN = 7

_CARD: dict[tuple[int, Suit], Card] = {
    (int(card.rank), card.suit): card
    for card in ALL_CARDS
    if card.rank is not None and card.suit is not None
}


#: Each suit's natural cards by place 1..14 (14 the ace high; place 0 unused).
_PLACES: dict[Suit, tuple[Card, ...]] = {
    suit: (_CARD[(1, suit)], *(_CARD[(place, suit)] for place in range(1, 14)), _CARD[(1, suit)])
    for suit in Suit
}


def _card_at(place: int, suit: Suit) -> Card:
    """The natural card of this suit at a place of a sequence (14 is the ace high)."""
    return _PLACES[suit][place]


class MeldKind(enum.Enum):
    SET = "set"
    SEQUENCE = "sequence"

    #: Hashed by identity, in C, as Suit (a meld's hash holds its kind).
    __hash__ = object.__hash__


# Python 3.11 finds an enum's member through EnumType.__getattr__, some 50 ns a time
# where a module's own name takes 3: the members the hot paths compare with are named
# once, here.
_SET, _SEQUENCE = MeldKind.SET, MeldKind.SEQUENCE
_ACE, _TWO = Rank.ACE, Rank.TWO


class Burraco(enum.Enum):
    """What kind of burraco a meld of seven or more cards is (R26-R28)."""

    CLEAN = "clean"
    DIRTY = "dirty"
    SEMI_CLEAN = "semi-clean"


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as it lies on the table: its cards in order and which one is the wildcard.

    ``cards`` is the arrangement; ``wild`` the index in ``cards`` of the card used as a
    wildcard, or None; ``start`` the place of ``cards[0]`` in a sequence (1 the ace low,
    14 the ace high), 0 for a set. Build melds with :func:`make_meld`, :func:`attach` or
    :meth:`parse`, which check the rules.
    """

    cards: tuple[Card, ...]
    kind: MeldKind
    wild: int | None
    start: int
    #: The hash, worked out once: melds key the caches of the enumerations.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.cards, self.kind, self.wild, self.start)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, arrangement: str | Iterable[str | Card], rules: Rules = DEFAULT) -> Meld:
        """Read a meld as it is written on the table, such as ``"6C JK 8C"``.

        A sequence must be written low to high, its wildcard in the place it stands for;
        a set may be written in any order. Raises :class:`InvalidNotationError` for a
        malformed card and :class:`InvalidMeldError` for cards that are no meld as written.

        >>> Meld.parse("5c 6c 2c 8c").stands_for
        Card.parse('7C')
        """
        cards = _as_cards(arrangement)
        meld = make_meld(cards, rules)
        if meld.kind is _SET or meld.cards == cards:
            return meld
        written = _sequence_as_written(cards, meld.suit)
        if written is None:
            raise InvalidMeldError(
                "invalid_arrangement",
                "R13",
                cards=[str(card) for card in cards],
                order=[str(card) for card in meld.cards],
            )
        return written

    @property
    def suit(self) -> Suit | None:
        """The suit of a sequence; None for a set."""
        if self.kind is _SET:
            return None
        natural = self.cards[1] if self.wild == 0 else self.cards[0]
        return natural.suit

    @property
    def rank(self) -> Rank | None:
        """The rank of a set; None for a sequence."""
        return self.cards[0].rank if self.kind is _SET else None

    @property
    def wildcard(self) -> Card | None:
        """The card used as a wildcard, if any (a natural 2 is not one, R20)."""
        return None if self.wild is None else self.cards[self.wild]

    @property
    def stands_for(self) -> Card | None:
        """The card a sequence's wildcard replaces; None for a set or a clean meld."""
        if self.wild is None or self.kind is _SET:
            return None
        suit = self.suit
        assert suit is not None
        return _card_at(self.start + self.wild, suit)

    @property
    def places(self) -> range:
        """The places a sequence covers (empty for a set)."""
        if self.kind is _SET:
            return range(0)
        return range(self.start, self.start + len(self.cards))

    @property
    def wild_is_bound(self) -> bool:
        """A wildcard with cards on both sides stands for one exact card (R23)."""
        return (
            self.kind is _SEQUENCE and self.wild is not None and 0 < self.wild < len(self.cards) - 1
        )

    @property
    def points(self) -> int:
        """The value of the meld's cards (R2); burraco bonuses are counted by scoring."""
        return sum(card.value for card in self.cards)

    def burraco(self, rules: Rules = DEFAULT) -> Burraco | None:
        """Clean, dirty or (where the rules admit it) semi-clean burraco, or None (R26-R28)."""
        size = len(self.cards)
        if size < BURRACO_SIZE:
            return None
        if self.wild is None:
            return Burraco.CLEAN
        if rules.semi_clean and not rules.international:
            # A set counts its naturals; a sequence the naturals on one side of the wildcard.
            run = size - 1 if self.kind is _SET else max(self.wild, size - 1 - self.wild)
            if run >= SEMI_CLEAN_RUN:
                return Burraco.SEMI_CLEAN
        return Burraco.DIRTY

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"


# --- making a meld --------------------------------------------------------------------


def _as_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    result = []
    try:
        for card in cards:
            result.append(card if isinstance(card, Card) else parse_cards([card])[0])
    except TypeError:
        raise InvalidNotationError("not_card_list", text=cards) from None
    return tuple(result)


def make_meld(cards: Iterable[Card | str], rules: Rules = DEFAULT) -> Meld:
    """Lay these cards, in any order, as a new meld (R10-R14, R18-R21).

    Raises :class:`InvalidMeldError` with the code, the rule and the cards when they make
    no meld, and :class:`InvalidNotationError` for something that is not a card.

    >>> make_meld(parse_cards("AC 2C 3C 2S 5C")).wildcard
    Card.parse('2S')
    >>> make_meld(parse_cards("JK 2H 7S"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.InvalidMeldError: With the 2 of hearts this meld would hold a second wildcard, ...
    """
    if cards.__class__ is not tuple:
        return _make_meld(_as_cards(cards), rules)
    # The melds made lately, by the cards as given: a move re-makes the meld
    # its legal actions made. Refusals are not kept.
    made = _tables(rules).made
    try:
        meld = made.kept.get(cards)
    except TypeError:  # something unhashable, which is no card: _as_cards says so
        return _make_meld(_as_cards(cards), rules)
    if meld is None:
        meld = made.put(cards, _make_meld(_as_cards(cards), rules))
    return meld


def _make_meld(cards: tuple[Card, ...], rules: Rules) -> Meld:
    if len(cards) < MIN_CARDS:
        raise InvalidMeldError(
            "too_few_cards", "R10", cards=[str(c) for c in cards], count=len(cards)
        )
    check_copies(cards, rules.decks)
    naturals = [card for card in cards if not card.is_wild]
    if not naturals:
        raise InvalidMeldError("wildcards_only", "R12", cards=[str(c) for c in cards])
    first = naturals[0]
    if len(naturals) > 1 and all(card.rank is first.rank for card in naturals):
        return _make_set(naturals, [card for card in cards if card.is_wild], rules)
    if any(card.suit is not first.suit for card in naturals):
        raise InvalidMeldError("mixed_suits", "R13", cards=[str(c) for c in cards])
    if len(cards) > MAX_PLACES:
        # Whatever else is wrong with them, more cards than any sequence holds (R14).
        raise InvalidMeldError("sequence_too_long", "R14", count=len(cards))
    return _make_sequence(cards, naturals, rules)


def _make_set(naturals: list[Card], wilds: list[Card], rules: Rules) -> Meld:
    rank = naturals[0].rank
    assert rank is not None
    size = len(naturals) + len(wilds)
    if size > MAX_SET:
        # Before a second wildcard, as a sequence's length comes first (docs/game.md).
        raise InvalidMeldError("set_too_large", "R11", count=size)
    if len(wilds) > 1:
        raise InvalidMeldError("two_wildcards", "R19", wild=str(wilds[1]))
    if not _set_rank_allowed(rank, rules):
        raise InvalidMeldError("set_rank_not_allowed", "R41", rank=rank.symbol)
    naturals.sort(key=_sort_index)
    return Meld(tuple(naturals + wilds), _SET, len(naturals) if wilds else None, 0)


def _set_rank_allowed(rank: int, rules: Rules) -> bool:
    """May a set of this rank be laid? In the international game only aces and 3s (R41)."""
    return not rules.international or rank in (1, 3)


def _rank_order(card: Card) -> int:
    return int(card.rank) if card.rank is not None else 0


def _make_sequence(cards: tuple[Card, ...], naturals: list[Card], rules: Rules) -> Meld:
    suit = naturals[0].suit
    assert suit is not None
    ranks = [int(card.rank) for card in naturals if card.rank is not None]
    seen: set[int] = set()
    doubled: list[Card] = []
    for card, rank in zip(naturals, ranks, strict=True):
        if rank in seen:
            doubled.append(card)
        seen.add(rank)
    # The refusal does not depend on the cards' order: a rank twice other than the ace's
    # first, the lowest such card named; then two aces, one low and one high (R14).
    twice = sorted((card for card in doubled if card.rank is not _ACE), key=_rank_order)
    if twice:
        raise InvalidMeldError("duplicate_rank", "R13", card=str(twice[0]))
    if doubled:
        raise InvalidMeldError("ace_wraps", "R14")
    own_twos = [card for card in cards if card.rank is _TWO and card.suit is suit]
    others = [card for card in cards if card.is_wild and card not in own_twos]
    refusal: InvalidMeldError | None = None
    # Prefer a 2 of the suit as a natural card, and the ace low (ARCHITECTURE.md).
    for natural_two in (True, False) if own_twos else (False,):
        wilds = others + own_twos[1:] if natural_two else others + own_twos
        if len(wilds) > 1:
            refusal = refusal or InvalidMeldError("two_wildcards", "R19", wild=str(wilds[1]))
            continue
        for ace in (1, 14) if 1 in seen else (1,):
            places = [ace if rank == 1 else rank for rank in ranks]
            if natural_two:
                places.append(2)
            placed = _place(sorted(places), wilds[0] if wilds else None, None, suit)
            if isinstance(placed, InvalidMeldError):
                if refusal is None or refusal.code == "two_wildcards":
                    refusal = placed
                continue
            start, wild_place = placed
            used = naturals + own_twos[:1] if natural_two else naturals
            return _sequence(start, places, used, wilds[0] if wilds else None, wild_place)
    assert refusal is not None
    if 1 in seen and refusal.code != "two_wildcards" and _wraps(ranks, own_twos, others):
        raise InvalidMeldError("ace_wraps", "R14")
    raise refusal


def _place(
    places: list[int], wild: Card | None, fixed: int | None, suit: Suit
) -> tuple[int, int | None] | InvalidMeldError:
    """Where a sequence starts and where its wildcard stands, or why it cannot be laid.

    ``places`` are the natural cards' places, sorted and distinct. A ``wild`` card
    ``fixed`` at a place stays there; otherwise it fills the one gap, or stands at the low
    end, or at the high end when the low end is the ace's (R21). After 13 naturals it is
    the 14th card: after the K, or below the 2 when the ace is high (R14).

    Gaps are R13's, however many: a sequence is consecutive, and a wildcard fills one place;
    R19 is named only where a second wildcard is actually laid (docs/game.md).
    """
    has_wild = wild is not None
    if fixed is not None:
        places = sorted([*places, fixed])
        has_wild = False
    low, high = places[0], places[-1]
    span = high - low + 1
    held = set(places)
    gaps = [place for place in range(low, high) if place not in held]
    if span > MAX_PLACES:
        return InvalidMeldError("sequence_too_long", "R14", count=span)
    if len(gaps) > (1 if has_wild else 0):
        # Name the cards on the table either side, the wildcard as itself.
        around = [
            wild if place == fixed and wild is not None else _card_at(place, suit)
            for place in (gaps[0] - 1, gaps[-1] + 1)
        ]
        return InvalidMeldError(
            "gap" if len(gaps) == 1 else "gaps",
            "R13",
            cards=[str(card) for card in around],
            missing=[str(_card_at(place, suit)) for place in gaps],
            # How many cards short the sequence is, once its wildcard fills a gap.
            short=len(gaps) - (1 if has_wild else 0),
        )
    if not has_wild:
        return low, (fixed if fixed is not None else None)
    if gaps:
        return low, gaps[0]
    if span == MAX_PLACES:
        return InvalidMeldError("sequence_too_long", "R14", count=span + 1)
    if low > 1:
        return low - 1, low - 1
    return low, high + 1


def _sequence(
    start: int, places: list[int], naturals: list[Card], wild: Card | None, wild_place: int | None
) -> Meld:
    """The sequence with these naturals at these places and the wildcard at its place."""
    by_place = dict(zip(places, naturals, strict=True))
    end = max(max(places), wild_place or 0)
    cards = []
    index = None
    for place in range(start, end + 1):
        if place == wild_place:
            assert wild is not None
            index = place - start
            cards.append(wild)
        else:
            cards.append(by_place[place])
    return Meld(tuple(cards), _SEQUENCE, index, start)


def _wraps(ranks: list[int], own_twos: list[Card], others: list[Card]) -> bool:
    """Would these cards be a sequence if the ace could join the king to the 2 (R14)?"""
    for natural_two in (True, False) if own_twos else (False,):
        wilds = len(others) + len(own_twos) - (1 if natural_two else 0)
        values = sorted(set(ranks) | ({2} if natural_two else set()))
        # The shortest arc of the 13-hour clock that holds every card.
        widest = max(
            (values[(i + 1) % len(values)] - values[i]) % 13 or 13 for i in range(len(values))
        )
        arc = 14 - widest
        if arc - len(values) <= min(wilds, 1) and len(values) + wilds <= MAX_PLACES:
            return True
    return False


def _sequence_as_written(cards: tuple[Card, ...], suit: Suit | None) -> Meld | None:
    """The sequence these cards make in exactly this order, if they make one."""
    assert suit is not None
    for index, card in enumerate(cards):
        if card.is_wild or card.rank is None:
            continue
        rank = int(card.rank)
        for start in (rank - index, 14 - index) if rank == 1 else (rank - index,):
            meld = _check_written(cards, suit, start)
            if meld is not None:
                return meld
        return None
    return None


def _check_written(cards: tuple[Card, ...], suit: Suit, start: int) -> Meld | None:
    if start < 1 or start + len(cards) - 1 > 14 or len(cards) > MAX_PLACES:
        return None
    wild = None
    for index, card in enumerate(cards):
        place = start + index
        if card.is_joker or (card.rank is _TWO and (card.suit is not suit or place != 2)):
            if wild is not None:
                return None
            wild = index
        elif card != _card_at(place, suit):
            return None
    return Meld(cards, _SEQUENCE, wild, start)


# --- attaching ------------------------------------------------------------------------


def attach(meld: Meld, cards: Iterable[Card | str], rules: Rules = DEFAULT) -> Meld:
    """Add all these cards at once to a meld on the table (R17) and return the new meld.

    A bound wildcard keeps its place unless its card is attached (R23); a free one may move
    to the other end or into a gap when ``rules.wild_moves`` (R22); a replaced wildcard
    stays in the meld (R24); a 2 of the suit goes home to place 2 when it can (R25).
    Raises :class:`InvalidMeldError` saying which rule the attachment breaks.

    >>> str(attach(Meld.parse("6C JK 8C"), parse_cards("7C 10C")))
    '6C 7C 8C JK 10C'
    """
    if cards.__class__ is not tuple:
        return _attach(meld, _as_cards(cards), rules)
    # As make_meld: the attachments made lately, refusals not kept; and what the rules
    # gave once for the same shape (a move attaches what the legal actions
    # listed, and they no longer keep the meld each would make).
    tables = _tables(rules)
    key = (meld, cards)
    try:
        result = tables.attached.kept.get(key)
    except TypeError:  # something unhashable, which is no card: _as_cards says so
        return _attach(meld, _as_cards(cards), rules)
    if result is None:
        added = _as_cards(cards)
        _check_added(meld, added, rules)
        result = _attached_outcome(meld, added, rules, tables)
        if result is None:
            return _attach(meld, added, rules)  # raises, saying which rule refuses
        tables.attached.put(key, result)
    return result


def _attach(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld:
    _check_added(meld, added, rules)
    if meld.kind is _SET:
        return _attach_to_set(meld, added, rules)
    return _attach_to_sequence(meld, added, rules)


def _check_added(meld: Meld, added: tuple[Card, ...], rules: Rules) -> None:
    """Refuse an attachment of no card (R17), or of more copies than the deck holds (R1)."""
    if not added:
        raise InvalidMeldError("nothing_to_attach", "R17")
    check_copies(meld.cards + added, rules.decks)


def _attach_to_set(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld:
    rank = meld.rank
    assert rank is not None
    for card in added:
        if not card.is_wild and card.rank is not rank:
            raise InvalidMeldError("rank_mismatch", "R11", card=str(card), rank=rank.symbol)
    naturals = [card for card in meld.cards if not card.is_wild]
    naturals += [card for card in added if not card.is_wild]
    wilds = [card for card in meld.cards if card.is_wild]
    wilds += [card for card in added if card.is_wild]
    return _make_set(naturals, wilds, rules)


def _attach_to_sequence(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld:
    suit = meld.suit
    assert suit is not None
    fixed = {meld.start + i: card for i, card in enumerate(meld.cards) if i != meld.wild}
    old_wild = meld.wildcard
    old_place = None if meld.wild is None else meld.start + meld.wild
    new_naturals: list[Card] = []
    own_twos: list[Card] = []
    new_wilds: list[Card] = []
    for card in added:
        if card.is_joker or (card.rank is _TWO and card.suit is not suit):
            new_wilds.append(card)
        elif card.suit is not suit:
            raise InvalidMeldError("wrong_suit", "R13", card=str(card), suit=suit.value)
        elif card.rank is _TWO:
            own_twos.append(card)
        else:
            new_naturals.append(card)
    if len(meld.cards) + len(added) > MAX_PLACES:
        raise InvalidMeldError("sequence_too_long", "R14", count=len(meld.cards) + len(added))
    has_ace = any(card.rank is _ACE for card in fixed.values())
    ace_places: tuple[int | None, ...] = (None,)
    if any(card.rank is _ACE for card in new_naturals):
        if has_ace:
            raise InvalidMeldError("ace_wraps", "R14")
        ace_places = (1, 14)
    refusals: list[InvalidMeldError] = []
    for ace, own_two_home in product(ace_places, (True, False) if own_twos else (False,)):
        places = dict(fixed)
        duplicate = None
        for card in new_naturals:
            place = ace if card.rank is _ACE else int(card.rank)  # type: ignore[arg-type]
            assert place is not None
            if place in places:
                duplicate = card
            places[place] = card
        if own_two_home:
            if 2 in places:
                continue
            places[2] = own_twos[0]
        if duplicate is not None:
            refusals.append(InvalidMeldError("duplicate_rank", "R13", card=str(duplicate)))
            continue
        wilds = new_wilds + (own_twos[1:] if own_two_home else own_twos)
        result = _arrange_with_old_wild(
            meld, suit, places, wilds, old_wild, old_place, rules, refusals
        )
        if result is not None:
            return result
    if meld.wild is None and not new_wilds and not own_twos and 2 in fixed:
        moved = _natural_two_leaves(suit, fixed, new_naturals, ace_places, rules)
        if isinstance(moved, Meld):
            return moved
        if moved is not None:
            raise moved
    refusal = _best_refusal(refusals)
    if refusal.code in ("gap", "gaps", "sequence_too_long"):
        # Around the corner from K to 2 the cards would fit: say so, as make_meld does.
        ranks = [
            int(c.rank)
            for c in (*fixed.values(), *new_naturals)
            if c.rank is not None and c.rank is not _TWO
        ]
        twos = [c for c in (*fixed.values(), *own_twos) if c.rank is _TWO]
        others = [*new_wilds, *([old_wild] if old_wild is not None else [])]
        if 1 in ranks and _wraps(ranks, twos, others):
            raise InvalidMeldError("ace_wraps", "R14")
    raise refusal


def _natural_two_leaves(
    suit: Suit,
    fixed: dict[int, Card],
    new_naturals: list[Card],
    ace_places: tuple[int | None, ...],
    rules: Rules,
) -> Meld | InvalidMeldError | None:
    """R20: a natural 2 on the table leaves its place to stand for a card in a gap.

    Tried last, when nothing else lets the cards on: a card that can stand as a natural
    does (ARCHITECTURE.md). The meld holds no other wildcard and none is attached. Returns
    the new meld; or the R20 refusal when moving the 2 would fill the gap but it may not
    move (``wild_moves`` is off, or the ace below it would be stranded); or None when
    moving it would not help, so the usual refusal stands.
    """
    two = fixed[2]
    for keep_ace in (True, False):
        for ace in ace_places:
            places = {place: card for place, card in fixed.items() if place != 2}
            for card in new_naturals:
                rank = card.rank
                assert rank is not None
                places[ace if rank is _ACE and ace is not None else int(rank)] = card
            if len(places) < len(fixed) - 1 + len(new_naturals):
                continue  # a card already in the meld: the usual refusal says so
            stranded = places.get(1)
            if not keep_ace:
                if stranded is None:
                    continue
                del places[1]
            found = _try(suit, places, [two], None, [])
            # At place 2 the 2 would be natural again: that is not leaving.
            if found is None or found.wild is None or found.start + found.wild <= 2:
                continue
            params = {"wild": str(two), "stands_for": str(found.stands_for)}
            if not rules.wild_moves:
                return InvalidMeldError("natural_two_locked", "R20", **params)
            if keep_ace:
                return found
            return InvalidMeldError("natural_two_holds_ace", "R20", low=str(stranded), **params)
    return None


def _arrange_with_old_wild(
    meld: Meld,
    suit: Suit,
    places: dict[int, Card],
    wilds: list[Card],
    old_wild: Card | None,
    old_place: int | None,
    rules: Rules,
    refusals: list[InvalidMeldError],
) -> Meld | None:
    """Try the old wildcard going home, staying, then moving; record why each fails."""
    if old_wild is None or old_place is None:
        return _try(suit, places, wilds, None, refusals)
    replaced = old_place in places
    options: list[tuple[str, dict[int, Card], list[Card], int | None]] = []
    if old_wild.rank is _TWO and old_wild.suit is suit and 2 not in places:
        options.append(("home", {**places, 2: old_wild}, wilds, None))
    if not replaced:
        options.append(("stay", places, [old_wild, *wilds], old_place))
    if replaced or (rules.wild_moves and not meld.wild_is_bound):
        options.append(("move", places, [old_wild, *wilds], None))
    failed: dict[str, InvalidMeldError] = {}
    for name, option_places, option_wilds, fixed in options:
        tried: list[InvalidMeldError] = []
        found = _try(suit, option_places, option_wilds, fixed, tried)
        if found is not None:
            return found
        failed[name] = tried[-1]
        if name == "stay" and failed[name].code in ("gap", "gaps"):
            failed[name] = _locked(meld, suit, old_wild, rules, option_places, failed[name])
    # Where two explain equally well, the wildcard going home, then moving, says the most.
    refusals.extend(failed[name] for name in ("home", "move", "stay") if name in failed)
    return None


def _locked(
    meld: Meld,
    suit: Suit,
    wild: Card,
    rules: Rules,
    places: dict[int, Card],
    refusal: InvalidMeldError,
) -> InvalidMeldError:
    """Why a wildcard that must stay put blocks this attachment (R22, R23)."""
    stands_for = meld.stands_for
    assert stands_for is not None and meld.wild is not None
    if meld.wild_is_bound:
        return InvalidMeldError(
            "bound_wildcard",
            "R23",
            wild=str(wild),
            stands_for=str(stands_for),
            low=str(meld.cards[meld.wild - 1]),
            high=str(meld.cards[meld.wild + 1]),
        )
    moved = _place(sorted(places), wild, None, suit)
    if not rules.wild_moves and not isinstance(moved, InvalidMeldError):
        return InvalidMeldError("wild_locked", "R22", wild=str(wild), stands_for=str(stands_for))
    return refusal


def _try(
    suit: Suit,
    places: dict[int, Card],
    wilds: list[Card],
    fixed: int | None,
    refusals: list[InvalidMeldError],
) -> Meld | None:
    if len(wilds) > 1:
        refusals.append(InvalidMeldError("two_wildcards", "R19", wild=str(wilds[-1])))
        return None
    order = sorted(places)
    placed = _place(order, wilds[0] if wilds else None, fixed, suit)
    if isinstance(placed, InvalidMeldError):
        refusals.append(placed)
        return None
    start, wild_place = placed
    return _sequence(
        start, order, [places[p] for p in order], wilds[0] if wilds else None, wild_place
    )


_REFUSAL_ORDER = (
    "duplicate_rank",
    "bound_wildcard",
    "wild_locked",
    "two_wildcards",
    "sequence_too_long",
    "gap",
    "gaps",
)


def _best_refusal(refusals: list[InvalidMeldError]) -> InvalidMeldError:
    """The refusal that explains the most: a blocked wildcard before a gap, and of the
    gaps, the arrangement that came closest (the fewest cards short); the first on a tie."""
    assert refusals

    def rank(refusal: InvalidMeldError) -> tuple[int, int]:
        if refusal.code in ("gap", "gaps"):
            return _REFUSAL_ORDER.index("gap"), int(refusal.params["short"])
        order = _REFUSAL_ORDER.index(refusal.code) if refusal.code in _REFUSAL_ORDER else 99
        return order, 0

    return min(refusals, key=rank)


# --- questions that never raise -------------------------------------------------------


def can_meld(cards: Iterable[Card], rules: Rules = DEFAULT) -> bool:
    """Do these cards make a meld? Never raises."""
    try:
        make_meld(cards, rules)
    except (InvalidMeldError, InvalidNotationError):
        return False
    return True


def can_attach(meld: Meld, cards: Iterable[Card], rules: Rules = DEFAULT) -> bool:
    """Can all these cards be attached to the meld at once? Never raises."""
    try:
        attach(meld, cards, rules)
    except (InvalidMeldError, InvalidNotationError):
        return False
    return True


# --- enumeration ----------------------------------------------------------------------
#
# A hand's melds fall into groups that each depend on a few of its cards only.
# The sets of a rank depend on that rank's naturals and on which wildcards the hand holds.
# The sequences of a suit come from runs of its places with at most one place missing
# between two held ones (a candidate has at most one gap), each run depending on its own
# cards and on the wildcards (how many of the suit's 2, natural or wild). The attachments
# to a meld depend on the meld, on the hand's cards of its rank, or of its suit out from its
# ends as far as wildcards could bridge, and on the wildcards. Each group is worked out once
# from the fewest cards that give the same candidates, kept in a Cache, and the groups are
# merged in the order the enumeration of the whole hand gives: the same melds in the same
# order, for the same budget steps. That enumeration of the whole hand is kept as the
# reference (``_possible_melds_reference``, ``_possible_attachments_reference``), and
# tests/engine/test_fast.py checks the groups against it.


def _key(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_sort_index))


#: Card.sort_key as one number (Card._index): the same order, sorted faster.
_sort_index = attrgetter("_index")


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
    return [rank for rank in Rank if rank is not _TWO and _set_rank_allowed(rank, rules)]


def possible_melds(
    hand: Iterable[Card], rules: Rules = DEFAULT, budget: Budget | None = None
) -> list[Meld]:
    """Every distinct new meld that can be laid from these cards (R10-R14, R18-R21).

    Two melds are distinct when they hold different cards; each comes as
    :func:`make_meld` would lay it. Each candidate tried spends a step of ``budget``
    (:mod:`engine.budget`), which raises :class:`TooBigError` once it runs out.

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


def _possible_melds_reference(
    cards: tuple[Card, ...], rules: Rules, budget: Budget | None
) -> tuple[Meld, ...]:
    """The melds of the whole hand enumerated at once: what :func:`_possible_melds` gives."""
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


# -- the groups, by the cards' small numbers (Card._key: 0 the joker, rank * 4 + suit + 1)

_KEYS = 57
_BY_KEY: list[Card] = [ALL_CARDS[-1]] * _KEYS
for _card in ALL_CARDS:
    _BY_KEY[_card._key] = _card
_SET_RANKS = {
    international: tuple(int(rank) for rank in _set_ranks(DEFAULT.replace(variant=variant)))
    for international, variant in ((False, "italian"), (True, "international"))
}
_SUIT_OF_ORDER = tuple(Suit)
_ACE_HIGH = 1 << 14

#: One group's analysis: the candidates it tried (the budget's steps) and what they gave.
#: For melds, two tuples side by side: each valid meld's order key (its cards' display
#: places) and the meld (not a pair for each: the collector walks every cached container,
#: and a tuple of order keys, plain numbers, it stops walking). For attachments, each valid
#: attachment's cards alone: the meld it makes is asked of the shapes.
MeldGroup = tuple[int, tuple[tuple[int, ...], ...], tuple[Meld, ...]]
AttachGroup = tuple[int, tuple[tuple[Card, ...], ...]]
#: A group's key: (0, rank, the rank's naturals of each suit, wildcards held) for sets,
#: (1, suit order, places held as bits, wildcards held) for sequences (_wild_codes).
GroupKey = tuple[int, ...]
#: An attachment's candidates before wildcards: the natural cards alone (each a candidate)
#: and every choice of naturals, none included, that a wildcard may join.
Choices = tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]


class _Tables:
    """Every analysis kept for one set of rules."""

    __slots__ = (
        "attached",
        "attachments",
        "choices",
        "made",
        "melds",
        "moved_choices",
        "outcomes",
        "recipes",
        "shapes",
    )

    def __init__(self) -> None:
        self.melds: Cache[GroupKey, MeldGroup] = Cache(20_000)
        #: By the meld and the group's key (a set of a natural rank: its size, whether it
        #: holds a wildcard, and the key).
        self.attachments: Cache[tuple[object, ...], AttachGroup] = Cache(30_000)
        #: The natural cards an attachment may take, before any wildcard (see _choices).
        self.choices: Cache[GroupKey, Choices] = Cache(20_000)
        #: A sequence's choices away from the ace and the 2, by its shape and the places
        #: held from its start: each card as its key less the key of the start's card.
        self.moved_choices: Cache[GroupKey, tuple[tuple[int, ...], ...]] = Cache(20_000)
        #: What a candidate gives, a meld or a refusal (None), by the meld it is attached to
        #: (None: a new meld) and its cards.
        self.outcomes: Cache[tuple[Meld | None, tuple[Card, ...]], Meld | None] = Cache(50_000)
        #: Meld groups away from the ace and the 2, by rank or place (_moved_group).
        self.recipes: Cache[GroupKey, Recipe] = Cache(20_000)
        #: What attaching gives to a sequence, by shape (_sequence_outcome).
        self.shapes: Cache[tuple[int, ...], Arranged] = Cache(100_000)
        self.made: Cache[tuple[Card | str, ...], Meld] = Cache(20_000)
        self.attached: Cache[tuple[Meld, tuple[Card | str, ...]], Meld] = Cache(20_000)


_TABLES: dict[Rules, _Tables] = {}
#: The rules of the last _tables call, and their tables.
_LAST_TABLES: tuple[Rules, _Tables] = (DEFAULT, _TABLES.setdefault(DEFAULT, _Tables()))


def _tables(rules: Rules) -> _Tables:
    global _LAST_TABLES
    last_rules, tables = _LAST_TABLES
    if last_rules is rules:  # the last call's rules: no hash of them to work out
        return tables
    tables = _TABLES.get(rules) or _TABLES.setdefault(rules, _Tables())
    _LAST_TABLES = rules, tables  # one assignment: a thread reads both or neither
    return tables


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


def _reach(meld: Meld, mask: int) -> tuple[int, int, int]:
    """What of ``mask`` (the hand's ranks of the meld's suit, as bits) can matter to what
    the hand attaches to this sequence, and the lowest and highest place a candidate may
    reach: from the meld's ends out to where more places are missing than wildcards could
    fill (see _sequence_attachments); no candidate takes a card beyond. Kept by the
    meld's shape and the mask (looked up for each sequence on every move)."""
    key = (meld.start, len(meld.cards), meld.wild, mask)
    found = _REACHES.kept.get(key)
    if found is None:
        found = _REACHES.put(key, _reach_of(*key))
    return found


#: What _reach found, by the meld's start, size and wildcard and the hand's mask.
_REACHES: Cache[tuple[int, int, int | None, int], tuple[int, int, int]] = Cache(50_000)


def _natural_span(start: int, size: int, wild: int | None) -> tuple[int, int]:
    """The lowest and highest place a sequence's natural cards hold (its wildcard may stand
    at either end)."""
    low = start + 1 if wild == 0 else start
    high = start + size - 2 if wild == size - 1 else start + size - 1
    return low, high


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


def _outcomes(
    meld: Meld | None,
    candidates: Iterable[tuple[Card, ...]],
    key: GroupKey,
    rules: Rules,
    tables: _Tables,
) -> list[tuple[tuple[Card, ...], Meld]]:
    """What _made (``meld`` None) or _attached gives for the candidates of the group
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


def _attached_outcome(
    meld: Meld, cards: tuple[Card, ...], rules: Rules, tables: _Tables
) -> Meld | None:
    """``attach(meld, cards)``, or None when refused, by shape (no copies counted)."""
    if meld.kind is _SEQUENCE:
        return _sequence_outcome(meld, cards, rules, tables)
    if meld.cards[0]._key >> 2 != 2:  # a set of a natural rank (not the 2s: R18)
        return _set_outcome(meld, cards, rules, tables)
    kept = tables.outcomes.kept
    try:
        return kept[(meld, cards)]
    except KeyError:
        try:
            outcome: Meld | None = _attach(meld, cards, rules)
        except InvalidMeldError:
            outcome = None
        return tables.outcomes.put((meld, cards), outcome)


def _card_code(card: Card, order: int) -> int:
    """A card as a meld of the suit ``order`` sees it: a natural of the suit by its rank
    (the 2 is 2: natural or wild), any other wildcard 0, a natural of the suit 1, 2 or 3
    places further in the suits' order 100, 200 or 300 plus its rank."""
    key = card._key
    if not key:
        return 0
    key -= 1
    rank = key >> 2
    if key & 3 == order:
        return rank
    return 0 if rank == 2 else 100 * ((key & 3) - order & 3) + rank


#: _card_code of every card, by the suit's order and the card's key: looked up, not called,
#: for each card of each candidate.
_CARD_CODES = [[_card_code(card, order) for card in _BY_KEY] for order in range(4)]


def _sequence_outcome(
    meld: Meld, cards: tuple[Card, ...], rules: Rules, tables: _Tables
) -> Meld | None:
    """``attach(meld, cards)``, or None when refused, kept by shape: attaching to a
    sequence depends on where its naturals and wildcard stand and on what each card added
    is to it (its rank, the suit's 2, another wildcard), not on the suit or on which
    wildcard: the joker and another suit's 2 go the same way (_attach_to_sequence). The
    shape keeps where each card of the result comes from (the meld's cards, then those
    added)."""
    natural = meld.cards[1] if meld.wild == 0 else meld.cards[0]
    order = natural._key - 1 & 3
    start, size, wild = meld.start, len(meld.cards), meld.wild
    code_of = _CARD_CODES[order]
    wild_code = -1 if wild is None else code_of[meld.cards[wild]._key]
    codes = [code_of[card._key] for card in cards]
    # Away from the ace and the 2 (places 1, 2 and 14), where no natural stands, attaching
    # goes the same way wherever the meld lies: the shape is then taken from its start.
    low, high = _natural_span(start, size, wild)
    shift = 0
    if low >= 3 and high <= 13 and wild_code <= 0 and all(not c or 3 <= c <= 13 for c in codes):
        shift = start
        codes = [c and c - start + 20 for c in codes]
    shape = (-3 if shift else start, size, -1 if wild is None else wild, wild_code, *codes)
    return _by_shape(shape, meld, cards, shift, rules, tables)


def _set_code(card: Card, rank: int) -> int:
    """A card as a set of ``rank`` sees it: the joker 0, a natural of the rank 10 plus its
    suit's order, any 2 20 (in a set of another rank it is a wildcard, whatever its suit:
    R18), any other card 100 plus its key."""
    key = card._key
    if not key:
        return 0
    if (key - 1) >> 2 == rank:
        return 10 + (key - 1 & 3)
    if (key - 1) >> 2 == 2:
        return 20
    return 100 + key


#: _set_code of every card, by the set's rank and the card's key.
_SET_CODES = [[_set_code(card, rank) for card in _BY_KEY] for rank in range(14)]


def _set_outcome(meld: Meld, cards: tuple[Card, ...], rules: Rules, tables: _Tables) -> Meld | None:
    """``attach(meld, cards)`` to a set, or None when refused, kept by shape as
    _sequence_outcome keeps attachments to sequences: attaching to a set depends on which
    cards are wildcards and on the order of the naturals' suits (a set lies in the suits'
    order), not on the rank (but for the ranks the international game allows a set of,
    R41) nor on which suits they are. So every rank shares what one learnt, and the suits
    present are counted from the first (hearts and spades as hearts and diamonds)."""
    natural = meld.cards[0]._key
    rank = (natural - 1) >> 2
    allowed = _set_rank_allowed(rank, rules)
    code_of = _SET_CODES[rank]
    codes = [code_of[card._key] for card in meld.cards]
    codes += [code_of[card._key] for card in cards]
    suits = sorted({code for code in codes if 10 <= code <= 13})
    if suits[-1] != 9 + len(suits):  # not hearts, then diamonds...: count them anew
        anew = {code: 10 + index for index, code in enumerate(suits)}
        codes = [anew.get(code, code) for code in codes]
    return _by_shape((-4, allowed, len(meld.cards), *codes), meld, cards, 0, rules, tables)


def _made_outcome(cards: tuple[Card, ...], rules: Rules, tables: _Tables) -> Meld | None:
    """``make_meld(cards)`` for cards in display order (as candidates are), or None when
    refused, kept by shape as _sequence_outcome keeps attachments: each card as it is to
    the suit of the first natural card (its rank in that suit; the 2 of that suit; another
    wildcard; a card of another suit, by how many suits further it comes).

    Two kinds of shapes are shared further: naturals all of one rank from 3 to
    the king (a set, or nothing) do not depend on the rank, but in the international game
    (R41); naturals of one suit, of ranks all from 3 to the king and not all one, lay the
    same wherever they lie, away from the ace and the 2 (as _sequence_outcome's)."""
    order = 0
    for card in cards:
        key = card._key
        if key and (key - 1) >> 2 != 2:
            order = key - 1 & 3
            break
    code_of = _CARD_CODES[order]
    codes = [code_of[card._key] for card in cards]
    shift = 0
    ranks = {code % 100 for code in codes if code}
    if len(ranks) == 1:
        rank = ranks.pop()
        if 3 <= rank <= 13 and not rules.international:
            codes = [code and code - rank + 50 for code in codes]
    elif ranks and all(not code or 3 <= code <= 13 for code in codes):
        shift = min(ranks)
        codes = [code and code - shift + 20 for code in codes]
    return _by_shape((-5 if shift else -2, *codes), None, cards, shift, rules, tables)


#: What a shape gives: None when refused, else the result's kind, its start less the shift,
#: its wildcard's index, and where each of its cards comes from in the cards tried.
Arranged = tuple[MeldKind, int, int | None, tuple[int, ...]] | None


def _by_shape(
    shape: tuple[int, ...],
    meld: Meld | None,
    cards: tuple[Card, ...],
    shift: int,
    rules: Rules,
    tables: _Tables,
) -> Meld | None:
    """``make_meld(cards)`` (``meld`` None) or ``attach(meld, cards)``, or None when
    refused, by what the rules gave once for the same ``shape``: the cards tried (the
    meld's, then those added) put where the shape's result put them, its start moved by
    ``shift`` (a sequence's shape taken from its start, _sequence_outcome)."""
    pool = cards if meld is None else meld.cards + cards
    try:
        arranged = tables.shapes.kept[shape]
    except KeyError:
        try:
            result = _make_meld(cards, rules) if meld is None else _attach(meld, cards, rules)
        except InvalidMeldError:
            tables.shapes.put(shape, None)
            return None
        sources = tuple(_source(pool, card) for card in result.cards)
        tables.shapes.put(shape, (result.kind, result.start - shift, result.wild, sources))
        return result
    if arranged is None:
        return None
    kind, start, wild, sources = arranged
    return _known_meld(tuple([pool[i] for i in sources]), kind, wild, start + shift)


def _known_meld(cards: tuple[Card, ...], kind: MeldKind, wild: int | None, start: int) -> Meld:
    """``Meld(cards, kind, wild, start)`` at a third of the cost, for an arrangement the
    rules already made once (a shape's): each field set through its slot."""
    meld = _NEW(Meld)
    _PUT_CARDS(meld, cards)
    _PUT_KIND(meld, kind)
    _PUT_WILD(meld, wild)
    _PUT_START(meld, start)
    _PUT_HASH(meld, hash((cards, kind, wild, start)))
    return meld


_NEW = object.__new__
#: Each field's slot setter, in the order of Meld's fields (tests/engine/test_melds.py).
_PUT_CARDS, _PUT_KIND, _PUT_WILD, _PUT_START, _PUT_HASH = (
    getattr(Meld, field.name).__set__ for field in fields(Meld)
)


def _source(pool: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` of a result came from in ``pool``: the same object, else an equal
    card (equal cards are interchangeable)."""
    for index, other in enumerate(pool):
        if other is card:
            return index
    return pool.index(card)


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


# -- meld groups kept as recipes, away from the ace and the 2 ----------------------------
#
# A group of a set of a rank from 3 to the king lays the same whatever its rank (but in the
# international game, R41); a group of a run of a suit from place 4 to place 12 (from 5
# when the suit's own 2 is held: with a wildcard it could go home, R25) lays the same
# wherever the run lies, no candidate reaching the 2 or the ace. Such a group is kept once
# more as a recipe: for each meld its cards and its order key as numbers that the cards of
# the rank (or of the run's lowest place) are found from, its kind, wildcard and start.
# A group met at another rank or place is then made from the recipe, not tried again.

#: A recipe: the candidates tried, then for each meld its cards' codes, its order key's
#: codes, its kind, its wildcard's index and its start less the shift.
Recipe = tuple[int, tuple[tuple[tuple[int, ...], tuple[int, ...], MeldKind, int | None, int], ...]]


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


def possible_attachments(
    melds: Sequence[Meld],
    hand: Iterable[Card],
    rules: Rules = DEFAULT,
    budget: Budget | None = None,
) -> list[tuple[int, tuple[Card, ...], Meld]]:
    """Every attachment the hand can make to these melds (R17, R22-R25).

    Each is (the meld's index, the cards in display order, the meld that results); the same
    cards are listed once per meld. Each candidate tried spends a step of ``budget``.

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
            # charged the candidates the reference tries, those wildcards included.
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


def _possible_attachments_reference(
    melds: Sequence[Meld], cards: tuple[Card, ...], rules: Rules, budget: Budget | None
) -> list[tuple[int, tuple[Card, ...], Meld]]:
    """The attachments of the whole hand enumerated at once: what
    :func:`possible_attachments` gives."""
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


def _choices(meld: Meld, key: GroupKey, lowest: int, highest: int, tables: _Tables) -> Choices:
    """The candidates of :func:`_attachment_candidates` before wildcards, kept by the
    meld and the natural cards of the key (whatever wildcards the hand holds)."""
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
    """What _sequence_attachments tries, before wildcards: each choice of naturals (none
    included: the whole suit takes a wildcard alone). The same spans of places, counted
    as bits."""
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


__all__ = [
    "Burraco",
    "Meld",
    "MeldKind",
    "attach",
    "attachment_cards",
    "can_attach",
    "can_meld",
    "make_meld",
    "possible_attachments",
    "possible_melds",
]
