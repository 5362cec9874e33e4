"""The deal (R4, R5): a new hand from a shuffled deck, reproducible from a seeded Random.

>>> import random
>>> position = deal(4, random.Random(7))
>>> [len(hand) for hand in position.hands], len(position.discard), position.stock_count
([11, 11, 11, 11], 1, 41)
>>> deal(4, random.Random(7)) == position
True
"""

from __future__ import annotations

import random

from engine.cards import Card, deck
from engine.errors import InvalidPositionError
from engine.rules import DEFAULT, Rules
from engine.state import (
    HAND_SIZE,
    PLAYER_COUNTS,
    Phase,
    Position,
    decks_for,
    pozzetto_sizes,
    side_count,
    starting_sides,
)


def deal(
    players: int,
    rng: random.Random,
    *,
    dealer: int = 0,
    rules: Rules = DEFAULT,
    totals: tuple[int, ...] | None = None,
    all_alone: bool = False,
) -> Position:
    """Shuffle the deck with ``rng`` and deal a hand (R4, R40).

    Each player gets 11 cards one at a time clockwise from the dealer's left; the pozzetti
    are made a card at a time in turn (two of 11; 18 on top of 11 with three players, three
    of 11 once they play each for themselves; 17, 11 and 11 with five; three of 11 with
    six); one card starts the discard pile and the rest is the stock. Five and six players
    use three decks. The player on the dealer's left moves first. Every card is known, so
    the position can be played to its end. Raises :class:`InvalidPositionError` for a
    number of players other than 2 to 6, or a dealer who is not at the table.

    >>> three = deal(3, random.Random(1))
    >>> [len(p) for p in three.pozzetti], three.stock_count, three.sides
    ([18, 11], 45, (0, 1, 2))
    >>> five = deal(5, random.Random(1))
    >>> [len(p) for p in five.pozzetti], five.stock_count, five.card_count()
    ([17, 11, 11], 67, 162)
    """
    if players not in PLAYER_COUNTS:
        raise InvalidPositionError("players_count", "R3", players=players)
    if not 0 <= dealer < players:
        raise InvalidPositionError("dealer_seat", players=players, dealer=dealer)
    if all_alone and players != 3:
        raise InvalidPositionError("all_alone_players", "R40", players=players)
    rules = rules.replace(decks=decks_for(players))
    cards = deck(rules.decks)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    sizes = pozzetto_sizes(players, all_alone)
    pozzetti: list[list[Card]] = [[] for _ in sizes]
    index = 0
    for _ in range(HAND_SIZE):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(cards[index])
            index += 1
    for round_ in range(max(sizes)):
        for slot, size in enumerate(sizes):
            if round_ < size:
                pozzetti[slot].append(cards[index])
                index += 1
    sides = side_count(players)
    return Position(
        players=players,
        to_move=(dealer + 1) % players,
        phase=Phase.DRAW,
        hands=tuple(tuple(hand) for hand in hands),
        melds=((),) * sides,
        discard=(cards[index],),
        stock=tuple(cards[index + 1 :]),
        pozzetti_taken=(False,) * sides,
        pozzetti=tuple(tuple(pozzetto) for pozzetto in pozzetti),
        rules=rules,
        totals=totals,
        sides=None if players in (2, 4) else starting_sides(players),
        all_alone=all_alone,
    )
