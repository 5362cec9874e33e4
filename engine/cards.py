"""Cards and their notation (R1, R2): the smallest values the engine is built from.

A card is written rank then suit: ``10H``, ``AS``, ``2C``; the joker is ``JK``.
Parsers also accept lower case, ``T`` for ten and the suit symbols; ``str()`` always gives
the canonical form.

>>> Card.parse("10h")
Card.parse('10H')
>>> str(Card.parse("t♣"))
'10C'
>>> Card.parse("JK").value
30
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from engine.errors import InvalidMeldError, InvalidNotationError


class Suit(enum.Enum):
    """The four French suits, in the order R5 ranks them: hearts, diamonds, clubs, spades."""

    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    SPADES = "S"

    #: A member is the only one equal to itself: hashed by identity, in C, where Enum's
    #: own hash is a Python call (suits key the tables of places).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]


_SUIT_SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


class Rank(enum.IntEnum):
    """Ranks by their number; the ace is 1 (it may also stand high in a sequence, R14)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def points(self) -> int:
        """What a card of this rank is worth (R2)."""
        return _RANK_VALUES[self]


_RANK_SYMBOLS = {rank: str(int(rank)) for rank in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
# R2: ace 15; any 2 20; K Q J 10 9 8 ten each; 7 6 5 4 3 five each.
_RANK_VALUES = {rank: 10 if rank >= Rank.EIGHT else 5 for rank in Rank} | {
    Rank.ACE: 15,
    Rank.TWO: 20,
}
JOKER_VALUE = 30


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a rank and a suit, or the joker (both None).

    Cards are values: two 10♥ from the two decks are equal. Build them with
    :meth:`parse` or the constants; the deck holds two copies of each card and four jokers.
    """

    rank: Rank | None
    suit: Suit | None
    #: A small number naming the card, so hashing and comparing skip the enums: cards are
    #: hashed and compared in every enumeration of melds.
    _key: int = field(init=False, repr=False, compare=False)
    #: :attr:`sort_key`, worked out once (hands are sorted on every move).
    _sort: tuple[int, int] = field(init=False, repr=False, compare=False)
    #: :attr:`sort_key` as one number, suit * 16 + rank (the joker 64): the same order,
    #: sorted by ``operator.attrgetter("_index")`` with no Python call for each card.
    _index: int = field(init=False, repr=False, compare=False)
    #: :meth:`__str__`, worked out once: a refusal names its cards, and the rules refuse
    #: most of the candidates an enumeration tries.
    _text: str = field(init=False, repr=False, compare=False)
    #: Jokers and 2s can stand for other cards (R18); a 2 may still be natural (R20).
    #: This and ``is_joker`` are worked out once: the rules ask them of every card they
    #: weigh, and a field is read at a tenth of a property's cost.
    is_wild: bool = field(init=False, repr=False, compare=False)
    is_joker: bool = field(init=False, repr=False, compare=False)

    MAX_COPIES: ClassVar[int] = 2
    MAX_JOKERS: ClassVar[int] = 4

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise InvalidNotationError("card_rank_and_suit")
        if self.rank is None or self.suit is None:
            key, sort, text = 0, (4, 0), "JK"
        else:
            key, sort = self.rank * 4 + self.suit.order + 1, (self.suit.order, int(self.rank))
            text = self.rank.symbol + self.suit.value
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_sort", sort)
        object.__setattr__(self, "_index", sort[0] * 16 + sort[1])
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "is_wild", self.rank is None or self.rank is Rank.TWO)
        object.__setattr__(self, "is_joker", self.rank is None)

    def __hash__(self) -> int:
        return self._key

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Card:
            return self._key == other._key
        return NotImplemented

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card in the notation, such as ``10H``, ``as``, ``T♣`` or ``JK``.

        Raises :class:`InvalidNotationError` for text that is no card.

        >>> Card.parse("Q♠")
        Card.parse('QS')
        >>> Card.parse("1H")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        engine.errors.InvalidNotationError: “1H” is not a card: write the rank ...
        """
        try:
            return _BY_TEXT[text.strip().upper()]
        except (KeyError, AttributeError):
            raise InvalidNotationError("not_a_card", text=text) from None

    @property
    def is_two(self) -> bool:
        """A pinella: any 2 (R18)."""
        return self.rank is Rank.TWO

    @property
    def value(self) -> int:
        """What the card scores (R2)."""
        return JOKER_VALUE if self.rank is None else _RANK_VALUES[self.rank]

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @property
    def symbol(self) -> str:
        """Rank and suit symbol for people: ``10♥``; the joker is ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.symbol

    @property
    def sort_key(self) -> tuple[int, int]:
        """Display order in a hand: by suit (hearts, diamonds, clubs, spades), then rank;
        jokers last."""
        return self._sort

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card(None, None)
#: The 53 different cards, in display order.
ALL_CARDS: tuple[Card, ...] = (
    *(Card(rank, suit) for suit in Suit for rank in Rank),
    JOKER,
)

_BY_TEXT: dict[str, Card] = {"JK": JOKER, "JOKER": JOKER}
for _card in ALL_CARDS[:-1]:
    assert _card.rank is not None and _card.suit is not None
    for _rank_text in {_card.rank.symbol, "T" if _card.rank is Rank.TEN else _card.rank.symbol}:
        for _suit_text in (_card.suit.value, _card.suit.symbol):
            _BY_TEXT[_rank_text + _suit_text] = _card
# Variation selectors sometimes follow a pasted suit symbol (♥️).
_BY_TEXT.update({text + "\ufe0f": card for text, card in list(_BY_TEXT.items())})


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Parse a list of cards, or one string of cards separated by spaces or commas.

    Raises :class:`InvalidNotationError` for a card that is malformed.

    >>> parse_cards("7h 7H 7d")
    [Card.parse('7H'), Card.parse('7H'), Card.parse('7D')]
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    if not isinstance(texts, Iterable):
        raise InvalidNotationError("not_card_list", text=texts)
    cards = []
    for text in texts:
        if not isinstance(text, str):
            raise InvalidNotationError("not_card_text", text=text)
        cards.append(Card.parse(text))
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical notation of several cards, separated by spaces.

    >>> format_cards(parse_cards(["jk", "2♣"]))
    'JK 2C'
    """
    return " ".join(str(card) for card in cards)


def max_copies(card: Card, decks: int = 2) -> int:
    """How many copies of this card the 108-card deck holds (R1), or the 162 cards of
    three decks with six jokers that five and six players use (R40)."""
    return (Card.MAX_JOKERS if card.is_joker else Card.MAX_COPIES) * decks // 2


def check_copies(cards: Iterable[Card], decks: int = 2) -> None:
    """Refuse cards that name more copies than the deck holds (R1; three decks, R40).

    Raises :class:`InvalidMeldError` with code ``too_many_copies``.
    """
    if cards.__class__ is not list and cards.__class__ is not tuple:
        cards = list(cards)
    # Counting the cards' small numbers is quick; only a card over two copies (a joker may
    # be: there are four) needs the closer look below.
    keys = [card._key for card in cards]
    if len(keys) - len(set(keys)) <= 1:
        return  # one card twice at most (quicker than counting them)
    counts = Counter(keys)
    if max(counts.values()) <= Card.MAX_COPIES:
        return
    for card, count in Counter(cards).items():
        if count > max_copies(card, decks):
            raise InvalidMeldError(
                "too_many_copies", "R1", card=str(card), count=count, most=max_copies(card, decks)
            )


def deck(decks: int = 2) -> list[Card]:
    """The 108 cards of two French decks and four jokers (R1), in display order; or the
    162 of three decks and six jokers (R40)."""
    return [card for card in ALL_CARDS for _ in range(max_copies(card, decks))]


def points(cards: Iterable[Card]) -> int:
    """The sum of the cards' values (R2)."""
    return sum(card.value for card in cards)


def sorted_cards(cards: Sequence[Card]) -> list[Card]:
    """The cards in display order (see :attr:`Card.sort_key`)."""
    return sorted(cards, key=lambda card: card.sort_key)
