"""The expert bot and the playouts it (and the coach) use.

:func:`sample_world` deals the cards a seat cannot see (the other hands, the stock, the
untaken pozzetti) at random among the cards it has not seen, keeping the ones it saw an
opponent take from the pile in that opponent's hand. :func:`play_out` plays a whole
position on with one bot in every seat, up to a number of actions, and returns the score
difference for a side: exact when the hand ended, else :func:`estimate` of the position
reached (or :func:`fitted_estimate`, a judgement fitted on the club player's hands). The
expert plays as the club player, taking the pile more readily, and weighs by determinized
look-ahead (:class:`Expert`) the decisions that matter: closing now or waiting, which card
to throw at two players, stock or pile at four; the same sampled worlds and playout seeds
for every candidate, each playout within a count of actions, and the club player's choice
overruled only when another candidate is better world by world.

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
from collections.abc import Callable, Sequence
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
#: How many standard errors of the mean difference (over the worlds) another candidate
#: must be better by, beside the margin.
EXPERT_SURE = 2.0
#: The same at four players, where the playouts run towards the end of the hand.
RACE_SURE = 0.0
#: At four players (the race to close) the expert plays each candidate out towards the end
#: of the hand in this many worlds, and weighs stock or pile when the pile holds this many
#: cards or more (see :class:`Expert`). Sixteen worlds where there were eight took the expert
#: from +83 to +156 a deal against the club player (1,000 deals of seed 1, docs/bots.md).
RACE_WORLDS = 16
RACE_PILE = 2
#: The actions all of one decision's playouts may play at four players, shared evenly
#: (a four-player hand seldom lasts more than 130 actions after such a decision): a count,
#: so the look-ahead replays by seed and its cost is bounded however long the hand. With
#: 2,000 the slowest decision of 1,000 deals took 1.05 s; with 1,500, 0.66 s.
RACE_NODES = 1_500
#: What one action of a playout spends from a request's budget, about (33 steps on
#: average in club playouts at two players): the expert plays no more actions than its
#: budget can pay for, so that at the table its look-ahead is smaller, not cut short.
ACTION_STEPS = 40
#: Which card to throw, at two players: the expert plays every card of its hand on in this
#: many worlds until its next draw and throws the one whose position then is best by
#: :func:`fitted_estimate` (the club player's favourite when none is better). At two
#: players nearly every throw is taken by the next player, a one-card pile; 0: off.
THROW_WORLDS = 8
#: The most actions all the playouts of one throw may play, and one playout (a turn of
#: the opponent's is three to six actions): counts, so a throw replays by seed.
THROW_NODES = 1_000
THROW_ACTIONS = 16
#: The expert weighs its throws only while a run of one-card piles (R34) holds this many
#: takes, so that the opponent took one: its playouts play the opponent as the club
#: player, who takes every throw. Against the beginner, who takes a throw only when it
#: fits, weighing every throw lost 236 points a deal (docs/bots.md).
THROW_RUN = 2
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


#: What :func:`fitted_estimate` weighs, for each side: its melds' points, its burraco
#: bonuses, its melds of five and of six cards or more not yet a burraco, the cards in its
#: hands, their points (naturals), its wildcards in hand, whether it took its pozzetto,
#: whether it can close; the cards, the points, the pozzetto and the wildcards again times
#: the stock left (in sixties: a card in hand early is material for melds, late a debt);
#: whether it is to move.
FEATURES = (
    "table",
    "bonus",
    "five",
    "six",
    "cards",
    "hand_points",
    "wilds",
    "pozzetto",
    "can_close",
    "cards_early",
    "hand_points_early",
    "pozzetto_early",
    "to_move",
    "wilds_early",
)
#: The weights of :data:`FEATURES`, the least-squares fit of the hand's final score
#: difference over 179,302 positions of 1,200 hands of the club player against itself at
#: two players (``python -m bench.fit_value``; docs/bots.md).
FITTED_WEIGHTS = (
    1.63,
    0.2,
    39.66,
    207.0,
    -12.1,
    -0.24,
    32.16,
    177.16,
    344.39,
    46.89,
    0.15,
    -546.8,
    -8.37,
    -55.34,
)


def features(position: Position, side: int) -> list[float]:
    """:data:`FEATURES` of a position whose cards are all known, ``side``'s less the mean of
    the other live sides'."""
    live = position.live_sides
    early = position.stock_count / 60
    mover = side_of(position, position.to_move)
    per: dict[int, list[float]] = {}
    for s in live:
        table = bonus = five = six = 0.0
        for meld in position.melds[s]:
            table += meld.points
            paid = burraco_bonus(meld, position.rules)
            bonus += paid
            size = len(meld.cards)
            if not paid and size == 5:
                five += 1
            elif not paid and size >= 6:
                six += 1
        cards = hand_points = wilds = 0.0
        for seat, hand in enumerate(position.hands):
            if side_of(position, seat) != s:
                continue
            if isinstance(hand, Hidden):
                cards += hand.count
                hand_points += HIDDEN_CARD * hand.count
                continue
            cards += len(hand)
            wilds += sum(1 for card in hand if card.is_wild)
            hand_points += points(card for card in hand if not card.is_wild)
        taken = 1.0 if position.pozzetti_taken[s] else 0.0
        per[s] = [
            table,
            bonus,
            five,
            six,
            cards,
            hand_points,
            wilds,
            taken,
            1.0 if position.has_closing_burraco(s) else 0.0,
            cards * early,
            hand_points * early,
            taken * early,
            1.0 if mover == s else 0.0,
            wilds * early,
        ]
    others = [per[s] for s in live if s != side]
    return [
        per[side][i] - sum(row[i] for row in others) / max(1, len(others))
        for i in range(len(FEATURES))
    ]


def fitted_estimate(position: Position, side: int) -> float:
    """What ``side`` can expect from here by :data:`FITTED_WEIGHTS` (exact once the hand is
    over): where :func:`estimate` counts every card in hand as a debt, this reads them
    as the club player's own hands turned out, material early and a debt late."""
    if position.is_over:
        return estimate(position, side)
    return sum(w * x for w, x in zip(FITTED_WEIGHTS, features(position, side), strict=True))


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
    judge: Callable[[Position, int], float] | None = None,
) -> Playout:
    """Play ``position`` (every card known) on with ``bot`` in every seat.

    Stops when the hand ends, after ``max_actions`` actions, or (with ``until_seat``) when
    that seat is next to draw. Returns the score difference for ``side`` (by default the
    side to move): the coach's "what would this have scored". Each action spends from
    ``budget`` (:mod:`engine.budget`), which raises :class:`TooBigError` once it runs out.
    A hand cut short is judged by ``judge`` (:func:`estimate` by default).
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
    return Playout((judge or estimate)(position, side), position.is_over, played)


# --- the expert --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weighing:
    """How the expert weighs one kind of decision: in how many sampled worlds, within how
    many actions all its playouts together, each playout to the seat's next draw
    (``next_turn``) or towards the end of the hand, judged by ``judge`` when cut short;
    another candidate than the club player's must be better world by world by ``margin``
    points on average and by ``sure`` standard errors of that mean."""

    worlds: int
    nodes: int
    margin: float
    sure: float = 0.0
    next_turn: bool = False
    judge: Callable[[Position, int], float] = estimate
    #: The most actions one playout plays (within its share of ``nodes``).
    longest: int = 2_000


class Expert(Club):
    """The club player, weighing the decisions that matter by determinized look-ahead.

    It samples worlds of the hidden cards consistent with what the seat has seen
    (:func:`sample_world`), plays each candidate on in every world with the club player in
    every seat, with the same worlds and playout seeds for every candidate (common random
    numbers), and plays another candidate than the club player's only when it does better
    world by world (:class:`Weighing`). What it weighs:

    - closing now or waiting, each candidate played towards the end of the hand and judged
      by :func:`estimate` when cut short, at every table;
    - at two players, which card to throw: every card of the hand, played on until the
      seat's next draw and judged by :func:`fitted_estimate` (:data:`THROW_WORLDS`);
    - at four players, stock against a pile of :data:`RACE_PILE` cards or more, played
      towards the end of the hand.

    docs/bots.md gives the arena's figures."""

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
        throw_worlds: int | None = None,
    ) -> None:
        #: Closing now or waiting, at two, three, five and six players.
        self.closing = Weighing(
            EXPERT_WORLDS if worlds is None else worlds,
            EXPERT_NODES if nodes is None else nodes,
            margin=EXPERT_MARGIN,
            sure=EXPERT_SURE,
        )
        #: Closing, and stock or pile, at four players.
        self.race = Weighing(race_worlds, race_nodes, margin=EXPERT_MARGIN, sure=RACE_SURE)
        #: Which card to throw, at two players.
        throws = THROW_WORLDS if throw_worlds is None else throw_worlds
        self.throwing = Weighing(
            throws,
            THROW_NODES,
            margin=0.0,
            next_turn=True,
            judge=fitted_estimate,
            longest=THROW_ACTIONS,
        )
        self.inner = Club()
        #: Steps the look-ahead may spend (the judge's request budget); when they run out
        #: the expert plays as the club player would.
        self.budget = budget

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        choice = super().decide(view, legal, rng)
        position = view.position
        race = position.players == RACE_PLAYERS
        weighing = self.race if race else self.closing
        if position.phase is Phase.DRAW:
            # Stock or pile, at four players.
            kinds = {action.kind for action in legal}
            weigh = race and len(position.discard) >= RACE_PILE
            if weigh and ActionKind.PILE in kinds and ActionKind.DRAW in kinds:
                draw = next(action for action in legal if action.kind is ActionKind.DRAW)
                pile = next(action for action in legal if action.kind is ActionKind.PILE)
                return self.best(view, [choice, pile if choice == draw else draw], rng, weighing)
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
                other = self.discard(view, discards, rng)
                return self.best(view, [choice, other], rng, weighing)
            if choice.kind is ActionKind.DISCARD:
                closer = max(closers, key=lambda action: self.play_score(view, action))
                return self.best(view, [choice, closer], rng, weighing)
        # Which card to throw, at two players, while the opponent takes throws: every card
        # of the hand (two copies of one card are one candidate), the club player's
        # favourite first.
        run = position.stall.count if position.stall is not None else 0
        if (
            position.players == 2
            and self.throwing.worlds
            and run >= THROW_RUN
            and choice.kind is ActionKind.DISCARD
        ):
            seen = {choice.cards[0]}
            throws = [choice]
            for action in discards:
                if action.cards[0] not in seen:
                    seen.add(action.cards[0])
                    throws.append(action)
            if len(throws) > 1:
                return self.best(view, throws, rng, self.throwing)
        return choice

    def best(
        self, view: View, candidates: Sequence[Action], rng: random.Random, weighing: Weighing
    ) -> Action:
        """The candidate with the best mean result over sampled worlds; the first (the
        club player's own choice) unless another beats it as ``weighing`` asks."""
        try:
            return self._best(view, candidates, rng, weighing)
        except TooBigError:
            return candidates[0]

    def _best(
        self, view: View, candidates: Sequence[Action], rng: random.Random, weighing: Weighing
    ) -> Action:
        seeds = [rng.randrange(2**32) for _ in range(weighing.worlds)]
        worlds = [sample_world(view, random.Random(seed)) for seed in seeds]
        # All the playouts of one decision share its count of actions.
        nodes = weighing.nodes
        if self.budget is not None:
            # Within a request's budget (the judge, the table): what it can pay for.
            nodes = min(nodes, self.budget.left // ACTION_STEPS)
        each = max(1, min(weighing.longest, nodes // (len(candidates) * len(worlds))))
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
                    until_seat=view.seat if weighing.next_turn else None,
                    budget=self.budget,
                    memory=view.memory.after(world, action),
                    judge=weighing.judge,
                )
                row.append(result.diff)
            results.append(row)
        # Each candidate against the club player's choice, world by world (the same worlds
        # and seeds: common random numbers): it must be better by the margin on average and
        # by ``sure`` standard errors of that mean, not by the luck of a few worlds.
        best, gain = 0, 0.0
        for index in range(1, len(candidates)):
            diffs = [b - a for a, b in zip(results[0], results[index], strict=True)]
            mean = sum(diffs) / len(diffs)
            spread = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
            if mean >= weighing.margin and mean >= weighing.sure * spread and mean > gain:
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
