"""What the board shows of a position: the learner's side and the other, the pile, the
stock, the pozzetti and the hand. The same board serves puzzles and lesson steps. At two
players (``Position.heads_up``) the other player is "your opponent"
(templates/lessons/board.html)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.cards import Card, sorted_cards
from engine.melds import Burraco, Meld
from engine.state import Hidden, Position, starting_sides

BURRACO_BADGES = {
    Burraco.CLEAN: gettext_lazy("Clean burraco"),
    Burraco.DIRTY: gettext_lazy("Dirty burraco"),
    Burraco.SEMI_CLEAN: gettext_lazy("Semi-clean burraco"),
}


@dataclass(frozen=True)
class Seat:
    name: str
    cards: tuple[Card, ...] | None
    count: int


@dataclass(frozen=True)
class OtherSide:
    """An opposing side where the sides are many or form during the hand (three, five and
    six players, R40): its seats' names, its melds with their badges, its pozzetto."""

    name: str
    drawn: tuple[tuple[Meld, str], ...]
    pozzetto: bool


@dataclass(frozen=True)
class Board:
    """A position seen from the seat to move."""

    position: Position
    my_melds: tuple[Meld, ...]
    their_melds: tuple[Meld, ...]
    hand: tuple[Card, ...] | None
    others: tuple[Seat, ...]
    discard: tuple[Card, ...]
    stock: int
    my_pozzetto: bool
    their_pozzetto: bool
    partners: bool
    #: Each side's running total before this hand, mine first, when the position has them.
    totals: tuple[int, int] | None = None
    #: Melds to highlight: the index in my_melds of a meld the answer changed.
    changed: int | None = None
    #: Mark each burraco as clean, dirty or semi-clean (not where that is the question).
    burracos: bool = True
    #: At three, five and six players, each opposing side apart (their_melds is then empty).
    other_sides: tuple[OtherSide, ...] = ()
    #: At three, five and six players, every total before this hand with its name.
    named_totals: str = ""

    @property
    def numbered_melds(self) -> list[tuple[int, Meld]]:
        """The learner's side's melds with the numbers people see (from 1)."""
        return [(index + 1, meld) for index, meld in enumerate(self.my_melds)]

    @property
    def my_drawn(self) -> list[tuple[int, Meld, str]]:
        """The learner's side's melds, numbered from 1, each with its burraco's badge or ""."""
        return [(number, meld, self._badge(meld)) for number, meld in self.numbered_melds]

    @property
    def their_drawn(self) -> list[tuple[Meld, str]]:
        """The other side's melds, each with its burraco's badge or ""."""
        return [(meld, self._badge(meld)) for meld in self.their_melds]

    def _badge(self, meld: Meld) -> str:
        kind = meld.burraco(self.position.rules) if self.burracos else None
        return "" if kind is None else str(BURRACO_BADGES[kind])


def board(
    position: Position,
    changed: int | None = None,
    melds: tuple[Meld, ...] | None = None,
    seat: int | None = None,
    burracos: bool = True,
    played: tuple[Card, ...] = (),
) -> Board:
    """The board of a position seen from ``seat`` (the seat to move by default);
    ``melds`` replaces that side's melds (to draw an answer's result) and ``changed``
    marks one of them; ``played``: cards the answer took from the hand to the table, which
    the hand then holds no more; ``burracos=False`` leaves the burracos unmarked."""
    seat = position.to_move if seat is None else seat
    side = position.side_of(seat)
    hand = position.hands[seat]
    if played and not isinstance(hand, Hidden):
        hand = tuple((Counter(hand) - Counter(played)).elements())
    totals = position.totals
    order = _others(position, seat)
    opposing = sorted(
        (other for other in position.live_sides if other != side),
        key=lambda other: min(order.index(s) for s in position.seats(other)),
    )
    apart = position.sides is not None
    names = {other: _seat(position, seat, other).name for other in order}
    board = Board(
        position=position,
        my_melds=position.melds[side] if melds is None else melds,
        their_melds=() if apart else position.melds[opposing[0]],
        hand=None if isinstance(hand, Hidden) else tuple(sorted_cards(hand)),
        others=tuple(_seat(position, seat, other) for other in order),
        discard=position.discard,
        stock=position.stock_count,
        my_pozzetto=position.pozzetti_taken[side],
        their_pozzetto=any(position.pozzetti_taken[other] for other in opposing),
        partners=len(position.seats(side)) > 1,
        totals=None if totals is None or apart else (totals[side], totals[opposing[0]]),
        changed=changed,
        burracos=burracos,
    )
    if not apart:
        return board
    other_sides = tuple(
        OtherSide(
            _together([names[one] for one in order if position.side_of(one) == other]),
            tuple((meld, board._badge(meld)) for meld in position.melds[other]),
            position.pozzetti_taken[other],
        )
        for other in opposing
    )
    named_totals = ""
    if totals is not None:
        starting = starting_sides(position.players)
        named_totals = "; ".join(
            _("%(who)s: %(points)s")
            % {
                "who": _together(
                    [names.get(one, _("You")) for one, own in enumerate(starting) if own == index]
                ),
                "points": total,
            }
            for index, total in enumerate(totals)
        )
    return replace(board, other_sides=other_sides, named_totals=named_totals)


def _together(names: list[str]) -> str:
    """Seats' names as one: "West", "West and East"."""
    if len(names) == 2:
        return _("%(first)s and %(second)s") % {"first": names[0], "second": names[1]}
    return ", ".join(names)


def _others(position: Position, seat: int) -> list[int]:
    return [(seat + step) % position.players for step in range(1, position.players)]


def _seat(position: Position, viewer: int, seat: int) -> Seat:
    hand = position.hands[seat]
    offset = (seat - viewer) % position.players
    if position.heads_up:
        name = _("Your opponent")
    elif position.side_of(seat) == position.side_of(viewer):
        name = _("Partner")
    elif offset == 1:
        # Play runs clockwise, so the next seat is on the learner's left.
        name = _("Opponent on your left")
    elif offset == position.players - 1:
        name = _("Opponent on your right")
    else:
        name = _("Opponent %(n)s seats to your left") % {"n": offset}
    cards = None if isinstance(hand, Hidden) else tuple(hand)
    return Seat(name, cards, len(hand))
