"""Lessons, their steps, puzzles, themes and learners' attempts.

Content (lessons, curated puzzles) comes from the YAML files under lessons/content/ through
``load_content``; nothing here stores a verdict the engine computes: a puzzle keeps its
position and question, and :meth:`Puzzle.engine_puzzle` hands them to the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine import puzzles as engine_puzzles
from lessons.learners import LearnerOwned

LANGUAGES = ("it", "en")


def in_language(obj: object, field: str) -> str:
    """The value of a bilingual field (``title_it``/``title_en``) in the active language,
    falling back to Italian, the site's first language."""
    language = (get_language() or "it")[:2]
    if language not in LANGUAGES:
        language = "it"
    value: str = getattr(obj, f"{field}_{language}") or getattr(obj, f"{field}_it")
    return value


class Theme(models.Model):
    """What a puzzle or step is about: a rule id (R23) or a named topic (wildcards)."""

    name = models.CharField(max_length=40, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def named(cls, names: Iterable[str]) -> dict[str, Theme]:
        """The themes of these names, by name, made where missing (one query when they all
        exist)."""
        wanted = set(names)
        themes: dict[str, Theme] = {
            theme.name: theme for theme in cls.objects.filter(name__in=wanted)
        }
        for name in sorted(wanted - set(themes)):
            themes[name] = cls.objects.get_or_create(name=name)[0]
        return themes


class Lesson(models.Model):
    class Level(models.TextChoices):
        CORE = "core", _("Core")
        #: The fine points: a learner may skip it on a first pass through the lessons.
        ADVANCED = "advanced", _("Advanced")

    slug = models.SlugField(max_length=80, unique=True)
    order = models.PositiveIntegerField()
    level = models.CharField(max_length=10, choices=Level.choices, default=Level.CORE)
    title_it = models.CharField(max_length=200)
    title_en = models.CharField(max_length=200)
    summary_it = models.TextField()
    summary_en = models.TextField()
    #: What the lesson taught, in a few lines: shown on its last step, before the next lesson.
    recap_it = models.TextField(blank=True)
    recap_en = models.TextField(blank=True)
    rules = models.JSONField(default=list)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.slug

    @property
    def title(self) -> str:
        return in_language(self, "title")

    @property
    def summary(self) -> str:
        return in_language(self, "summary")

    @property
    def recap(self) -> str:
        return in_language(self, "recap")

    @property
    def advanced(self) -> bool:
        return self.level == self.Level.ADVANCED

    def following(self, *, skip_advanced: bool = False) -> Lesson | None:
        """The next lesson by order, if any; with ``skip_advanced``, the next core one."""
        later = Lesson.objects.filter(order__gt=self.order)
        if skip_advanced:
            later = later.exclude(level=self.Level.ADVANCED)
        return later.order_by("order").first()


class Step(models.Model):
    """One short step of a lesson: an explanation, or a question the engine checks."""

    class Kind(models.TextChoices):
        EXPLAIN = "explain", _("Explanation")
        ASK = "ask", _("Question")

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    text_it = models.TextField()
    text_en = models.TextField()
    explain_it = models.TextField(blank=True)
    explain_en = models.TextField(blank=True)
    #: The board to draw, in the engine's JSON (for a puzzle question, the puzzle's own).
    position = models.JSONField(null=True, blank=True)
    #: {"puzzle": {engine fields}} or {"choice": {"options": [...], ...}}; None to explain.
    question = models.JSONField(null=True, blank=True)
    rules = models.JSONField(default=list)

    class Meta:
        ordering = ["lesson", "number"]
        constraints = [
            models.UniqueConstraint(fields=["lesson", "number"], name="unique_step_number")
        ]

    def __str__(self) -> str:
        return f"{self.lesson.slug}/{self.number}"

    @property
    def text(self) -> str:
        return in_language(self, "text")

    @property
    def explanation(self) -> str:
        return in_language(self, "explain")


class Puzzle(models.Model):
    """A position and a question about it (docs/content.md), with a Glicko-2 difficulty."""

    # The engine's kinds, made once there; django-stubs knows only the one-member form of the
    # functional API, where Django takes a list of (value, label) pairs as Enum does.
    Kind = models.TextChoices(  # type: ignore[call-overload]
        "Kind", [(kind.value, kind.value) for kind in engine_puzzles.Kind]
    )

    class Source(models.TextChoices):
        CURATED = "curated", _("curated")
        GENERATED = "generated", _("generated")
        TEACHER = "teacher", _("teacher")

    slug = models.SlugField(max_length=100, unique=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    position = models.JSONField()
    #: The kind's own fields (focus, goal, meld, attach, side, closed, ask, hands).
    params = models.JSONField(default=dict)
    rules = models.CharField(max_length=20, default="standard")
    prompt_it = models.TextField()
    prompt_en = models.TextField()
    hint_it = models.TextField(blank=True)
    hint_en = models.TextField(blank=True)
    themes = models.ManyToManyField(Theme, related_name="puzzles")
    rating = models.FloatField(default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    plays = models.PositiveIntegerField(default=0)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.CURATED)
    generator = models.CharField(max_length=40, blank=True)
    seed = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["rating", "slug"]
        indexes = [models.Index(fields=["source", "kind"])]

    def __str__(self) -> str:
        return self.slug

    @property
    def prompt(self) -> str:
        return in_language(self, "prompt")

    @property
    def hint(self) -> str:
        return in_language(self, "hint")

    def engine_fields(self) -> dict[str, Any]:
        return {**self.params, "kind": self.kind, "position": self.position, "rules": self.rules}

    @staticmethod
    def columns(fields: Mapping[str, Any]) -> dict[str, Any]:
        """The row's columns for the engine's fields of a puzzle: engine_fields undone."""
        params = dict(fields)
        kind, position = params.pop("kind"), params.pop("position")
        return {
            "kind": kind,
            "position": position,
            "rules": params.pop("rules", "standard"),
            "params": params,
        }

    def engine_puzzle(self) -> engine_puzzles.Puzzle:
        """The puzzle as the engine reads it (raises the engine's BurracoError if the stored
        position no longer reads, which load_content prevents)."""
        return engine_puzzles.Puzzle.from_dict(self.engine_fields())


class Attempt(LearnerOwned, related_name="attempts"):
    """One answer to a puzzle, by an account or an anonymous session."""

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    answer = models.JSONField()
    correct = models.BooleanField()
    #: The engine's code and rule id for a wrong answer ("correct" and "" for a right one).
    code = models.CharField(max_length=60)
    rule = models.CharField(max_length=8, blank=True)
    seconds = models.FloatField(null=True, blank=True)
    hint_used = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)
    #: The rest of the engine's verdict when the answer was marked, beside ``correct``,
    #: ``code`` and ``rule`` (each stored once: :meth:`kept_verdict` puts them together):
    #: its ``params``, the ``solution`` shown beside a wrong answer, the ``detail`` drawn,
    #: and a right answer's ``rule`` (the column keeps a wrong answer's only). Every page
    #: that shows the attempt reads it instead of marking the answer again, which for a
    #: close or pile question is a search. Empty on rows kept before verdicts were.
    verdict = models.JSONField(default=dict, blank=True)
    #: A keyed hash of the address the answer came from (lessons.learners.visitor_key),
    #: never the address itself: a puzzle's rating moves once per visitor, and an
    #: anonymous visitor's fresh sessions are the same visitor.
    visitor = models.CharField(max_length=32, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        # Whether an answer from this address already moved the puzzle's rating is asked
        # with every answer, in its transaction (lessons.answering.finishing._read): the
        # index finds the rated answers alone, not every answer a school's address gave.
        indexes = [
            models.Index(fields=["puzzle", "visitor", "rated"], name="attempt_puzzle_visitor_rated")
        ]

    def __str__(self) -> str:
        return f"{self.puzzle.slug}: {'✓' if self.correct else '✗'}"

    @staticmethod
    def verdict_columns(verdict: engine_puzzles.Verdict) -> dict[str, Any]:
        """The columns that keep ``verdict``, each part once (:func:`kept_verdict` reads
        them back)."""
        rest = verdict.to_json()
        for key in ("correct", "code", "reason"):
            rest.pop(key)
        rule = rest.pop("rule") or ""
        if verdict.correct and rule:
            rest["rule"] = rule
        return {
            "correct": verdict.correct,
            "code": verdict.code,
            "rule": "" if verdict.correct else rule,
            "verdict": rest,
        }


def kept_verdict(
    correct: bool, code: str, rule: str, rest: Mapping[str, Any] | None
) -> engine_puzzles.Verdict:
    """The engine's verdict on a kept answer from its columns (:meth:`Attempt.verdict_columns`):
    ``correct``, ``code``, a wrong answer's ``rule``, and the ``rest``. A row kept before
    verdicts were (lessons migration 0004), or whose rest no longer reads, gives its code
    and rule only: no sentence's details, no meld drawn, no correct answer beside it.

    >>> kept_verdict(False, "gap", "R13", {"params": {"missing": ["6C"]}, "solution": None,
    ...     "detail": {}}).params
    {'missing': ['6C']}
    """
    if rest:
        try:
            return engine_puzzles.Verdict.from_json(
                {"rule": rule or None, **rest, "correct": correct, "code": code}
            )
        except ValueError:
            pass
    return engine_puzzles.Verdict(correct, code, rule or None)


class StepProgress(
    LearnerOwned, related_name="step_progress", unique_as="progress", unique_with=("step",)
):
    """A learner's progress on one step: seen, and for a question, answered right, and
    whether the first try was right (the lesson's stars count first tries)."""

    step = models.ForeignKey(Step, on_delete=models.CASCADE, related_name="progress")
    done = models.BooleanField(default=False)
    #: None until a question is first answered; then whether that first answer was right.
    first_try = models.BooleanField(null=True, blank=True)
    tries = models.PositiveIntegerField(default=0)
    #: The last answer's result (lessons.tutor.StepResult.to_json), which the step's page
    #: shows at ``?attempt=<this row>`` after an answer posted without JavaScript.
    answered = models.JSONField(default=dict, blank=True)
    #: When the row was made: for a question, the first answer (merging keeps the earlier).
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.step}: {'done' if self.done else 'open'}"


class LearnerRating(
    LearnerOwned, related_name="puzzle_rating", one_to_one=True, unique_as="rating"
):
    """A learner's Glicko-2 puzzle rating (lessons.glicko), by account or anonymous session."""

    rating = models.FloatField(default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    #: How many rated attempts have moved it.
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user or self.session_key[:8]}: {self.rating:.0f}"


class RatingHistory(models.Model):
    """One point of a learner's rating history: the rating after a rated attempt, with what
    moved it (the puzzle's rating then, the result, the damping), so it can be replayed."""

    learner = models.ForeignKey(LearnerRating, on_delete=models.CASCADE, related_name="history")
    attempt = models.ForeignKey(
        Attempt, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    rating = models.FloatField()
    rating_deviation = models.FloatField()
    puzzle_rating = models.FloatField()
    puzzle_deviation = models.FloatField()
    solved = models.BooleanField()
    weight = models.FloatField(default=1.0)
    #: How far this point moved the learner's rating, as pages round it (the rating shown
    #: after minus the one shown before): the answer's page shows it ("+12") as it is.
    change = models.IntegerField(default=0)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name_plural = "rating history"

    def __str__(self) -> str:
        return f"{self.learner}: {self.rating:.0f} at {self.at:%Y-%m-%d %H:%M}"


class ReviewCard(
    LearnerOwned, related_name="review_cards", unique_as="review_card", unique_with=("rule",)
):
    """A rule the learner got wrong, scheduled for review with FSRS (lessons.review)."""

    rule = models.CharField(max_length=8)
    due = models.DateTimeField(db_index=True)
    #: The FSRS card's state as its own ``to_dict()`` gives it.
    card = models.JSONField(default=dict)
    reviews = models.PositiveIntegerField(default=0)
    lapses = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["due", "rule"]

    def __str__(self) -> str:
        return f"{self.rule} due {self.due:%Y-%m-%d %H:%M}"
