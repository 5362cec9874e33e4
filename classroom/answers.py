"""Students' answers as the teacher sees them: in words and cards, from the kept verdicts.

An attempt keeps the answer and the engine's verdict on it, as it was marked
(lessons.answering.finish); here the verdict's sentence comes out in the teacher's language
(lessons.answering.feedback) and the answer is drawn with lessons.answering.describe, as the puzzle
page draws it for the student. Nothing here asks the engine again: a close question's
check is a search, and a student could answer one hundreds of times.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from classroom.models import Assignment
from classroom.progress import AttemptRow, Gradebook, ItemState, answer_key
from engine import puzzles as engine_puzzles
from lessons import answering
from lessons.models import Puzzle

#: The most different answers the student's page draws for one puzzle (the latest ones);
#: the others are counted, so four hundred answers still make a short page.
DRAWN = 8


@dataclass(frozen=True)
class Shown:
    """An answer drawn, with the engine's verdict in words (lessons.answering.feedback)."""

    described: answering.Description
    correct: bool
    message: str
    rule: str
    rule_title: str
    verdict: engine_puzzles.Verdict | None = None


def shown(question: engine_puzzles.Puzzle, row: AttemptRow) -> Shown:
    """A kept answer drawn with its kept verdict (lessons.answering.kept_verdict)."""
    verdict = answering.kept_verdict(row)
    said = answering.feedback(verdict)
    described = answering.describe(question, row.answer, verdict)
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
    work: Gradebook, assignment: Assignment, puzzles: Mapping[int, Puzzle], limit: int = 3
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
                common.append(Common(len(alike), students, shown(question, example)))
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
class Given:
    """One answer a student gave to a puzzle, drawn once however often they gave it."""

    #: The last time it was given.
    row: AttemptRow
    shown: Shown
    times: int


@dataclass(frozen=True)
class ItemView:
    """One puzzle of a student's assignment: the board as they left it, their answers."""

    state: ItemState
    puzzle: Puzzle
    context: dict[str, Any]
    #: The latest different answers (at most DRAWN), oldest first.
    answers: list[Given]
    #: How many answers are not drawn: older ones, beyond the DRAWN latest different ones.
    hidden: int


def item_views(states: Sequence[ItemState], puzzles: Mapping[int, Puzzle]) -> list[ItemView]:
    """The student's puzzles with the board after their last answer (the position they
    saw, or the meld their right answer made) and their latest different answers, drawn
    from the verdicts kept with them."""
    views = []
    for state in states:
        puzzle = puzzles[state.puzzle_id]
        question = puzzle.engine_puzzle()
        last = state.attempts[-1] if state.attempts else None
        latest = _latest_different(state.attempts)[-DRAWN:]
        answers = [Given(row, shown(question, row), times) for row, times in latest]
        hidden = len(state.attempts) - sum(given.times for given in answers)
        verdict = answers[-1].shown.verdict if answers else None
        context = answering.page_context(question, last, [], None, verdict)
        views.append(ItemView(state, puzzle, context, answers, hidden))
    return views


def _latest_different(rows: Sequence[AttemptRow]) -> list[tuple[AttemptRow, int]]:
    """Each different answer (equal ones named alike: answer_key) once, at the last time
    it was given, with how often, in the order of those last times."""
    last: dict[str, AttemptRow] = {}
    times: Counter[str] = Counter()
    for row in rows:
        key = answer_key(row.answer)
        last.pop(key, None)
        last[key] = row
        times[key] += 1
    return [(row, times[key]) for key, row in last.items()]


def puzzles_by_id(ids: Iterable[int]) -> dict[int, Puzzle]:
    return {puzzle.pk: puzzle for puzzle in Puzzle.objects.filter(pk__in=set(ids))}
