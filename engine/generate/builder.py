"""The builder recipes share: a seeded shoe of the 108 cards, melds and positions laid out
plausibly, and the draft a recipe returns before the engine judges it."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card, Rank, Suit, deck
from engine.errors import BurracoError, InvalidNotationError
from engine.melds import (
    Meld,
    MeldKind,
    make_meld,
)
from engine.rules import PRESETS, Rules

SUITS = tuple(Suit)


JOKER = Card(None, None)


NATURAL_RANKS = tuple(rank for rank in Rank if rank is not Rank.TWO)


def card_at(place: int, suit: Suit) -> Card:
    """The natural card of a suit at a place of a sequence (1 and 14 are the ace)."""
    return Card(Rank(1 if place == 14 else place), suit)


def place_of(card: Card, high_ace: bool = False) -> int:
    assert card.rank is not None
    return 14 if high_ace and card.rank is Rank.ACE else int(card.rank)


class _Miss(Exception):
    """A recipe asked for a card the shoe no longer holds: the seed gives no puzzle."""


class Shoe:
    """The 108 cards not yet placed in the position being built (R1)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left: Counter[Card] = Counter(deck())

    def has(self, card: Card, count: int = 1) -> bool:
        return self.left[card] >= count

    def take(self, cards: Iterable[Card]) -> list[Card]:
        taken = list(cards)
        for card in taken:
            if self.left[card] <= 0:
                raise _Miss(str(card))
            self.left[card] -= 1
        return taken

    def deal(self, count: int, allow: Callable[[Card], bool] | None = None) -> list[Card]:
        """``count`` cards at random among those ``allow`` accepts."""
        pool = [
            card
            for card, left in self.left.items()
            for _ in range(left)
            if allow is None or allow(card)
        ]
        if len(pool) < count:
            raise _Miss("not enough cards")
        return self.take(self.rng.sample(pool, count))

    def wildcard(self, avoid_suit: Suit | None = None, joker: bool | None = None) -> Card:
        """A joker or a pinella (of another suit than ``avoid_suit``)."""

        def fits(card: Card) -> bool:
            if not card.is_wild or (joker is not None and card.is_joker != joker):
                return False
            return card.is_joker or avoid_suit is None or card.suit is not avoid_suit

        return self.deal(1, fits)[0]

    @property
    def count(self) -> int:
        return sum(self.left.values())


@dataclass(slots=True)
class Draft:
    """What a recipe builds: the engine fields and the prompt's code and parameters."""

    fields: dict[str, Any]
    prompt: str
    prompt_params: dict[str, Any] = field(default_factory=dict)


class Builder:
    """The tools recipes share: the seeded Random, the shoe, the rules and their preset."""

    def __init__(self, rng: random.Random, rules: Rules | None, default: str = "standard") -> None:
        self.rng = rng
        self.shoe = Shoe(rng)
        self.preset = default if rules is None else preset_name(rules)
        self.rules = PRESETS[self.preset]

    def chance(self, probability: float) -> bool:
        return self.rng.random() < probability

    # Melds ------------------------------------------------------------------------------

    def sequence(
        self,
        length: int,
        *,
        suit: Suit | None = None,
        low: int | None = None,
        wild: str | None = None,
        wild_card: Card | None = None,
    ) -> list[Card]:
        """A sequence on the table, as an arrangement.

        ``wild`` is None (clean), ``"end"`` (a free wildcard placed as the rules place it),
        ``"bound"`` (a wildcard between two naturals) or ``"any"``. ``length`` counts the
        wildcard.
        """
        rng = self.rng
        suit = suit or rng.choice(SUITS)
        if wild == "any":
            wild = rng.choice(("end", "bound"))
        if wild == "bound" and length < 3:
            raise _Miss("a bound wildcard needs three places")
        if low is None:
            low = rng.randint(1, 15 - length)
        high = low + length - 1
        if high > 14:
            raise _Miss("sequence past the ace")
        places = list(range(low, high + 1))
        card = wild_card
        if wild is None:
            return self.shoe.take(card_at(p, suit) for p in places)
        if card is None:
            card = self.shoe.wildcard(avoid_suit=suit)
        elif not self.shoe.has(card):
            raise _Miss(str(card))
        else:
            self.shoe.take([card])
        if wild == "bound":
            hole = rng.randint(low + 1, high - 1)
            naturals = self.shoe.take(card_at(p, suit) for p in places if p != hole)
            arrangement = [*naturals]
            arrangement.insert(hole - low, card)
            if card.rank is Rank.TWO and card.suit is suit and hole == 2:
                raise _Miss("a pinella at its own place is natural")
            return arrangement
        # A free wildcard: lay the naturals with it and let the rules place it (R21).
        naturals = self.shoe.take(card_at(p, suit) for p in places[:-1])
        return list(make_meld([*naturals, card], self.rules).cards)

    def set_of(self, rank: Rank, naturals: int, wild: bool = False) -> list[Card]:
        """A set of ``naturals`` cards of a rank, and a wildcard last when ``wild``."""
        pool = [
            card
            for suit in SUITS
            for card in (Card(rank, suit),)
            for _ in range(self.shoe.left[card])
        ]
        if len(pool) < naturals:
            raise _Miss("not enough of the rank")
        cards = self.shoe.take(self.rng.sample(pool, naturals))
        if wild:
            cards.append(self.shoe.wildcard())
        return list(make_meld(cards, self.rules).cards)

    def set_rank(self, avoid: Iterable[Rank] = ()) -> Rank:
        ranks = [r for r in NATURAL_RANKS if r not in set(avoid)]
        if self.rules.international:
            ranks = [r for r in ranks if r in (Rank.ACE, Rank.THREE)]
        if not ranks:
            raise _Miss("no rank left for a set")
        return self.rng.choice(ranks)

    def melds(
        self, fewest: int, most: int, set_ranks: list[Rank] | None = None
    ) -> list[list[Card]]:
        """Between ``fewest`` and ``most`` random melds, the ranks of their sets kept in
        ``set_ranks`` (so that no two sets share a rank)."""
        ranks: list[Rank] = [] if set_ranks is None else set_ranks
        return [self.random_meld(ranks) for _ in range(self.rng.randint(fewest, most))]

    def random_meld(self, set_ranks: list[Rank], wild_chance: float = 0.3) -> list[Card]:
        """A meld of three to six cards, a set or a sequence, sometimes with a wildcard."""
        wild = self.chance(wild_chance)
        if self.chance(0.35):
            rank = self.set_rank(set_ranks)
            set_ranks.append(rank)
            return self.set_of(rank, self.rng.randint(3 - wild, 4), wild)
        length = self.rng.randint(3, 6)
        return self.sequence(length, wild="any" if wild else None)

    def filler(self, count: int, away_from: Sequence[Sequence[Card]] = ()) -> list[Card]:
        """Natural cards that neither go with these melds nor pair with each other."""
        blocked: set[Card] = set()
        for group in away_from:
            blocked |= touching(group, self.rules)
        taken: list[Card] = []

        def fits(card: Card) -> bool:
            return not card.is_wild and card not in blocked

        for _ in range(count):
            card = self.shoe.deal(1, fits)[0]
            blocked.update(neighbours(card))
            taken.append(card)
        return taken

    def loose(self, count: int, away_from: Sequence[Sequence[Card]] = ()) -> list[Card]:
        """Natural cards that go with none of these melds and make no meld together: at
        most two of a rank, and no two of a suit side by side."""
        blocked: set[Card] = set()
        for group in away_from:
            blocked |= touching(group, self.rules)
        taken: list[Card] = []
        ranks: Counter[Rank | None] = Counter()

        def fits(card: Card) -> bool:
            return not card.is_wild and card not in blocked and ranks[card.rank] < 2

        for _ in range(count):
            card = self.shoe.deal(1, fits)[0]
            ranks[card.rank] += 1
            blocked.update(
                c for c in neighbours(card) if c.suit is card.suit and places_apart(c, card) < 2
            )
            taken.append(card)
        return taken

    def near_cards(self, group: Sequence[Card], count: int) -> list[Card]:
        """Cards that might go with a meld: its rank, its suit close by, or a wildcard."""
        near = touching(group, self.rules)
        return self.shoe.deal(count, lambda card: card in near or card.is_wild)

    # Positions --------------------------------------------------------------------------

    def position(
        self,
        hand: Sequence[Card],
        melds: Sequence[Sequence[Card]],
        *,
        opponents: Sequence[Sequence[Card]] | None = None,
        phase: str = "play",
        taken: tuple[bool, bool] = (False, False),
        known_pozzetto: bool = False,
        discard: Sequence[Card] | None = None,
        stock: int | Sequence[Card] | None = None,
        listed_stock: bool = False,
        players: int = 2,
        other_hands: Sequence[Sequence[Card] | int] | None = None,
        totals: tuple[int, int] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The position's JSON, seat 0 to move, with every other card placed plausibly."""
        rng, shoe = self.rng, self.shoe
        if opponents is None:
            opponents = self.melds(0, 2)
        if discard is None:
            discard = shoe.deal(rng.randint(1, 3))
        hands: list[Any] = [as_texts(hand)]
        for seat in range(1, players):
            if other_hands is not None:
                other = other_hands[seat - 1]
                hands.append(as_texts(other) if not isinstance(other, int) else {"count": other})
            else:
                hands.append({"count": rng.randint(5, 11)})
        pozzetti: list[Any] = [None, None]
        if known_pozzetto and not taken[0]:
            # Loose cards, so that a line of play that takes it has little left to search.
            pozzetti[0] = as_texts(self.loose(11, melds))
        hidden = sum(h["count"] for h in hands if isinstance(h, dict))
        hidden += 11 * sum(1 for side in (0, 1) if not taken[side] and pozzetti[side] is None)
        if stock is None:
            # A 2-player hand starts with 63 cards in the stock; each pozzetto taken means
            # the hand is well on.
            count = min(shoe.count - hidden, rng.randint(12, 60 - 16 * sum(taken)))
            if count < 3:
                raise _Miss("no stock left")
            stock = shoe.deal(count) if listed_stock else count
        data: dict[str, Any] = {
            "players": players,
            "to_move": 0,
            "phase": phase,
            "hands": hands,
            "melds": [[as_texts(m) for m in melds], [as_texts(m) for m in opponents]],
            "discard": as_texts(discard),
            "stock": stock if isinstance(stock, int) else as_texts(stock),
            "pozzetti_taken": list(taken),
        }
        if any(p is not None for p in pozzetti):
            data["pozzetti"] = pozzetti
        if totals is not None:
            data["totals"] = list(totals)
        if extra:
            data.update(extra)
        return data

    def fields(self, kind: str, position: dict[str, Any], **params: Any) -> dict[str, Any]:
        return {"kind": kind, "position": position, "rules": self.preset, **params}


def as_texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def as_cards(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(text) for text in texts]


def meld_of(cards: Sequence[Card], rules: Rules) -> Meld | None:
    """The meld these cards make as written, or None."""
    try:
        return Meld.parse(cards, rules)
    except BurracoError:
        return None


def neighbours(card: Card) -> set[Card]:
    """The cards that make a meld with this one and a third: its rank, its suit close by."""
    if card.rank is None or card.suit is None:
        return set()
    near = {Card(card.rank, suit) for suit in SUITS}
    places = (1, 14) if card.rank is Rank.ACE else (int(card.rank),)
    for place in places:
        near |= {card_at(p, card.suit) for p in range(place - 2, place + 3) if 1 <= p <= 14}
    return near


def touching(group: Sequence[Card], rules: Rules = PRESETS["standard"]) -> set[Card]:
    """The natural cards that could go with a group: a meld's rank, or its suit within two
    places of its ends; for cards that are no meld, the neighbours of each."""
    meld = meld_of(group, rules)
    if meld is None:
        return set().union(*(neighbours(card) for card in group))
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return {Card(meld.rank, suit) for suit in SUITS}
    suit = meld.suit
    assert suit is not None
    low, high = meld.start, meld.start + len(meld.cards) - 1
    return {card_at(p, suit) for p in range(low - 2, high + 3) if 1 <= p <= 14}


def places_apart(card: Card, other: Card) -> int:
    """How many places apart two natural cards of a suit stand (the ace at either end)."""
    assert card.rank is not None and other.rank is not None
    ours = (1, 14) if card.rank is Rank.ACE else (int(card.rank),)
    theirs = (1, 14) if other.rank is Rank.ACE else (int(other.rank),)
    return min(abs(a - b) for a in ours for b in theirs)


def is_near(card: Card, other: Card) -> bool:
    """Would the two cards make a meld with a third: same rank, or same suit close by?"""
    return other in neighbours(card)


Recipe = Callable[[Builder], "Draft | None"]


def ends_of(meld: Meld) -> tuple[Suit, int, int]:
    """A sequence's suit and the places of its lowest and highest natural cards."""
    suit = meld.suit
    assert suit is not None
    places = [p for i, p in enumerate(meld.places) if i != meld.wild]
    return suit, min(places), max(places)


def is_set(meld: Sequence[Card]) -> bool:
    naturals = [c for c in meld if not c.is_wild]
    return len(naturals) > 1 and len({c.rank for c in naturals}) == 1


def line_draft(
    b: Builder,
    kind: str,
    hand: list[Card],
    melds: list[list[Card]],
    *,
    taken: bool,
    goal: str | None = None,
    phase: str = "play",
    discard: list[Card] | None = None,
    stock: Sequence[Card] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> Draft:
    position = b.position(
        hand,
        melds,
        phase=phase,
        taken=(taken, b.chance(0.5)),
        known_pozzetto=not taken,
        discard=discard,
        stock=stock,
        listed_stock=phase == "draw",
        extra=extra,
    )
    if kind == "close":
        return Draft(b.fields("close", position), "close_turn")
    assert goal is not None
    return Draft(b.fields("pile", position, goal=goal), f"pile_{goal}")


def preset_name(rules: Rules) -> str:
    """The name of a rules preset (``standard``, ``semi-clean``, ``strict``,
    ``international``). Raises :class:`ValueError` for rules that are no preset."""
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    raise InvalidNotationError("unknown_preset", choices=list(PRESETS))
