"""Students' answers as the teacher sees them: marked again by the engine, in words and cards.

An attempt keeps the answer as the engine reads it; here it is marked again
(lessons.quiz.mark) so that its sentence comes out in the teacher's language, and drawn
with lessons.quiz.describe, as the puzzle page draws it for the student.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from classroom.models import Assignment
from classroom.progress import AttemptRow, ItemState, Work, answer_key
from engine import puzzles as engine_puzzles
from lessons import quiz
from lessons.models import Puzzle


@dataclass(frozen=True)
class Shown:
    """An answer drawn, with the engine's verdict in words (lessons.quiz.feedback)."""

    described: quiz.Described
    correct: bool
    message: str
    rule: str
    rule_title: str
    verdict: engine_puzzles.Verdict | None = None


def shown(question: engine_puzzles.Puzzle, answer: Mapping[str, Any]) -> Shown:
    try:
        verdict = quiz.mark(question, answer)
    except quiz.AnswerError as error:
        # The puzzle no longer reads this answer (it cannot happen to a kept puzzle).
        return Shown(quiz.Described(str(error)), False, str(error), "", "")
    said = quiz.feedback(verdict)
    described = quiz.describe(question, answer, verdict)
    return Shown(described, said.correct, said.message, said.rule or "", said.rule_title, verdict)


@dataclass(frozen=True)
class Common:
    """A wrong answer (or, in a generated set, a kind of mistake) and how often."""

    count: int
    students: int
    shown: Shown


@dataclass(frozen=True)
class ItemMistakes:
    number: int
    puzzle: Puzzle | None
    wrong: int
    common: list[Common]


def common_mistakes(
    work: Work, assignment: Assignment, puzzles: Mapping[int, Puzzle], limit: int = 3
) -> list[ItemMistakes]:
    """The most common wrong answers to each item of the assignment. Hand-picked
    puzzles are the same for all, so equal answers are counted together; in a generated
    set each student has their own position, so mistakes are counted by the engine's
    reason instead."""
    shared = assignment.content == Assignment.Content.PUZZLES
    by_number = dict(work.items.get((assignment.pk, None), []))
    wrong = work.wrong_answers(assignment)
    numbers = set(by_number) if shared else set(range(1, assignment.count + 1))
    result = []
    for number in sorted(numbers | set(wrong)):
        rows = wrong.get(number, [])
        if shared:
            groups = _groups(rows, lambda row: answer_key(row.answer))
        else:
            groups = _groups(rows, lambda row: f"{row.rule}:{row.code}")
        common = []
        for alike in groups[:limit]:
            example = alike[0]
            puzzle = puzzles.get(example.puzzle_id)
            if puzzle is not None:
                question = puzzle.engine_puzzle()
                students = len({row.user_id for row in alike})
                common.append(Common(len(alike), students, shown(question, example.answer)))
        puzzle = puzzles.get(by_number.get(number, 0))
        result.append(ItemMistakes(number, puzzle, len(rows), common))
    return result


def _groups(rows: Iterable[AttemptRow], key: Any) -> list[list[AttemptRow]]:
    grouped: dict[str, list[AttemptRow]] = defaultdict(list)
    for row in rows:
        grouped[key(row)].append(row)
    counts = Counter({name: len(alike) for name, alike in grouped.items()})
    return [grouped[name] for name, _ in counts.most_common()]


@dataclass(frozen=True)
class ItemView:
    """One puzzle of a student's assignment: the board as they left it, every answer."""

    state: ItemState
    puzzle: Puzzle
    context: dict[str, Any]
    answers: list[tuple[AttemptRow, Shown]]


def item_views(states: Sequence[ItemState], puzzles: Mapping[int, Puzzle]) -> list[ItemView]:
    """The student's puzzles with the board after their last answer (the position they
    saw, or the meld their right answer made) and all their answers, drawn."""
    views = []
    for state in states:
        puzzle = puzzles[state.puzzle_id]
        question = puzzle.engine_puzzle()
        last = state.attempts[-1] if state.attempts else None
        answers = [(row, shown(question, row.answer)) for row in state.attempts]
        verdict = answers[-1][1].verdict if answers else None
        context = quiz.page_context(question, last, [], None, verdict)  # type: ignore[arg-type]
        views.append(ItemView(state, puzzle, context, answers))
    return views


def puzzles_by_id(ids: Iterable[int]) -> dict[int, Puzzle]:
    return {puzzle.pk: puzzle for puzzle in Puzzle.objects.filter(pk__in=set(ids))}
