"""Every kind of puzzle, one entry each: the answers it takes, how it marks one, its correct
answers, the detail its verdicts carry and where the generator's recipes for it are.

A new kind is a module beside the others (its answer, check, solutions and detail), a member
of :class:`~engine.puzzles.puzzle.Kind` and a line here; its recipes go in engine/generate.

>>> sorted(KINDS[Kind.ATTACH].keys)
['cards', 'meld', 'none']
>>> read_answer(Kind.SCORE, {"score": "120"}) == read_answer(Kind.SCORE, {"score": 120})
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any, TypeAlias

from engine.budget import Budget
from engine.errors import InvalidNotationError
from engine.puzzles import attach, classify, discard, lay_meld, line, pile_use, score, wildcard
from engine.puzzles.answer import CannotBeDone
from engine.puzzles.attach import Attach, MeldMade
from engine.puzzles.classify import Classified, Classify
from engine.puzzles.discard import Discard, DiscardDetail
from engine.puzzles.lay_meld import LayMeld
from engine.puzzles.line import Line, LinePlayed
from engine.puzzles.pile_use import PileUse, PileUsed
from engine.puzzles.puzzle import InvalidAnswerError, Kind, Puzzle
from engine.puzzles.score import Score, ScoreDetail, Winner
from engine.puzzles.verdict import Verdict
from engine.puzzles.wildcard import Wildcard

#: Every answer a puzzle may be given.
Answer: TypeAlias = (
    CannotBeDone
    | Attach
    | LayMeld
    | Wildcard
    | Classify
    | Score
    | Winner
    | Discard
    | PileUse
    | Line
)

#: Every kind of detail a verdict may carry.
Detail: TypeAlias = MeldMade | Classified | ScoreDetail | LinePlayed | DiscardDetail | PileUsed


@dataclass(frozen=True)
class PuzzleKind:
    """One kind of puzzle as the engine knows it."""

    kind: Kind
    #: The answers it takes, "it cannot be done" first where it is one.
    answers: tuple[type[Answer], ...]
    check: Callable[[Puzzle, Any, Budget], Verdict]
    solutions: Callable[[Puzzle, Budget], Iterator[Any]]
    #: The detail its verdicts carry (None: never any).
    detail: type[Detail] | None
    #: The module of engine/generate that holds its recipes, None when it has none yet.
    recipes: str | None

    @property
    def keys(self) -> frozenset[str]:
        """Every key its answers' JSON may have."""
        return frozenset(key for answer in self.answers for key in answer.keys)


KINDS: dict[Kind, PuzzleKind] = {
    entry.kind: entry
    for entry in (
        PuzzleKind(
            Kind.ATTACH,
            (CannotBeDone, Attach),
            attach.check,
            attach.solutions,
            MeldMade,
            attach.RECIPES,
        ),
        PuzzleKind(
            Kind.LAY_MELD,
            (CannotBeDone, LayMeld),
            lay_meld.check,
            lay_meld.solutions,
            MeldMade,
            lay_meld.RECIPES,
        ),
        PuzzleKind(
            Kind.WILDCARD,
            (CannotBeDone, Wildcard),
            wildcard.check,
            wildcard.solutions,
            MeldMade,
            wildcard.RECIPES,
        ),
        PuzzleKind(
            Kind.CLASSIFY,
            (Classify,),
            classify.check,
            classify.solutions,
            Classified,
            classify.RECIPES,
        ),
        PuzzleKind(
            Kind.SCORE, (Score, Winner), score.check, score.solutions, ScoreDetail, score.RECIPES
        ),
        PuzzleKind(
            Kind.CLOSE,
            (CannotBeDone, Line),
            line.check,
            line.solutions,
            LinePlayed,
            line.CLOSE_RECIPES,
        ),
        PuzzleKind(
            Kind.PILE,
            (CannotBeDone, Line),
            line.check,
            line.solutions,
            LinePlayed,
            line.PILE_RECIPES,
        ),
        PuzzleKind(
            Kind.DISCARD,
            (CannotBeDone, Discard),
            discard.check,
            discard.solutions,
            DiscardDetail,
            discard.RECIPES,
        ),
        PuzzleKind(
            Kind.PILE_USE,
            (PileUse,),
            pile_use.check,
            pile_use.solutions,
            PileUsed,
            pile_use.RECIPES,
        ),
    )
}


def read_answer(kind: Kind | str, data: Any) -> Answer:
    """The answer this JSON object stands for, in a puzzle of this kind (or its value, such
    as "lay-meld"): from a content file, the judge or a form alike, a number as a JSON
    number or as its digits. Raises :class:`InvalidAnswerError` for an object that is none
    of the answers the kind takes."""
    if not isinstance(data, Mapping):
        raise InvalidAnswerError("answer_not_object")
    entry = _entry(kind)
    answers = () if entry is None else entry.answers
    for answer in answers:
        if set(data) and set(data) <= answer.keys:
            try:
                return answer.from_json(data)
            except KeyError:
                raise InvalidAnswerError("answer_fields", choices=sorted(answer.keys)) from None
    keys = set() if entry is None else entry.keys
    raise InvalidAnswerError("answer_fields", choices=sorted(keys))


def _entry(kind: Kind | str) -> PuzzleKind | None:
    try:
        return KINDS[Kind(kind)]
    except ValueError:
        return None


def check(puzzle: Puzzle, answer: Answer, budget: Budget | None = None) -> Verdict:
    """Mark an answer to a puzzle (docs/content.md lists each kind's answer; read one from
    JSON with :func:`read_answer`).

    Raises :class:`InvalidAnswerError` for an answer of another kind, or one that names
    cards the hand does not hold or a meld that does not exist: there is nothing to mark;
    and :class:`TooBigError` (``too_big``) when marking it would spend more than ``budget``
    (a fresh :class:`Budget` of :data:`~engine.budget.REQUEST_STEPS` when None).
    """
    entry = KINDS[puzzle.kind]
    if not isinstance(answer, entry.answers):
        raise InvalidAnswerError("answer_fields", choices=sorted(entry.keys))
    verdict = entry.check(puzzle, answer, budget or Budget())
    return replace(verdict, kind=puzzle.kind)


def solutions(puzzle: Puzzle, limit: int = 50, budget: Budget | None = None) -> list[Answer]:
    """Correct answers to the puzzle, at most ``limit`` (one line of play for close and
    pile). Every one of them passes :func:`check`.

    Raises :class:`TooBigError` (``too_big``) when finding them would spend more than
    ``budget`` (a fresh :class:`Budget` when None).
    """
    found = KINDS[puzzle.kind].solutions(puzzle, budget or Budget())
    return list(islice(found, limit))


def example(puzzle: Puzzle, budget: Budget | None = None) -> Answer | None:
    """One correct answer, to show next to a wrong one."""
    found = solutions(puzzle, 1, budget)
    return found[0] if found else None


def read_detail(kind: Kind | None, data: Any) -> Detail | None:
    """The detail a verdict on this kind of puzzle kept as JSON (as its ``to_json`` wrote
    it), None for an empty object. Raises :class:`InvalidNotationError`
    (``verdict_unreadable``) for anything else.

    >>> read_detail(Kind.CLASSIFY, {"burraco": "clean"})
    Classified(burraco='clean')
    >>> try:
    ...     read_detail(Kind.SCORE, {"score": 30})
    ... except ValueError as error:
    ...     print(error.code, error.params["detail"])
    verdict_unreadable 'breakdown'
    """
    if not isinstance(data, Mapping):
        raise InvalidNotationError("verdict_unreadable", detail=f"not an object: {data!r}")
    if not data:
        return None
    detail = None if kind is None else KINDS[kind].detail
    if detail is None:
        raise InvalidNotationError(
            "verdict_unreadable", detail=f"no detail has the keys {sorted(data)}"
        )
    try:
        return detail.from_json(data)
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidNotationError("verdict_unreadable", detail=str(error)) from None
