"""The expert bot and the playouts it (and the coach) use.

:func:`sample_world` deals the cards a seat cannot see (the other hands, the stock, the
untaken pozzetti) at random among the cards it has not seen, keeping the ones it saw an
opponent take from the pile in that opponent's hand. :func:`play_out` plays a whole
position on with one bot in every seat, up to a number of actions, and returns the score
difference for a side: exact when the hand ended, else :func:`estimate` of the position
reached. The expert plays as the club player, taking the pile more readily, and for the
decision to close now or wait it samples a few worlds, plays each candidate on in each
of them until its next turn (at four players, towards the end of the hand, within
:data:`RACE_NODES`), and keeps the one that does best. At four players it weighs stock
against a pile of three cards or more the same way. Elsewhere the same look-ahead can
weigh stock against pile and the choice of discard (:attr:`Expert.weigh_draw`,
:attr:`Expert.weigh_discards`); judged by :func:`estimate` one turn ahead it lost points
there, so it is off.

>>> import random
>>> from engine.deal import deal
>>> position = deal(2, random.Random(5))
>>> result = play_out(position, "club", random.Random(1))
>>> result.finished, result.diff == play_out(position, "club", random.Random(1)).diff
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.actions import Action, ActionKind, legal_actions, transition
from engine.bots.levels import RACE_PLAYERS, Club
from engine.bots.view import Memory, View, side_of, view_of
from engine.budget import MOVE_STEPS, Budget, spend
from engine.cards import Card, deck, points
from engine.errors import TooBigError
from engine.scoring import burraco_bonus
from engine.state import Hidden, Phase, Position

#: What an expert may spend on one decision, in actions played in its samples.
EXPERT_NODES = 60
#: How much better (in points, on average over the worlds) another candidate must look
#: than the club player's own choice for the expert to play it instead.
EXPERT_MARGIN = 10.0
#: How many worlds the expert samples for one decision.
EXPERT_WORLDS = 3
#: How many discards, the club player's favourites, the expert plays out.
EXPERT_DISCARDS = 3
#: At four players (the race to close) the expert plays each candidate out towards the end
#: of the hand in this many worlds, and weighs stock or pile when the pile holds this many
#: cards or more (see :class:`Expert`).
RACE_WORLDS = 8
RACE_PILE = 3
#: The actions all of one decision's playouts may play at four players, shared evenly
#: (a four-player hand seldom lasts more than 130 actions after such a decision): a count,
#: so the look-ahead replays by seed and its cost is bounded however long the hand.
RACE_NODES = 1_000
#: What a card still hidden in a hand is taken to be worth, on average.
HIDDEN_CARD = 8
#: What a wildcard held in a hand is worth to its side while the hand goes on.
WILD_IN_HAND = 15


# --- the hidden cards ---------------------------------------------------------------------


def sample_world(view: View, rng: random.Random) -> Position:
    """A whole position that agrees with everything ``view`` shows and remembers: the
    unseen cards dealt at random to the other hands, the untaken pozzetti and the stock."""
    position = view.position
    pool = Counter(deck(position.rules.decks))
    pool.subtract(view.hand)
    for side in position.melds:
        for meld in side:
            pool.subtract(meld.cards)
    pool.subtract(position.discard)
    remembered: list[list[Card]] = []
    for seat in range(position.players):
        cards = list(view.held_by(seat)) if seat != view.seat else []
        # Memory that no longer fits (cards since seen elsewhere) is dropped, not trusted.
        if any(pool[card] <= 0 for card in cards) or len(cards) > len(position.hands[seat]):
            cards = []
        pool.subtract(cards)
        remembered.append(cards)
    unseen = sorted(pool.elements(), key=lambda card: card.sort_key)
    rng.shuffle(unseen)
    hands = []
    for seat, hand in enumerate(position.hands):
        if seat == view.seat:
            hands.append(hand)
            continue
        need = len(hand) - len(remembered[seat])
        hands.append((*remembered[seat], *unseen[:need]))
        del unseen[:need]
    pozzetti: list[tuple[Card, ...] | None] = []
    for slot, size in enumerate(position.pozzetto_sizes):
        if position.pozzetto_taken_at(slot):
            pozzetti.append(None)
        else:
            pozzetti.append(tuple(unseen[:size]))
            del unseen[:size]
    stock = tuple(unseen[: position.stock_count])
    return replace(position, hands=tuple(hands), stock=stock, pozzetti=tuple(pozzetti))


# --- judging a position ------------------------------------------------------------------


def estimate(position: Position, side: int) -> float:
    """The score difference ``side`` can expect from here: exact once the hand is over,
    else the table, the burraco bonuses, the melds close to one, the cards in hand (a
    wildcard there is an asset, :data:`WILD_IN_HAND`) and the pozzetto still to take, for
    each side."""
    outcome = position.outcome()
    live = position.live_sides
    if outcome is not None and all(score is not None for score in outcome.scores):
        totals = [score.total if score is not None else 0 for score in outcome.scores]
        return _lead(totals, side, live)
    worth = [0.0] * position.side_total
    for s in live:
        for meld in position.melds[s]:
            worth[s] += meld.points
            kind = meld.burraco(position.rules)
            size = len(meld.cards)
            if kind is not None:
                worth[s] += burraco_bonus(meld, position.rules)
            elif size >= 5:
                worth[s] += (30 if size == 5 else 60) * (1.0 if meld.wild is None else 0.6)
        if not position.pozzetti_taken[s]:
            worth[s] -= position.rules.scores.pozzetto / 2  # half the code's penalty
    # Cards in hand cost their points only if the hand ends with them: less, the more
    # stock there is left to play them from.
    weight = 0.3 + 0.7 * max(0.0, 1.0 - position.stock_count / 60)
    for seat, hand in enumerate(position.hands):
        if isinstance(hand, Hidden):
            worth[side_of(position, seat)] -= weight * HIDDEN_CARD * hand.count
            continue
        # A wildcard still in hand can stand for any card: worth keeping, not a debt.
        wild = [card for card in hand if card.is_wild]
        natural = [card for card in hand if not card.is_wild]
        worth[side_of(position, seat)] += WILD_IN_HAND * len(wild) - weight * points(natural)
    return _lead(worth, side, live)


def _lead(worth: list[float] | list[int], side: int, live: list[int]) -> float:
    """``side``'s worth less the others' mean (with two sides, less the other's)."""
    if len(live) == len(worth) == 2:
        return float(worth[side] - sum(worth) + worth[side])
    others = [worth[s] for s in live if s != side]
    return float(worth[side] - sum(others) / max(1, len(others)))


@dataclass(frozen=True, slots=True)
class Playout:
    """A position played on: the score difference for the side asked about, whether the
    hand ended (else ``diff`` is an :func:`estimate`) and how many actions were played."""

    diff: float
    finished: bool
    actions: int


def play_out(
    position: Position,
    bot: str | object,
    rng: random.Random,
    *,
    side: int | None = None,
    max_actions: int = 2_000,
    until_seat: int | None = None,
    budget: Budget | None = None,
) -> Playout:
    """Play ``position`` (every card known) on with ``bot`` in every seat.

    Stops when the hand ends, after ``max_actions`` actions, or (with ``until_seat``) when
    that seat is next to draw. Returns the score difference for ``side`` (by default the
    side to move): the coach's "what would this have scored". Each action spends from
    ``budget`` (:mod:`engine.budget`), which raises :class:`TooBigError` once it runs out.
    """
    from engine.bots import Bot, make_bot

    player: Bot = make_bot(bot) if isinstance(bot, str) else bot  # type: ignore[assignment]
    if side is None:
        side = side_of(position, position.to_move)
    memory = Memory.empty(position.players)
    played = 0
    while not position.is_over and played < max_actions:
        if (
            until_seat is not None
            and played
            and position.to_move == until_seat
            and position.phase is Phase.DRAW
        ):
            break
        spend(budget, MOVE_STEPS)
        legal = legal_actions(position, budget)
        action = player.decide(view_of(position, None, memory), legal, rng)
        if action not in legal:
            action = legal[0]
        memory = memory.after(position, action)
        position = transition(position, action).position
        played += 1
    return Playout(estimate(position, side), position.is_over, played)


# --- the expert --------------------------------------------------------------------------


class Expert(Club):
    """The club player, looking ahead for the big decisions within :data:`EXPERT_NODES`.

    At four players the hand is a race to close, and one turn ahead says little about who
    wins it: there each candidate is played towards the end of the hand in
    :data:`RACE_WORLDS` worlds, within :data:`RACE_NODES` actions in all, and stock is also
    weighed against a pile of :data:`RACE_PILE` cards or more (docs/bots.md gives the
    arena's figures)."""

    name = "expert"
    #: The expert takes the pile on a weaker promise than the club player (what the
    #: arena showed: over 300 deals, club play with this threshold beat the club player's
    #: own by 64 points a deal).
    pile_threshold = -6.0
    #: Which decisions the look-ahead weighs. Stock or pile, and which discard, it does
    #: not: judged one turn ahead by :func:`estimate` it lost points (300 deals against the
    #: club player, the pile threshold above: -169 a deal weighing all three, -68 with a
    #: margin of 30), so those stay the heuristics'; closing now or waiting it weighs.
    weigh_draw = False
    weigh_discards = False

    def __init__(
        self,
        nodes: int = EXPERT_NODES,
        worlds: int = EXPERT_WORLDS,
        budget: Budget | None = None,
        *,
        race_nodes: int = RACE_NODES,
        race_worlds: int = RACE_WORLDS,
    ) -> None:
        #: The look-ahead at two, three, five and six players: actions a decision, worlds.
        self.nodes = nodes
        self.worlds = worlds
        #: The same at four players, where each candidate is played towards the hand's end.
        self.race_nodes = race_nodes
        self.race_worlds = race_worlds
        self.inner = Club()
        #: Steps the look-ahead may spend (the judge's request budget); when they run out
        #: the expert plays as the club player would.
        self.budget = budget

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        choice = super().decide(view, legal, rng)
        position = view.position
        if position.phase is Phase.DRAW:
            # Stock or pile.
            kinds = {action.kind for action in legal}
            weigh = self.weigh_draw or (
                position.players == RACE_PLAYERS and len(position.discard) >= RACE_PILE
            )
            if weigh and ActionKind.PILE in kinds and ActionKind.DRAW in kinds:
                draw = next(action for action in legal if action.kind is ActionKind.DRAW)
                pile = next(action for action in legal if action.kind is ActionKind.PILE)
                return self.best(view, [choice, pile if choice == draw else draw], rng)
            return choice
        hand = view.hand
        discards = [action for action in legal if action.kind is ActionKind.DISCARD]
        # Close now or wait: a play that leaves only the closing discard, against the
        # discard the club player would make (or the other way round).
        closers = [
            action
            for action in legal
            if action.kind is not ActionKind.DISCARD
            and position.pozzetti_taken[view.side]
            and len(hand) - len(action.cards) == 1
        ]
        if closers and discards:
            if choice in closers:
                return self.best(view, [choice, self.discard(view, discards, rng)], rng)
            if choice.kind is ActionKind.DISCARD:
                closer = max(closers, key=lambda action: self.play_score(view, action))
                return self.best(view, [choice, closer], rng)
        # Which card to throw.
        if self.weigh_discards and choice.kind is ActionKind.DISCARD and len(discards) > 1:
            ranked = sorted(
                discards, key=lambda action: self.discard_score(view, action.cards[0], hand)
            )
            return self.best(view, ranked[:EXPERT_DISCARDS], rng)
        return choice

    def best(self, view: View, candidates: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best mean estimate over sampled worlds; the first (the
        club player's own choice) on ties, so look-ahead only overrules it with reason."""
        try:
            return self._best(view, candidates, rng)
        except TooBigError:
            return candidates[0]

    def _best(self, view: View, candidates: Sequence[Action], rng: random.Random) -> Action:
        race = view.position.players == RACE_PLAYERS
        seeds = [rng.randrange(2**32) for _ in range(self.race_worlds if race else self.worlds)]
        worlds = [sample_world(view, random.Random(seed)) for seed in seeds]
        # At four players each candidate is played towards the end of the hand, within
        # race_nodes; elsewhere until the expert's next turn, within its nodes.
        nodes = self.race_nodes if race else self.nodes
        each = max(1, nodes // (len(candidates) * len(worlds)))
        side = view.side
        means = []
        for action in candidates:
            total = 0.0
            for seed, world in zip(seeds, worlds, strict=True):
                after = transition(world, action).position
                result = play_out(
                    after,
                    self.inner,
                    random.Random(seed),
                    side=side,
                    max_actions=each,
                    until_seat=None if race else view.seat,
                    budget=self.budget,
                )
                total += result.diff
            means.append(total / len(worlds))
        best = max(range(len(candidates)), key=lambda index: (means[index], -index))
        if means[best] < means[0] + EXPERT_MARGIN:
            return candidates[0]
        return candidates[best]


__all__ = [
    "EXPERT_NODES",
    "RACE_NODES",
    "Expert",
    "Playout",
    "estimate",
    "play_out",
    "sample_world",
]
