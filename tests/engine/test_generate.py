"""The puzzle generator: reproducible, answerable by the engine, steered by theme."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from engine.cards import Card, Rank
from engine.generate import (
    HIGHEST,
    KINDS,
    LOWEST,
    RECIPES,
    TOPICS,
    Generated,
    from_seed,
    generate,
    generate_many,
    preset_name,
    puzzle_key,
    recipe_kinds,
)
from engine.melds import MeldKind
from engine.puzzles import Kind, Puzzle, check, solutions
from engine.rules import PRESETS, Rules

ROOT = Path(__file__).resolve().parents[2]
#: The rules a position can ask about that have a targeted recipe, by the issue's list.
STEERED = [
    "R11", "R12", "R13", "R14", "R15", "R17", "R19", "R20", "R21", "R22", "R23", "R24",
    "R25", "R26", "R27", "R28", "R29", "R30", "R31", "R32", "R35",
]  # fmt: skip
PAIRS = [(theme, kind) for theme in RECIPES for kind in RECIPES[theme]]


@cache
def made(kind: str, count: int = 12, seed: int = 1, theme: str | None = None) -> list[Generated]:
    return generate_many(kind, count, seed, theme)


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_gives_the_same_puzzles(kind: str) -> None:
    again = generate_many(kind, 12, 1)
    assert again == made(kind)
    assert [g.key for g in generate_many(kind, 12, 2)] != [g.key for g in again]


@pytest.mark.parametrize("kind", KINDS)
def test_each_puzzle_replays_from_its_own_seed(kind: str) -> None:
    for puzzle in made(kind):
        assert from_seed(kind, puzzle.seed) == puzzle


@pytest.mark.parametrize("kind", KINDS)
def test_every_generated_puzzle_is_answerable_by_the_engine(kind: str) -> None:
    for generated in made(kind):
        puzzle = Puzzle.from_dict(generated.fields)
        assert puzzle.kind is Kind(kind)
        answers = solutions(puzzle)
        assert answers
        for answer in answers:
            verdict = check(puzzle, answer)
            assert verdict.correct, (generated.key, answer, verdict.message)


@pytest.mark.parametrize("kind", KINDS)
def test_a_puzzle_carries_what_the_site_needs(kind: str) -> None:
    for generated in made(kind):
        assert generated.kind == kind == generated.fields["kind"]
        assert generated.fields["rules"] in PRESETS
        assert LOWEST <= generated.difficulty <= HIGHEST
        assert len(generated.key) == 12 and generated.key == puzzle_key(generated.fields)
        assert generated.prompt and generated.prompt.replace("_", "").isalpha()
        for param in ("card", "cards"):
            value = generated.prompt_params.get(param, [])
            for text in [value] if isinstance(value, str) else value:
                Card.parse(text)


@pytest.mark.parametrize("kind", KINDS)
def test_themes_list_rule_ids_first_then_topics(kind: str) -> None:
    for generated in made(kind):
        themes = list(generated.themes)
        rules = [t for t in themes if t not in TOPICS]
        assert rules and themes[: len(rules)] == rules
        assert all(t[0] == "R" and t[1:].isdigit() for t in rules)
        assert rules == sorted(rules, key=lambda rule: int(rule[1:]))
        assert themes[len(rules) :] == [t for t in TOPICS if t in themes]


@pytest.mark.parametrize("kind", KINDS)
def test_generate_many_never_repeats_a_question(kind: str) -> None:
    keys = [g.key for g in generate_many(kind, 40, 5)]
    assert len(keys) == len(set(keys)) == 40


def test_the_key_ignores_what_does_not_change_the_answer() -> None:
    generated = made("attach")[0]
    fields = dict(generated.fields)
    position = dict(fields["position"])
    position["stock"] = 7 if position["stock"] != 7 else 8
    position["discard"] = ["KS"]
    fields["position"] = position
    assert puzzle_key(fields) == generated.key
    fields["focus"] = ["JK"]
    assert puzzle_key(fields) != generated.key


@pytest.mark.parametrize("theme", STEERED)
def test_every_rule_the_issue_names_has_a_recipe(theme: str) -> None:
    assert recipe_kinds(theme)


@pytest.mark.parametrize(("theme", "kind"), PAIRS)
def test_a_theme_steers_every_puzzle_to_its_rule(theme: str, kind: str) -> None:
    puzzles = generate_many(kind, 5, 3, theme)
    assert len(puzzles) == 5
    assert all(theme in g.themes for g in puzzles)


@pytest.mark.parametrize("kind", recipe_kinds("R23"))
def test_r23_puzzles_really_hold_a_bound_wildcard(kind: str) -> None:
    for generated in generate_many(kind, 10, 4, "R23"):
        puzzle = generated.puzzle
        melds = puzzle.side_melds
        if kind == "wildcard":
            melds = (melds[puzzle.meld],)
        assert any(meld.wild_is_bound for meld in melds), generated.key


@pytest.mark.parametrize("kind", recipe_kinds("R25"))
def test_r25_puzzles_hold_a_pinella_of_the_suit_used_as_wildcard(kind: str) -> None:
    for generated in generate_many(kind, 6, 4, "R25"):
        melds = generated.puzzle.side_melds
        assert any(
            meld.kind is MeldKind.SEQUENCE
            and meld.wildcard is not None
            and meld.wildcard.rank is Rank.TWO
            and meld.wildcard.suit is meld.suit
            for meld in melds
        )


def test_r31_close_puzzles_hold_a_wildcard_in_hand() -> None:
    for generated in generate_many("close", 6, 4, "R31"):
        assert any(card.is_wild for card in generated.puzzle.position.hand)


def test_r28_puzzles_are_mostly_under_the_semi_clean_rules() -> None:
    puzzles = generate_many("classify", 12, 4, "R28")
    assert any(g.fields["rules"] == "semi-clean" for g in puzzles)


def test_a_topic_steers_through_its_rules() -> None:
    assert "wildcard" in recipe_kinds("wildcards")
    for generated in generate_many("attach", 6, 2, "wildcards"):
        assert "wildcards" in generated.themes


def test_a_theme_without_a_recipe_for_the_kind_is_filtered_from_general_puzzles() -> None:
    assert "classify" not in recipe_kinds("R18")
    puzzles = generate_many("classify", 4, 2, "R18")
    assert len(puzzles) == 4
    assert all("R18" in g.themes for g in puzzles)


def test_a_theme_the_kind_cannot_show_gives_nothing() -> None:
    assert generate("classify", random.Random(1), theme="R34", attempts=50) is None


def test_the_rules_preset_is_passed_to_the_puzzle() -> None:
    for generated in generate_many("wildcard", 4, 1, rules=PRESETS["strict"]):
        assert generated.fields["rules"] == "strict"
        assert not generated.puzzle.rules.wild_moves
        assert "R22" in generated.themes and "variants" in generated.themes


def test_only_presets_can_be_named() -> None:
    assert preset_name(PRESETS["semi-clean"]) == "semi-clean"
    with pytest.raises(ValueError, match="a set of rules with a name"):
        preset_name(Rules(target=505))
    with pytest.raises(ValueError, match="is not a kind of puzzle"):
        from_seed("riddle", 1)


def test_generation_does_not_depend_on_the_hash_seed() -> None:
    """Sets of cards iterate in hash order: nothing generated may depend on it."""
    script = (
        "from engine.generate import generate_many, KINDS;"
        "print([g.key for k in KINDS for g in generate_many(k, 3, 9)])"
    )
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        result = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(result.stdout)
    assert len(outputs) == 1
