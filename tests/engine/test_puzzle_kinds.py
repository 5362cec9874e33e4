"""The registry of puzzle kinds (engine.puzzles.registry): every kind is there once, with its
answers, its detail and where the generator's recipes for it live."""

from __future__ import annotations

import importlib

from engine.generate.recipes import GENERAL
from engine.puzzles import KINDS, CannotBeDone, Kind


def test_every_kind_has_one_entry() -> None:
    assert list(KINDS) == list(Kind)
    assert all(entry.kind is kind for kind, entry in KINDS.items())


def test_each_kind_points_at_its_recipes_where_the_generator_makes_it() -> None:
    for kind, entry in KINDS.items():
        assert (entry.recipes is not None) == (kind.value in GENERAL), kind
        if entry.recipes is not None:
            recipes = importlib.import_module(entry.recipes)
            assert GENERAL[kind.value].__module__ == recipes.__name__, kind


def test_cannot_be_done_is_an_answer_only_where_nothing_may_be_the_answer() -> None:
    takes_none = {kind for kind, entry in KINDS.items() if CannotBeDone in entry.answers}
    assert takes_none == set(Kind) - {Kind.CLASSIFY, Kind.SCORE, Kind.PILE_USE}


def test_no_two_answers_of_a_kind_share_a_key() -> None:
    for kind, entry in KINDS.items():
        keys = [key for answer in entry.answers for key in answer.keys]
        assert len(keys) == len(set(keys)), kind
