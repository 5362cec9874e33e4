"""Rule ids, topics and presets live once, in the engine; the site's tables only name them
in words."""

from __future__ import annotations

from engine.generate import RULE_TOPICS, TOPIC_OF_RULE
from engine.puzzles import RULE_IDS, TOPICS
from engine.rules import PRESETS
from lessons.rulebook import PRESET_LABELS, RULE_TITLES, TOPIC_TITLES, is_rule
from lessons.themes import topic_of


def test_every_rule_topic_and_preset_of_the_engine_has_a_name_and_no_other() -> None:
    assert tuple(RULE_TITLES) == RULE_IDS
    assert tuple(TOPIC_TITLES) == TOPICS
    assert set(PRESET_LABELS) == set(PRESETS)


def test_every_rule_is_under_one_of_the_engines_topics() -> None:
    assert set(TOPIC_OF_RULE) == set(RULE_IDS)
    assert set(TOPIC_OF_RULE.values()) <= set(TOPICS)
    assert {rule: TOPIC_OF_RULE[rule] for rule in RULE_TOPICS} == RULE_TOPICS


def test_a_theme_is_listed_under_its_topic() -> None:
    assert (topic_of("R23"), topic_of("R1"), topic_of("wildcards")) == (
        "wildcards",
        "deck",
        "wildcards",
    )
    assert is_rule("R44") and not is_rule("R45") and not is_rule("deck")
