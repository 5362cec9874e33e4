"""Taking lessons: questions in steps checked by the engine, progress per step, and stars.

Progress rows belong to an account or to an anonymous session (lessons.learners), like
puzzle attempts, so they move to the account when the learner signs up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import transaction
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext

from burraco_tutor.http import small_int
from engine import puzzles as engine_puzzles
from lessons import answering
from lessons.answering.finishing import step_progress_row
from lessons.content import correct_choice
from lessons.learners import Learner, learner_filter
from lessons.models import Lesson, Step, StepProgress, in_language


@dataclass(frozen=True)
class ChoiceOption:
    index: int
    label: str
    #: Why this option is wrong, in the learner's language ("" when the content says nothing).
    why: str = ""


@dataclass(frozen=True)
class StepResult:
    """The verdict on a step's question: engine feedback for puzzles, or a choice's."""

    correct: bool
    feedback: answering.Feedback | None = None
    chosen: int | None = None
    #: A close or pile question's moves so far while the turn goes on: nothing to mark yet.
    line: list[str] | None = None
    played: engine_puzzles.Line | None = None

    @property
    def pending(self) -> bool:
        return self.played is not None

    def to_json(self) -> dict[str, Any]:
        """The verdict as the session keeps it between an answer and the page after it."""
        verdict = self.feedback.verdict.to_json() if self.feedback is not None else None
        return {"correct": self.correct, "verdict": verdict, "chosen": self.chosen}

    @classmethod
    def from_json(cls, data: Any) -> StepResult:
        """The result :meth:`to_json` wrote; raises ValueError for anything else."""
        if not isinstance(data, Mapping) or not isinstance(data.get("correct"), bool):
            raise ValueError("not a step's result")
        verdict = data.get("verdict")
        said = answering.feedback(engine_puzzles.Verdict.from_json(verdict)) if verdict else None
        chosen = data.get("chosen")
        return cls(data["correct"], said, chosen if isinstance(chosen, int) else None)


def step_puzzle(step: Step) -> engine_puzzles.Puzzle | None:
    if step.question and "puzzle" in step.question:
        return engine_puzzles.Puzzle.from_dict(step.question["puzzle"])
    return None


def choice_options(step: Step) -> list[ChoiceOption]:
    options = step.question["choice"]["options"] if step.question else []
    return [
        ChoiceOption(i, _option_label(option), _option_why(option))
        for i, option in enumerate(options)
    ]


def _option_why(option: Any) -> str:
    if isinstance(option, Mapping) and isinstance(option.get("why"), Mapping):
        why = option["why"]
        return in_language(_Labels(why), "label") if "it" in why and "en" in why else ""
    return ""


def _option_label(option: Any) -> str:
    if isinstance(option, Mapping):
        if "it" in option and "en" in option:
            return in_language(_Labels(option), "label")
        return str(option.get("value"))
    if isinstance(option, list):
        return "–".join(str(item) for item in option)
    if isinstance(option, bool):
        return gettext("Yes") if option else gettext("No")
    return str(option)


class _Labels:
    def __init__(self, option: Mapping[str, Any]) -> None:
        self.label_it = str(option["it"])
        self.label_en = str(option["en"])


def answer_step(step: Step, data: QueryDict) -> StepResult:
    """Check the answer to a step's question with the engine.

    Raises :class:`lessons.answering.AnswerError` for a form that is no answer.
    """
    puzzle = step_puzzle(step)
    if puzzle is not None:
        posted = answering.read_answer(puzzle, data)
        if posted.verdict is None:
            return StepResult(False, line=posted.line, played=posted.played)
        return StepResult(posted.verdict.correct, answering.feedback(posted.verdict))
    chosen = small_int(data.get("choice", ""), 3)
    if chosen is None or chosen >= len(choice_options(step)):
        raise answering.AnswerError(gettext("Choose one of the answers."))
    assert step.question is not None
    right = correct_choice(step.question["choice"])
    return StepResult(chosen == right, None, chosen)


def progress(request: HttpRequest, lesson: Lesson) -> dict[int, StepProgress]:
    """This learner's progress on each step of a lesson, by step id."""
    rows = StepProgress.objects.filter(learner_filter(request), step__lesson=lesson)
    return {row.step_id: row for row in rows}


def mark_seen(request: HttpRequest, step: Step) -> None:
    """An explanation is done once it has been read. Read again, it costs one query and no
    lock (on SQLite a lock is the whole database's write lock)."""
    if step.kind != Step.Kind.EXPLAIN:
        return
    if StepProgress.objects.filter(learner_filter(request), step=step, done=True).exists():
        return
    with transaction.atomic():
        row = step_progress_row(Learner.of(request), step)
        if not row.done:
            row.done = True
            row.save(update_fields=["done", "updated_at"])


def kept_result(request: HttpRequest, step: Step, number: int | None) -> StepResult | None:
    """The last answer to this step, kept on the learner's progress row ``number`` (named
    by ``?attempt=`` after an answer posted without JavaScript, lessons.answering.flow);
    anyone else's row, or no number, shows nothing."""
    if number is None or step.kind != Step.Kind.ASK:
        return None
    row = StepProgress.objects.filter(learner_filter(request), step=step, pk=number).first()
    try:
        return StepResult.from_json(row.answered if row is not None else None)
    except ValueError:
        return None


def stars(lesson: Lesson, rows: Mapping[int, StepProgress]) -> int:
    """0 until every step is done; then 1 to 3 by the share of questions right first time."""
    steps = list(lesson.steps.all())
    if not steps or not all(rows.get(step.pk) and rows[step.pk].done for step in steps):
        return 0
    asks = [step for step in steps if step.kind == Step.Kind.ASK]
    if not asks:
        return 3
    right = sum(1 for step in asks if rows[step.pk].first_try)
    share = right / len(asks)
    return 3 if share >= 0.9 else 2 if share >= 0.6 else 1


class LessonRow(NamedTuple):
    """A lesson with the learner's stars, steps done, steps in all, and whether the learner
    has begun it: a step read or answered, even wrongly (a wrong answer begins a lesson)."""

    lesson: Lesson
    stars: int
    done: int
    total: int
    started: bool


def lessons_with_stars(request: HttpRequest) -> list[LessonRow]:
    """Every lesson with the learner's stars, steps done and steps in all."""
    lessons = list(Lesson.objects.prefetch_related("steps"))
    rows = {
        row.step_id: row
        for row in StepProgress.objects.filter(learner_filter(request)).only(
            "step_id", "done", "first_try"
        )
    }
    result = []
    for lesson in lessons:
        steps = list(lesson.steps.all())
        done = sum(1 for step in steps if rows.get(step.pk) and rows[step.pk].done)
        started = any(step.pk in rows for step in steps)
        result.append(LessonRow(lesson, stars(lesson, rows), done, len(steps), started))
    return result
