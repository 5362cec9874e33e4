"""The expert bot and the playouts it (and the coach) use.

:func:`sample_world` deals the cards a seat cannot see (the other hands, the stock, the
untaken pozzetti) at random among the cards it has not seen, keeping the ones it saw an
opponent take from the pile in that opponent's hand. :func:`play_out` plays a whole
position on with one bot in every seat, up to a number of actions, and returns the score
difference for a side: exact when the hand ended, else :func:`estimate` of the position
reached. The expert plays as the club player, taking the pile more readily, and weighs
the decision to close now or wait by determinized look-ahead (:class:`Expert`): the same
sampled worlds and playout seeds for every candidate, each playout run towards the end of
the hand within a count of actions, and the club player's choice overruled only when
another candidate is better by a margin and by two standard errors. At four players it
weighs stock against a pile of three cards or more the same way. Stock or pile at two
players and the choice among the club player's favourite discards it can weigh too
(:data:`EXPERT_DRAW_PILE`, :data:`EXPERT_DISCARDS`); measured in the arena that lost
points or cost too much (docs/bots.md), so it is off.

>>> import random
>>> from engine.deal import deal
>>> position = deal(2, random.Random(5))
>>> result = play_out(position, "club", random.Random(1))
>>> result.finished, result.diff == play_out(position, "club", random.Random(1)).diff
(True, True)
"""

from __future__ import annotations

import math
import random
import statistics
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

#: What an expert may spend on one decision, in actions played in its playouts (all of
#: them together): a count, so a decision replays by seed and its cost is bounded.
EXPERT_NODES = 1_200
#: How much better (in points, on average over the worlds) another candidate must look
#: than the club player's own choice for the expert to play it instead.
EXPERT_MARGIN = 10.0
#: How many worlds the expert samples for one decision.
EXPERT_WORLDS = 6
#: The expert weighs stock against a pile of this many cards or more.
EXPERT_DRAW_PILE = 99
#: How many discards, the club player's favourite and the next ones, the expert plays out
#: (those whose club score is within :data:`EXPERT_SPREAD` of the favourite's).
EXPERT_DISCARDS = 1
EXPERT_SPREAD = 1.0
#: How many standard errors of the mean difference (over the worlds) another candidate
#: must be better by, beside the margin.
EXPERT_SURE = 2.0
#: The same at four players, where the playouts run towards the end of the hand.
RACE_SURE = 0.0
#: At four players (the race to close) the expert plays each candidate out towards the end
#: of the hand in this many worlds, and weighs stock or pile when the pile holds this many
#: cards or more (see :class:`Expert`).
RACE_WORLDS = 8
RACE_PILE = 3
#: The actions all of one decision's playouts may play at four players, shared evenly
#: (a four-player hand seldom lasts more than 130 actions after such a decision): a count,
#: so the look-ahead replays by seed and its cost is bounded however long the hand.
RACE_NODES = 1_000
#: What one action of a playout spends from a request's budget, about (33 steps on
#: average in club playouts at two players): the expert plays no more actions than its
#: budget can pay for, so that at the table its look-ahead is smaller, not cut short.
ACTION_STEPS = 40
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
    memory: Memory | None = None,
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
    if memory is None:
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
    """The club player, weighing the decisions that matter by determinized look-ahead.

    For closing now or waiting (and at four players for stock against a pile of
    :data:`RACE_PILE` cards or more; at two players, when switched on, for stock against a
    pile of :data:`EXPERT_DRAW_PILE` or more and for the club player's favourite discards)
    it samples worlds of the hidden cards consistent with what the seat has seen
    (:func:`sample_world`), plays each candidate on in every world with the club player in
    every seat to the end of the hand or to the playout's share of the decision's actions
    (then judged by :func:`estimate`), with the same worlds and playout seeds for every
    candidate, and plays another candidate than the club player's only when it does better
    world by world by :data:`EXPERT_MARGIN` on average and (not at four players) by
    :data:`EXPERT_SURE` standard errors (docs/bots.md gives the arena's figures)."""

    name = "expert"
    #: The expert takes the pile on a weaker promise than the club player (what the
    #: arena showed: over 300 deals, club play with this threshold beat the club player's
    #: own by 64 points a deal).
    pile_threshold = -6.0

    def __init__(
        self,
        nodes: int | None = None,
        worlds: int | None = None,
        budget: Budget | None = None,
        *,
        race_nodes: int = RACE_NODES,
        race_worlds: int = RACE_WORLDS,
    ) -> None:
        #: The look-ahead at two, three, five and six players: actions a decision, worlds.
        self.nodes = EXPERT_NODES if nodes is None else nodes
        self.worlds = EXPERT_WORLDS if worlds is None else worlds
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
        race = position.players == RACE_PLAYERS
        if position.phase is Phase.DRAW:
            # Stock or pile.
            kinds = {action.kind for action in legal}
            least = RACE_PILE if race else EXPERT_DRAW_PILE
            weigh = len(position.discard) >= least
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
        # Which card to throw: the club player's favourites, when they are close.
        count = 0 if race else EXPERT_DISCARDS
        if count > 1 and choice.kind is ActionKind.DISCARD and len(discards) > 1:
            scores = {
                action: self.discard_score(view, action.cards[0], hand) for action in discards
            }
            low = scores[choice]
            ranked = sorted(
                (a for a in discards if a != choice and scores[a] <= low + EXPERT_SPREAD),
                key=lambda action: scores[action],
            )
            # Two copies of one card are one candidate.
            seen = {choice.cards[0]}
            others = []
            for action in ranked:
                if action.cards[0] not in seen:
                    seen.add(action.cards[0])
                    others.append(action)
            if others:
                return self.best(view, [choice, *others[: count - 1]], rng)
        return choice

    def best(self, view: View, candidates: Sequence[Action], rng: random.Random) -> Action:
        """The candidate with the best mean result over sampled worlds; the first (the
        club player's own choice) unless another beats it by :data:`EXPERT_MARGIN`."""
        try:
            return self._best(view, candidates, rng)
        except TooBigError:
            return candidates[0]

    def _best(self, view: View, candidates: Sequence[Action], rng: random.Random) -> Action:
        race = view.position.players == RACE_PLAYERS
        seeds = [rng.randrange(2**32) for _ in range(self.race_worlds if race else self.worlds)]
        worlds = [sample_world(view, random.Random(seed)) for seed in seeds]
        # Each candidate is played towards the end of the hand in every world; all the
        # playouts of one decision share its count of actions.
        nodes = self.race_nodes if race else self.nodes
        if self.budget is not None:
            # Within a request's budget (the judge, the table): what it can pay for.
            nodes = min(nodes, self.budget.left // ACTION_STEPS)
        each = max(1, nodes // (len(candidates) * len(worlds)))
        side = view.side
        results = []
        for action in candidates:
            row = []
            for seed, world in zip(seeds, worlds, strict=True):
                after = transition(world, action).position
                result = play_out(
                    after,
                    self.inner,
                    random.Random(seed),
                    side=side,
                    max_actions=each,
                    budget=self.budget,
                    memory=view.memory.after(world, action),
                )
                row.append(result.diff)
            results.append(row)
        # Each candidate against the club player's choice, world by world (the same worlds
        # and seeds: common random numbers): it must be better by the margin on average and
        # by EXPERT_SURE standard errors of that mean, not by the luck of a few worlds.
        sure = RACE_SURE if race else EXPERT_SURE
        best, gain = 0, 0.0
        for index in range(1, len(candidates)):
            diffs = [b - a for a, b in zip(results[0], results[index], strict=True)]
            mean = sum(diffs) / len(diffs)
            spread = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
            if mean >= EXPERT_MARGIN and mean >= sure * spread and mean > gain:
                best, gain = index, mean
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
