"""The position: the state of a hand between two actions (R3, R4, R29-R35), its JSON form
and the questions the rules ask of it.

Part of :mod:`engine.state`, which tells the whole; the checks, the JSON reader and the
seat arithmetic it uses are the modules beside this one."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.cards import ALL_CARDS, Card, max_copies
from engine.errors import IllegalActionError, InvalidNotationError, InvalidPositionError
from engine.melds import Meld
from engine.rules import DEFAULT, Rules
from engine.scoring import SideScore, score_side
from engine.state.checks import check_position
from engine.state.closing import closing_burraco, no_closing_burraco
from engine.state.reading import _texts, read_position
from engine.state.seats import (
    BIG_DECK_SIZE,
    DECK_SIZE,
    SIDES,
    STOCK_LEFT,
    decks_for,
    half_score,
    pozzetto_sizes,
    starting_sides,
)
from engine.state.values import (
    _CLOSED,
    _DRAW_PHASE,
    _EXHAUSTED,
    _PLAY_PHASE,
    Cards,
    Hand,
    Hidden,
    Outcome,
    Phase,
    Stall,
    Termination,
)

#: What a side left empty when a pair formed scores: nothing (R40).
EMPTY_SCORE = SideScore(0, 0, 0, 0, 0)


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
        return read_position(cls, data, rules)

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
    def heads_up(self) -> bool:
        """Is it a game of two, one player a side? The other player is then "your opponent",
        never "the other side", in every sentence said of the position (issue 27)."""
        return self.players == 2

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
        if self.rules.void_without_pozzetto and not any(self.pozzetti_taken):
            # R44: nobody took a pozzetto, so the hand is void and dealt again.
            return Outcome(
                termination,
                closer,
                (EMPTY_SCORE,) * self.side_total,
                (0,) * self.players,
                void=True,
            )
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
        check_position(self)
