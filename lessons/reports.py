"""Counts of what the content covers, for ``content_report`` and the tests that hold it up."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.db import models
from django.db.models import Count

from engine.puzzles import RULE_IDS, TOPICS
from lessons.models import LANGUAGES, Lesson, Puzzle, Step

BILINGUAL: dict[type[models.Model], tuple[str, ...]] = {
    Lesson: ("title", "summary"),
    Step: ("text",),
    Puzzle: ("prompt", "hint"),
}


def content_report() -> dict[str, Any]:
    curated = Puzzle.objects.filter(source=Puzzle.Source.CURATED)
    by_kind = dict(
        curated.values_list("kind")
        .annotate(n=Count("id"))
        .order_by("kind")
        .values_list("kind", "n")
    )
    puzzle_rules: Counter[str] = Counter(
        curated.filter(themes__name__in=RULE_IDS).values_list("themes__name", flat=True)
    )
    by_theme = dict(
        curated.filter(themes__name__in=TOPICS)
        .values_list("themes__name")
        .annotate(n=Count("id"))
        .order_by("themes__name")
        .values_list("themes__name", "n")
    )
    step_rules: Counter[str] = Counter(
        rule for rules in Step.objects.values_list("rules", flat=True) for rule in rules
    )
    return {
        "lessons": Lesson.objects.count(),
        "steps": Step.objects.count(),
        "questions": Step.objects.filter(kind=Step.Kind.ASK).count(),
        "puzzles": curated.count(),
        "generated": Puzzle.objects.filter(source=Puzzle.Source.GENERATED).count(),
        "by_kind": by_kind,
        # Curated puzzles per named theme (docs/content.md), e.g. "strategy".
        "by_theme": by_theme,
        "rules": {
            rule: {"steps": step_rules[rule], "puzzles": puzzle_rules[rule]} for rule in RULE_IDS
        },
        "languages": {language: {"missing": missing(language)} for language in LANGUAGES},
    }


def missing(language: str) -> int:
    """Content fields left empty in a language, plus untranslated site strings."""
    count = 0
    for model, fields in BILINGUAL.items():
        for field in fields:
            count += model._default_manager.filter(**{f"{field}_{language}": ""}).count()
    catalogue = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    if catalogue.exists() and language != "en":
        # English msgids are the English text; only other languages need every msgstr.
        count += len(polib.pofile(str(catalogue)).untranslated_entries())
    return count
