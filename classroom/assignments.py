"""Setting work: assignments and the puzzles each student gets.

A lesson is done on the lesson pages; hand-picked puzzles are the same for everyone; a
generated set is made per student by engine.generate from a seed derived from the
assignment's seed and the student's id, so each student gets different positions of the
same kind, and the same student always gets the same ones. A student's set is made the
first time it is needed (the student opens the assignment, or the teacher looks at it)
and kept as AssignmentItem rows pointing at ordinary generated puzzles.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Q

from classroom.models import Assignment, AssignmentItem, Classroom
from engine.generate import RECIPES, TOPICS, Generated, from_seed, recipe_kinds
from engine.rules import PRESETS, Rules
from lessons.generated import save_many
from lessons.models import Lesson, Puzzle

#: The most puzzles an assignment holds.
MAX_ITEMS = 30
#: A generated set is chosen from this many candidates per puzzle asked, the nearest the
#: rating winning.
POOL = 3
#: Seeds tried per candidate wanted before the generator gives up on a set.
TRIES = 12


def derived_seed(*parts: object) -> int:
    """A 62-bit seed from its parts, the same on every machine and Python."""
    digest = hashlib.sha256(":".join(str(part) for part in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def generated_themes() -> list[str]:
    """The themes a set can be generated on: rule ids with a recipe, then topics."""
    rules = sorted(RECIPES, key=lambda rule: int(rule[1:]))
    return rules + [topic for topic in TOPICS if recipe_kinds(topic)]


@dataclass(frozen=True)
class SetSpec:
    """What a generated set asks for: ``count`` puzzles on ``theme`` near ``rating``."""

    theme: str
    kind: str
    rating: int
    count: int
    rules: str

    @classmethod
    def of(cls, assignment: Assignment) -> SetSpec:
        return cls(
            assignment.theme,
            assignment.puzzle_kind,
            assignment.rating or 1500,
            assignment.count,
            assignment.rules,
        )

    @property
    def rules_value(self) -> Rules:
        return PRESETS[self.rules]

    @property
    def kinds(self) -> tuple[str, ...]:
        return (self.kind,) if self.kind else recipe_kinds(self.theme)

    def make(self, seed: int) -> list[Generated]:
        """The set for a seed: the ``count`` candidates nearest the rating, easiest first.
        The same seed always gives the same set."""
        pool: dict[str, Generated] = {}
        for kind in self.kinds:
            rng = random.Random(derived_seed(seed, kind))
            wanted = len(pool) + self.count * POOL
            # A bounded number of tries: a theme the rules cannot show gives up quickly.
            for _try in range(self.count * POOL * TRIES):
                if len(pool) >= wanted:
                    break
                made = from_seed(kind, rng.getrandbits(62), self.theme or None, self.rules_value)
                if made is not None:
                    pool.setdefault(made.key, made)
        nearest = sorted(pool.values(), key=lambda g: (abs(g.difficulty - self.rating), g.key))
        return sorted(nearest[: self.count], key=lambda g: (g.difficulty, g.key))


def student_seed(assignment: Assignment, student_id: int) -> int:
    return derived_seed(assignment.seed, "student", student_id)


def create_assignment(
    classroom: Classroom,
    *,
    title: str,
    content: str,
    due_at: datetime,
    lesson: Lesson | None = None,
    puzzles: Sequence[Puzzle] = (),
    spec: SetSpec | None = None,
) -> Assignment:
    """Set work for a class, under the class's rules as they are now."""
    with transaction.atomic():
        assignment = Assignment.objects.create(
            classroom=classroom,
            title=title,
            content=content,
            due_at=due_at,
            lesson=lesson if content == Assignment.Content.LESSON else None,
            rules=classroom.rules,
            seed=secrets.randbits(62),
            **_spec_fields(spec if content == Assignment.Content.GENERATED else None),
        )
        if content == Assignment.Content.PUZZLES:
            AssignmentItem.objects.bulk_create(
                AssignmentItem(assignment=assignment, number=number, puzzle=puzzle)
                for number, puzzle in enumerate(puzzles, start=1)
            )
            assignment.count = len(puzzles)
            assignment.save(update_fields=["count"])
        elif content == Assignment.Content.LESSON and lesson is not None:
            assignment.count = lesson.steps.count()
            assignment.save(update_fields=["count"])
    return assignment


def _spec_fields(spec: SetSpec | None) -> dict[str, Any]:
    if spec is None:
        return {}
    return {
        "theme": spec.theme,
        "puzzle_kind": spec.kind,
        "rating": spec.rating,
        "count": spec.count,
    }


def items_for(assignment: Assignment, student_id: int) -> list[AssignmentItem]:
    """The student's puzzles in the assignment, in order (none for a lesson); a
    generated set is made now if it has not been yet."""
    if assignment.content == Assignment.Content.LESSON:
        return []
    if assignment.content == Assignment.Content.PUZZLES:
        rows = assignment.items.filter(student__isnull=True)
    else:
        rows = assignment.items.filter(student_id=student_id)
        if not rows.exists():
            make_set(assignment, student_id)
    return list(rows.select_related("puzzle").order_by("number"))


def make_set(assignment: Assignment, student_id: int) -> None:
    """Generate and keep a student's set (two requests at once keep one)."""
    generated = SetSpec.of(assignment).make(student_seed(assignment, student_id))
    puzzles, _new = save_many(generated)
    AssignmentItem.objects.bulk_create(
        [
            AssignmentItem(
                assignment=assignment, student_id=student_id, number=number, puzzle=puzzle
            )
            for number, puzzle in enumerate(puzzles, start=1)
        ],
        ignore_conflicts=True,
    )


def replace_due(assignment: Assignment, title: str, due_at: datetime) -> None:
    assignment.title = title
    assignment.due_at = due_at
    assignment.save(update_fields=["title", "due_at"])


def usable_puzzles(classroom: Classroom, teacher: Any) -> Iterable[Puzzle]:
    """Puzzles a teacher may pick for a class: curated ones and their own library's,
    written for the class's rules."""
    return (
        Puzzle.objects.filter(rules=classroom.rules)
        .filter(
            Q(source=Puzzle.Source.CURATED)
            | Q(source=Puzzle.Source.TEACHER, library_entry__owner=teacher)
        )
        .order_by("source", "rating", "slug")
    )
