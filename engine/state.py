"""Positions (R3, R4, R29-R35): the state of a hand between two actions, and its JSON form.

A :class:`Position` holds everything the rules need to judge the next action: the hands,
the melds of each side, the discard pile, the stock, the pozzetti and where the turn
stands. Positions are values; :mod:`engine.actions` turns one into the next. The JSON form
is the one ARCHITECTURE.md ("Positions and actions") describes, plus two optional keys
that only a turn in progress needs: ``stall`` (R34) and ``pile_taken`` (R41).

The end of a hand is part of the position, not a separate flag: a hand is over when a
player's hand is empty (only a closing leaves one empty, R29-R30) or when the stock is
down to two cards at the start of a turn (R33). :meth:`Position.outcome` says how it ended
and what each side scored.

>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "draw",
...   "hands": [["5H", "6H", "7H"], {"count": 9}], "melds": [[], [["3C", "4C", "5C"]]],
...   "discard": ["KS"], "stock": 40, "pozzetti_taken": [false, true]}''')
>>> position.hand
(Card.parse('5H'), Card.parse('6H'), Card.parse('7H'))
>>> str(position.melds[1][0]), position.stock_count, position.is_over
('3C 4C 5C', 40, False)
>>> Position.parse(str(position)) == position
True
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import ALL_CARDS, Card, max_copies, parse_cards
from engine.errors import (
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    TooBigError,
)
from engine.melds import Burraco, Meld, MeldKind
from engine.rules import DEFAULT, HAND_SIZE, POZZETTO_SIZE, Rules
from engine.scoring import SideScore, score_side

#: R3, R40: two players, four in two pairs, and the tables of three, five and six.
PLAYER_COUNTS = (2, 3, 4, 5, 6)
#: The sides of the two- and four-player game (R3); :func:`side_count` for every table.
SIDES = 2
DECK_SIZE = 108
#: R40: five and six players play with three decks, 162 cards with six jokers.
BIG_DECK_SIZE = 162
#: What a side left empty when a pair formed scores: nothing (R40).
EMPTY_SCORE = SideScore(0, 0, 0, 0, 0)
#: R33: the hand ends once the third-to-last card is drawn, leaving two in the stock.
STOCK_LEFT = 2
#: The most cards a hand can hold: every card of the deck but the two the stock always
#: keeps (R1, R33). Larger hands are refused when a position is read (docs/game.md).
MAX_HAND = DECK_SIZE - STOCK_LEFT
#: The largest running total a position may carry, either way (R36): no match reaches it.
MAX_TOTAL = 100_000


def side_of(seat: int) -> int:
    """The side a seat plays for at the start of a two- or four-player hand (R3): seats 0
    and 2 are side 0, seats 1 and 3 side 1. Every table: :meth:`Position.side_of`.

    >>> [side_of(seat) for seat in range(4)]
    [0, 1, 0, 1]
    """
    return seat % SIDES


def decks_for(players: int) -> int:
    """How many decks a table plays with: three for five and six players (R40), else two."""
    return 3 if players >= 5 else 2


def side_count(players: int) -> int:
    """How many sides a table's melds, pozzetti and totals are kept for (R3, R40): two with
    two or four players, three pairs with six, and one per player with three or five, where
    the pairs form during the hand (a pair then plays on the side of its lower seat, and
    its other seat's side stays empty: docs/game.md).

    >>> [side_count(players) for players in PLAYER_COUNTS]
    [2, 3, 2, 5, 3]
    """
    return {2: 2, 3: 3, 4: 2, 5: 5, 6: 3}[players]


def starting_sides(players: int) -> tuple[int, ...]:
    """Each seat's side when a hand begins (R3, R40).

    >>> starting_sides(4), starting_sides(6), starting_sides(3)
    ((0, 1, 0, 1), (0, 1, 2, 0, 1, 2), (0, 1, 2))
    """
    count = side_count(players)
    return tuple(seat % count for seat in range(players))


def split_sides(players: int, alone: int) -> tuple[int, ...]:
    """The sides once ``alone`` took the first pozzetto at three or five players (R40): that
    seat plays alone, and the others pair so that partners never sit side by side (with
    three, the two others). Each pair plays on the side of its lower seat.

    >>> split_sides(3, 1), split_sides(5, 0), split_sides(5, 3)
    ((0, 1, 0), (0, 1, 2, 1, 2), (0, 1, 0, 3, 1))
    """
    sides = list(range(players))
    if players == 3:
        pairs = [((alone + 1) % 3, (alone + 2) % 3)]
    else:
        pairs = [((alone + 1) % 5, (alone + 3) % 5), ((alone + 2) % 5, (alone + 4) % 5)]
    for pair in pairs:
        for seat in pair:
            sides[seat] = min(pair)
    return tuple(sides)


def pozzetto_sizes(players: int, all_alone: bool = False) -> tuple[int, ...]:
    """The pozzetti of a table, in the order they are taken where the sides form during the
    hand (R4, R40): 18 then 11 with three players (three of 11 once the game is played each
    for themselves), 17 then 11 and 11 with five; else one of 11 per side.

    >>> pozzetto_sizes(3), pozzetto_sizes(3, all_alone=True), pozzetto_sizes(5)
    ((18, 11), (11, 11, 11), (17, 11, 11))
    """
    if players == 3 and not all_alone:
        return (18, POZZETTO_SIZE)
    if players == 5:
        return (17, POZZETTO_SIZE, POZZETTO_SIZE)
    return (POZZETTO_SIZE,) * side_count(players)


def half_score(total: int) -> int:
    """A pair's hand score credited to each of its players at three or five (R40): half,
    rounded down to a multiple of 5 when the half ends in 2.5 (docs/game.md).

    >>> half_score(1210), half_score(1215), half_score(-45)
    (605, 605, -25)
    """
    return total // 10 * 5


class Phase(enum.Enum):
    """Where the turn of the player to move stands (R6)."""

    DRAW = "draw"
    PLAY = "play"


class Termination(enum.Enum):
    """How a hand ended."""

    CLOSED = "closed"
    STOCK_EXHAUSTED = "stock_exhausted"


# The members the hot paths compare with, named once (why: engine.melds, by _SET).
_DRAW_PHASE, _PLAY_PHASE = Phase.DRAW, Phase.PLAY
_CLOSED, _EXHAUSTED = Termination.CLOSED, Termination.STOCK_EXHAUSTED


@dataclass(frozen=True, slots=True)
class Hidden:
    """Cards lying face down, of which only the number is known (``{"count": n}``)."""

    count: int

    def __len__(self) -> int:
        return self.count


@dataclass(frozen=True, slots=True)
class Stall:
    """A run of turns in a row that each began by taking a one-card pile (R34).

    ``seat`` began the run; ``count`` is how many turns it has lasted.
    """

    seat: int
    count: int


#: A hand or a pozzetto: its cards when known, else how many.
Cards = tuple[Card, ...]
Hand = tuple[Card, ...] | Hidden


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a hand ended and each side's score (None for a side whose hands are hidden)."""

    termination: Termination
    closer: int | None
    scores: tuple[SideScore | None, ...]
    #: What each seat is credited (R40): its side's score, halved for a pair at three or
    #: five players; None when hidden.
    credits: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Position:
    """The state of a hand: who is to move, in which phase, and where every card lies.

    Seats run clockwise from 0; seats 0 and 2 are side 0, seats 1 and 3 side 1 (with two
    players, seat and side are the same); at three, five and six players ``sides`` says
    each seat's side (R40, :meth:`side_of`). ``melds`` has one tuple per side, ``discard`` runs
    bottom to top and ``stock`` top first. Build positions with :meth:`from_json` or
    :func:`engine.deal.deal`, which check them; :mod:`engine.actions` makes the next one.
    """

    players: int
    to_move: int
    phase: Phase
    hands: tuple[Hand, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discard: Cards
    stock: Cards | Hidden
    pozzetti_taken: tuple[bool, ...]
    #: Each side's untaken pozzetto when its cards are known, else None.
    pozzetti: tuple[Cards | None, ...] = (None, None)
    #: The card the player to move took as a one-card pile this turn and still holds (R8).
    pile_single: Card | None = None
    #: International game: the pile just taken, until one of its cards is played (R41).
    pile_taken: Cards = ()
    stall: Stall | None = None
    rules: Rules = DEFAULT
    #: Each side's running total before this hand (R36), when known; each player's with
    #: three or five players (R40).
    totals: tuple[int, ...] | None = None
    #: Each seat's side when it is not the two- and four-player seat % 2 (R40): set for
    #: three, five and six players, None with two and four.
    sides: tuple[int, ...] | None = None
    #: Three players past 1000: each plays for themselves, with three pozzetti of 11 (R40).
    all_alone: bool = False

    # --- reading and writing ------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, rules: Rules | None = None) -> Position:
        """Read a position from its JSON text.

        Raises :class:`InvalidNotationError` for text that is not JSON or names no card,
        and :class:`InvalidPositionError` for a position that cannot arise in a game.
        """
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise InvalidNotationError("position_not_json", detail=str(error)) from None
        return cls.from_json(data, rules)

    @classmethod
    def from_json(cls, data: Any, rules: Rules | None = None) -> Position:
        """Read a position from decoded JSON; ``rules`` apply when it names none.

        Raises :class:`InvalidNotationError` for a malformed card or rules object and
        :class:`InvalidPositionError` for anything else that is wrong (see :meth:`check`).
        """
        if not isinstance(data, Mapping):
            raise InvalidPositionError("position_not_object", text=data)
        unknown = [key for key in data if key not in _REQUIRED + _OPTIONAL]
        if unknown:
            raise InvalidPositionError(
                "position_unknown_key", text=unknown[0], choices=_REQUIRED + _OPTIONAL
            )
        missing = [key for key in _REQUIRED if key not in data]
        if missing:
            raise InvalidPositionError("position_key_missing", name=missing[0])
        _check_sizes(data)
        if "rules" in data:
            rules = Rules.from_dict(data["rules"])
        rules = rules or DEFAULT
        players = _int(data["players"], "players")
        if players not in PLAYER_COUNTS:
            raise InvalidPositionError("players_count", "R3", players=players)
        if rules.decks != decks_for(players):
            if "decks" in (data.get("rules") or {}):
                raise InvalidPositionError(
                    "decks_players",
                    "R40",
                    decks=rules.decks,
                    players=players,
                    right=decks_for(players),
                )
            rules = rules.replace(decks=decks_for(players))
        sides_count = side_count(players)
        all_alone = _bool(data.get("all_alone", False), "all_alone")
        hands = _list(data["hands"], "hands", players, "seat")
        melds = _list(data["melds"], "melds", sides_count, "side")
        pozzetti = data.get("pozzetti")
        slots = len(pozzetto_sizes(players, all_alone))
        sides = data.get("sides")
        stock = data["stock"]
        position = cls(
            players=players,
            to_move=_int(data["to_move"], "to_move"),
            phase=_phase(data["phase"]),
            hands=tuple(
                _hand(hand, _place("place_hand", player=seat + 1))
                for seat, hand in enumerate(hands)
            ),
            melds=tuple(_side_melds(side, melds[side], rules) for side in range(sides_count)),
            discard=_cards(data["discard"], "discard"),
            stock=(
                Hidden(_count(stock, "stock")) if isinstance(stock, int) else _cards(stock, "stock")
            ),
            pozzetti_taken=tuple(
                _bool(taken, _place("place_pozzetto_taken", side=side + 1))
                for side, taken in enumerate(
                    _list(data["pozzetti_taken"], "pozzetti_taken", sides_count, "side")
                )
            ),
            pozzetti=(
                (None,) * slots
                if pozzetti is None
                else tuple(
                    None
                    if cards is None
                    else _cards(cards, _place("place_pozzetto", side=side + 1))
                    for side, cards in enumerate(
                        _list(
                            pozzetti, "pozzetti", slots, "side" if players in (2, 4) else "pozzetto"
                        )
                    )
                )
            ),
            pile_single=_card_or_none(data.get("pile_single"), "pile_single"),
            pile_taken=(
                () if data.get("pile_taken") is None else _cards(data["pile_taken"], "pile_taken")
            ),
            stall=_stall(data.get("stall")),
            rules=rules,
            totals=(
                None
                if data.get("totals") is None
                else tuple(
                    _int(total, "totals")
                    for total in _list(data["totals"], "totals", sides_count, "side")
                )
            ),
            sides=_sides(sides, players),
            all_alone=all_alone,
        )
        position.check()
        return position

    def to_json(self) -> dict[str, Any]:
        """The position as JSON; optional keys appear only when they say something."""
        data: dict[str, Any] = {
            "players": self.players,
            "to_move": self.to_move,
            "phase": self.phase.value,
            "hands": [
                {"count": hand.count} if isinstance(hand, Hidden) else _texts(hand)
                for hand in self.hands
            ],
            "melds": [[_texts(meld.cards) for meld in side] for side in self.melds],
            "discard": _texts(self.discard),
            "stock": self.stock.count if isinstance(self.stock, Hidden) else _texts(self.stock),
            "pozzetti_taken": list(self.pozzetti_taken),
        }
        if any(pozzetto is not None for pozzetto in self.pozzetti):
            data["pozzetti"] = [None if p is None else _texts(p) for p in self.pozzetti]
        if self.pile_single is not None:
            data["pile_single"] = str(self.pile_single)
        if self.pile_taken:
            data["pile_taken"] = _texts(self.pile_taken)
        if self.stall is not None:
            data["stall"] = {"seat": self.stall.seat, "count": self.stall.count}
        rules = self.rules.to_dict()
        if self.rules.decks == decks_for(self.players):
            rules.pop("decks", None)
        if rules:
            data["rules"] = rules
        if self.totals is not None:
            data["totals"] = list(self.totals)
        if self.sides is not None and self.sides != starting_sides(self.players):
            data["sides"] = list(self.sides)
        if self.all_alone:
            data["all_alone"] = True
        return data

    def __str__(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    # --- questions ----------------------------------------------------------------------

    @property
    def side(self) -> int:
        """The side of the player to move."""
        sides = self.sides
        return self.to_move % SIDES if sides is None else sides[self.to_move]

    def side_of(self, seat: int) -> int:
        """The side a seat plays for now (R3, R40): the one place that says it. With three
        or five players it changes when the first pozzetto is taken."""
        sides = self.sides
        return seat % SIDES if sides is None else sides[seat]

    def seats(self, side: int) -> range | list[int]:
        """The seats of a side: one alone, two partners; none for a side left empty when
        a pair formed at three or five players (R40)."""
        if self.sides is None:
            return range(side, self.players, SIDES)
        return [seat for seat, own in enumerate(self.sides) if own == side]

    @property
    def side_total(self) -> int:
        """How many sides the melds, pozzetti taken and totals are kept for."""
        return len(self.melds)

    @property
    def live_sides(self) -> list[int]:
        """The sides that have a player (all but those emptied when a pair formed)."""
        if self.sides is None:
            return list(range(SIDES))
        return sorted(set(self.sides))

    def opponents(self, seat: int) -> list[int]:
        """The seats that play against ``seat``, in turn order after it."""
        side = self.side_of(seat)
        order = [(seat + step) % self.players for step in range(1, self.players)]
        return [other for other in order if self.side_of(other) != side]

    @property
    def fluid(self) -> bool:
        """Do the sides form during the hand (three or five players before 1000, R40)?"""
        return self.players in (3, 5) and not self.all_alone

    @property
    def pozzetto_sizes(self) -> tuple[int, ...]:
        return pozzetto_sizes(self.players, self.all_alone)

    def pozzetto_slot(self, side: int) -> int:
        """Which pozzetto ``side`` takes when it takes one: its own, or where the sides form
        during the hand the next in order (the 18 or 17 first, R40)."""
        if self.fluid:
            return sum(self.pozzetti_taken)
        return side

    @property
    def deck_size(self) -> int:
        return BIG_DECK_SIZE if self.rules.decks == 3 else DECK_SIZE

    @property
    def next_seat(self) -> int:
        """The seat that plays after the player to move (clockwise, R6)."""
        return (self.to_move + 1) % self.players

    @property
    def hand(self) -> Cards:
        """The cards of the player to move.

        Raises :class:`InvalidPositionError` when they are hidden: the engine can judge
        and play only a hand it knows.
        """
        hand = self.hands[self.to_move]
        if isinstance(hand, Hidden):
            raise InvalidPositionError("hand_hidden", player=self.to_move + 1, count=hand.count)
        return hand

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def is_last_turn(self) -> bool:
        """Has the player to move drawn the third-to-last card of the stock (R33)?"""
        return self.phase is _PLAY_PHASE and self.stock_count <= STOCK_LEFT

    @property
    def closer(self) -> int | None:
        """The seat that closed the hand (the only way a hand is left empty), if any."""
        sizes = [len(hand) for hand in self.hands]
        return sizes.index(0) if 0 in sizes else None

    @property
    def is_over(self) -> bool:
        """Has the hand ended, by a closing (R30) or with the stock exhausted (R33)?"""
        return self.termination is not None

    @property
    def termination(self) -> Termination | None:
        if not all(self.hands):  # a closing left a hand empty (see closer)
            return _CLOSED
        if self.phase is _DRAW_PHASE and self.stock_count <= STOCK_LEFT:
            return _EXHAUSTED
        return None

    def side_hand(self, side: int) -> Cards | None:
        """All the cards in the hands of a side's players; None if any is hidden."""
        cards: list[Card] = []
        for seat in self.seats(side):
            hand = self.hands[seat]
            if isinstance(hand, Hidden):
                if hand.count:
                    return None
                continue
            cards.extend(hand)
        return tuple(cards)

    def has_closing_burraco(self, side: int) -> bool:
        """Does the side have the burraco that closing needs (R30; a clean one, R41; a
        clean and a dirty one at six players, R40)?"""
        return closing_burraco(self.melds[side], self.rules, self.players)

    def closing_refusal(self) -> IllegalActionError | None:
        """Why the side to move could not close now (R30, R41), or None if it could.

        Closing also needs a last discard that is no wildcard (R31); see
        :func:`engine.actions.why_illegal` for a particular discard.
        """
        if not self.pozzetti_taken[self.side]:
            return IllegalActionError("close_no_pozzetto", "R30")
        if not self.has_closing_burraco(self.side):
            return no_closing_burraco(self.rules, self.players)
        return None

    def outcome(self) -> Outcome | None:
        """How the hand ended and what each side scored (R35), or None while it goes on."""
        termination = self.termination
        if termination is None:
            return None
        closer = self.closer
        closer_side = None if closer is None else self.side_of(closer)
        live = self.live_sides
        scores: list[SideScore | None] = []
        for side in range(self.side_total):
            hand = self.side_hand(side)
            scores.append(
                EMPTY_SCORE
                if side not in live
                else None
                if hand is None
                else score_side(
                    self.melds[side],
                    hand,
                    pozzetto_taken=self.pozzetti_taken[side],
                    closed=closer_side == side,
                    rules=self.rules,
                )
            )
        credits: list[int | None] = []
        for seat in range(self.players):
            score = scores[self.side_of(seat)]
            if score is None:
                credits.append(None)
            elif self.fluid and len(self.seats(self.side_of(seat))) > 1:
                credits.append(half_score(score.total))  # R40: the pair's score halved
            else:
                credits.append(score.total)
        return Outcome(termination, closer, tuple(scores), tuple(credits))

    def known_cards(self) -> Counter[Card]:
        """How many of each card the position shows, in every place."""
        counts: Counter[Card] = Counter()
        for hand in self.hands:
            if not isinstance(hand, Hidden):
                counts.update(hand)
        for side in self.melds:
            for meld in side:
                counts.update(meld.cards)
        counts.update(self.discard)
        if not isinstance(self.stock, Hidden):
            counts.update(self.stock)
        for pozzetto in self.pozzetti:
            if pozzetto is not None:
                counts.update(pozzetto)
        return counts

    def unseen(self) -> list[Card]:
        """The cards (one entry per card, display order) whose copies are not all shown:
        the cards a hidden stock could hand out."""
        known = self.known_cards()
        decks = self.rules.decks
        return [card for card in ALL_CARDS if known[card] < max_copies(card, decks)]

    def pozzetto_taken_at(self, slot: int) -> bool:
        """Has the pozzetto in this place been taken?"""
        if self.fluid:
            return slot < sum(self.pozzetti_taken)
        return self.pozzetti_taken[slot]

    def card_count(self) -> int:
        """How many cards the position holds in all, hidden ones and untaken pozzetti
        included; 108 once every place is described (R1), 162 with three decks (R40)."""
        melded = sum(len(meld.cards) for side in self.melds for meld in side)
        pozzetti = sum(
            self.pozzetto_sizes[slot] if pozzetto is None else len(pozzetto)
            for slot, pozzetto in enumerate(self.pozzetti)
            if not self.pozzetto_taken_at(slot)
        )
        return (
            sum(len(hand) for hand in self.hands)
            + melded
            + len(self.discard)
            + self.stock_count
            + pozzetti
        )

    # --- consistency --------------------------------------------------------------------

    def check(self) -> None:
        """Refuse a position that cannot arise in a game.

        Checks that seats and sides are consistent, that no card appears more often than
        the deck holds it (R1), that no side has two sets of one rank (R15), that the
        pozzetti and the stock are possible (R4, R29, R33), and that the phase matches what
        the player to move holds. Melds are checked when they are read.
        Raises :class:`InvalidPositionError`.
        """
        self._check_shape()
        self._check_cards()
        self._check_melds()
        self._check_phase()

    def _check_shape(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise InvalidPositionError("players_count", "R3", players=self.players)
        if not 0 <= self.to_move < self.players:
            raise InvalidPositionError("to_move_seat", players=self.players, seat=self.to_move)
        sides = side_count(self.players)
        lengths = (
            ("hands", self.hands, self.players),
            ("melds", self.melds, sides),
            ("pozzetti_taken", self.pozzetti_taken, sides),
            ("pozzetti", self.pozzetti, len(self.pozzetto_sizes)),
            ("totals", self.totals or (0,) * sides, sides),
        )
        for name, value, length in lengths:
            if len(value) != length:
                raise InvalidPositionError(
                    "entries_count", name=name, length=length, count=len(value)
                )
        for seat, hand in enumerate(self.hands):
            if isinstance(hand, Hidden) and hand.count < 0:
                raise InvalidPositionError(
                    "hidden_count_negative", player=seat + 1, count=hand.count
                )
        if self.stock_count < STOCK_LEFT:
            raise InvalidPositionError(
                "stock_too_small", "R33", least=STOCK_LEFT, count=self.stock_count
            )
        if self.stall is not None and (
            not 0 <= self.stall.seat < self.players or self.stall.count < 1
        ):
            raise InvalidPositionError(
                "stall_invalid", "R34", seat=self.stall.seat, count=self.stall.count
            )
        if self.rules.decks != decks_for(self.players):
            raise InvalidPositionError(
                "decks_players",
                "R40",
                decks=self.rules.decks,
                players=self.players,
                right=decks_for(self.players),
            )
        self._check_sides()

    def _check_sides(self) -> None:
        """The sides are those the table starts with, or at three and five players those
        formed by the first pozzetto taken (R40)."""
        if self.all_alone and self.players != 3:
            raise InvalidPositionError("all_alone_players", "R40", players=self.players)
        start = None if self.players in (2, 4) else starting_sides(self.players)
        if self.sides == start:
            if self.fluid and any(self.pozzetti_taken):
                raise InvalidPositionError("sides_not_formed", "R40")
            return
        alone = self._alone_seat()
        if alone is None:
            raise InvalidPositionError(
                "sides_invalid", "R40", sides=[side + 1 for side in self.sides or ()]
            )
        for side in range(self.side_total):
            if not self.seats(side) and (self.melds[side] or self.pozzetti_taken[side]):
                raise InvalidPositionError("side_empty_has_cards", "R40", side=side + 1)

    def _alone_seat(self) -> int | None:
        """The seat that plays alone, when the sides are those formed at three or five
        players by its taking the first pozzetto (R40)."""
        if not self.fluid or self.sides is None:
            return None
        for seat in range(self.players):
            if self.sides == split_sides(self.players, seat) and self.pozzetti_taken[seat]:
                return seat
        return None

    def _check_cards(self) -> None:
        decks = self.rules.decks
        for card, count in self.known_cards().items():
            if count > max_copies(card, decks):
                raise InvalidPositionError(
                    "position_too_many_copies",
                    "R1",
                    card=str(card),
                    count=count,
                    most=max_copies(card, decks),
                )
        sizes = self.pozzetto_sizes
        for side, pozzetto in enumerate(self.pozzetti):
            if pozzetto is None:
                continue
            if self.pozzetto_taken_at(side):
                raise InvalidPositionError("pozzetto_taken_listed", "R29", side=side + 1)
            if len(pozzetto) != sizes[side]:
                raise InvalidPositionError(
                    "pozzetto_size", "R4", size=sizes[side], side=side + 1, count=len(pozzetto)
                )
        total = self.card_count()
        if total > self.deck_size:
            raise InvalidPositionError(
                "position_too_many_cards", "R1", count=total, most=self.deck_size
            )

    def _check_melds(self) -> None:
        for side, melds in enumerate(self.melds):
            if self.fluid and len(self.seats(side)) > 1:
                continue  # a pair's melds joined: each may hold a set of a rank (R40)
            ranks = [meld.rank for meld in melds if meld.kind is MeldKind.SET]
            for rank in set(ranks):
                if ranks.count(rank) > 1:
                    assert rank is not None
                    raise InvalidPositionError("two_sets", "R15", side=side + 1, rank=rank.symbol)

    def _check_phase(self) -> None:
        empty = [seat for seat, hand in enumerate(self.hands) if len(hand) == 0]
        if len(empty) > 1:
            raise InvalidPositionError(
                "two_empty_hands", "R30", players=[seat + 1 for seat in empty]
            )
        for seat in empty:
            side = self.side_of(seat)
            if self.phase is _PLAY_PHASE and seat == self.to_move:
                raise InvalidPositionError("empty_hand_to_play", "R32", player=seat + 1)
            if not self.pozzetti_taken[side] or not self.has_closing_burraco(side):
                raise InvalidPositionError(
                    "empty_hand_not_closed_clean"
                    if self.rules.international
                    else "empty_hand_not_closed",
                    "R41" if self.rules.international else "R30",
                    player=seat + 1,
                    side=side + 1,
                )
        if self.phase is _DRAW_PHASE and (self.pile_single or self.pile_taken):
            raise InvalidPositionError("pile_taken_before_draw", "R6")
        if self.pile_taken and not self.rules.international:
            raise InvalidPositionError("pile_taken_not_international", "R41")
        taken = self.pile_taken or ((self.pile_single,) if self.pile_single else ())
        if not taken:
            self._check_last_card()
            return
        if self.discard:
            raise InvalidPositionError("pile_not_empty", "R7")
        if self.pile_taken and (
            (len(self.pile_taken) == 1) != (self.pile_single is not None)
            or (self.pile_single is not None and self.pile_taken != (self.pile_single,))
        ):
            raise InvalidPositionError("pile_single_mismatch", "R8")
        hand = self.hands[self.to_move]
        if not isinstance(hand, Hidden) and Counter(taken) - Counter(hand):
            raise InvalidPositionError(
                "pile_taken_not_held", "R8", cards=_texts(taken), count=len(taken)
            )
        self._check_last_card()

    def _check_last_card(self) -> None:
        hand = self.hands[self.to_move]
        if self.phase is not _PLAY_PHASE or isinstance(hand, Hidden) or len(hand) != 1:
            return
        refusal = last_discard_refusal(self, self.melds[self.side], hand[0], self.pile_single)
        if refusal is not None:
            raise InvalidPositionError(
                "last_card_stuck", refusal.rule, card=str(hand[0]), reason=refusal.as_param()
            )


def closing_burraco(melds: Sequence[Meld], rules: Rules, players: int = 2) -> bool:
    """Do these melds hold the burraco that closing needs (R30; a clean one, R41; at six
    players a clean one and a dirty one, R40)?"""
    if players == 6:
        kinds = {meld.burraco(rules) for meld in melds}
        return Burraco.CLEAN in kinds and bool(kinds - {Burraco.CLEAN, None})
    for meld in melds:
        kind = meld.burraco(rules)
        if kind is Burraco.CLEAN or (kind is not None and not rules.international):
            return True
    return False


def no_closing_burraco(rules: Rules, players: int = 2, **params: Any) -> IllegalActionError:
    """The refusal to close without that burraco."""
    if players == 6:
        return IllegalActionError("close_no_clean_and_dirty", "R40", **params)
    if rules.international:
        return IllegalActionError("close_no_clean_burraco", "R41", **params)
    return IllegalActionError("close_no_burraco", "R30", **params)


def last_discard_refusal(
    position: Position, side_melds: Sequence[Meld], card: Card, pile_single: Card | None
) -> IllegalActionError | None:
    """Why the player to move may not discard ``card`` when it is the last in their hand.

    With the pozzetto taken such a discard closes (R30, R31, R41); without it, it takes the
    pozzetto con lo scarto (R29). Either way the one-card pile's card stays (R8).
    """
    params = {"card": str(card)}
    if position.pozzetti_taken[position.side]:
        if not closing_burraco(side_melds, position.rules, position.players):
            return no_closing_burraco(position.rules, position.players, **params)
        if card.is_wild:
            return IllegalActionError("close_wild", "R31", **params)
    if card == pile_single:
        return IllegalActionError("pile_single", "R8", **params)
    return None


# --- reading JSON, one kind of value at a time ------------------------------------------

_REQUIRED = (
    "players",
    "to_move",
    "phase",
    "hands",
    "melds",
    "discard",
    "stock",
    "pozzetti_taken",
)
_OPTIONAL = (
    "pozzetti",
    "pile_single",
    "pile_taken",
    "stall",
    "rules",
    "totals",
    "sides",
    "all_alone",
)


def _check_sizes(data: Mapping[str, Any]) -> None:
    """Refuse sizes and numbers no game can reach, before reading anything else.

    A hand of ``{"count": 2**63}`` or a stock of 10**21 crashed ``len()``, and a
    million cards took seconds to read. Raises :class:`TooBigError`.
    """
    # Three decks at five and six players (R40); two at any other table.
    players = data.get("players")
    most_cards = BIG_DECK_SIZE if players in (5, 6) and type(players) is int else DECK_SIZE
    for seat, hand in enumerate(_entries(data["hands"])):
        count = hand.get("count") if isinstance(hand, dict) else hand
        size = len(count) if isinstance(count, list) else count
        if isinstance(size, int) and size > MAX_HAND:
            raise TooBigError("hand_too_big", "R1", seat=seat, count=_shown(size), most=MAX_HAND)
    stock = data["stock"]
    if isinstance(stock, int) and stock > most_cards:
        raise TooBigError(
            "number_too_big", "R1", name="stock", value=_shown(stock), most=most_cards
        )
    named = [("stock", stock), ("discard", data["discard"]), ("pile_taken", data.get("pile_taken"))]
    named += [("pozzetti", pozzetto) for pozzetto in _entries(data.get("pozzetti"))]
    sizes = [(name, len(cards)) for name, cards in named if isinstance(cards, list)]
    for side in _entries(data["melds"]):
        melds = _entries(side)
        # Every meld holds a card at least: too many melds are too many cards.
        laid = len(melds) if len(melds) > most_cards else sum(len(_entries(m)) for m in melds)
        sizes.append(("melds", laid))
    for name, size in sizes:
        if size > most_cards:
            raise TooBigError("too_many_cards", "R1", name=name, count=size, most=most_cards)
    totals = data.get("totals")
    for total in _entries(totals):
        if isinstance(total, int) and abs(total) > MAX_TOTAL:
            raise TooBigError(
                "number_too_big", "", name="totals", value=_shown(total), most=MAX_TOTAL
            )
    stall = data.get("stall")
    count = stall.get("count") if isinstance(stall, dict) else None
    if isinstance(count, int) and count > DECK_SIZE:
        raise TooBigError(
            "number_too_big", "R34", name="stall", value=_shown(count), most=DECK_SIZE
        )


def _entries(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


#: Where in a position a value is: a key of the JSON (``"stock"``), or a place such as the
#: hand of a player, an error code of :mod:`engine.messages` with its parameters.
Place = str | dict[str, Any]


def _place(code: str, **params: Any) -> dict[str, Any]:
    """A place in a position, named in a sentence by :mod:`engine.messages` (``place_…``)."""
    return {"code": code, "params": params}


def _shown(number: int) -> str:
    """A number for a sentence, cut short when it is absurdly long."""
    text = str(number)
    return text if len(text) <= 12 else f"{text[:9]}…"


def _int(value: Any, name: Place) -> int:
    # bool is an int in Python: true is not a seat.
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidPositionError("whole_number", name=name, text=value)
    return value


def _count(value: Any, name: Place) -> int:
    count = _int(value, name)
    if count < 0:
        raise InvalidPositionError("negative_count", name=name, count=count)
    return count


def _bool(value: Any, name: Place) -> bool:
    if not isinstance(value, bool):
        raise InvalidPositionError("true_or_false", name=name, text=value)
    return value


def _list(value: Any, name: Place, length: int, each: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidPositionError("list_of_entries", name=name, length=length, each=each)
    return value


def _phase(value: Any) -> Phase:
    try:
        return Phase(value)
    except (ValueError, TypeError):
        raise InvalidPositionError("unknown_phase", "R6", text=value) from None


def _cards(value: Any, where: Place) -> Cards:
    if not isinstance(value, list):
        raise InvalidPositionError("not_a_card_list", name=where, text=value)
    try:
        return tuple(parse_cards(value))
    except InvalidNotationError as error:
        raise InvalidNotationError("cards_in", name=where, reason=error.as_param()) from None


def _card_or_none(value: Any, where: Place) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidPositionError("card_or_nothing", name=where, text=value)
    return _cards([value], where)[0]


def _hand(value: Any, where: Place) -> Hand:
    if isinstance(value, dict):
        if set(value) != {"count"}:
            raise InvalidPositionError("hand_shape", name=where, text=value)
        return Hidden(_count(value["count"], where))
    return _cards(value, where)


def _side_melds(side: int, value: Any, rules: Rules) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise InvalidPositionError("melds_not_list", side=side + 1, text=value)
    melds = []
    for index, arrangement in enumerate(value):
        place = _place("place_meld", number=index + 1, side=side + 1)
        cards = _cards(arrangement, place)
        try:
            melds.append(Meld.parse(cards, rules))
        except InvalidMeldError as error:
            raise InvalidPositionError(
                "meld_invalid",
                error.rule,
                number=index + 1,
                side=side + 1,
                arrangement=_texts(cards),
                reason=error.as_param(),
            ) from None
    return tuple(melds)


def _sides(value: Any, players: int) -> tuple[int, ...] | None:
    """Each seat's side; None (seat % 2) with two and four players."""
    start = starting_sides(players)
    if value is None:
        return None if players in (2, 4) else start
    sides = tuple(_int(side, "sides") for side in _list(value, "sides", players, "seat"))
    if players in (2, 4) and sides == start:
        return None
    return sides


def _stall(value: Any) -> Stall | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"seat", "count"}:
        raise InvalidPositionError("stall_shape", "R34", text=value)
    return Stall(
        _int(value["seat"], _place("place_stall_player")),
        _int(value["count"], _place("place_stall_count")),
    )


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


__all__ = [
    "BIG_DECK_SIZE",
    "DECK_SIZE",
    "HAND_SIZE",
    "MAX_HAND",
    "MAX_TOTAL",
    "POZZETTO_SIZE",
    "STOCK_LEFT",
    "Hidden",
    "Outcome",
    "Phase",
    "Position",
    "Stall",
    "Termination",
    "last_discard_refusal",
]


# --- a position being written (the puzzle editor) -----------------------------------------------


def named_cards(data: Mapping[str, Any]) -> list[Card]:
    """Every card a position's JSON names, where it names them: the hands shown card by
    card, the melds, the discard pile, the stock and the pozzetti when given as cards, the
    cards taken with the pile and the one-card pile's card. For a position still being
    written, whose melds may not be valid yet (R1: no card more often than the deck holds
    it, see :func:`engine.cards.check_copies`).

    >>> hands = [["10C"], {"count": 11}]
    >>> named = named_cards({"hands": hands, "melds": [[["6C", "JK", "8C"]], []], "stock": 40})
    >>> " ".join(map(str, named))
    '10C 6C JK 8C'

    Raises :class:`InvalidNotationError` for a word that is not a card.
    """
    texts: list[str] = []
    for hand in data.get("hands") or []:
        if isinstance(hand, list):
            texts += hand
    for side in data.get("melds") or []:
        for meld in side:
            texts += meld
    texts += data.get("discard") or []
    for place in (data.get("stock"), *(data.get("pozzetti") or ())):
        if isinstance(place, list):
            texts += place
    texts += data.get("pile_taken") or []
    if isinstance(data.get("pile_single"), str):
        texts.append(data["pile_single"])
    return parse_cards(texts)


def meld_refusals(
    melds: Sequence[Sequence[Any]], rules: Rules
) -> list[tuple[int, int, BurracoError]]:
    """Each meld of a position's JSON (one list per side) that is not a meld under these
    rules, as (side, index, the refusal): all of them, where reading the position stops at
    the first.

    >>> melds = [[["6C", "7C"]], [["KD", "KD", "KS"]]]
    >>> [(side, index) for side, index, _ in meld_refusals(melds, DEFAULT)]
    [(0, 0)]
    """
    refused: list[tuple[int, int, BurracoError]] = []
    for side, side_melds in enumerate(melds):
        for index, cards in enumerate(side_melds):
            try:
                Meld.parse(cards, rules)
            except BurracoError as error:
                refused.append((side, index, error))
    return refused
