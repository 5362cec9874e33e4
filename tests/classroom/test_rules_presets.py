"""A class's rules presets are the engine's (engine.rules.PRESETS), each named once
(the classroom's own list once had left the international variant out)."""

from __future__ import annotations

from classroom.models import Assignment, Classroom, Rules
from engine.rules import PRESETS
from lessons.rulebook import PRESET_LABELS


def test_the_class_choices_are_the_engines_presets_in_its_order() -> None:
    assert Rules.values == list(PRESETS)
    assert Rules.STANDARD.value == "standard"
    for model in (Classroom, Assignment):
        assert [value for value, _ in model._meta.get_field("rules").choices] == list(PRESETS)


def test_every_preset_is_named_in_words() -> None:
    assert set(PRESET_LABELS) == set(PRESETS)
    assert Rules("international").label == PRESET_LABELS["international"]
