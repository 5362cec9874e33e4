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
from engine.state import HAND_SIZE, PLAYER_COUNTS, POZZETTO_SIZE, SIDES, Phase, Position


def deal(
    players: int,
    rng: random.Random,
    *,
    dealer: int = 0,
    rules: Rules = DEFAULT,
    totals: tuple[int, int] | None = None,
) -> Position:
    """Shuffle the 108 cards with ``rng`` and deal a hand (R4).

    Each player gets 11 cards one at a time clockwise from the dealer's left; two pozzetti
    of 11 are made a card at a time in turn; one card starts the discard pile and the rest
    is the stock. The player on the dealer's left moves first. Every card is known, so the
    position can be played to its end. Raises :class:`InvalidPositionError` for a number of
    players other than 2 or 4, or a dealer who is not at the table.
    """
    if players not in PLAYER_COUNTS:
        raise InvalidPositionError("players_count", "R3", players=players)
    if not 0 <= dealer < players:
        raise InvalidPositionError("dealer_seat", players=players, dealer=dealer)
    cards = deck()
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    pozzetti: list[list[Card]] = [[] for _ in range(SIDES)]
    index = 0
    for _ in range(HAND_SIZE):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(cards[index])
            index += 1
    for _ in range(POZZETTO_SIZE):
        for side in range(SIDES):
            pozzetti[side].append(cards[index])
            index += 1
    return Position(
        players=players,
        to_move=(dealer + 1) % players,
        phase=Phase.DRAW,
        hands=tuple(tuple(hand) for hand in hands),
        melds=((), ()),
        discard=(cards[index],),
        stock=tuple(cards[index + 1 :]),
        pozzetti_taken=(False, False),
        pozzetti=tuple(tuple(pozzetto) for pozzetto in pozzetti),
        rules=rules,
        totals=totals,
    )
