"""Which recipe builds a kind of puzzle for a theme: the general recipe of each kind, and the
targeted recipes by rule."""

from __future__ import annotations

import random

from engine.generate.attach import (
    attach_ace,
    attach_bound,
    attach_general,
    attach_moving,
    attach_natural_two,
    attach_pinella,
    attach_sequence,
    attach_set,
    attach_wild_again,
)
from engine.generate.builder import Recipe
from engine.generate.classify import (
    classify_general,
    classify_semi,
    classify_size,
    classify_two,
)
from engine.generate.close import (
    close_burraco,
    close_general,
    close_no_discard,
    close_pozzetto,
    close_wild,
)
from engine.generate.generated import (
    KINDS,
    RULE_TOPICS,
)
from engine.generate.lay_meld import (
    lay_ace,
    lay_burraco,
    lay_general,
    lay_natural_two,
    lay_one_wild,
    lay_second_set,
    lay_sequence,
    lay_sets,
    lay_wildcards_only,
)
from engine.generate.pile import (
    pile_general,
    pile_single,
    pile_stall,
    pile_stock,
    pile_volo,
)
from engine.generate.score import (
    score_asking,
    score_general,
    score_hand,
    score_semi,
)
from engine.generate.wildcard import (
    wildcard_ace,
    wildcard_bound,
    wildcard_general,
    wildcard_moving,
    wildcard_natural_two,
    wildcard_pinella,
    wildcard_placed,
    wildcard_second,
)

#: The general recipe of each kind.
GENERAL: dict[str, Recipe] = {
    "attach": attach_general,
    "lay-meld": lay_general,
    "wildcard": wildcard_general,
    "classify": classify_general,
    "score": score_general,
    "close": close_general,
    "pile": pile_general,
}


#: Targeted recipes: for a theme, the kinds that can ask about it and how to build one.
RECIPES: dict[str, dict[str, Recipe]] = {
    "R7": {"pile": pile_volo},
    "R8": {"pile": pile_single},
    "R11": {"attach": attach_set, "lay-meld": lay_sets, "classify": classify_size},
    "R12": {"lay-meld": lay_wildcards_only},
    "R13": {"attach": attach_sequence, "lay-meld": lay_sequence},
    "R14": {"attach": attach_ace, "lay-meld": lay_ace, "wildcard": wildcard_ace},
    "R15": {"lay-meld": lay_second_set},
    "R17": {"attach": attach_general},
    "R18": {"wildcard": wildcard_general, "attach": attach_wild_again},
    "R19": {"attach": attach_wild_again, "lay-meld": lay_one_wild, "wildcard": wildcard_second},
    "R20": {
        "attach": attach_natural_two,
        "lay-meld": lay_natural_two,
        "wildcard": wildcard_natural_two,
        "classify": classify_two,
    },
    "R21": {"wildcard": wildcard_placed},
    "R22": {"attach": attach_moving, "wildcard": wildcard_moving},
    "R23": {"attach": attach_bound, "wildcard": wildcard_bound},
    "R24": {"attach": attach_bound, "wildcard": wildcard_bound},
    "R25": {"attach": attach_pinella, "wildcard": wildcard_pinella},
    "R26": {"classify": classify_size, "lay-meld": lay_burraco, "score": score_hand},
    "R27": {"classify": classify_general, "score": score_hand},
    "R28": {"classify": classify_semi, "score": score_semi},
    "R29": {"pile": pile_volo, "close": close_pozzetto},
    "R30": {"close": close_burraco},
    "R31": {"close": close_wild},
    "R32": {"close": close_no_discard},
    "R33": {"pile": pile_stock},
    "R34": {"pile": pile_stall},
    "R35": {"score": score_hand},
    "R36": {"score": score_asking("total")},
    "R37": {"score": score_asking("match_points")},
    "R38": {"score": score_asking("victory_points")},
}


#: Rules presets a theme's recipes use when the caller names none.
THEME_PRESETS: dict[str, tuple[str, ...]] = {
    "R28": ("semi-clean", "semi-clean", "standard"),
    "R22": ("standard", "standard", "standard", "strict"),
}


def recipe_kinds(theme: str | None) -> tuple[str, ...]:
    """The kinds that have a targeted recipe for a theme (a rule id or a topic); every kind
    for no theme."""
    if theme is None:
        return KINDS
    if theme in RECIPES:
        return tuple(kind for kind in KINDS if kind in RECIPES[theme])
    rules = [rule for rule, topic in RULE_TOPICS.items() if topic == theme and rule in RECIPES]
    return tuple(kind for kind in KINDS if any(kind in RECIPES[rule] for rule in rules))


def choose_recipe(kind: str, theme: str | None, rng: random.Random) -> tuple[Recipe, str | None]:
    """The recipe for a kind and theme, and the rule it aims at (for the preset)."""
    if theme in RECIPES and kind in RECIPES[theme]:
        return RECIPES[theme][kind], theme
    if theme is not None and theme not in RECIPES:
        rules = sorted(
            (rule for rule, topic in RULE_TOPICS.items() if topic == theme and rule in RECIPES),
            key=lambda rule: int(rule[1:]),
        )
        choices = [(RECIPES[rule][kind], rule) for rule in rules if kind in RECIPES[rule]]
        if choices:
            return rng.choice(choices)
    if theme is None and rng.random() < 0.5:
        # half of the unsteered puzzles come from a targeted recipe, for variety
        choices = [(RECIPES[rule][kind], rule) for rule in RECIPES if kind in RECIPES[rule]]
        if choices:
            return rng.choice(choices)
    return GENERAL[kind], None
