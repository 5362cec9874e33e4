"""Setting work: assignments and the puzzles each student gets.

A lesson is done on the lesson pages; hand-picked puzzles are the same for everyone; a
generated set is made per student by engine.generate from a seed derived from the
assignment's seed and the student's id, so each student gets different positions of the
same kind, and the same student always gets the same ones. Each puzzle of a student's set
is made when the student first opens it (:func:`item_for`), from its own seed: a few
candidates, tens of milliseconds, where making the whole set at once kept the student
waiting one to two seconds (bench/generated.py). It is kept as an AssignmentItem row
pointing at an ordinary generated puzzle.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils.translation import gettext as _

from classroom.models import (
    Assignment,
    AssignmentAnswer,
    AssignmentItem,
    Classroom,
    Extension,
    LibraryPuzzle,
)
from engine.generate import RECIPES, TOPICS, Generated, from_seed, recipe_kinds
from engine.rules import PRESETS, Rules
from lessons.generated import save_many, slug_for
from lessons.models import Attempt, Lesson, Puzzle

#: The most puzzles an assignment holds.
MAX_ITEMS = 30
#: Each puzzle of a generated set is chosen from this many candidates, the nearest the
#: rating winning.
POOL = 3
#: Seeds tried per candidate wanted before the generator gives up on a kind.
TRIES = 12
#: Candidates with another answer than the one wanted, found before a puzzle settles for
#: one of them (SetSpec.item).
OTHERS = 12 * POOL
#: The most seeds one puzzle of a set tries, as before answers were balanced: enough for a
#: theme that rarely gives the wanted answer (attach on R11 says "no" about one time in
#: fourteen; its sets still hold 4 to 6 of 12), and a theme that never gives it (R29's close
#: is always "no") settles within it (python -m bench.generated: the first puzzle's median
#: 86 ms, slowest 263 ms, against 120 and 177 before).
SEARCH = POOL * TRIES
#: CPU seconds the assignment form's trial run of a generated set may take (runs_dry).
TRIAL_SECONDS = 0.25


def derived_seed(*parts: object) -> int:
    """A 62-bit seed from its parts, the same on every machine and Python."""
    digest = hashlib.sha256(":".join(str(part) for part in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def foreign_rules(rules: Rules) -> frozenset[str]:
    """The rules a class playing under ``rules`` does not have: R28 (the semi-clean burraco)
    without ``semi_clean``, R22 (a free wildcard moves) under ``wild_moves: false``, R30
    (closing with one burraco) under Burraco Champion's closing (R43)."""
    foreign = set()
    if rules.closing == "champion":
        foreign.add("R30")
    if not rules.semi_clean:
        foreign.add("R28")
    if not rules.wild_moves:
        foreign.add("R22")
    return frozenset(foreign)


def generated_themes(rules: Rules | None = None) -> list[str]:
    """The themes a set can be generated on: rule ids with a recipe, then topics; under
    ``rules``, only those the rules have (foreign_rules)."""
    foreign = foreign_rules(rules) if rules is not None else frozenset()
    ids = sorted((rule for rule in RECIPES if rule not in foreign), key=lambda r: int(r[1:]))
    return ids + [topic for topic in TOPICS if recipe_kinds(topic)]


def answer_classes(kind: str, rules: Rules) -> tuple[str, ...]:
    """The kinds of answer a set balances for a kind of question: "it cannot be done"
    against a move, or for a burraco clean, dirty (semi-clean where the rules have it) and
    none; nothing for a score, whose answer is a number."""
    if kind == "score":
        return ()
    if kind == "classify":
        return (
            ("clean", "dirty", "semi-clean", "none")
            if rules.semi_clean
            else (
                "clean",
                "dirty",
                "none",
            )
        )
    return ("some", "none")


def answer_class(generated: Generated) -> str:
    """Which of answer_classes the engine's answer to a generated puzzle is."""
    if generated.kind == "score":
        return ""
    if generated.kind == "classify":
        return str(generated.answer.get("burraco", ""))
    return "none" if generated.answer.get("none") else "some"


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

    def target(self, seed: int, kind: str, number: int) -> str:
        """The kind of answer puzzle ``number`` should have (answer_classes): each kind's
        puzzles take the answers in turn, from a place the seed chooses, so a set holds
        about as many "it cannot be done" as moves, and as many clean, dirty and no
        burracos; pressing the same button every time scores no better than chance."""
        classes = answer_classes(kind, self.rules_value)
        if not classes:
            return ""
        turn = (number - 1) // max(1, len(self.kinds))
        return classes[(turn + seed) % len(classes)]

    def item(self, seed: int, number: int, taken: Collection[str] = ()) -> Generated | None:
        """Puzzle ``number`` (from 1) of the set for a seed: of ``POOL`` candidates drawn
        from the puzzle's own seed with the answer the set wants there (:meth:`target`; any
        answer when the theme gives none of that kind within the tries), the nearest the
        rating that the set does not hold yet (``taken``: the slugs of its puzzles made so
        far). A candidate about the semi-clean burraco is never kept for rules without it
        (a standard class's "burraco" set had R28 items, every one of them just dirty).
        The kinds take turns by number; a kind that gives nothing under the theme gives way
        to the next. The same arguments always give the same puzzle; None when no kind
        gives one."""
        kinds = self.kinds
        if not kinds:
            return None
        # Under strict rules the engine names R22 on every attach puzzle (the wildcard does
        # not move): only the semi-clean burraco is a rule a candidate may wrongly be about.
        foreign = foreign_rules(self.rules_value) & {"R28"}
        start = (number - 1) % len(kinds)
        for kind in kinds[start:] + kinds[:start]:
            rng = random.Random(derived_seed(seed, kind, number))
            target = self.target(seed, kind, number)
            wanted: dict[str, Generated] = {}
            others: dict[str, Generated] = {}
            # A bounded number of tries: a theme the rules cannot show gives up quickly,
            # and one that rarely gives the wanted answer settles for another.
            for _try in range(SEARCH):
                if len(wanted) >= POOL or (wanted and len(wanted) + len(others) >= 3 * POOL):
                    break
                if len(others) >= OTHERS:
                    break
                made = from_seed(kind, rng.getrandbits(62), self.theme or None, self.rules_value)
                if made is None or slug_for(made) in taken or foreign & set(made.themes):
                    continue
                pool = wanted if answer_class(made) == target else others
                pool.setdefault(made.key, made)
            if wanted or others:
                chosen = wanted or others
                return min(chosen.values(), key=lambda g: (abs(g.difficulty - self.rating), g.key))
        return None

    def runs_dry(self, seed: int, seconds: float = TRIAL_SECONDS) -> int | None:
        """How many puzzles the set holds when the theme runs dry before ``count``, or None.

        The form's trial run, bounded in time: a theme the rules cannot show gives up within
        a few tries (``item``), so one that is still giving puzzles when the CPU time runs
        out is taken to fill the set (a set of 30 on R7 takes 0.9 s to make whole)."""
        end = time.process_time() + seconds
        made: list[Generated] = []
        for number in range(1, self.count + 1):
            if time.process_time() > end:
                return None
            generated = self.item(seed, number, {slug_for(g) for g in made})
            if generated is None:
                return len(made)
            made.append(generated)
        return None

    def make(self, seed: int) -> list[Generated]:
        """The whole set for a seed, puzzle by puzzle, as a student opening them in order
        gets it; fewer when the theme runs dry (the form's trial run refuses those)."""
        made: list[Generated] = []
        for number in range(1, self.count + 1):
            generated = self.item(seed, number, {slug_for(g) for g in made})
            if generated is None:
                break
            made.append(generated)
        return made


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
    table: dict[str, Any] | None = None,
) -> Assignment:
    """Set work for a class, under the class's rules as they are now. Hands at the
    practice table take ``table``: ``bot_level``, ``players``, ``coach`` and ``count``; a
    duplicate takes them too, and the rules it is played under (``rules``, the class's
    unless chosen). The seed is drawn now and kept: a duplicate's deals come from it."""
    at_table = content in (Assignment.Content.HANDS, Assignment.Content.DUPLICATE)
    fields = dict(table or {}) if at_table else {}
    rules = fields.pop("rules", "") or classroom.rules
    with transaction.atomic():
        assignment = Assignment.objects.create(
            classroom=classroom,
            title=title,
            content=content,
            due_at=due_at,
            lesson=lesson if content == Assignment.Content.LESSON else None,
            rules=rules if content == Assignment.Content.DUPLICATE else classroom.rules,
            seed=secrets.randbits(62),
            **_spec_fields(spec if content == Assignment.Content.GENERATED else None),
            **fields,
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
    """The student's puzzles in the assignment, in order (none for a lesson); of a
    generated set, those made so far (:func:`item_for` makes one when it is opened)."""
    if assignment.content == Assignment.Content.LESSON:
        return []
    if assignment.content == Assignment.Content.PUZZLES:
        rows = assignment.items.filter(student__isnull=True)
    else:
        rows = assignment.items.filter(student_id=student_id)
    return list(rows.select_related("puzzle").order_by("number"))


def item_for(assignment: Assignment, student_id: int, number: int) -> AssignmentItem | None:
    """The student's puzzle ``number`` of the assignment, or None when it has no such
    number; a generated set's puzzle is made now if it has not been yet."""
    if assignment.content == Assignment.Content.LESSON or not 0 < number <= MAX_ITEMS:
        return None
    for row in items_for(assignment, student_id):
        if row.number == number:
            return row
    if assignment.content != Assignment.Content.GENERATED or number > assignment.count:
        return None
    return make_item(assignment, student_id, number)


def make_item(assignment: Assignment, student_id: int, number: int) -> AssignmentItem | None:
    """Generate and keep puzzle ``number`` of a student's set (two requests at once keep
    one); None when the theme gives no puzzle."""
    made = AssignmentItem.objects.filter(assignment=assignment, student_id=student_id)
    taken = set(made.values_list("puzzle__slug", flat=True))
    seed = student_seed(assignment, student_id)
    generated = SetSpec.of(assignment).item(seed, number, taken)
    if generated is None:
        return None
    puzzles, _new = save_many([generated])
    AssignmentItem.objects.bulk_create(
        [
            AssignmentItem(
                assignment=assignment, student_id=student_id, number=number, puzzle=puzzles[0]
            )
        ],
        ignore_conflicts=True,
    )
    return made.select_related("puzzle").get(number=number)


def make_set(assignment: Assignment, student_id: int) -> list[AssignmentItem]:
    """Every puzzle of a student's generated set, made now where missing, in order."""
    for number in range(1, assignment.count + 1):
        if item_for(assignment, student_id, number) is None:
            break
    return items_for(assignment, student_id)


def file_answer(attempt: Attempt, item: AssignmentItem) -> AssignmentAnswer:
    """Keep that an answer was given in this assignment, to this puzzle number: it counts
    there and nowhere else (classroom.progress)."""
    return AssignmentAnswer.objects.create(
        attempt=attempt, assignment_id=item.assignment_id, number=item.number
    )


def extend(assignment: Assignment, student_id: int, due_at: datetime | None) -> None:
    """Give one student a later due date (or, with None or the assignment's own date, take
    the extension back)."""
    if due_at is None or due_at == assignment.due_at:
        Extension.objects.filter(assignment=assignment, student_id=student_id).delete()
        return
    Extension.objects.update_or_create(
        assignment=assignment, student_id=student_id, defaults={"due_at": due_at}
    )


def replace_due(assignment: Assignment, title: str, due_at: datetime) -> None:
    assignment.title = title
    assignment.due_at = due_at
    assignment.save(update_fields=["title", "due_at"])


class PlaceError(Exception):
    """A puzzle that cannot go into that assignment; the message says why."""


@dataclass(frozen=True)
class Place:
    """A class a teacher may set a puzzle in, and its hand-picked assignments that can
    still take it."""

    classroom: Classroom
    assignments: list[Assignment]


def places_for(puzzle: Puzzle, teacher: Any) -> list[Place]:
    """Where a teacher may set this puzzle: their open classes whose rules it is written
    for, when it is one they may pick (curated, or from their own library); for each, the
    hand-picked assignments not full that do not hold it yet."""
    classes = Classroom.objects.filter(
        teacher=teacher, archived_at__isnull=True, rules=puzzle.rules
    ).order_by("name", "pk")
    if not classes or not _pickable(puzzle, teacher):
        return []
    open_sets = (
        Assignment.objects.filter(
            classroom__in=classes, content=Assignment.Content.PUZZLES, count__lt=MAX_ITEMS
        )
        .exclude(items__puzzle=puzzle)
        .order_by("due_at", "pk")
    )
    by_class: dict[int, list[Assignment]] = {}
    for assignment in open_sets:
        by_class.setdefault(assignment.classroom_id, []).append(assignment)
    return [Place(classroom, by_class.get(classroom.pk, [])) for classroom in classes]


def _pickable(puzzle: Puzzle, teacher: Any) -> bool:
    if puzzle.source == Puzzle.Source.CURATED:
        return True
    return (
        puzzle.source == Puzzle.Source.TEACHER
        and LibraryPuzzle.objects.filter(puzzle=puzzle, owner=teacher).exists()
    )


def add_puzzle(assignment: Assignment, puzzle: Puzzle) -> AssignmentItem:
    """Set one more puzzle in a hand-picked assignment, after the others. Raises
    :class:`PlaceError` when it cannot go there."""
    if assignment.content != Assignment.Content.PUZZLES:
        raise PlaceError(_("Only an assignment of puzzles you chose can take another one."))
    if puzzle.rules != assignment.rules:
        raise PlaceError(_("This puzzle is written for other rules than the assignment's."))
    with transaction.atomic():
        locked = Assignment.objects.select_for_update().get(pk=assignment.pk)
        if locked.items.filter(puzzle=puzzle).exists():
            raise PlaceError(_("The assignment already holds this puzzle."))
        last = locked.items.filter(student__isnull=True).aggregate(Max("number"))
        number = (last["number__max"] or 0) + 1
        if number > MAX_ITEMS:
            raise PlaceError(
                _("The assignment already holds %(most)d puzzles, the most it can.")
                % {"most": MAX_ITEMS}
            )
        item = AssignmentItem.objects.create(assignment=locked, number=number, puzzle=puzzle)
        locked.count = number
        locked.save(update_fields=["count"])
    return item


def usable_puzzles(classroom: Classroom, teacher: Any) -> QuerySet[Puzzle]:
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
