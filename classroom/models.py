"""Classes, their students, assignments and the teacher's own puzzles.

A teacher (accounts.Profile.is_teacher) runs classes; students join by a code or a link, or
get an account made by the teacher. An assignment sets a lesson, a hand-picked set of
puzzles or a generated set, with a due date; what each student did comes from lessons'
own rows (Attempt, StepProgress) after the assignment was set (classroom.progress).
This app reads lessons/ models; lessons/ never imports it.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from engine.rules import PRESETS
from lessons.models import Attempt, Lesson, Puzzle
from lessons.rulebook import PRESET_LABELS
from play.models import Game

#: Letters and digits that cannot be mistaken for one another when read aloud or copied.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_code() -> str:
    """A fresh join code, such as ``K7QX3MPA``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


#: The rules presets a class plays under: the engine's (engine.rules.PRESETS), each named
#: in words once (lessons.rulebook.PRESET_LABELS). ``Rules.STANDARD`` is "standard".
# django-stubs' overloads of the functional API take no list of members; Django does. Its
# members are not known to mypy: Rules["STANDARD"] rather than Rules.STANDARD in the code.
Rules: type[models.TextChoices] = models.TextChoices(  # type: ignore[call-overload]
    "Rules",
    [(name.upper().replace("-", "_"), (name, PRESET_LABELS[name])) for name in PRESETS],
)


class Classroom(models.Model):
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="classes_taught",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name"), max_length=80)
    rules = models.CharField(
        _("rules"), max_length=20, choices=Rules.choices, default=Rules["STANDARD"]
    )
    code = models.CharField(_("join code"), max_length=12, unique=True, default=new_code)
    archived_at = models.DateTimeField(_("archived"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


class Membership(models.Model):
    """A student in a class. Removing the student deletes this row, not the account."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    #: The teacher made the account (bulk creation), so the teacher may reset its password.
    created_by_teacher = models.BooleanField(default=False)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["classroom", "student"], name="one_membership")
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.classroom}"


#: The bots' level of a "play N hands" assignment whose hands are each dealt at the level
#: closest to the student's playing rating then (classroom.hands.level_for).
STUDENTS_LEVEL = "student"
BOT_LEVELS = [*Game.Level.choices, (STUDENTS_LEVEL, _("At the student's level"))]


class Assignment(models.Model):
    """Work set for a class: a lesson, hand-picked puzzles, or puzzles generated per student."""

    class Content(models.TextChoices):
        LESSON = "lesson", _("A lesson")
        PUZZLES = "puzzles", _("Puzzles I choose")
        GENERATED = "generated", _("Generated puzzles, different for each student")
        HANDS = "hands", _("Hands at the practice table against the bots")
        DUPLICATE = "duplicate", _("A duplicate: the same deals for every student, ranked")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    title = models.CharField(_("title"), max_length=120)
    content = models.CharField(_("content"), max_length=10, choices=Content.choices)
    lesson = models.ForeignKey(
        Lesson, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: A generated set: the theme (a rule id or a topic), the kind ("" for any kind the
    #: theme has), the rating to aim at and how many puzzles.
    theme = models.CharField(max_length=20, blank=True)
    puzzle_kind = models.CharField(max_length=20, blank=True)
    rating = models.PositiveIntegerField(null=True, blank=True)
    count = models.PositiveSmallIntegerField(default=0)
    #: The class's rules preset when the assignment was set: its puzzles are answered and
    #: generated under it, even if the class changes preset later.
    rules = models.CharField(max_length=20, choices=Rules.choices, default=Rules["STANDARD"])
    #: Each student's generated set comes from a seed derived from this one and the student.
    seed = models.BigIntegerField(default=0)
    #: Hands at the practice table: ``count`` hands of ``players`` against bots of
    #: ``bot_level`` (a level, or STUDENTS_LEVEL: each student's own, hand by hand), the
    #: coach on or off; take-backs are always off (play.models.Game).
    #: A duplicate is such hands too, ``count`` deals (3 or 4) the same for every student:
    #: deal N's seed is derived from ``seed`` and N (classroom.duplicate), against bots of
    #: one level for all (never STUDENTS_LEVEL).
    bot_level = models.CharField(max_length=10, choices=BOT_LEVELS, blank=True)
    players = models.PositiveSmallIntegerField(default=2)
    coach = models.BooleanField(default=True)
    due_at = models.DateTimeField(_("due"))
    #: Attempts and lesson steps count from this moment.
    set_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["due_at", "pk"]

    def __str__(self) -> str:
        return self.title


class AssignmentItem(models.Model):
    """The puzzle numbered ``number`` (from 1) of an assignment: the same for everyone
    (``student`` null) or, in a generated set, this student's own."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="items")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    number = models.PositiveSmallIntegerField()
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["assignment", "student", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "number"],
                condition=models.Q(student__isnull=True),
                name="one_shared_item_per_number",
            ),
            models.UniqueConstraint(
                fields=["assignment", "student", "number"],
                condition=models.Q(student__isnull=False),
                name="one_own_item_per_number",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assignment} #{self.number}"


class LibraryPuzzle(models.Model):
    """A puzzle a teacher made in the editor (lessons.Puzzle with source "teacher")."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="library"
    )
    puzzle = models.OneToOneField(Puzzle, on_delete=models.CASCADE, related_name="library_entry")
    title = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.title


class AssignmentAnswer(models.Model):
    """The assignment an answer was given in, and the number of its puzzle there.

    An answer belongs to the assignment it was given in: the same puzzle may be in two
    assignments, or in the open library, and an answer given in one counts for that one
    only (classroom.progress reads these rows, never a puzzle's attempts at large)."""

    attempt = models.OneToOneField(Attempt, on_delete=models.CASCADE, related_name="+")
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="answers")
    number = models.PositiveSmallIntegerField()

    def __str__(self) -> str:
        return f"{self.assignment} #{self.number}: {self.attempt_id}"


class Extension(models.Model):
    """A later due date for one student of an assignment, set by the teacher."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="extensions")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    due_at = models.DateTimeField(_("due"))

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "student"], name="one_extension_per_student"
            )
        ]

    def __str__(self) -> str:
        return f"{self.assignment} for {self.student_id}: {self.due_at:%Y-%m-%d}"


class AssignmentGame(models.Model):
    """A practice hand a student started from a "play N hands" assignment or a duplicate: it
    counts there (and its review is open to the class's teacher), as an AssignmentAnswer
    files an answer."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="games")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    #: The hand's number in the assignment, from 1 (a duplicate's deal number); null for
    #: hands filed before it was kept.
    number = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["assignment", "student", "game"]
        constraints = [
            # Two tabs, a double click or a forged start file one game for a deal.
            models.UniqueConstraint(
                fields=["assignment", "student", "number"],
                condition=models.Q(number__isnull=False),
                name="one_game_per_number",
            )
        ]

    def __str__(self) -> str:
        return f"{self.assignment}: game {self.game_id} of {self.student_id}"
