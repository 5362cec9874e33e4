"""Seats, sides and deck sizes (R3, R33, R40): how many play, who plays with whom, and
how many cards the table holds.

Part of :mod:`engine.state`; :class:`~engine.state.Position` asks these for the table it
describes (its own :meth:`~engine.state.Position.side_of` follows the sides formed in play)."""

from __future__ import annotations

from engine.rules import POZZETTO_SIZE

#: R3, R40: two players, four in two pairs, and the tables of three, five and six.
PLAYER_COUNTS = (2, 3, 4, 5, 6)
#: The sides of the two- and four-player game (R3); :func:`side_count` for every table.
SIDES = 2
DECK_SIZE = 108
#: R40: five and six players play with three decks, 162 cards with six jokers.
BIG_DECK_SIZE = 162
#: What a side left empty when a pair formed scores: nothing (R40).
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
