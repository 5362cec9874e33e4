"""``python -m engine simulate``: random legal play of whole hands, checking the invariants.

Each hand is dealt and played to its end with actions drawn at random from
:func:`engine.actions.legal_actions`; hands follow each other as games (R36), the deal
passing clockwise. After every action the simulator checks that the 108 cards are all
there and in one place each, that the turn passes in order, that no side takes a second
pozzetto, that every meld on the table is valid, that the legal actions and
:func:`~engine.actions.why_illegal` agree, and that play never gets stuck; at the end of a
hand, that the scores add up as R35 says. Hand ``n`` of seed ``s`` is played with
``random.Random(f"{s}:{n}")``, so a violation can be replayed on its own.

    python -m engine simulate --players 4 --hands 1000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.actions import (
    Action,
    ActionKind,
    Event,
    legal_actions,
    legal_turn,
    transition,
    why_illegal,
)
from engine.cards import deck, points
from engine.errors import BurracoError
from engine.match import Match
from engine.melds import Meld
from engine.rules import PRESETS, Rules
from engine.scoring import burraco_bonus
from engine.state import EMPTY_SCORE, PLAYER_COUNTS, Hidden, Outcome, Phase, Position, Termination

#: A hand longer than this is stuck in a loop (a real one lasts well under 1,000 actions).
MAX_ACTIONS = 5_000
#: The random player takes the pile this often when it may, and otherwise draws; in the
#: play phase it lays down or attaches this often when it can, and otherwise discards.
PILE_CHANCE = 0.3
PLAY_CHANCE = 0.8


class Violation(Exception):
    """An invariant that failed: the engine has a bug."""


@dataclass
class Tally:
    """What a run of hands did."""

    hands: int = 0
    actions: int = 0
    closes: int = 0
    stock_endings: int = 0
    games: int = 0
    events: Counter[str] = field(default_factory=Counter)


Policy = Callable[[Position, random.Random], Action]
#: The members random_action compares with, named once (as in engine.actions).
_DRAW_PHASE, _KIND_DRAW, _KIND_PILE = Phase.DRAW, ActionKind.DRAW, ActionKind.PILE


def random_action(position: Position, rng: random.Random) -> Action:
    """A random legal action, leaning to drawing and to laying down as a player would.

    Raises :class:`Violation` when a hand that is not over has no legal action.
    """
    if position.phase is _DRAW_PHASE or position.is_over:
        actions = legal_actions(position)
        if not actions:
            raise Violation("the hand is not over, yet there is no legal action")
        piles = [action for action in actions if action.kind is _KIND_PILE]
        draws = [action for action in actions if action.kind is _KIND_DRAW]
        if piles and (not draws or rng.random() < PILE_CHANCE):
            return piles[0]
        return rng.choice(draws)
    plays, discards = legal_turn(position)
    if not (plays or discards):
        raise Violation("the hand is not over, yet there is no legal action")
    if plays and (not discards or rng.random() < PLAY_CHANCE):
        return rng.choice(plays)
    return rng.choice(discards)


def play_hand(
    position: Position,
    rng: random.Random,
    *,
    check: bool = True,
    policy: Policy = random_action,
) -> tuple[Position, int, list[Event]]:
    """Play a hand to its end; return the final position, the actions and the events.

    With ``check``, every invariant is checked after every action. Raises
    :class:`Violation` naming the action that broke one.
    """
    actions = 0
    events: list[Event] = []
    taken = [0] * position.side_total
    while not position.is_over:
        if actions >= MAX_ACTIONS:
            raise Violation(f"the hand did not end after {MAX_ACTIONS} actions")
        action = policy(position, rng)
        actions += 1
        try:
            step = transition(position, action)
            if check:
                _check_step(position, action, step.position, step.events, taken)
        except (Violation, BurracoError) as error:
            raise Violation(
                f"action {actions} ({action}) by seat {position.to_move}: {error}\n"
                f"  position before it: {position}"
            ) from error
        position = step.position
        events.extend(step.events)
    if check:
        outcome = position.outcome()
        assert outcome is not None
        try:
            check_scores(position, outcome, events)
        except Violation as error:
            raise Violation(f"at the end of the hand: {error}\n  position: {position}") from error
    return position, actions, events


# --- the invariants ----------------------------------------------------------------------

_DECKS = {decks: Counter(deck(decks)) for decks in (2, 3)}


def _check_step(
    before: Position, action: Action, after: Position, events: tuple[Event, ...], taken: list[int]
) -> None:
    refusal = why_illegal(before, action)
    if refusal is not None:
        raise Violation(f"a legal action is refused: {refusal}")
    after.check()
    # check() caps every card at the copies the deck holds, so 108 known cards are the deck
    # (162 with three decks).
    if after.card_count() != after.deck_size or not _all_known(after):
        cards, whole = after.known_cards(), _DECKS[after.rules.decks]
        extra, lost = cards - whole, whole - cards
        raise Violation(f"cards not conserved: extra {dict(extra)}, lost {dict(lost)}")
    _check_turn(before, action, after)
    for side in range(after.side_total):
        if before.pozzetti_taken[side] and not after.pozzetti_taken[side]:
            raise Violation(f"side {side} gave its pozzetto back")
    if sum(after.pozzetti_taken) != sum(p is None for p in after.pozzetti) and not after.fluid:
        raise Violation("a pozzetto taken is still on the table")
    if after.fluid and any(after.pozzetti[: sum(after.pozzetti_taken)]):
        raise Violation("a pozzetto taken is still on the table")
    # R40: the sides change only when the first pozzetto is taken, at three or five.
    formed = before.fluid and not any(before.pozzetti_taken) and any(after.pozzetti_taken)
    if before.sides != after.sides and not formed:
        raise Violation(f"the sides changed from {before.sides} to {after.sides}")
    pozzetto_events = [e for e in events if e.value.startswith("pozzetto")]
    if pozzetto_events:
        taken[before.side] += len(pozzetto_events)
        if taken[before.side] > 1 or before.pozzetti_taken[before.side]:
            raise Violation(f"side {before.side} took a second pozzetto")
    for side, melds in enumerate(after.melds):
        for meld in melds:
            if meld in before.melds[side]:
                continue
            again = Meld.parse([str(card) for card in meld.cards], after.rules)
            if again != meld:
                raise Violation(f"the meld {meld} reads back as {again}")
    if (Event.CLOSED in events) != (after.termination is Termination.CLOSED):
        raise Violation("the closed event and the position disagree")
    exhausted = after.termination is Termination.STOCK_EXHAUSTED
    if (Event.STOCK_EXHAUSTED in events) != exhausted:
        raise Violation("the stock_exhausted event and the position disagree")


def _all_known(position: Position) -> bool:
    taken = sum(position.pozzetti_taken)
    return (
        not any(isinstance(hand, Hidden) for hand in position.hands)
        and not isinstance(position.stock, Hidden)
        and all(
            (slot < taken if position.fluid else position.pozzetti_taken[slot])
            or pozzetto is not None
            for slot, pozzetto in enumerate(position.pozzetti)
        )
    )


def _check_turn(before: Position, action: Action, after: Position) -> None:
    if action.kind is ActionKind.DISCARD:
        expected = ((before.to_move + 1) % before.players, Phase.DRAW)
    else:
        expected = (before.to_move, Phase.PLAY)
    if (after.to_move, after.phase) != expected:
        raise Violation(
            f"turn order broken: seat {after.to_move} in phase {after.phase.value} after"
            f" seat {before.to_move}'s {action.kind.value}"
        )
    if action.kind in (ActionKind.DRAW, ActionKind.PILE) and before.phase is not Phase.DRAW:
        raise Violation("a player drew twice in one turn")


def check_scores(position: Position, outcome: Outcome, events: list[Event]) -> None:
    """Recompute each side's score from the cards, as R35 says, and compare; and what
    each player is credited (R40: a pair's score halved at three and five)."""
    live = position.live_sides
    if outcome.void:
        # R44: nobody took a pozzetto and the rules void such a hand.
        if any(position.pozzetti_taken) or not position.rules.void_without_pozzetto:
            raise Violation("a hand was voided though a pozzetto was taken")
        if any(score != EMPTY_SCORE for score in outcome.scores) or any(outcome.credits):
            raise Violation("a void hand scored")
        return
    for side, score in enumerate(outcome.scores):
        if score is None:
            raise Violation(f"side {side}'s score is missing")
        if side not in live:
            if score.total or position.melds[side]:
                raise Violation(f"side {side} has no player yet scored {score.total}")
            continue
        melds = position.melds[side]
        hand = position.side_hand(side)
        assert hand is not None
        bonus = sum(burraco_bonus(meld, position.rules) for meld in melds)
        scores = position.rules.scores
        closed = outcome.closer is not None and position.side_of(outcome.closer) == side
        expected = {
            "table": sum(points(meld.cards) for meld in melds),
            "bonus": bonus,
            "closing": scores.closing if closed else 0,
            "hand": -points(hand),
            "pozzetto": 0 if position.pozzetti_taken[side] else -scores.pozzetto,
        }
        if score.breakdown() != expected or score.total != sum(expected.values()):
            raise Violation(f"side {side} scored {score.breakdown()}, expected {expected}")
        if score.total % 5:
            raise Violation(f"side {side} scored {score.total}, not a multiple of 5")
    for seat, credit in enumerate(outcome.credits):
        score = outcome.scores[position.side_of(seat)]
        assert score is not None
        pair = position.fluid and len(position.seats(position.side_of(seat))) > 1
        expected_credit = score.total // 10 * 5 if pair else score.total
        if credit != expected_credit:
            raise Violation(f"seat {seat} was credited {credit}, expected {expected_credit}")
    if (Event.CLOSED in events) != (outcome.termination is Termination.CLOSED):
        raise Violation("the hand's events and its ending disagree")


# --- running many hands -------------------------------------------------------------------


def run(
    players: int,
    hands: int,
    seed: int,
    rules: Rules,
    *,
    check: bool = True,
    tally: Tally | None = None,
) -> Tally:
    """Play ``hands`` hands as successive games; raise :class:`Violation` on a failure."""
    tally = tally or Tally()
    match = Match(players=players, rules=rules)
    for number in range(hands):
        rng = random.Random(f"{seed}:{number}")
        position = match.deal(rng)
        try:
            final, actions, events = play_hand(position, rng, check=check)
        except Violation as error:
            raise Violation(f"seed {seed}, hand {number}: {error}") from error
        outcome = final.outcome()
        assert outcome is not None
        tally.hands += 1
        tally.actions += actions
        tally.events.update(event.value for event in events)
        if outcome.termination is Termination.CLOSED:
            tally.closes += 1
        else:
            tally.stock_endings += 1
        match = match.record(outcome)
        if match.is_over:
            tally.games += 1
            match = Match(players=players, rules=rules)
    return tally


def main(argv: list[str]) -> int:
    """Run the simulation; exit 0 when every invariant held, 1 on a violation."""
    parser = argparse.ArgumentParser(
        prog="python -m engine simulate",
        description="Play random legal hands and check the rules' invariants after each action.",
    )
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = Tally()
    try:
        run(args.players, args.hands, args.seed, PRESETS[args.rules], tally=tally)
    except Violation as error:
        print(f"VIOLATION (--players {args.players} --seed {args.seed}): {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    print(
        f"{tally.hands} hands, {tally.actions} actions, {tally.closes} closes,"
        f" {tally.stock_endings} stock endings, {tally.games} games won,"
        f" {seconds:.1f} seconds ({args.players} players, seed {args.seed}, {args.rules} rules):"
        " no violation"
    )
    return 0
