"""Lines of play within one turn: :func:`find_line` searches for one that reaches a goal (an
event such as closing, or the turn's end), :func:`follow` plays a learner's as far as the
rules allow. Close and pile puzzles are marked with them (:mod:`engine.puzzles.line`), and
the coach looks for a close or an al volo with :func:`find_line`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.actions import (
    Action,
    ActionKind,
    legal_actions,
    legal_discards,
    legal_plays,
    transition,
)
from engine.budget import MOVE_STEPS, Budget, Memo, spend
from engine.cards import Rank, Suit
from engine.errors import InvalidNotationError, Refusal, TooBigError
from engine.melds import BURRACO_SIZE, MeldKind
from engine.puzzles.puzzle import MAX_LINE, InvalidAnswerError, Puzzle
from engine.state import STOCK_LEFT, Hidden, Phase, Position


@dataclass(frozen=True, slots=True)
class Line:
    """Where a line of play in a close or pile puzzle has got to."""

    position: Position
    events: tuple[str, ...]
    #: How many actions were legal and played.
    played: int
    #: Why the next action is refused, if one was.
    refusal: Refusal | None
    #: The index of an action that came after the turn was already over.
    overrun: int | None
    #: Has the line reached the puzzle's goal (closing, a pozzetto, the turn's end...)?
    reached: bool
    #: Is the learner's turn over (a discard, or the end of the hand)?
    over: bool

    @property
    def finished(self) -> bool:
        """Is there nothing left to play: a refusal, the goal reached or the turn over?"""
        return self.refusal is not None or self.overrun is not None or self.reached or self.over


def follow(puzzle: Puzzle, actions: list[Any], budget: Budget | None = None) -> Line:
    """Play a line of actions from the puzzle's position, as far as the rules allow.

    Raises :class:`InvalidAnswerError` for a line that is too long or holds text that is
    no action, and :class:`TooBigError` when playing it spends more than ``budget``.
    """
    if len(actions) > MAX_LINE:
        raise InvalidAnswerError("too_many_moves", "R9")
    try:
        parsed = [Action.parse(text) for text in actions]
    except InvalidNotationError as error:
        raise InvalidAnswerError.of(error) from None
    goal = puzzle.line_goal
    start = position = puzzle.position
    events: list[str] = []
    for index, action in enumerate(parsed):
        if _turn_over(start, position):
            return Line(position, tuple(events), index, None, index, False, True)
        spend(budget, MOVE_STEPS)
        try:
            step = transition(position, action, budget)
        except Refusal as refusal:
            if isinstance(refusal, TooBigError):  # not the move's fault: no verdict
                raise
            return Line(position, tuple(events), index, refusal, None, False, False)
        position = step.position
        events.extend(event.value for event in step.events)
    reached = bool(parsed) and _reached(goal, start, position, events)
    over = _turn_over(start, position)
    return Line(position, tuple(events), len(parsed), None, None, reached, over)


def _turn_over(start: Position, position: Position) -> bool:
    return (
        position.is_over
        or position.to_move != start.to_move
        or (position.phase is Phase.DRAW and start.phase is Phase.PLAY)
    )


def _reached(goal: str, start: Position, position: Position, events: list[str]) -> bool:
    if goal == "turn_ends":
        return _turn_over(start, position)
    return goal in events


def find_line(position: Position, goal: str, budget: Budget | None = None) -> list[Action] | None:
    """A line of actions this turn that reaches ``goal`` (an event, or ``turn_ends``), or
    None when there is none.

    A depth-first search over the turn's positions, each visited once whatever the order
    its melds were laid in, that skips what the rules rule out (docs/game.md, "Limits and
    budgets"). Raises :class:`TooBigError` (``too_big``) when it would spend
    more than ``budget`` (a fresh :class:`Budget` when None): such a puzzle is too big to
    settle.
    """
    budget = budget or Budget()
    found = _LINES.run((position, goal), budget, lambda: _search_line(position, goal, budget))
    return None if found is None else list(found)


#: The lines found lately (engine.budget.Memo): a teacher's page marks one puzzle's
#: answers for every student, each wrong one shown next to a line that is right.
_LINES: Memo[tuple[Action, ...] | None] = Memo(512)


def _search_line(position: Position, goal: str, budget: Budget) -> tuple[Action, ...] | None:
    if not _goal_possible(position, goal):
        return None
    seen: set[Position] = set()

    def search(current: Position, events: tuple[str, ...]) -> list[Action] | None:
        key = _canonical(current)
        if key in seen:
            return None
        seen.add(key)
        if goal == "closed" and not _burraco_possible(current):
            return None
        for action in _moves(current, goal, budget):
            budget.spend(MOVE_STEPS)
            step = transition(current, action, budget)
            reached = events + tuple(event.value for event in step.events)
            if _reached(goal, position, step.position, list(reached)):
                return [action]
            if _turn_over(position, step.position) or isinstance(
                step.position.hands[step.position.to_move], Hidden
            ):
                # A pozzetto taken al volo whose cards are unknown cannot be played on.
                continue
            rest = search(step.position, reached)
            if rest is not None:
                return [action, *rest]
        return None

    line = search(position, ())
    return None if line is None else tuple(line)


def _goal_possible(position: Position, goal: str) -> bool:
    """Could any line this turn reach ``goal``? False only when the rules rule it out:
    the cheap test that spares a search (a 12-card close puzzle without the
    pozzetto searched for seconds)."""
    side = position.side
    taken = position.pozzetti_taken[side]
    if goal in ("pozzetto_al_volo", "pozzetto_con_lo_scarto"):
        return not taken
    if goal == "closed":
        # Closing needs the pozzetto (R30); one taken this turn is played on only al volo,
        # and only when its cards are known.
        return taken or position.pozzetti[side] is not None
    if goal == "stock_exhausted":
        # The stock shrinks by the draw at most: the hand ends only on the last turn (R33).
        draws = 1 if position.phase is Phase.DRAW else 0
        return position.stock_count - draws <= STOCK_LEFT
    return True


def _burraco_possible(position: Position) -> bool:
    """Could the side to move have the burraco that closing needs by the end of this
    turn? A generous bound (a meld gains every card of its suit or rank in the hand and
    one wildcard, R19), so False is certain: then no line closes."""
    if position.phase is not Phase.PLAY or position.has_closing_burraco(position.side):
        return True
    hand = position.hands[position.to_move]
    if isinstance(hand, Hidden):
        return True
    wild = int(any(card.is_wild for card in hand))
    reach = [len({c for c in hand if c.suit is suit}) + wild for suit in Suit]
    reach += [sum(1 for c in hand if c.rank is rank) + wild for rank in Rank]
    for meld in position.melds[position.side]:
        if meld.kind is MeldKind.SET:
            fits = sum(1 for c in hand if c.rank is meld.rank)
        else:
            fits = len({c for c in hand if c.suit is meld.suit})
        reach.append(len(meld.cards) + fits + wild)
    return max(reach) >= BURRACO_SIZE


def _moves(current: Position, goal: str, budget: Budget) -> list[Action]:
    """The actions worth playing at a position of the search, the likeliest first.

    None at all when the hand holds more cards that no meld or attachment can take than the goal
    may leave in it (:func:`_most_left`): a card no play takes now stays in the hand all
    turn, since every later play is made of these cards, onto these melds or new ones.
    """
    if current.is_over:
        return []
    if current.phase is Phase.DRAW:
        return [
            action
            for action in legal_actions(current, budget)
            # A draw from an unknown stock is luck, not a line of play.
            if not (action.kind is ActionKind.DRAW and isinstance(current.stock, Hidden))
        ]
    plays = legal_plays(current, budget)
    most = _most_left(goal, current)
    if most is not None and sum(card not in plays.usable for card in current.hand) > most:
        return []
    discards = legal_discards(current) if _discard_may_reach(goal, current) else []
    if most is None:
        return [*discards, *plays.actions]  # one discard may be all the goal needs
    # The goal empties the hand: the plays that lay the most cards first.
    return [*sorted(plays.actions, key=lambda action: -len(action.cards)), *discards]


def _most_left(goal: str, position: Position) -> int | None:
    """How many cards the goal may leave in the hand unplayed, if it limits them: none
    for the al volo (R29), the one discarded for con lo scarto and for a closing (R30),
    none before a closing whose pozzetto is still to be taken al volo."""
    if goal == "pozzetto_al_volo":
        return 0
    if goal == "pozzetto_con_lo_scarto":
        return 1
    if goal == "closed":
        return 1 if position.pozzetti_taken[position.side] else 0
    return None


def _discard_may_reach(goal: str, position: Position) -> bool:
    """Can a discard now reach the goal? It ends the turn, so for a pozzetto or a closing
    it must be the last card (R29, R30); al volo is never a discard."""
    if goal == "pozzetto_al_volo":
        return False
    if goal in ("closed", "pozzetto_con_lo_scarto"):
        return len(position.hand) == 1
    return True


def _canonical(position: Position) -> Position:
    """The position with its hand and the side's melds in a fixed order: laying two melds
    one way round or the other leads to the same place, which the search visits once."""
    side = position.side
    melds = tuple(sorted(position.melds[side], key=lambda meld: [c.sort_key for c in meld.cards]))
    hand = position.hands[position.to_move]
    if not isinstance(hand, Hidden):
        hand = tuple(sorted(hand, key=lambda card: card.sort_key))
    return replace(
        position,
        hands=(*position.hands[: position.to_move], hand, *position.hands[position.to_move + 1 :]),
        melds=(*position.melds[:side], melds, *position.melds[side + 1 :]),
    )
