"""The puzzle generator: positions built with the engine, kept when the question is clear.

Each kind of puzzle (docs/content.md) has a general recipe that lays out a plausible position
for it, and targeted recipes that steer towards one rule (``R23``: a bound wildcard that blocks
or takes an attachment...). Whatever a recipe builds, the engine has the last word: the
candidate is read with :meth:`Puzzle.from_dict`, its solutions are listed and checked, and its
themes are worked out from what the engine says about it (the rule of a refusal, where a
wildcard went, the events of a line of play), never copied from the recipe. A candidate whose
question has no clear answer (no relevant meld, two best melds, nothing about wildcards in a
wildcard puzzle...) is dropped.

Randomness comes from seeds: :func:`from_seed` rebuilds a puzzle from its seed, so a stored
puzzle can be replayed. The web side (``lessons/generated.py``) turns a :class:`Generated`
into a database row and its prompt code into Italian and English.

The package: :mod:`~engine.generate.builder` (the seeded shoe, melds and positions the recipes
share), one module of recipes per kind of puzzle (:mod:`~engine.generate.attach`,
``lay_meld``, ``wildcard``, ``classify``, ``score``, ``close``, ``pile``),
:mod:`~engine.generate.recipes` (which recipe for a kind and a theme),
:mod:`~engine.generate.analysis` (what the engine says about a candidate) and
:mod:`~engine.generate.making` (from a seed to a judged puzzle).

>>> import random
>>> made = generate("wildcard", random.Random(5), theme="R23")
>>> made is not None and "R23" in made.themes
True
>>> from_seed("wildcard", made.seed, theme="R23") == made
True
"""

from __future__ import annotations

from engine.generate.builder import preset_name
from engine.generate.generated import (
    ATTEMPTS,
    GENERATOR,
    HIGHEST,
    KINDS,
    LOWEST,
    RULE_TOPICS,
    TOPIC_OF_RULE,
    Generated,
)
from engine.generate.making import from_seed, generate, generate_many, puzzle_key
from engine.generate.recipes import RECIPES, recipe_kinds
from engine.puzzles import TOPICS

__all__ = [
    "ATTEMPTS",
    "GENERATOR",
    "HIGHEST",
    "KINDS",
    "LOWEST",
    "RECIPES",
    "RULE_TOPICS",
    "TOPICS",
    "TOPIC_OF_RULE",
    "Generated",
    "from_seed",
    "generate",
    "generate_many",
    "preset_name",
    "puzzle_key",
    "recipe_kinds",
]
