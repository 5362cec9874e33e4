"""The puzzle generator (issue 5): positions built with the engine, kept when the question is clear.

Each kind of puzzle (docs/content.md) has a general recipe that lays out a plausible position
for it, and targeted recipes that steer towards one rule (``R23``: a bound wildcard that blocks
or takes an attachment...). Whatever a recipe builds, the engine has the last word: the
candidate is read with :meth:`Puzzle.from_dict`, its solutions are listed and checked, and its
themes are worked out from what the engine says about it (the rule of a refusal, where a
wildcard went, the events of a line of play), never copied from the recipe. A candidate whose
question has no clear answer (no relevant meld, two best melds, nothing about wildcards in a
wildcard puzzle...) is dropped.

Randomness comes from seeds: :func:`from_seed` rebuilds a puzzle from its seed, so a stored
puzzle can be replayed. The web side (``lessons/generated.py``) turns a :class:`Generated`
into a database row and its prompt code into Italian and English.

>>> import random
>>> made = generate("wildcard", random.Random(5), theme="R23")
>>> made is not None and "R23" in made.themes
True
>>> from_seed("wildcard", made.seed, theme="R23") == made
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action, ActionKind, transition
from engine.cards import Card, Rank, Suit, deck
from engine.errors import BurracoError, InvalidNotationError, Refusal
from engine.melds import (
    Burraco,
    Meld,
    MeldKind,
    attach,
    make_meld,
    possible_attachments,
    possible_melds,
)
from engine.puzzles import TOPICS, Kind, Puzzle, check, solutions
from engine.rules import PRESETS, Rules
from engine.state import Hidden, Phase, Position

#: Stored with each generated puzzle: a seed replays only under the same generator version.
GENERATOR = "engine.generate/1"
#: The kinds made here; the strategy questions (engine.strategy) are curated only, for now.
KINDS: tuple[str, ...] = tuple(
    kind.value for kind in Kind if kind not in (Kind.DISCARD, Kind.PILE_USE)
)
#: The topic each rule belongs to (a puzzle about R23 is also about wildcards).
RULE_TOPICS: dict[str, str] = {
    "R2": "scoring",
    "R3": "partners",
    "R6": "turn",
    "R7": "pile",
    "R8": "pile",
    "R9": "turn",
    "R11": "sets",
    "R12": "sets",
    "R13": "sequences",
    "R14": "ace",
    "R15": "sets",
    "R17": "attaching",
    "R18": "wildcards",
    "R19": "wildcards",
    "R20": "wildcards",
    "R21": "wildcards",
    "R22": "wildcards",
    "R23": "wildcards",
    "R24": "wildcards",
    "R25": "wildcards",
    "R26": "burraco",
    "R27": "burraco",
    "R28": "burraco",
    "R29": "pozzetto",
    "R30": "closing",
    "R31": "closing",
    "R32": "closing",
    "R33": "turn",
    "R34": "pile",
    "R35": "scoring",
    "R36": "match",
    "R37": "match",
    "R38": "match",
    "R41": "variants",
}
#: The topic of every rule, for pages that list each rule under a topic: RULE_TOPICS, and
#: the rules no puzzle is about (the deck, the deal, conduct).
TOPIC_OF_RULE: dict[str, str] = {
    **RULE_TOPICS,
    "R1": "deck",
    "R4": "deck",
    "R5": "deck",
    "R10": "sets",
    "R16": "attaching",
    "R39": "turn",
    "R40": "partners",
}
LOWEST, HIGHEST = 800, 2200
#: How many seeds :func:`generate` tries before it gives up.
ATTEMPTS = 300


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated puzzle: what :meth:`Puzzle.from_dict` reads, and what the site shows.

    ``fields`` are the engine fields (``kind``, ``position``, ``rules`` as a preset name and
    the kind's own fields); ``themes`` rule ids first, then topics; ``difficulty`` an initial
    Glicko-2 rating; ``prompt`` a code the web side turns into words with ``prompt_params``
    (cards in the notation); ``rule`` the rule the puzzle is most about (the theme it was
    steered to, else the most particular of its rules), for a hint; ``key`` a short hash of
    what makes the question what it is, the same for two puzzles that ask the same thing;
    ``seed`` replays it with :func:`from_seed`; ``answer`` is the engine's first solution.
    """

    kind: str
    fields: Mapping[str, Any] = field(hash=False)
    themes: tuple[str, ...]
    difficulty: int
    prompt: str
    prompt_params: Mapping[str, Any] = field(hash=False)
    rule: str
    key: str
    seed: int
    #: The engine's first solution (what :func:`engine.puzzles.solutions` lists first), so a
    #: caller can tell a "no" question from a "yes" one without searching again.
    answer: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle as the engine reads it."""
        return Puzzle.from_dict(self.fields)


# --- cards and the shoe ---------------------------------------------------------------------

SUITS = tuple(Suit)
JOKER = Card(None, None)
NATURAL_RANKS = tuple(rank for rank in Rank if rank is not Rank.TWO)


def _at(place: int, suit: Suit) -> Card:
    """The natural card of a suit at a place of a sequence (1 and 14 are the ace)."""
    return Card(Rank(1 if place == 14 else place), suit)


def _place(card: Card, high_ace: bool = False) -> int:
    assert card.rank is not None
    return 14 if high_ace and card.rank is Rank.ACE else int(card.rank)


class _Miss(Exception):
    """A recipe asked for a card the shoe no longer holds: the seed gives no puzzle."""


class _Shoe:
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


# --- drafts: a candidate puzzle before the engine has judged it ----------------------------


@dataclass(slots=True)
class _Draft:
    """What a recipe builds: the engine fields and the prompt's code and parameters."""

    fields: dict[str, Any]
    prompt: str
    prompt_params: dict[str, Any] = field(default_factory=dict)


class _Builder:
    """The tools recipes share: the seeded Random, the shoe, the rules and their preset."""

    def __init__(self, rng: random.Random, rules: Rules | None, default: str = "standard") -> None:
        self.rng = rng
        self.shoe = _Shoe(rng)
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
            return self.shoe.take(_at(p, suit) for p in places)
        if card is None:
            card = self.shoe.wildcard(avoid_suit=suit)
        elif not self.shoe.has(card):
            raise _Miss(str(card))
        else:
            self.shoe.take([card])
        if wild == "bound":
            hole = rng.randint(low + 1, high - 1)
            naturals = self.shoe.take(_at(p, suit) for p in places if p != hole)
            arrangement = [*naturals]
            arrangement.insert(hole - low, card)
            if card.rank is Rank.TWO and card.suit is suit and hole == 2:
                raise _Miss("a pinella at its own place is natural")
            return arrangement
        # A free wildcard: lay the naturals with it and let the rules place it (R21).
        naturals = self.shoe.take(_at(p, suit) for p in places[:-1])
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
            blocked |= _touching(group, self.rules)
        taken: list[Card] = []

        def fits(card: Card) -> bool:
            return not card.is_wild and card not in blocked

        for _ in range(count):
            card = self.shoe.deal(1, fits)[0]
            blocked.update(_neighbours(card))
            taken.append(card)
        return taken

    def loose(self, count: int, away_from: Sequence[Sequence[Card]] = ()) -> list[Card]:
        """Natural cards that go with none of these melds and make no meld together: at
        most two of a rank, and no two of a suit side by side."""
        blocked: set[Card] = set()
        for group in away_from:
            blocked |= _touching(group, self.rules)
        taken: list[Card] = []
        ranks: Counter[Rank | None] = Counter()

        def fits(card: Card) -> bool:
            return not card.is_wild and card not in blocked and ranks[card.rank] < 2

        for _ in range(count):
            card = self.shoe.deal(1, fits)[0]
            ranks[card.rank] += 1
            blocked.update(
                c for c in _neighbours(card) if c.suit is card.suit and _gap(c, card) < 2
            )
            taken.append(card)
        return taken

    def near_cards(self, group: Sequence[Card], count: int) -> list[Card]:
        """Cards that might go with a meld: its rank, its suit close by, or a wildcard."""
        near = _touching(group, self.rules)
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
            set_ranks: list[Rank] = []
            opponents = [self.random_meld(set_ranks) for _ in range(rng.randint(0, 2))]
        if discard is None:
            discard = shoe.deal(rng.randint(1, 3))
        hands: list[Any] = [_texts(hand)]
        for seat in range(1, players):
            if other_hands is not None:
                other = other_hands[seat - 1]
                hands.append(_texts(other) if not isinstance(other, int) else {"count": other})
            else:
                hands.append({"count": rng.randint(5, 11)})
        pozzetti: list[Any] = [None, None]
        if known_pozzetto and not taken[0]:
            # Loose cards, so that a line of play that takes it has little left to search.
            pozzetti[0] = _texts(self.loose(11, melds))
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
            "melds": [[_texts(m) for m in melds], [_texts(m) for m in opponents]],
            "discard": _texts(discard),
            "stock": stock if isinstance(stock, int) else _texts(stock),
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


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _cards(texts: Iterable[str]) -> list[Card]:
    return [Card.parse(text) for text in texts]


def _meld(cards: Sequence[Card], rules: Rules) -> Meld | None:
    """The meld these cards make as written, or None."""
    try:
        return Meld.parse(cards, rules)
    except BurracoError:
        return None


def _neighbours(card: Card) -> set[Card]:
    """The cards that make a meld with this one and a third: its rank, its suit close by."""
    if card.rank is None or card.suit is None:
        return set()
    near = {Card(card.rank, suit) for suit in SUITS}
    places = (1, 14) if card.rank is Rank.ACE else (int(card.rank),)
    for place in places:
        near |= {_at(p, card.suit) for p in range(place - 2, place + 3) if 1 <= p <= 14}
    return near


def _touching(group: Sequence[Card], rules: Rules = PRESETS["standard"]) -> set[Card]:
    """The natural cards that could go with a group: a meld's rank, or its suit within two
    places of its ends; for cards that are no meld, the neighbours of each."""
    meld = _meld(group, rules)
    if meld is None:
        return set().union(*(_neighbours(card) for card in group))
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return {Card(meld.rank, suit) for suit in SUITS}
    suit = meld.suit
    assert suit is not None
    low, high = meld.start, meld.start + len(meld.cards) - 1
    return {_at(p, suit) for p in range(low - 2, high + 3) if 1 <= p <= 14}


def _gap(card: Card, other: Card) -> int:
    """How many places apart two natural cards of a suit stand (the ace at either end)."""
    assert card.rank is not None and other.rank is not None
    ours = (1, 14) if card.rank is Rank.ACE else (int(card.rank),)
    theirs = (1, 14) if other.rank is Rank.ACE else (int(other.rank),)
    return min(abs(a - b) for a in ours for b in theirs)


def _near(card: Card, other: Card) -> bool:
    """Would the two cards make a meld with a third: same rank, or same suit close by?"""
    return other in _neighbours(card)


# --- what the engine says about a candidate -----------------------------------------------


@dataclass(slots=True)
class _Facts:
    """What the analysis of a candidate found: themes, features for the difficulty, and
    whether its question is clear enough to keep."""

    themes: set[str] = field(default_factory=set)
    clear: bool = True
    score: int = 1000


def _wild_themes(before: Meld, after: Meld, added: Sequence[Card]) -> set[str]:
    """The wildcard rules an attachment shows (R18-R25)."""
    themes: set[str] = set()
    if after.kind is MeldKind.SET:
        if after.wildcard is not None:
            themes.add("R18")
        return themes
    if any(c.is_wild for c in after.cards):
        themes.add("R18")
    if _natural_two(after) and (after.wildcard is not None or _natural_two(after) in added):
        themes.add("R20")
    if any(c.rank is Rank.ACE for c in after.cards):
        themes.add("R14")
    old = before.wildcard
    if old is not None and before.wild is not None:
        old_place = before.start + before.wild
        if before.wild_is_bound:
            themes.add("R23")
        still = after.wild is not None and after.cards[after.wild] == old
        if not still:
            themes.add("R25")  # the pinella took its natural place
            if before.stands_for in added:
                themes.add("R24")
        elif before.stands_for in added:
            themes.add("R24")
            if after.wild in (0, len(after.cards) - 1):
                themes.add("R21")  # replaced, it went to the end R21 says
        elif after.wild is not None and after.start + after.wild != old_place:
            themes.add("R22")
    elif after.wild is not None and after.wild in (0, len(after.cards) - 1):
        themes.add("R21")
    return themes


def _natural_two(meld: Meld) -> Card | None:
    """The 2 of a sequence's suit standing at its own place (R20), if any."""
    if meld.kind is not MeldKind.SEQUENCE or meld.start > 2:
        return None
    index = 2 - meld.start
    if index >= len(meld.cards) or index == meld.wild:
        return None
    card = meld.cards[index]
    return card if card.rank is Rank.TWO else None


def _refusal(meld: Meld, cards: Sequence[Card], rules: Rules) -> Refusal | None:
    try:
        attach(meld, cards, rules)
    except Refusal as refusal:
        return refusal
    return None


def _relevant(meld: Meld, card: Card) -> bool:
    return card.is_wild or card in _touching(meld.cards)


#: Refusals that teach something when they are why a card cannot go on a meld.
_TELLING = {"R11", "R13", "R14", "R19", "R22", "R23"}


def _analyse_attach(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R17"}, score=1000)
    rules = puzzle.rules
    focus = puzzle.focus[0]
    melds = puzzle.side_melds
    relevant = [i for i, meld in enumerate(melds) if _relevant(meld, focus)]
    if not relevant:
        return _Facts(clear=False)
    if focus.is_wild:
        facts.themes.add("R18")
    if answers[0].get("none"):
        refused = [r for i in relevant if (r := _refusal(melds[i], (focus,), rules)) is not None]
        rules_hit = {r.rule for r in refused} & _TELLING
        if not rules_hit:
            return _Facts(clear=False)
        facts.themes |= rules_hit
        facts.score += 150 + 50 * len(rules_hit)
        for i in relevant:
            meld = melds[i]
            facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
            if meld.wild_is_bound:
                facts.themes.add("R23")
        if any(melds[i].wildcard is not None for i in relevant):
            facts.score += 100
    else:
        used = Counter(a["meld"] for a in answers)
        shortest = min(len(a["cards"]) for a in answers)
        for answer in answers:
            meld = melds[answer["meld"]]
            added = _cards(answer["cards"])
            after = attach(meld, added, rules)
            facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
            facts.themes |= _wild_themes(meld, after, added)
        if shortest > 1:
            facts.score += 200  # the focus goes on only together with another card
        facts.score += 100 if len(answers) == 1 else (-100 if len(answers) >= 4 else 0)
        facts.score += 60 * len(facts.themes & {"R22", "R23", "R24", "R25"})
        facts.score -= 50 * (len(used) - 1)
    facts.score += 20 * max(0, len(puzzle.position.hand) - 5) + 30 * max(0, len(melds) - 2)
    return facts


def _analyse_lay(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R10"}, score=950)
    position = puzzle.position
    hand = position.hand
    rules = puzzle.rules
    wilds = sum(1 for c in hand if c.is_wild)
    candidates = [m for m in possible_melds(hand, rules) if _holds(m.cards, puzzle.focus)]
    refusals = {r.rule for m in candidates if (r := _lay_refusal(position, m.cards)) is not None}
    facts.themes |= refusals - {"R6"}
    if wilds >= 3:
        facts.themes.add("R12")
    found = [make_meld(_cards(a["cards"]), rules) for a in answers if "cards" in a]
    for meld in found:
        facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
        if meld.wildcard is not None:
            facts.themes.add("R18")
            if wilds >= 2:
                facts.themes.add("R19")
        if _natural_two(meld) is not None:
            facts.themes.add("R20")
        if meld.kind is MeldKind.SEQUENCE and any(c.rank is Rank.ACE for c in meld.cards):
            facts.themes.add("R14")
    if puzzle.goal == "best":
        facts.themes.add("R2")
        if len(found) != 1:
            return _Facts(clear=False)
        # the best meld is hard to see when many melds compete
        facts.score += 150 + min(250, 15 * len(candidates))
    elif puzzle.goal == "burraco":
        facts.themes |= {"R26", "R27"}
        facts.score += 200
        if not found and len(hand) < 7:
            return _Facts(clear=False)
    else:
        if not found and not refusals and wilds < 3 and not _temptations(hand):
            return _Facts(clear=False)
        facts.score += 150 if not found else (-100 if len(found) >= 4 else 0)
    facts.score += 60 * len(facts.themes & {"R12", "R14", "R15", "R19", "R20"})
    facts.score += 20 * max(0, len(hand) - 6)
    return facts


def _holds(cards: Sequence[Card], focus: Sequence[Card]) -> bool:
    counts = Counter(cards)
    return all(counts[c] >= n for c, n in Counter(focus).items())


def _lay_refusal(position: Position, cards: Sequence[Card]) -> Refusal | None:
    try:
        transition(position, Action(ActionKind.MELD, tuple(cards)))
    except Refusal as refusal:
        return refusal
    return None


def _temptations(hand: Sequence[Card]) -> bool:
    """Does the hand hold a pair of cards that almost make a meld?"""
    naturals = [c for c in hand if not c.is_wild]
    return any(_near(a, b) for i, a in enumerate(naturals) for b in naturals[i + 1 :])


def _analyse_wildcard(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R17"}, score=1150)
    before = puzzle.side_melds[puzzle.meld]
    added = puzzle.attached
    if before.wildcard is None and not any(c.is_wild for c in added):
        return _Facts(clear=False)
    refusal = _refusal(before, added, puzzle.rules)
    if refusal is not None:
        if refusal.rule not in _TELLING:
            return _Facts(clear=False)
        facts.themes.add(refusal.rule)
        if before.wild_is_bound:
            facts.themes.add("R23")
        facts.score += 150
    else:
        after = attach(before, added, puzzle.rules)
        facts.themes |= _wild_themes(before, after, added)
    interesting = facts.themes & {"R14", "R19", "R20", "R21", "R22", "R23", "R24", "R25"}
    if not interesting:
        return _Facts(clear=False)
    facts.themes.add("R13")
    facts.score += 80 * (len(interesting) - 1) + 40 * (len(added) - 1)
    facts.score += 150 * bool(facts.themes & {"R22", "R25"})
    if not puzzle.rules.wild_moves:
        facts.score += 100
    return facts


def _analyse_classify(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    meld = puzzle.side_melds[puzzle.meld]
    truth = answers[0]["burraco"]
    facts = _Facts({"R26"}, score=900)
    size = len(meld.cards)
    if size < 6:
        return _Facts(clear=False)
    facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
    if size >= 7:
        facts.themes.add("R27")
    semi = meld.burraco(PRESETS["semi-clean"]) is Burraco.SEMI_CLEAN
    if semi or (puzzle.rules.semi_clean and meld.wildcard is not None and size >= 7):
        facts.themes.add("R28")
        facts.score += 250
    if _natural_two(meld) is not None:
        facts.themes.add("R20")
        facts.score += 250
    if meld.wildcard is not None:
        facts.themes.add("R18")
        facts.score += 100
    facts.score += {"none": 0, "clean": 50, "dirty": 150, "semi-clean": 250}[truth]
    if size == 6 or (size == 7 and meld.wildcard is not None):
        facts.score += 100  # one card short, or counting the wildcard in
    return facts


def _analyse_score(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R35", "R2"}, score=1250)
    position = puzzle.position
    rules = puzzle.rules
    for side in (puzzle.side,) if puzzle.ask == "hand" else (0, 1):
        for meld in position.melds[side]:
            kind = meld.burraco(rules)
            if kind is not None:
                facts.themes |= {"R26", "R27"}
                if kind is Burraco.SEMI_CLEAN:
                    facts.themes.add("R28")
                    facts.score += 150
        if puzzle.closed == side:
            facts.themes.add("R30")
    cards = sum(len(m.cards) for m in position.melds[puzzle.side])
    facts.score += 8 * max(0, cards - 12)
    facts.score += {"hand": 0, "total": 100, "match_points": 200, "victory_points": 350}.get(
        puzzle.ask, 150
    )
    facts.themes.add(
        {"hand": "R35", "total": "R36", "winner": "R36", "match_points": "R37"}.get(
            puzzle.ask, "R38"
        )
    )
    if not position.pozzetti_taken[puzzle.side]:
        facts.score += 100
    return facts


def _explore(position: Position, limit: int = 250) -> tuple[set[str], set[str]]:
    """The rules this turn runs into: the rule of every refused move a learner could try
    (a discard, a meld, an attachment, taking the pile), and of the events on the way."""
    refused: set[str] = set()
    events: set[str] = set()
    seen: set[Position] = set()
    start = position

    def visit(current: Position) -> None:
        if current in seen or len(seen) >= limit:
            return
        seen.add(current)
        if isinstance(current.hands[current.to_move], Hidden):
            return
        for action in _tries(current):
            try:
                step = transition(current, action)
            except Refusal as refusal:
                if _empties(current, action):
                    refused.add(refusal.rule)
                continue
            events.update(event.value for event in step.events)
            after = step.position
            if after.is_over or after.to_move != start.to_move or step.events:
                continue
            visit(after)

    visit(position)
    return refused, events


def _empties(position: Position, action: Action) -> bool:
    """Does the action take the pile or leave at most one card in hand? Only refusals of
    those bear on closing and on the pozzetto."""
    if action.kind in (ActionKind.DRAW, ActionKind.PILE):
        return True
    return len(position.hand) - len(action.cards) <= (0 if action.kind is ActionKind.DISCARD else 1)


def _tries(position: Position) -> list[Action]:
    """The moves worth trying in a position, legal or not."""
    hand = position.hand
    if position.phase is Phase.DRAW:
        tries = [Action(ActionKind.PILE)]
        if not isinstance(position.stock, Hidden):
            tries.insert(0, Action(ActionKind.DRAW))
        return tries
    rules = position.rules
    side = position.melds[position.side]
    tries = [Action(ActionKind.MELD, meld.cards) for meld in possible_melds(hand, rules)]
    tries += [
        Action(ActionKind.ATTACH, cards, index)
        for index, cards, _ in possible_attachments(side, hand, rules)
    ]
    tries += [Action(ActionKind.DISCARD, (card,)) for card in dict.fromkeys(hand)]
    return tries


_LINE_RULES = {
    "closed": "R30",
    "pozzetto_al_volo": "R29",
    "pozzetto_con_lo_scarto": "R29",
    "stock_exhausted": "R33",
}
#: Rules whose refusal makes a line-of-play puzzle worth asking.
_LINE_TRAPS = {"R7", "R8", "R15", "R29", "R30", "R31", "R32", "R34", "R41"}


def _analyse_line(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    goal = "closed" if puzzle.kind is Kind.CLOSE else puzzle.goal
    facts = _Facts({_LINE_RULES.get(goal, "R9"), "R6"}, score=1350)
    refused, events = _explore(puzzle.position)
    traps = refused & _LINE_TRAPS
    facts.themes |= traps
    facts.themes |= {_LINE_RULES[e] for e in events if e in _LINE_RULES}
    line = answers[0].get("actions")
    if line is None:
        # "No" is worth asking when a rule stands in the way, when the hand can be emptied
        # but only to take the pozzetto (a close), or when the pile holds several cards
        # to weigh (a pile question).
        pozzetto = any(e.startswith("pozzetto") for e in events)
        weigh = puzzle.kind is Kind.PILE and len(puzzle.position.discard) > 1
        if not (traps or (puzzle.kind is Kind.CLOSE and pozzetto) or weigh):
            return _Facts(clear=False)
        if weigh:
            facts.themes.add("R7")  # the whole pile comes, the cards that do not help too
        facts.score += 200
    else:
        if len(line) < 2 and not traps:
            return _Facts(clear=False)
        facts.score += 60 * len(line)
        if "pile" in line and len(puzzle.position.discard) > 1:
            facts.themes.add("R7")
        if any(text.startswith(("meld", "attach")) for text in line):
            facts.themes.add("R17" if any(t.startswith("attach") for t in line) else "R10")
    facts.score += 80 * len(traps)
    if goal == "stock_exhausted":
        facts.score -= 250
    if puzzle.kind is Kind.CLOSE and not _has_burraco(puzzle.position):
        facts.themes.add("R26")
        facts.score += 100
    return facts


def _has_burraco(position: Position) -> bool:
    return any(m.burraco(position.rules) is not None for m in position.melds[position.side])


_ANALYSE: dict[Kind, Callable[[Puzzle, list[dict[str, Any]]], _Facts]] = {
    Kind.ATTACH: _analyse_attach,
    Kind.LAY_MELD: _analyse_lay,
    Kind.WILDCARD: _analyse_wildcard,
    Kind.CLASSIFY: _analyse_classify,
    Kind.SCORE: _analyse_score,
    Kind.CLOSE: _analyse_line,
    Kind.PILE: _analyse_line,
}


# --- recipes ------------------------------------------------------------------------------

Recipe = Callable[[_Builder], "_Draft | None"]


def _attach_draft(
    b: _Builder,
    target: list[Card],
    focus: Card,
    hand_extra: Sequence[Card] = (),
    others: int | None = None,
) -> _Draft:
    """An attach puzzle about ``focus`` and the meld ``target``, among a few other melds."""
    rng = b.rng
    set_ranks = [c.rank for c in target if c.rank is not None] if _is_set(target) else []
    melds = [target]
    for _ in range(rng.randint(0, 2) if others is None else others):
        melds.append(b.random_meld(set_ranks))
    rng.shuffle(melds)
    filler = b.filler(rng.randint(2, 5), melds)
    hand = [focus, *hand_extra, *filler]
    position = b.position(hand, melds)
    return _Draft(
        b.fields("attach", position, focus=[str(focus)]), "attach_focus", {"card": str(focus)}
    )


def _ends(meld: Meld) -> tuple[Suit, int, int]:
    """A sequence's suit and the places of its lowest and highest natural cards."""
    suit = meld.suit
    assert suit is not None
    places = [p for i, p in enumerate(meld.places) if i != meld.wild]
    return suit, min(places), max(places)


def _is_set(meld: Sequence[Card]) -> bool:
    naturals = [c for c in meld if not c.is_wild]
    return len(naturals) > 1 and len({c.rank for c in naturals}) == 1


def _attach_general(b: _Builder) -> _Draft:
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks, 0.35) for _ in range(rng.randint(1, 3))]
    near = b.near_cards(rng.choice(melds), rng.randint(1, 3))
    filler = b.filler(rng.randint(1, 4), melds)
    focus = rng.choice(near)
    players = 4 if b.chance(0.15) else 2
    position = b.position([*near, *filler], melds, players=players)
    return _Draft(
        b.fields("attach", position, focus=[str(focus)]), "attach_focus", {"card": str(focus)}
    )


def _attach_set(b: _Builder) -> _Draft:
    rank = b.set_rank()
    wild = b.chance(0.4)
    full = b.chance(0.3)
    naturals = 8 if full and wild else b.rng.randint(3 - wild, 5)
    target = b.set_of(rank, naturals, wild)
    focus = (
        b.shoe.wildcard() if wild and b.chance(0.3) else b.shoe.deal(1, lambda c: c.rank is rank)[0]
    )
    return _attach_draft(b, target, focus)


def _attach_sequence(b: _Builder) -> _Draft:
    target = b.sequence(b.rng.randint(3, 6))
    suit, low, high = _ends(Meld.parse(target, b.rules))
    place = b.rng.choice([p for p in (low - 2, low - 1, high + 1, high + 2) if 1 <= p <= 14])
    focus = b.shoe.take([_at(place, suit)])[0]
    extra = []
    if b.chance(0.4) and place in (low - 2, high + 2):
        gap = (low - 1) if place < low else (high + 1)
        if b.chance(0.5):
            extra = b.shoe.take([_at(gap, suit)])
        else:
            extra = [b.shoe.wildcard(avoid_suit=suit)]
    return _attach_draft(b, target, focus, extra)


def _attach_ace(b: _Builder) -> _Draft:
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    high = b.chance(0.5)
    low = 15 - length if high else 1
    target = b.sequence(length, suit=suit, low=low, wild="end" if b.chance(0.3) else None)
    # an ace or a card at the far side of the ace: turning the corner is never allowed
    choices = [_at(2, suit), _at(3, suit)] if high else [_at(13, suit), _at(12, suit), _at(1, suit)]
    focus = b.shoe.deal(1, lambda c: c in choices)[0]
    return _attach_draft(b, target, focus)


def _attach_wild_again(b: _Builder) -> _Draft:
    """R19: the meld already holds a wildcard, and the card is another."""
    if b.chance(0.5):
        target = b.sequence(b.rng.randint(3, 6), wild="any")
    else:
        target = b.set_of(b.set_rank(), b.rng.randint(2, 4), wild=True)
    return _attach_draft(b, target, b.shoe.wildcard(), others=b.rng.randint(0, 1))


def _attach_natural_two(b: _Builder) -> _Draft:
    """R20: A-2-3 of one suit holds a natural 2, so a wildcard still fits."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    target = b.sequence(length, suit=suit, low=1)
    focus = b.shoe.wildcard(avoid_suit=suit)
    extra = b.shoe.take([_at(length + 2, suit)]) if b.chance(0.4) else []
    return _attach_draft(b, target, focus, extra)


def _attach_moving(b: _Builder) -> _Draft:
    """R22: a free wildcard at an end moves into the gap the new card leaves."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    low = b.rng.randint(3, 13 - length)
    target = b.sequence(length, suit=suit, low=low, wild="end")
    _, _, high = _ends(Meld.parse(target, b.rules))
    focus = b.shoe.take([_at(high + 2 if high + 2 <= 14 else high + 1, suit)])[0]
    return _attach_draft(b, target, focus)


def _attach_bound(b: _Builder) -> _Draft:
    """R23, R24: a bound wildcard stands for one card; only that card moves it."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 6)
    target = b.sequence(length, suit=suit, wild="bound")
    meld = Meld.parse(target, b.rules)
    stands = meld.stands_for
    assert stands is not None
    low, high = meld.start, meld.start + len(meld.cards) - 1
    outside = [p for p in (low - 1, high + 1, low - 2, high + 2) if 1 <= p <= 14]
    roll = b.rng.random()
    extra: list[Card] = []
    if roll < 0.35:
        focus = b.shoe.take([stands])[0]  # R24: the wildcard moves to an end
    else:
        place = b.rng.choice([p for p in outside if p in (low - 2, high + 2)] or outside)
        focus = b.shoe.take([_at(place, suit)])[0]
        if roll < 0.7 and place in (low - 2, high + 2):
            extra = b.shoe.take([stands])  # with its card the wildcard moves out of the way
    return _attach_draft(b, target, focus, extra)


def _attach_pinella(b: _Builder) -> _Draft:
    """R25: a pinella of the suit standing in a sequence goes home when it can."""
    suit = b.rng.choice(SUITS)
    pinella = Card(Rank.TWO, suit)
    length = b.rng.randint(3, 6)
    target = b.sequence(length, suit=suit, low=3, wild="bound", wild_card=pinella)
    meld = Meld.parse(target, b.rules)
    stands = meld.stands_for
    assert stands is not None
    focus = b.shoe.take([stands])[0] if b.chance(0.6) else b.shoe.wildcard(joker=True)
    return _attach_draft(b, target, focus)


def _lay_draft(
    b: _Builder,
    hand: list[Card],
    goal: str,
    focus: Card | None = None,
    melds: list[list[Card]] | None = None,
) -> _Draft:
    if melds is None:
        set_ranks = [c.rank for c in hand if c.rank is not None]
        melds = [b.random_meld(set_ranks) for _ in range(b.rng.randint(0, 2))]
    position = b.position(hand, melds)
    params: dict[str, Any] = {"goal": goal}
    if focus is not None:
        params["focus"] = [str(focus)]
    prompt = {"any": "lay_any", "best": "lay_best", "burraco": "lay_burraco"}[goal]
    prompt_params: dict[str, Any] = {}
    if focus is not None and goal == "any":
        prompt, prompt_params = "lay_any_focus", {"card": str(focus)}
    return _Draft(b.fields("lay-meld", position, **params), prompt, prompt_params)


def _plant(b: _Builder) -> list[Card]:
    """Two to four cards that nearly or just make a meld."""
    rng = b.rng
    if b.chance(0.4):
        rank = b.set_rank()
        return b.shoe.deal(rng.randint(2, 3), lambda c: c.rank is rank)
    suit = rng.choice(SUITS)
    low = rng.randint(1, 11)
    places = [p for p in range(low, low + rng.randint(3, 5)) if p <= 14]
    if len(places) > 3 and b.chance(0.5):
        places.pop(rng.randrange(1, len(places) - 1))
    return b.shoe.take(_at(p, suit) for p in places if b.shoe.has(_at(p, suit)))


def _lay_general(b: _Builder) -> _Draft:
    rng = b.rng
    hand = _plant(b)
    if b.chance(0.5):
        hand += _plant(b)
    hand += [b.shoe.wildcard() for _ in range(rng.choice((0, 0, 1, 1, 2)))]
    hand += b.filler(rng.randint(1, 3), [hand])
    goal = rng.choice(("any", "any", "best", "best"))
    focus = (
        rng.choice([c for c in hand if not c.is_wild]) if goal == "any" and b.chance(0.6) else None
    )
    return _lay_draft(b, hand, goal, focus)


def _lay_sets(b: _Builder) -> _Draft:
    rng = b.rng
    rank = b.set_rank()
    hand = b.shoe.deal(rng.randint(2, 4), lambda c: c.rank is rank)
    if b.chance(0.6):
        hand.append(b.shoe.wildcard())
    hand += b.filler(rng.randint(2, 4), [hand])
    goal = rng.choice(("any", "best"))
    return _lay_draft(b, hand, goal, hand[0] if goal == "any" else None)


def _lay_wildcards_only(b: _Builder) -> _Draft:
    """R12: plenty of wildcards, but a meld needs natural cards."""
    rng = b.rng
    hand = [b.shoe.wildcard() for _ in range(rng.randint(3, 4))]
    hand += b.filler(rng.randint(2, 4))
    if b.chance(0.4):
        hand += b.shoe.deal(1, lambda c: not c.is_wild and c.rank is hand[-1].rank)
    return _lay_draft(b, hand, rng.choice(("any", "best")))


def _lay_sequence(b: _Builder) -> _Draft:
    rng = b.rng
    hand = _plant(b) if b.chance(0.3) else []
    while not hand or _is_set(hand):
        hand = _plant(b)
    if b.chance(0.5):
        hand.append(b.shoe.wildcard())
    hand += b.filler(rng.randint(2, 3), [hand])
    goal = rng.choice(("any", "best"))
    naturals = [c for c in hand if not c.is_wild]
    return _lay_draft(b, hand, goal, rng.choice(naturals) if goal == "any" else None)


def _lay_ace(b: _Builder) -> _Draft:
    """R14: the ace is low or high, never both; K-A-2 only with the 2 as a wildcard."""
    suit = b.rng.choice(SUITS)
    shapes = [[13, 1, 2], [12, 13, 1, 2], [13, 1, 2, 3], [1, 2, 3], [12, 13, 1], [1, 3, 13]]
    shape = b.rng.choice(shapes)
    hand = b.shoe.take(_at(p, suit) for p in shape)
    if b.chance(0.3):
        hand.append(b.shoe.wildcard(avoid_suit=suit))
    hand += b.filler(b.rng.randint(1, 3), [hand])
    goal = b.rng.choice(("any", "best", "best"))
    return _lay_draft(b, hand, goal, hand[0] if goal == "any" else None)


def _lay_second_set(b: _Builder) -> _Draft:
    """R15: a side with a set of a rank attaches to it rather than lay another."""
    rank = b.set_rank()
    table = b.set_of(rank, b.rng.randint(3, 4), wild=b.chance(0.3))
    hand = b.shoe.deal(b.rng.randint(2, 3), lambda c: c.rank is rank)
    if len(hand) == 2 or b.chance(0.3):
        hand.append(b.shoe.wildcard())
    focus = hand[0]
    if b.chance(0.4):
        # a way out: a sequence through the focus card
        assert focus.suit is not None
        around = [p for p in (_place(focus) - 1, _place(focus) + 1) if 1 <= p <= 14]
        hand += b.shoe.take(_at(p, focus.suit) for p in around if b.shoe.has(_at(p, focus.suit)))
    hand += b.filler(b.rng.randint(1, 3), [hand, table])
    return _lay_draft(b, hand, "any", focus, melds=[table])


def _lay_one_wild(b: _Builder) -> _Draft:
    """R19: two wildcards in the hand, but a meld takes one."""
    hand = _plant(b)
    hand += [b.shoe.wildcard(), b.shoe.wildcard()]
    hand += b.filler(b.rng.randint(1, 3), [hand])
    return _lay_draft(b, hand, b.rng.choice(("best", "any")))


def _lay_natural_two(b: _Builder) -> _Draft:
    """R20: A-2-3 of a suit: the 2 is natural, and a wildcard may join as well."""
    suit = b.rng.choice(SUITS)
    places = b.rng.choice([[1, 2, 3], [1, 2, 3, 5], [2, 3, 4], [1, 2, 4], [2, 3, 5]])
    hand = b.shoe.take(_at(p, suit) for p in places)
    if b.chance(0.7):
        hand.append(b.shoe.wildcard(avoid_suit=suit))
    hand += b.filler(b.rng.randint(1, 3), [hand])
    goal = b.rng.choice(("best", "any"))
    return _lay_draft(b, hand, goal, hand[1] if goal == "any" else None)


def _lay_burraco(b: _Builder) -> _Draft:
    """R26: seven cards or more in one meld."""
    rng = b.rng
    suit = rng.choice(SUITS)
    length = rng.randint(6, 8)
    low = rng.randint(1, 15 - length)
    places = list(range(low, low + length))
    if b.chance(0.5):
        places.pop(rng.randrange(1, len(places) - 1))
        hand = b.shoe.take(_at(p, suit) for p in places)
        if b.chance(0.7):
            hand.append(b.shoe.wildcard(avoid_suit=suit))
    else:
        hand = b.shoe.take(_at(p, suit) for p in places)
    hand += b.filler(rng.randint(1, 2), [hand])
    return _lay_draft(b, hand, "burraco")


def _wildcard_draft(b: _Builder, target: list[Card], added: list[Card]) -> _Draft:
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [target] + [b.random_meld(set_ranks) for _ in range(rng.randint(0, 2))]
    rng.shuffle(melds)
    index = melds.index(target)
    hand = [*added, *b.filler(rng.randint(1, 4), melds)]
    position = b.position(hand, melds)
    fields = b.fields("wildcard", position, meld=index, attach=_texts(added))
    return _Draft(fields, "wildcard_after", {"cards": _texts(added), "meld": index})


def _seq_with(b: _Builder, wild: str | None, **kw: Any) -> tuple[list[Card], Meld]:
    target = b.sequence(b.rng.randint(3, 6), wild=wild, **kw)
    return target, Meld.parse(target, b.rules)


def _wildcard_general(b: _Builder) -> _Draft:
    roll = b.rng.random()
    if roll < 0.4:
        target, meld = _seq_with(b, "any")
        suit = meld.suit
        assert suit is not None
        added = b.near_cards(target, b.rng.randint(1, 2))
    else:
        target, meld = _seq_with(b, None)
        added = [b.shoe.wildcard()]
        if b.chance(0.4):
            added += b.near_cards(target, 1)
    return _wildcard_draft(b, target, added)


def _wildcard_second(b: _Builder) -> _Draft:
    target, _ = _seq_with(b, "any")
    return _wildcard_draft(b, target, [b.shoe.wildcard()])


def _wildcard_natural_two(b: _Builder) -> _Draft:
    suit = b.rng.choice(SUITS)
    if b.chance(0.5):
        target = b.sequence(b.rng.randint(3, 5), suit=suit, low=1)
        added = [b.shoe.wildcard(avoid_suit=suit)]
    else:
        target = b.sequence(
            b.rng.randint(3, 5), suit=suit, low=3, wild="end" if b.chance(0.5) else None
        )
        added = b.shoe.take([Card(Rank.TWO, suit)])
    return _wildcard_draft(b, target, added)


def _wildcard_placed(b: _Builder) -> _Draft:
    """R21: a wildcard joining a run sits at its low end, at the high end after an ace."""
    low = 1 if b.chance(0.4) else None
    target, meld = _seq_with(b, None, low=low)
    return _wildcard_draft(b, target, [b.shoe.wildcard(avoid_suit=meld.suit)])


def _wildcard_moving(b: _Builder) -> _Draft:
    """R22: a free wildcard moves to let a card in."""
    suit = b.rng.choice(SUITS)
    target = b.sequence(b.rng.randint(3, 5), suit=suit, low=b.rng.randint(3, 8), wild="end")
    _, low, high = _ends(Meld.parse(target, b.rules))
    places = [p for p in (high + 2, low - 2, high + 1) if 2 < p <= 14]
    return _wildcard_draft(b, target, b.shoe.take([_at(b.rng.choice(places), suit)]))


def _wildcard_bound(b: _Builder) -> _Draft:
    """R23, R24: a bound wildcard stands for one card, which alone moves it."""
    suit = b.rng.choice(SUITS)
    target, meld = _seq_with(b, "bound", suit=suit)
    stands = meld.stands_for
    assert stands is not None
    low, high = meld.start, meld.start + len(meld.cards) - 1
    outside = [p for p in (low - 2, high + 2, low - 1, high + 1) if 1 <= p <= 14]
    roll = b.rng.random()
    if roll < 0.35 and outside:
        added = b.shoe.take([_at(outside[0], suit)])
    elif roll < 0.7:
        added = b.shoe.take([stands])
    else:
        added = b.shoe.take([stands, _at(b.rng.choice(outside), suit)])
    return _wildcard_draft(b, target, added)


def _wildcard_pinella(b: _Builder) -> _Draft:
    """R25: the pinella of the suit goes home to its place next to the 3."""
    suit = b.rng.choice(SUITS)
    pinella = Card(Rank.TWO, suit)
    target, meld = _seq_with(b, "bound", suit=suit, low=3, wild_card=pinella)
    stands = meld.stands_for
    assert stands is not None
    added = b.shoe.take([stands]) if b.chance(0.6) else [b.shoe.wildcard(joker=True)]
    return _wildcard_draft(b, target, added)


def _wildcard_ace(b: _Builder) -> _Draft:
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(3, 5)
    target = b.sequence(length, suit=suit, low=15 - length if b.chance(0.5) else 1, wild=None)
    added = [b.shoe.wildcard(avoid_suit=suit)]
    return _wildcard_draft(b, target, added)


def _classify_draft(b: _Builder, target: list[Card]) -> _Draft:
    rng = b.rng
    set_ranks = [c.rank for c in target if c.rank is not None] if _is_set(target) else []
    melds = [target] + [b.random_meld(set_ranks) for _ in range(rng.randint(0, 2))]
    rng.shuffle(melds)
    index = melds.index(target)
    hand = b.filler(rng.randint(2, 6), melds)
    position = b.position(hand, melds)
    return _Draft(b.fields("classify", position, meld=index), "classify", {"meld": index})


def _long_meld(b: _Builder, wild: str | None) -> list[Card]:
    rng = b.rng
    if b.chance(0.25) and not b.rules.international or b.rules.international and b.chance(0.5):
        return b.set_of(b.set_rank(), rng.randint(5, 8), wild is not None)
    return b.sequence(rng.randint(6, 9), wild=wild)


def _classify_general(b: _Builder) -> _Draft:
    wild = b.rng.choice((None, "end", "bound"))
    return _classify_draft(b, _long_meld(b, wild))


def _classify_size(b: _Builder) -> _Draft:
    """R26: six cards are no burraco; seven are."""
    wild = b.rng.choice((None, None, "end", "bound"))
    length = b.rng.choice((6, 7, 7))
    if b.chance(0.3) and not b.rules.international:
        return _classify_draft(
            b, b.set_of(b.set_rank(), length - (wild is not None), wild is not None)
        )
    return _classify_draft(b, b.sequence(length, wild=wild))


def _classify_two(b: _Builder) -> _Draft:
    """R20, R27: a natural 2 keeps a burraco clean."""
    suit = b.rng.choice(SUITS)
    length = b.rng.randint(6, 9)
    wild = "end" if b.chance(0.3) else None
    return _classify_draft(b, b.sequence(length, suit=suit, low=1, wild=wild))


def _classify_semi(b: _Builder) -> _Draft:
    """R28: seven naturals in a row beside the wildcard (sets: seven naturals)."""
    rng = b.rng
    if b.chance(0.25) and not b.rules.international:
        return _classify_draft(b, b.set_of(b.set_rank(), rng.randint(6, 7), True))
    length = rng.randint(7, 11)
    suit = rng.choice(SUITS)
    low = rng.randint(1, 15 - length)
    target = b.sequence(length, suit=suit, low=low, wild=rng.choice(("end", "bound")))
    return _classify_draft(b, target)


def _score_draft(b: _Builder, ask: str | None = None, semi: bool = False) -> _Draft:
    rng = b.rng
    ask = ask or rng.choice(
        ("hand", "hand", "hand", "total", "match_points", "victory_points", "winner")
    )
    closer = rng.choice((0, 1, None))
    sides: list[list[list[Card]]] = [[], []]
    for side in (0, 1):
        set_ranks: list[Rank] = []
        for _ in range(rng.randint(1, 4)):
            if b.chance(0.3 if side == closer else 0.15):
                wild = rng.choice((None, "end", "bound"))
                length = rng.randint(7, 10 if semi else 8)
                sides[side].append(b.sequence(length, wild=wild))
            else:
                sides[side].append(b.random_meld(set_ranks))
    if closer is not None and not any(len(m) >= 7 for m in sides[closer]):
        sides[closer].append(b.sequence(7, wild=rng.choice((None, "end"))))
    taken = tuple(side == closer or b.chance(0.6) for side in (0, 1))
    hands: list[list[Card]] = []
    for side in (0, 1):
        if side == closer:
            hands.append([])
        else:
            hands.append(b.shoe.deal(rng.randint(1, 7)))
    totals = None
    if ask != "hand":
        # close to the target, so that the hand decides the game
        lead = rng.randint(0, 300 if ask != "winner" else 60) * 5
        base = rng.randint(100, 380) * 5 if ask != "winner" else rng.randint(300, 390) * 5
        totals = (base + lead, base) if b.chance(0.5) else (base, base + lead)
    position = b.position(
        hands[0],
        sides[0],
        opponents=sides[1],
        phase="draw",
        taken=(bool(taken[0]), bool(taken[1])),
        stock=2 if closer is None else None,
        other_hands=[hands[1] if ask != "hand" or b.chance(0.5) else len(hands[1])],
        totals=totals,
    )
    params: dict[str, Any] = {"side": 0, "closed": closer, "ask": ask}
    prompt_params: dict[str, Any] = {"closing": {0: "us", 1: "them", None: "nobody"}[closer]}
    if ask == "victory_points":
        params["hands"] = rng.choice((3, 4))
        prompt_params["hands"] = params["hands"]
    return _Draft(b.fields("score", position, **params), f"score_{ask}", prompt_params)


def _score_general(b: _Builder) -> _Draft:
    return _score_draft(b)


def _score_hand(b: _Builder) -> _Draft:
    return _score_draft(b, "hand")


def _score_semi(b: _Builder) -> _Draft:
    return _score_draft(b, "hand", semi=True)


def _score_asking(ask: str) -> Recipe:
    def recipe(b: _Builder) -> _Draft:
        return _score_draft(b, ask)

    return recipe


def _line_draft(
    b: _Builder,
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
) -> _Draft:
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
        return _Draft(b.fields("close", position), "close_turn")
    assert goal is not None
    return _Draft(b.fields("pile", position, goal=goal), f"pile_{goal}")


def _burraco_table(b: _Builder, burraco: bool | None = None) -> list[list[Card]]:
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks) for _ in range(rng.randint(1, 2))]
    if burraco is None:
        burraco = b.chance(0.7)
    length = rng.randint(7, 8) if burraco else 6
    melds.insert(rng.randrange(len(melds) + 1), b.sequence(length, wild=rng.choice((None, "end"))))
    return melds


def _close_general(b: _Builder) -> _Draft:
    rng = b.rng
    melds = _burraco_table(b)
    hand = b.near_cards(rng.choice(melds), rng.randint(1, 3))
    hand += b.filler(rng.randint(1, 2), melds)
    return _line_draft(b, "close", hand, melds, taken=b.chance(0.85))


def _close_burraco(b: _Builder) -> _Draft:
    """R30: closing needs a burraco; six cards plus one make it."""
    rng = b.rng
    melds = _burraco_table(b, burraco=False)
    six = next(m for m in melds if len(m) == 6)
    hand = b.near_cards(six, rng.randint(1, 2)) + b.filler(1, melds)
    return _line_draft(b, "close", hand, melds, taken=True)


def _close_wild(b: _Builder) -> _Draft:
    """R31: the closing discard may not be a wildcard."""
    rng = b.rng
    melds = _burraco_table(b, burraco=True)
    hand = [b.shoe.wildcard()]
    hand += b.near_cards(rng.choice(melds), 1) if b.chance(0.7) else b.filler(1, melds)
    if b.chance(0.4):
        hand += b.filler(1, melds)
    return _line_draft(b, "close", hand, melds, taken=True)


def _close_no_discard(b: _Builder) -> _Draft:
    """R32: laying every card down leaves none to discard."""
    rng = b.rng
    melds = _burraco_table(b, burraco=True)
    suit = rng.choice(SUITS)
    low = rng.randint(3, 11)
    hand = b.shoe.take(_at(p, suit) for p in range(low, low + 3))
    if b.chance(0.5):
        hand += b.near_cards(rng.choice(melds), 1)
    return _line_draft(b, "close", hand, melds, taken=True)


def _close_pozzetto(b: _Builder) -> _Draft:
    """R29, R30: a side closes only once it has taken its pozzetto."""
    rng = b.rng
    melds = _burraco_table(b, burraco=True)
    hand = b.near_cards(rng.choice(melds), rng.randint(1, 2)) + b.filler(1, melds)
    return _line_draft(b, "close", hand, melds, taken=False)


def _pile_general(b: _Builder) -> _Draft:
    rng = b.rng
    goal = rng.choice(("pozzetto_al_volo", "pozzetto_con_lo_scarto"))
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks) for _ in range(rng.randint(0, 2))]
    plant = _plant(b)
    if len(plant) < 2:
        raise _Miss("too few cards to split")
    split = rng.randint(1, len(plant) - 1)
    hand, pile = plant[:split], plant[split:]
    hand += b.filler(rng.randint(0, 2), [*melds, plant])
    pile = b.filler(rng.randint(0, 2), [*melds, plant]) + pile
    return _line_draft(b, "pile", hand, melds, taken=False, goal=goal, phase="draw", discard=pile)


def _pile_volo(b: _Builder) -> _Draft:
    """R7, R29: the whole pile comes with the card you want; use it all to empty the hand."""
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks) for _ in range(rng.randint(1, 2))]
    meld = b.set_of(b.set_rank(set_ranks), 3) if b.chance(0.4) else b.sequence(rng.randint(3, 4))
    rng.shuffle(meld)
    cut = rng.randint(1, len(meld) - 1)
    hand, pile = meld[:cut], meld[cut:]
    for _ in range(rng.randint(0, 2)):
        (pile if b.chance(0.7) else hand).extend(b.near_cards(rng.choice(melds), 1))
    goal = "pozzetto_al_volo" if b.chance(0.6) else "pozzetto_con_lo_scarto"
    junk = (goal == "pozzetto_con_lo_scarto") + (1 if b.chance(0.2) else 0)
    for _ in range(junk):
        (pile if b.chance(0.5) else hand).extend(b.filler(1, [*melds, meld]))
    if len(pile) < 2:
        pile += b.filler(1, [*melds, meld])
    rng.shuffle(pile)
    return _line_draft(b, "pile", hand, melds, taken=False, goal=goal, phase="draw", discard=pile)


def _pile_single(b: _Builder) -> _Draft:
    """R8: the card of a one-card pile may not go straight back."""
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks) for _ in range(rng.randint(0, 2))]
    rank = b.set_rank()
    hand = b.shoe.deal(3, lambda c: c.rank is rank)
    pile = b.filler(1, [*melds, hand])
    stock = (
        b.filler(1, [*melds, hand]) if b.chance(0.5) else b.shoe.deal(1, lambda c: c.rank is rank)
    )
    stock += b.shoe.deal(rng.randint(15, 30))
    return _line_draft(
        b,
        "pile",
        hand,
        melds,
        taken=False,
        goal="pozzetto_con_lo_scarto",
        phase="draw",
        discard=pile,
        stock=stock,
    )


def _pile_stock(b: _Builder) -> _Draft:
    """R33: drawing the third-to-last card ends the hand at the end of the turn."""
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks) for _ in range(rng.randint(1, 3))]
    hand = b.filler(rng.randint(2, 5), melds)
    stock = b.shoe.deal(rng.choice((3, 3, 4)))
    pile = b.shoe.deal(rng.randint(1, 3))
    return _line_draft(
        b,
        "pile",
        hand,
        melds,
        taken=b.chance(0.5),
        goal="stock_exhausted",
        phase="draw",
        discard=pile,
        stock=stock,
    )


def _pile_stall(b: _Builder) -> _Draft:
    """R34: after a run of one-card piles, the player who began it must draw."""
    rng = b.rng
    set_ranks: list[Rank] = []
    melds = [b.random_meld(set_ranks) for _ in range(rng.randint(0, 2))]
    rank = b.set_rank()
    hand = b.shoe.deal(2, lambda c: c.rank is rank) + b.filler(1, melds)
    pile = b.shoe.deal(1, lambda c: c.rank is rank)
    stock = b.filler(1, melds) + b.shoe.deal(rng.randint(15, 30))
    stall = {"seat": 0, "count": 6 if b.chance(0.7) else 3}
    return _line_draft(
        b,
        "pile",
        hand,
        melds,
        taken=False,
        goal="pozzetto_con_lo_scarto",
        phase="draw",
        discard=pile,
        stock=stock,
        extra={"stall": stall},
    )


#: The general recipe of each kind.
GENERAL: dict[str, Recipe] = {
    "attach": _attach_general,
    "lay-meld": _lay_general,
    "wildcard": _wildcard_general,
    "classify": _classify_general,
    "score": _score_general,
    "close": _close_general,
    "pile": _pile_general,
}

#: Targeted recipes: for a theme, the kinds that can ask about it and how to build one.
RECIPES: dict[str, dict[str, Recipe]] = {
    "R7": {"pile": _pile_volo},
    "R8": {"pile": _pile_single},
    "R11": {"attach": _attach_set, "lay-meld": _lay_sets, "classify": _classify_size},
    "R12": {"lay-meld": _lay_wildcards_only},
    "R13": {"attach": _attach_sequence, "lay-meld": _lay_sequence},
    "R14": {"attach": _attach_ace, "lay-meld": _lay_ace, "wildcard": _wildcard_ace},
    "R15": {"lay-meld": _lay_second_set},
    "R17": {"attach": _attach_general},
    "R18": {"wildcard": _wildcard_general, "attach": _attach_wild_again},
    "R19": {"attach": _attach_wild_again, "lay-meld": _lay_one_wild, "wildcard": _wildcard_second},
    "R20": {
        "attach": _attach_natural_two,
        "lay-meld": _lay_natural_two,
        "wildcard": _wildcard_natural_two,
        "classify": _classify_two,
    },
    "R21": {"wildcard": _wildcard_placed},
    "R22": {"attach": _attach_moving, "wildcard": _wildcard_moving},
    "R23": {"attach": _attach_bound, "wildcard": _wildcard_bound},
    "R24": {"attach": _attach_bound, "wildcard": _wildcard_bound},
    "R25": {"attach": _attach_pinella, "wildcard": _wildcard_pinella},
    "R26": {"classify": _classify_size, "lay-meld": _lay_burraco, "score": _score_hand},
    "R27": {"classify": _classify_general, "score": _score_hand},
    "R28": {"classify": _classify_semi, "score": _score_semi},
    "R29": {"pile": _pile_volo, "close": _close_pozzetto},
    "R30": {"close": _close_burraco},
    "R31": {"close": _close_wild},
    "R32": {"close": _close_no_discard},
    "R33": {"pile": _pile_stock},
    "R34": {"pile": _pile_stall},
    "R35": {"score": _score_hand},
    "R36": {"score": _score_asking("total")},
    "R37": {"score": _score_asking("match_points")},
    "R38": {"score": _score_asking("victory_points")},
}
#: Rules presets a theme's recipes use when the caller names none.
_THEME_PRESETS: dict[str, tuple[str, ...]] = {
    "R28": ("semi-clean", "semi-clean", "standard"),
    "R22": ("standard", "standard", "standard", "strict"),
}


def recipe_kinds(theme: str | None) -> tuple[str, ...]:
    """The kinds that have a targeted recipe for a theme (a rule id or a topic); every kind
    for no theme."""
    if theme is None:
        return KINDS
    if theme in RECIPES:
        return tuple(kind for kind in KINDS if kind in RECIPES[theme])
    rules = [rule for rule, topic in RULE_TOPICS.items() if topic == theme and rule in RECIPES]
    return tuple(kind for kind in KINDS if any(kind in RECIPES[rule] for rule in rules))


def _recipe(kind: str, theme: str | None, rng: random.Random) -> tuple[Recipe, str | None]:
    """The recipe for a kind and theme, and the rule it aims at (for the preset)."""
    if theme in RECIPES and kind in RECIPES[theme]:
        return RECIPES[theme][kind], theme
    if theme is not None and theme not in RECIPES:
        rules = sorted(
            (rule for rule, topic in RULE_TOPICS.items() if topic == theme and rule in RECIPES),
            key=lambda rule: int(rule[1:]),
        )
        choices = [(RECIPES[rule][kind], rule) for rule in rules if kind in RECIPES[rule]]
        if choices:
            return rng.choice(choices)
    if theme is None and rng.random() < 0.5:
        # half of the unsteered puzzles come from a targeted recipe, for variety
        choices = [(RECIPES[rule][kind], rule) for rule in RECIPES if kind in RECIPES[rule]]
        if choices:
            return rng.choice(choices)
    return GENERAL[kind], None


# --- the whole: from a seed to a puzzle ----------------------------------------------------


def preset_name(rules: Rules) -> str:
    """The name of a rules preset (``standard``, ``semi-clean``, ``strict``,
    ``international``). Raises :class:`ValueError` for rules that are no preset."""
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    raise InvalidNotationError("unknown_preset", choices=list(PRESETS))


def from_seed(
    kind: str, seed: int, theme: str | None = None, rules: Rules | None = None
) -> Generated | None:
    """The puzzle a seed gives for a kind (and theme), or None when it gives none worth
    keeping. The same arguments always give the same puzzle.

    ``rules`` None lets the recipe choose (the standard rules, or the variant a theme needs,
    such as semi-clean for R28). Raises :class:`ValueError` for an unknown kind.
    """
    if kind not in KINDS:
        raise InvalidNotationError("unknown_puzzle_kind", text=kind, choices=list(KINDS))
    rng = random.Random(seed)
    recipe, aim = _recipe(kind, theme, rng)
    default = "standard"
    if rules is None and aim in _THEME_PRESETS:
        default = rng.choice(_THEME_PRESETS[aim])
    try:
        draft = recipe(_Builder(rng, rules, default))
    except (_Miss, BurracoError):
        return None
    if draft is None:
        return None
    return _judge(draft, kind, theme, seed)


def _judge(draft: _Draft, kind: str, theme: str | None, seed: int) -> Generated | None:
    """Ask the engine about a draft: keep it only if it reads, its answers check, its
    question is clear and (when steered) it is about the theme."""
    fields = _canonical(draft.fields)
    try:
        puzzle = Puzzle.from_dict(fields)
        answers = solutions(puzzle)
        if not answers or not check(puzzle, answers[0]).correct:
            return None
        facts = _ANALYSE[puzzle.kind](puzzle, answers)
    except BurracoError:
        return None
    if not facts.clear:
        return None
    # a variant is part of what the puzzle teaches where it changes the answer's rules
    if puzzle.rules.international and puzzle.kind in (Kind.LAY_MELD, Kind.CLOSE, Kind.PILE):
        facts.themes.add("R41")
    if not puzzle.rules.wild_moves and puzzle.kind in (Kind.ATTACH, Kind.WILDCARD):
        facts.themes.add("R22")
    themes = _ordered(facts.themes, puzzle)
    if theme is not None and theme not in themes:
        return None
    params = dict(draft.prompt_params)
    if "meld" in params:
        params["meld"] = fields["meld"] + 1  # the board numbers melds from 1
    return Generated(
        kind=kind,
        fields=fields,
        themes=themes,
        difficulty=max(LOWEST, min(HIGHEST, round(facts.score / 10) * 10)),
        prompt=draft.prompt,
        prompt_params=params,
        rule=_main_rule(themes, theme),
        key=puzzle_key(fields),
        seed=seed,
        answer=answers[0],
    )


#: The rules from the most particular to the most general: the first a puzzle shows is the
#: one it is most about.
_PARTICULAR = (
    "R23", "R25", "R24", "R22", "R20", "R19", "R21", "R14", "R15", "R12", "R28", "R31",
    "R32", "R8", "R34", "R33", "R7", "R29", "R38", "R37", "R36", "R35", "R30", "R27", "R26",
    "R11", "R13", "R41", "R2", "R17", "R18", "R10", "R9", "R6",
)  # fmt: skip


def _main_rule(themes: tuple[str, ...], theme: str | None) -> str:
    if theme in themes and theme in RULE_TOPICS:
        return theme
    ranked = [r for r in _PARTICULAR if r in themes]
    if theme is not None:
        ranked = [r for r in ranked if RULE_TOPICS.get(r) == theme] or ranked
    return ranked[0] if ranked else themes[0]


def _ordered(rules: set[str], puzzle: Puzzle) -> tuple[str, ...]:
    """Rule ids in order, then the topics they belong to, in the order of TOPICS."""
    ids = sorted(
        (r for r in rules if r in RULE_TOPICS or r[1:].isdigit()), key=lambda r: int(r[1:])
    )
    topics = {RULE_TOPICS[r] for r in ids if r in RULE_TOPICS}
    if puzzle.kind is Kind.ATTACH:
        topics.add("attaching")
    if puzzle.rules != PRESETS["standard"]:
        topics.add("variants")
    if puzzle.position.players == 4:
        topics.add("partners")
    return (*ids, *(t for t in TOPICS if t in topics))


def _canonical(fields: dict[str, Any]) -> dict[str, Any]:
    """The draft's fields in one order: hands sorted, the side's melds sorted (the meld
    index follows its meld), so that two drafts asking the same thing look the same."""
    fields = json.loads(json.dumps(fields))
    position = fields["position"]
    for seat, hand in enumerate(position["hands"]):
        if isinstance(hand, list):
            position["hands"][seat] = _texts(sorted(_cards(hand), key=lambda c: c.sort_key))
    for side, melds in enumerate(position["melds"]):
        keyed = sorted(enumerate(melds), key=lambda pair: _meld_order(pair[1]))
        position["melds"][side] = [meld for _, meld in keyed]
        if side == 0 and "meld" in fields:
            fields["meld"] = [i for i, _ in keyed].index(fields["meld"])
    return fields


def _meld_order(meld: list[str]) -> tuple[int, int, int, str]:
    cards = _cards(meld)
    if _is_set(cards):
        first = next(c for c in cards if not c.is_wild)
        return (0, int(first.rank or 0), 0, " ".join(meld))
    first = next(c for c in cards if not c.is_wild)
    assert first.suit is not None
    return (1, first.suit.order, len(meld), " ".join(meld))


def puzzle_key(fields: Mapping[str, Any]) -> str:
    """A short hash of what makes the question what it is (the fields of :class:`Generated`).

    For questions about the learner's hand and melds (attach, lay-meld, wildcard, classify)
    the opponents, the pile and the stock do not change the answer, so they are left out.
    """
    kind = fields["kind"]
    position = fields["position"]
    core: Any
    params = {k: v for k, v in fields.items() if k not in ("position",)}
    if kind in ("attach", "lay-meld"):
        core = [position["hands"][0], position["melds"][0]]
    elif kind in ("wildcard", "classify"):
        core = position["melds"][0][fields["meld"]]
        params.pop("meld")
    elif kind == "score":
        core = {k: position.get(k) for k in ("hands", "melds", "pozzetti_taken", "totals")}
    else:
        core = position
    text = json.dumps([core, params], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def generate(
    kind: str,
    rng: random.Random,
    theme: str | None = None,
    rules: Rules | None = None,
    attempts: int = ATTEMPTS,
) -> Generated | None:
    """One puzzle of a kind (about ``theme``, a rule id or a topic, when given), or None if
    ``attempts`` seeds drawn from ``rng`` give none."""
    for _ in range(attempts):
        made = from_seed(kind, rng.getrandbits(62), theme, rules)
        if made is not None:
            return made
    return None


def generate_many(
    kind: str,
    count: int,
    seed: int,
    theme: str | None = None,
    rules: Rules | None = None,
) -> list[Generated]:
    """Up to ``count`` different puzzles (by :attr:`Generated.key`); the same arguments
    always give the same list. Fewer come back only when the seeds run dry (after
    ``ATTEMPTS`` tries per puzzle asked), as for a theme no kind's position can show."""
    rng = random.Random(seed)
    made: list[Generated] = []
    seen: set[str] = set()
    for _ in range(max(count, 1) * ATTEMPTS):
        if len(made) >= count:
            break
        puzzle = from_seed(kind, rng.getrandbits(62), theme, rules)
        if puzzle is not None and puzzle.key not in seen:
            seen.add(puzzle.key)
            made.append(puzzle)
    return made


__all__ = [
    "GENERATOR",
    "KINDS",
    "RECIPES",
    "Generated",
    "from_seed",
    "generate",
    "generate_many",
    "preset_name",
    "puzzle_key",
    "recipe_kinds",
]
