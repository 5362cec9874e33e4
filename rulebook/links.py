"""Where a rule is taught and practised: the lesson steps that name it (their ``rules``
lists) and the puzzles of its theme."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from lessons.models import Step
from lessons.versioned import content_version


@dataclass(frozen=True)
class Taught:
    """A step that teaches a rule: its lesson's titles, its number and its address."""

    title_it: str
    title_en: str
    number: int
    url: str


def rule_url(rule: str) -> str:
    """The rule's page in the reference: every "Rule: R23" link of the site goes there."""
    return reverse("rulebook:rule", args=[rule])


def practice_url(rule: str) -> str:
    return reverse("lessons:puzzle_next") + "?" + urlencode({"theme": rule})


def teaching_steps(rule: str) -> tuple[Taught, ...]:
    """The lesson steps that name this rule, in the order of the course."""
    return _steps(content_version()).get(rule, ())


@lru_cache(maxsize=4)
def _steps(version: Any) -> dict[str, tuple[Taught, ...]]:
    """Every rule's steps, read once for each version of the steps (lessons.answering renews it
    whenever a step or a lesson is saved)."""
    found: dict[str, list[Taught]] = {}
    steps = Step.objects.order_by("lesson__order", "number").values_list(
        "lesson__slug", "lesson__title_it", "lesson__title_en", "number", "rules"
    )
    for slug, title_it, title_en, number, rules in steps:
        url = reverse("lessons:step", args=[slug, number])
        for rule in rules:
            found.setdefault(rule, []).append(Taught(title_it, title_en, number, url))
    return {rule: tuple(steps) for rule, steps in found.items()}
