"""Melds as values: a set or a sequence as it lies on the table, and its burraco (R26-R28).

A sequence is stored as an arrangement: its cards from low to high, each at a *place*.
Places 2..13 are the ranks; the ace is place 1 (low) or 14 (high), never both (R14).
The wildcard, if any, stands at the place of the card it replaces; a 2 of the suit at
place 2 is a natural card (R20). A set is its naturals in suit order, then its wildcard.
The longest sequence fills all 14 places: the 13 naturals and its wildcard at the free end,
the ace's other place (R14), as in ``AC 2C ... KC JK``.

The rules that make and extend melds are :mod:`engine.melds.rules`; this module only
holds what a meld is.

>>> meld = Meld.parse("6C JK 8C")
>>> str(meld), str(meld.stands_for), meld.kind
('6C JK 8C', '7C', <MeldKind.SEQUENCE: 'sequence'>)
>>> Meld.parse("QC QD JK").burraco()
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from operator import attrgetter

from engine.cards import ALL_CARDS, Card, Rank, Suit, format_cards
from engine.rules import DEFAULT, Rules

BURRACO_SIZE = 7
SEMI_CLEAN_RUN = 7
#: R42: a super burraco is all eight cards of a rank (two decks hold eight of each)...
SUPER_SIZE = 8
#: ...and a royal the thirteen ranks of a suit.
ROYAL_SIZE = 13


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


class Special(enum.Enum):
    """A burraco some codes score apart, its bonus replacing the plain one (R42, R43)."""

    SUPER = "super"
    ROYAL = "royal"
    DIRTY_ROYAL = "dirty-royal"
    DIRTY_SUPER = "dirty-super"
    CHAMPION = "champion"


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as it lies on the table: its cards in order and which one is the wildcard.

    ``cards`` is the arrangement; ``wild`` the index in ``cards`` of the card used as a
    wildcard, or None; ``start`` the place of ``cards[0]`` in a sequence (1 the ace low,
    14 the ace high), 0 for a set. Build melds with :func:`~engine.melds.make_meld`,
    :func:`~engine.melds.attach` or :meth:`parse`, which check the rules.
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
        # The rules are written on these values (engine.melds.rules): asked when read.
        from engine.melds.rules import _parse_meld

        return _parse_meld(arrangement, rules)

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

    def special(self, rules: Rules = DEFAULT) -> Special | None:
        """The burraco these rules' code scores apart, if this meld is one (R42, R43).

        A set of all eight cards of a rank is a super burraco, or with a wildcard a dirty
        super; under Burraco Champion the clean one is the Champion burraco (the engine's
        reading, docs/game.md). A clean sequence of the thirteen ranks (ace to king, or 2 to
        ace) is a royal; one that covers them with a wildcard is a dirty royal.

        >>> from engine.rules import PRESETS
        >>> Meld.parse("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC").special(PRESETS["f-it-ab"])
        <Special.ROYAL: 'royal'>
        >>> Meld.parse("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC").special()
        """
        scores = rules.scores
        size = len(self.cards)
        if size < SUPER_SIZE:
            return None
        naturals = size - (self.wild is not None)
        if self.kind is _SET:
            if naturals < SUPER_SIZE:
                return None
            if self.wild is not None:
                return Special.DIRTY_SUPER if scores.dirty_super is not None else None
            if scores.champion is not None:
                return Special.CHAMPION
            return Special.SUPER if scores.super_clean is not None else None
        if size < ROYAL_SIZE:
            return None
        if self.wild is None:
            return Special.ROYAL if scores.royal is not None else None
        return Special.DIRTY_ROYAL if scores.dirty_royal is not None else None

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"


#: Card.sort_key as one number (Card._index): the same order, sorted faster.
_sort_index = attrgetter("_index")


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
