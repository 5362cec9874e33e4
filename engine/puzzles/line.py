"""Close and pile puzzles: a line of play this turn that reaches the goal (closing; a
pozzetto al volo or con lo scarto, the stock's end, the turn's end), or that none does
(R29-R33). The answer, its check, its solutions and its detail; the search is
:mod:`engine.puzzles.search`, the generator's recipes are in :mod:`engine.generate.close`
and :mod:`engine.generate.pile`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.actions import Action
from engine.budget import Budget
from engine.puzzles import search
from engine.puzzles.answer import CannotBeDone, texts
from engine.puzzles.puzzle import InvalidAnswerError, Puzzle
from engine.puzzles.verdict import Drawn, Verdict, miss, optional_whole, right, wrong
from engine.puzzles.verdict import texts as kept_texts
from engine.state import Position

CLOSE_RECIPES = "engine.generate.close"
PILE_RECIPES = "engine.generate.pile"

#: The rule each goal of a line comes from.
GOAL_RULES = {
    "closed": "R30",
    "pozzetto_al_volo": "R29",
    "pozzetto_con_lo_scarto": "R29",
    "stock_exhausted": "R33",
    "turn_ends": "R9",
}


@dataclass(frozen=True)
class Line:
    """A line of play: actions in the notation of :mod:`engine.actions`."""

    actions: tuple[str, ...]
    keys: ClassVar[frozenset[str]] = frozenset({"actions"})

    def to_json(self) -> dict[str, Any]:
        return {"actions": list(self.actions)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Line:
        return cls(texts(data["actions"]))


@dataclass(frozen=True, slots=True)
class LinePlayed:
    """A close or pile question's line as far as it was played: the ``events`` it raised
    (:class:`engine.actions.Event` values), the ``position`` it reached, and when the
    engine refused a move, the ``index`` of that move (how many were played before it)."""

    MARK: ClassVar[str] = "events"

    events: tuple[str, ...]
    position: Position
    index: int | None = None

    @property
    def drawn(self) -> Drawn:
        return Drawn(position=self.position.to_json())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"events": list(self.events), "position": self.position.to_json()}
        if self.index is not None:
            data["index"] = self.index
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LinePlayed:
        return cls(
            kept_texts(data["events"]),
            Position.from_json(data["position"]),
            index=optional_whole(data.get("index")),
        )


def check(puzzle: Puzzle, answer: Line | CannotBeDone, budget: Budget) -> Verdict:
    goal = puzzle.line_goal
    rule = GOAL_RULES[goal]
    if isinstance(answer, CannotBeDone):
        line = search.find_line(puzzle.position, goal, budget)
        if line is not None:
            return miss(f"{goal}_possible", rule, _answer(line))
        return right(rule=rule)
    if not answer.actions:
        raise InvalidAnswerError("answer_shape", expected="actions")
    played = search.follow(puzzle, list(answer.actions), budget)
    if played.overrun is not None:
        return miss("turn_already_over", "R9", _example(puzzle, budget), index=played.overrun + 1)
    detail = LinePlayed(played.events, played.position)
    if played.refusal is not None:
        return wrong(played.refusal, _example(puzzle, budget), replace(detail, index=played.played))
    if played.reached:
        return right(detail, rule)
    return miss(f"{goal}_not_reached", rule, _example(puzzle, budget), detail)


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[Line | CannotBeDone]:
    yield _example(puzzle, budget)


def _example(puzzle: Puzzle, budget: Budget) -> Line | CannotBeDone:
    return _answer(search.find_line(puzzle.position, puzzle.line_goal, budget))


def _answer(line: list[Action] | None) -> Line | CannotBeDone:
    return CannotBeDone() if line is None else Line(tuple(str(action) for action in line))
