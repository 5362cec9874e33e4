"""Inference over a hidden hand: which deals of the unseen cards explain what a seat did.

:func:`engine.bots.expert.sample_world` deals the cards a seat cannot see at random among
the cards it has not seen. A club player's hand is not random: it lays what it can, keeps
pairs and neighbours and throws the rest, and leaves a pile that does not pay. So the hand
of the seat that played just before the viewer is weighed by how well it explains that
seat's last turn, read from the table as it lies now (:class:`Explainer`):

- the top card of the pile is the card it threw: with the rest of its hand, would the club
  player have thrown that card rather than another (:meth:`Club.discard_score`, lower is
  thrown)?
- would it have laid a card on its side's melds, or a natural meld it held, instead?
- a pile of two cards or more under that card is the pile it declined: would the club
  player, with that hand, have taken it (:meth:`Club.pile_gain`)?

Each answer becomes a penalty on a log scale (:meth:`Explainer.log_weight`), and
:func:`infer_world` deals :data:`INFER_TRIES` candidate worlds and keeps one with a chance
in proportion to its weight (sampling-importance-resampling): a count of candidates, not a
clock, so a decision replays by seed.

>>> import random
>>> from engine.deal import deal
>>> from engine.bots.view import view_of
>>> position = deal(2, random.Random(5))
>>> explainer_of(view_of(position)) is None  # nobody has thrown a card yet
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from engine.bots.levels import Club, _gap, fits_table
from engine.bots.view import View
from engine.cards import Card, deck
from engine.state import Cards, Hidden, Phase, Position
from engine.state.seats import pozzetto_sizes

#: How many candidate worlds :func:`infer_world` deals for each world it keeps (0 or 1:
#: no inference, the world as :func:`sample_world` deals it).
INFER_TRIES = 16
#: How soft the reading of a discard is: a hand in which another card scores this much
#: lower (more fit to throw) than the card thrown is weighed e^-1 (the club player's
#: scores: a neighbour is worth 1, a card for the opponents' melds about 4).
INFER_TEMPERATURE = 1.0
#: What each card the club player would have laid (on its side's melds, or a natural meld
#: of three in its hand) costs a hand, on the log scale: it would not be holding them.
INFER_LAID = 2.0
#: What a declined pile costs a hand for each point the club player's :meth:`Club.pile_gain`
#: with that hand reaches past its threshold, on the log scale.
INFER_DECLINED = 0.5

#: The cards a hand holds when dealt (R4).
HAND_SIZE = 11


@cache
def _pair(card: Card, other: Card) -> float:
    """What ``other`` adds to :func:`keep_value` of a natural ``card``."""
    if other.is_joker:
        return 0.0
    value = 0.0
    if other.rank is card.rank and other.suit is not card.suit:
        value += 1.2
    elif other.rank is card.rank:
        value += 0.6
    gap = _gap(card, other)
    if gap == 1:
        value += 1.0
    elif gap == 2:
        value += 0.6
    return value


def keep_value_fast(card: Card, others: Sequence[Card]) -> float:
    """:func:`engine.bots.levels.keep_value`, its pairs remembered."""
    if card.is_wild:
        return 10.0
    return sum(_pair(card, other) for other in others)


def _natural_melds(cards: Sequence[Card]) -> int:
    """How many natural melds of three (a set of one rank, a run of one suit) the cards
    hold: what the club player would have laid rather than kept."""
    naturals = [card for card in cards if not card.is_wild]
    count = 0
    ranks: dict[object, int] = {}
    runs: dict[object, set[int]] = {}
    for card in naturals:
        ranks[card.rank] = ranks.get(card.rank, 0) + 1
        assert card.rank is not None
        places = runs.setdefault(card.suit, set())
        rank = int(card.rank)
        places.add(rank)
        if rank == 1:
            places.add(14)
    count += sum(1 for n in ranks.values() if n >= 3)
    for places in runs.values():
        count += sum(
            1 for r in places if r + 1 in places and r + 2 in places and r - 1 not in places
        )
    return count


def _initial_stock(position: Position) -> int:
    players = position.players
    dealt = players * HAND_SIZE + sum(pozzetto_sizes(players, False)) + 1
    return len(deck(position.rules.decks)) - dealt


@dataclass(frozen=True, slots=True)
class Explainer:
    """What the seat before the viewer did on its last turn, and how to weigh a hand for
    it: ``thrown`` the card it threw, ``declined`` the pile it left (empty if it took the
    pile or there was none worth reading)."""

    seat: int
    thrown: Card
    declined: Cards
    #: The club player's score of each card as a discard at that moment, but for what the
    #: rest of the hand adds (:func:`keep_value`).
    score: Callable[[Card], float]
    fits: Callable[[Card], bool]
    #: For each card of the declined pile, what it brings whatever the hand (2 if it fits
    #: the side's melds) and what the rest of the pile adds to its :func:`keep_value`;
    #: then the pile's adjustment (the pozzetto, the stock).
    pile_base: tuple[tuple[float, float], ...]
    pile_extra: float
    pile_threshold: float

    def log_weight(self, hand: Sequence[Card]) -> float:
        """How well the seat's hidden ``hand`` (after its discard) explains its turn: 0 for
        a hand the club player would have played so, below for one it would not have."""
        held = [*hand, self.thrown]
        own = self.score(self.thrown) + keep_value_fast(self.thrown, hand)
        least = own
        laid = 0
        for index, card in enumerate(hand):
            rest = [*hand[:index], *hand[index + 1 :], self.thrown]
            least = min(least, self.score(card) + keep_value_fast(card, rest))
            if not card.is_wild and self.fits(card):
                laid += 1
        weight = -(own - least) / INFER_TEMPERATURE
        weight -= INFER_LAID * (laid + _natural_melds(held))
        if self.declined:
            gain = self.pile_extra
            for card, (fit, near) in zip(self.declined, self.pile_base, strict=True):
                use = 3.0 if card.is_wild else fit + min(near + keep_value_fast(card, hand), 3.0)
                gain += use if use >= 1.0 else -card.value / 15.0
            weight -= INFER_DECLINED * max(0.0, gain - self.pile_threshold)
        return weight


def explainer_of(view: View, model: Club | None = None) -> Explainer | None:
    """How to weigh the hand of the seat that played just before ``view``'s seat, by the
    club player's judgement (``model``); None when the pile does not tell what it threw
    (nothing thrown yet, the viewer took the pile, a pozzetto just taken)."""
    position = view.position
    if model is None:
        model = Club()
    pile = position.discard
    seat = (view.seat - 1) % position.players
    hand = position.hands[seat]
    if not pile or seat == view.seat or position.stock_count >= _initial_stock(position):
        return None
    if position.phase is not Phase.DRAW and position.pile_single is not None:
        return None
    if not isinstance(hand, Hidden) or hand.count == 0:
        return None
    side = position.side_of(seat)
    # The table as the seat saw it when it threw: the pile under its card.
    then = replace(position, to_move=seat, phase=Phase.PLAY, discard=pile[:-1])
    seen = View(then, seat, view.memory)
    melds = position.melds[side]
    fits_cache: dict[Card, bool] = {}
    score_cache: dict[Card, float] = {}

    def fits(card: Card) -> bool:
        if card not in fits_cache:
            fits_cache[card] = bool(fits_table(card, melds, seen))
        return fits_cache[card]

    def score(card: Card) -> float:
        if card not in score_cache:
            # keep_value of a card with no others is 10 for a wildcard, else 0: the rest
            # of the hand is added by the caller.
            base = model.discard_score(seen, card, ())
            score_cache[card] = base - (10.0 if card.is_wild else 0.0)
        return score_cache[card]

    declined: Cards = pile[:-1] if len(pile) >= 2 else ()
    base: list[tuple[float, float]] = []
    for index, card in enumerate(declined):
        others = [*declined[:index], *declined[index + 1 :]]
        fit = 2.0 if not card.is_wild and fits(card) else 0.0
        base.append((fit, keep_value_fast(card, others)))
    extra = 0.0
    if position.pozzetti_taken[side]:
        extra -= 0.5 * len(declined)
    elif position.stock_count + 1 > 20:
        extra += 0.2 * len(declined)
    return Explainer(
        seat, pile[-1], declined, score, fits, tuple(base), extra, model.pile_threshold
    )


def infer_world(
    view: View,
    rng: random.Random,
    tries: int | None = None,
    explainer: Explainer | None = None,
) -> Position:
    """A world of the hidden cards as :func:`sample_world` deals it, chosen among ``tries``
    dealt ones with a chance in proportion to how well each explains the last turn of the
    seat before the viewer (:class:`Explainer`)."""
    from engine.bots.expert import sample_world

    tries = INFER_TRIES if tries is None else tries
    if explainer is None or tries <= 1:
        return sample_world(view, rng)
    worlds = [sample_world(view, rng) for _ in range(tries)]
    weights = []
    for world in worlds:
        hand = world.hands[explainer.seat]
        assert not isinstance(hand, Hidden)
        weights.append(explainer.log_weight(hand))
    top = max(weights)
    chances = [math.exp(weight - top) for weight in weights]
    pick = rng.random() * sum(chances)
    for world, chance in zip(worlds, chances, strict=True):
        pick -= chance
        if pick <= 0:
            return world
    return worlds[-1]


__all__ = ["INFER_TRIES", "Explainer", "explainer_of", "infer_world", "keep_value_fast"]
