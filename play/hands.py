"""A practice game's hand as the engine plays it: the deal from the seed, the actions
replayed and checked, the bots' turns and the coach's word on the learner's decisions.

Nothing here trusts what a browser sends or what the database says about the position:
:func:`replay` deals the seed again and plays every stored action through
:func:`engine.actions.transition`, and refuses a game whose actions the rules no longer
allow (:class:`BrokenGame`). The learner sits at seat 0; the partner is whoever the
position puts on the learner's side (:func:`partner_seat`): seat 2 at four players, seat 3
at six, and at three and five players the seat the learner pairs with once the first
pozzetto is taken (R40).
The bots see only their seat's view (:func:`engine.bots.view_of`), with the memory of
the cards everyone saw taken from the pile.

The bots' turns run within a deadline (:data:`BOT_SECONDS`) and the legal actions each
bot is offered within a step :class:`~engine.budget.Budget`: when either runs out the
bots stop where they are, the game is saved, and the table asks for the rest in the next
request, so one request never buys more than a fraction of a second of CPU.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine import bots
from engine.actions import (
    Action,
    ActionKind,
    Event,
    legal_actions,
    legal_discards,
    transition,
    why_illegal,
)
from engine.budget import Budget
from engine.coach import Reason, Review, coach, explain, playouts
from engine.deal import deal
from engine.errors import BurracoError, TooBigError
from engine.match import Match
from engine.rules import PRESETS, Rules
from engine.state import Outcome, Phase, Position

#: The learner's seat.
LEARNER = 0
#: The wall-clock time one request may spend on the bots' turns.
BOT_SECONDS = 0.4
#: A hand that has not ended after this many actions is broken (a real one takes a few
#: hundred at most).
MAX_ACTIONS = 2_000
#: A match with more hands than this is broken (a game to 2005 takes a handful).
MAX_HANDS = 60


class BrokenGame(BurracoError):
    """A stored game whose actions the engine no longer accepts."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is dealt and played with."""

    players: int
    seed: int
    preset: str = "standard"
    opponents: str = "club"
    partner: str = "club"
    #: Which hand of the game this is (0 the first); the deal passes clockwise (R5).
    number: int = 0
    #: The sides' totals before this hand (a match to the target, R36).
    totals: tuple[int, ...] = ()

    @property
    def rules(self) -> Rules:
        return PRESETS[self.preset]

    @property
    def dealer(self) -> int:
        return self.number % self.players

    @property
    def match(self) -> Match:
        """The game as the engine keeps it before this hand: the totals (each player's at
        three players), the target (1505 at three) and whether all play alone (R36, R40)."""
        return Match(self.players, self.rules, self.totals, hands=self.number)

    def level(self, seat: int, position: Position) -> str:
        """The bot level of a seat other than the learner's: the partner's level for the
        learner's partner whoever it is now (at three and five players, from the first
        pozzetto taken on), the opponents' for the others."""
        if seat in partners(position):
            return self.partner
        return self.opponents

    def next_hand(self, outcome: Outcome) -> Setup:
        """The setup of the hand after this one, which ended with ``outcome`` (a pair's
        score halved and credited to each at three players, R40)."""
        totals = self.match.record(outcome).totals
        return replace(self, number=self.number + 1, totals=totals)


def partners(position: Position, seat: int = LEARNER) -> list[int]:
    """The seats on ``seat``'s side in ``position`` other than itself (R3, R40): at three
    players none until the first pozzetto is taken, then the pair's other player."""
    return [other for other in position.seats(position.side_of(seat)) if other != seat]


def partner_seat(position: Position) -> int | None:
    """The learner's partner now (seat 2 at four players, seat 3 at six; at three and five
    the seat paired with the learner once a pozzetto is taken), or None when the learner
    plays alone."""
    found = partners(position)
    return found[0] if found else None


@dataclass(frozen=True, slots=True)
class Step:
    """One action played: who, what, the position it was played in, and what it brought."""

    seat: int
    action: Action
    before: Position
    events: tuple[Event, ...] = ()
    #: The card the stock gave (known to the engine; shown only to the learner).
    drawn: str = ""


@dataclass
class Hand:
    """A hand replayed: the position now, and every step that led to it."""

    setup: Setup
    position: Position
    steps: list[Step] = field(default_factory=list)
    memory: bots.Memory | None = None

    @property
    def over(self) -> bool:
        return self.position.is_over

    @property
    def learner_to_move(self) -> bool:
        return not self.over and self.position.to_move == LEARNER

    @property
    def actions(self) -> list[str]:
        return [str(step.action) for step in self.steps]

    def play(self, action: Action, budget: Budget | None = None) -> Step:
        """Play ``action`` for the player to move; raises the engine's refusal."""
        before = self.position
        drawn = ""
        if action.kind is ActionKind.DRAW and not isinstance(before.stock, int):
            stock = before.stock
            drawn = str(stock[0]) if isinstance(stock, tuple) and stock else ""
        step = transition(before, action, budget)
        self.memory = (self.memory or bots.Memory.empty(before.players)).after(before, action)
        made = Step(before.to_move, action, before, step.events, drawn)
        self.steps.append(made)
        self.position = step.position
        return made

    def view(self) -> bots.View:
        return bots.view_of(self.position, memory=self.memory)


def start(setup: Setup) -> Position:
    """The deal of a hand: the same cards for the same seed, table and hand number. The first
    hand is dealt by the learner (seat 0), each later one by the next seat clockwise."""
    if setup.number == 0:
        return deal(setup.players, random.Random(setup.seed), rules=setup.rules)
    match = setup.match
    return deal(
        setup.players,
        random.Random(f"{setup.seed}/hand {setup.number}"),
        dealer=setup.dealer,
        rules=setup.rules,
        totals=match.totals,
        all_alone=match.all_alone,
    )


def replay(setup: Setup, actions: Sequence[str]) -> Hand:
    """The hand after ``actions``, each checked by the engine; raises :class:`BrokenGame`."""
    return resume(Hand(setup, start(setup)), actions)


def resume(hand: Hand, actions: Sequence[str]) -> Hand:
    """``hand`` (changed in place) with ``actions`` played after its own steps, each checked
    by the engine; raises :class:`BrokenGame`."""
    done = len(hand.steps)
    if done + len(actions) > MAX_ACTIONS:
        raise BrokenGame(f"a hand of {done + len(actions)} actions is longer than any game")
    for index, text in enumerate(actions, start=done):
        try:
            hand.play(Action.parse(text))
        except BurracoError as error:
            raise BrokenGame(f"action {index} ({text!r:.40}) no longer plays: {error}") from None
    return hand


def rewind(hand: Hand, at: int) -> Hand:
    """A new hand as ``hand`` stood before its action numbered ``at``, the bots' memory
    with it, to be played on without changing ``hand`` (the steps are shared: they are
    frozen, and the new hand has its own list). Raises IndexError past the hand's end."""
    if not 0 <= at <= len(hand.steps):
        raise IndexError(at)
    memory = bots.Memory.empty(hand.setup.players)
    for step in hand.steps[:at]:
        memory = memory.after(step.before, step.action)
    before = hand.steps[at].before if at < len(hand.steps) else hand.position
    return Hand(hand.setup, before, hand.steps[:at], memory)


def bot_rng(setup: Setup, index: int) -> random.Random:
    """The bots' chance at the action numbered ``index``: the same game, the same moves."""
    if setup.number == 0:
        return random.Random(f"{setup.seed}:{index}")
    return random.Random(f"{setup.seed}/hand {setup.number}:{index}")


def outcome(hand: Hand) -> Outcome:
    """How an ended hand ended and what each side scored (the engine's outcome)."""
    found = hand.position.outcome()
    if found is None or None in found.credits:
        raise BrokenGame("the hand has not ended, or cannot be scored")
    return found


def credited(hand: Hand) -> tuple[int, int] | None:
    """What an ended hand credits the learner (the side's total; at three and five players a
    pair's halved, R40), and the best that a player on another side is credited; None before the
    end. The learner won the hand when the first is the higher."""
    found = hand.position.outcome() if hand.over else None
    if found is None:
        return None
    position = hand.position
    mine = position.side_of(LEARNER)
    credits = [credit or 0 for credit in found.credits]
    others = [credit for seat, credit in enumerate(credits) if position.side_of(seat) != mine]
    return credits[LEARNER], max(others)


def won(hand: Hand) -> bool:
    """Did the learner win this hand (:func:`credited`)? False before its end."""
    found = credited(hand)
    return found is not None and found[0] > found[1]


def scores(hand: Hand) -> tuple[int, ...]:
    """What an ended hand adds to the match's totals: each side's score (each pair's at
    six), or at three and five players what each player is credited (a pair's score
    halved, R40)."""
    match = hand.setup.match
    after = match.record(outcome(hand)).totals
    return tuple(now - was for now, was in zip(after, match.totals, strict=True))


def replay_match(
    setup: Setup, past: Sequence[Sequence[str]], actions: Sequence[str]
) -> tuple[list[Hand], Hand]:
    """Every hand of a game replayed and checked: the ended hands ``past`` (each must have
    ended, and the game must not have been won before the last of them), then the hand
    being played now. Each hand is dealt with the totals the ones before it made."""
    if len(past) > MAX_HANDS:
        raise BrokenGame(f"a game of {len(past)} hands is longer than any match")
    ended: list[Hand] = []
    for number, hand_actions in enumerate(past):
        hand = replay(setup, hand_actions)
        if not hand.over:
            raise BrokenGame(f"hand {number} is stored as played but has not ended")
        if setup.match.is_over:
            raise BrokenGame(f"hand {number} was dealt after the game was won")
        ended.append(hand)
        setup = setup.next_hand(outcome(hand))
    if ended and setup.match.is_over and actions:
        raise BrokenGame("a hand was played after the game was won")
    return ended, replay(setup, actions)


def run_bots(hand: Hand, seconds: float = BOT_SECONDS) -> list[Step]:
    """Play the bots' turns until the learner is to move, the hand ends, or the deadline
    passes (the rest waits for the next request). Returns the steps played."""
    deadline = time.monotonic() + seconds
    played: list[Step] = []
    while not hand.over and hand.position.to_move != LEARNER:
        if played and time.monotonic() > deadline:
            break
        seat = hand.position.to_move
        view = hand.view()
        try:
            legal = bots.legal_in_view(view, Budget())
        except TooBigError:
            legal = _plain_moves(hand.position)
        try:
            action = bots.decide(
                hand.setup.level(seat, hand.position),
                view,
                legal,
                bot_rng(hand.setup, len(hand.steps)),
            )
        except TooBigError:
            # A bot whose thinking would cost more than a request may spend plays plainly.
            action = legal[0]
        played.append(hand.play(action))
    return played


def _plain_moves(position: Position) -> list[Action]:
    """What a bot falls back on when listing every play is too big: draw, or discard."""
    if position.phase is Phase.DRAW:
        return [Action(ActionKind.DRAW)]
    return legal_discards(position)[:1]


def refusal(position: Position, action: Action) -> BurracoError | None:
    """Why the rules refuse ``action`` now (a :class:`Refusal` with its rule, or another
    of the engine's errors), or None."""
    try:
        return why_illegal(position, action)
    except BurracoError as error:
        return error


def review(position: Position, action: Action, memory: bots.Memory | None = None) -> Review | None:
    """The coach's word on the learner's ``action`` in ``position``, the points estimated
    by the expert's playouts, within a request's budget, counting the cards the table saw
    each player take from the pile (``memory``); None when it would cost more."""
    known = memory.held if memory is not None else ()
    try:
        return coach(position, action, estimator=playouts, budget=Budget(), known=known)
    except TooBigError:
        return None


def instead(position: Position, action: Action, most: int = 3) -> list[Action]:
    """Legal actions close to a refused ``action``: of its kind and using its cards first."""
    try:
        legal = legal_actions(position, Budget())
    except TooBigError:
        return []
    chosen = set(action.cards)

    def closeness(other: Action) -> tuple[int, int]:
        return (other.kind is not action.kind, -len(chosen & set(other.cards)))

    return sorted(legal, key=closeness)[:most]


def hint(hand: Hand) -> Action | None:
    """The expert's move for the learner now, or None when it is not the learner's turn."""
    if not hand.learner_to_move:
        return None
    view = hand.view()
    try:
        legal = bots.legal_in_view(view, Budget())
    except TooBigError:
        return None
    action = bots.decide("expert", view, legal, bot_rng(hand.setup, len(hand.steps)))
    if action.kind is ActionKind.DRAW:
        return Action(ActionKind.DRAW)
    return action


def hint_reason(hand: Hand, action: Action) -> Reason | None:
    """Why the hinted ``action`` is good, from the coach's own reading of the learner's
    seat (engine.coach.explain); None when it would cost more than a request's budget."""
    try:
        return explain(hand.position, action, Budget())
    except BurracoError:  # too_big, or a move the position no longer allows
        return None
