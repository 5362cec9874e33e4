"""The class's mistakes as a heat-map: students against the rules their wrong answers broke.

A wrong answer's rule is the engine's (Attempt.rule). Only the work done for the class's
assignments counts, as on the grid; each cell holds a count and a shade from 0 to 4, so
the table reads the same without colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from classroom.progress import ClassWork, Student
from lessons.rulebook import RULE_TITLES, rule_number

LEVELS = 4


@dataclass(frozen=True)
class HeatCell:
    count: int
    level: int


@dataclass(frozen=True)
class Heat:
    #: The rules someone broke, by number, with their names.
    rules: list[tuple[str, str]]
    rows: list[tuple[Student, list[HeatCell], int]]
    #: Each rule's total over the class.
    totals: list[int]
    most: int

    @property
    def empty(self) -> bool:
        return not self.rules


def _level(count: int, most: int) -> int:
    if count == 0 or most == 0:
        return 0
    return max(1, round(LEVELS * count / most))


def build(work: ClassWork) -> Heat:
    mistakes = work.work.mistakes()
    rules = sorted({rule for counts in mistakes.values() for rule in counts}, key=rule_number)
    most = max((count for counts in mistakes.values() for count in counts.values()), default=0)
    rows = []
    for student in work.students:
        counts = mistakes[student.id]
        cells = [HeatCell(counts[rule], _level(counts[rule], most)) for rule in rules]
        rows.append((student, cells, sum(counts.values())))
    totals = [sum(mistakes[s.id][rule] for s in work.students) for rule in rules]
    named = [(rule, str(RULE_TITLES.get(rule, rule))) for rule in rules]
    return Heat(named, rows, totals, most)
