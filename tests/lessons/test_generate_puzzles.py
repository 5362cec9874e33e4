"""``manage.py generate_puzzles`` and generated puzzles on the site (lessons/generated.py)."""

from __future__ import annotations

import random
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from engine.cards import Card
from engine.generate import GENERATOR, KINDS, generate_many
from lessons.generated import (
    HINTS,
    PROMPTS,
    hint_text,
    next_generated,
    prompt_text,
    save_generated,
)
from lessons.models import Puzzle

pytestmark = pytest.mark.django_db
PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)s")
TOKEN = re.compile(r"\[([^\[\]\s]+)\]")


def generate(**options: object) -> str:
    out = StringIO()
    call_command("generate_puzzles", stdout=out, stderr=StringIO(), **options)
    return out.getvalue()


def test_the_command_creates_generated_rows() -> None:
    output = generate(kind="attach", count=8, seed=1)
    assert "made 8 attach puzzles, 8 new" in output
    assert re.search(r"\d+ puzzles/s", output)
    rows = Puzzle.objects.filter(source=Puzzle.Source.GENERATED)
    assert rows.count() == 8
    for row in rows:
        assert row.slug.startswith("gen-") and row.kind == "attach"
        assert row.generator == GENERATOR and row.seed is not None
        assert row.themes.filter(name="R17").exists()
        assert 800 <= row.rating <= 2200
        row.engine_puzzle()  # the engine reads what was stored


def test_the_same_seed_twice_creates_nothing_new() -> None:
    generate(kind="lay-meld", count=6, seed=4)
    before = set(Puzzle.objects.values_list("slug", "updated_at"))
    output = generate(kind="lay-meld", count=6, seed=4)
    assert "made 6 lay-meld puzzles, 0 new" in output
    assert set(Puzzle.objects.values_list("slug", "updated_at")) == before


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_gets_two_different_prompts_without_placeholders(kind: str) -> None:
    generate(kind=kind, count=4, seed=2)
    rows = Puzzle.objects.filter(kind=kind)
    assert rows.count() == 4
    for row in rows:
        assert row.prompt_it and row.prompt_en and row.prompt_it != row.prompt_en
        for text in (row.prompt_it, row.prompt_en, row.hint_it, row.hint_en):
            assert not PLACEHOLDER.search(text), text
            for token in TOKEN.findall(text):
                Card.parse(token)


def test_a_theme_steers_the_rows() -> None:
    generate(kind="wildcard", count=5, seed=3, theme="R23")
    rows = Puzzle.objects.filter(source=Puzzle.Source.GENERATED)
    assert rows.count() == 5
    assert all(row.themes.filter(name="R23").exists() for row in rows)


def test_cards_in_prompts_are_notation_tokens() -> None:
    made = generate_many("attach", 1, 5)[0]
    card = made.prompt_params["card"]
    assert f"[{card}]" in prompt_text(made, "it")
    assert f"[{card}]" in prompt_text(made, "en")


def test_every_prompt_and_hint_is_translated_into_italian() -> None:
    assert PROMPTS and HINTS
    for kind in KINDS:
        for made in generate_many(kind, 6, 8):
            assert prompt_text(made, "it") != prompt_text(made, "en")
            if hint_text(made, "en"):
                assert hint_text(made, "it") != hint_text(made, "en")


def test_saving_the_same_puzzle_twice_returns_the_same_row() -> None:
    made = generate_many("classify", 1, 9)[0]
    first, created = save_generated(made)
    again, created_again = save_generated(made)
    assert created and not created_again
    assert again.pk == first.pk and Puzzle.objects.count() == 1
    assert [t.name for t in first.themes.order_by("name")] == sorted(made.themes)


def test_next_generated_saves_a_fresh_puzzle_on_the_theme() -> None:
    puzzle = next_generated("R23", 1500.0, random.Random(1))
    assert puzzle.pk and puzzle.source == Puzzle.Source.GENERATED
    assert puzzle.themes.filter(name="R23").exists()


def test_next_generated_takes_one_of_several_themes() -> None:
    puzzle = next_generated("R31,R32", 1500.0, random.Random(2))
    assert puzzle.themes.filter(name__in=["R31", "R32"]).exists()


def test_next_generated_never_runs_out_even_on_a_theme_no_position_shows() -> None:
    puzzle = next_generated("R1", 1500.0, random.Random(3))
    assert puzzle.pk and puzzle.source == Puzzle.Source.GENERATED


def test_next_generated_stays_near_the_learners_rating() -> None:
    easy = [next_generated("attaching", 800.0, random.Random(s)).rating for s in range(4)]
    hard = [next_generated("attaching", 2200.0, random.Random(s)).rating for s in range(4)]
    assert sum(easy) < sum(hard)


def test_the_command_refuses_an_unknown_theme_or_kind() -> None:
    with pytest.raises(CommandError, match="unknown theme"):
        generate(kind="attach", count=1, seed=1, theme="R99")
    with pytest.raises(CommandError):
        generate(kind="riddle", count=1, seed=1)


def test_a_hint_is_true_under_the_rules_the_puzzle_is_played_under() -> None:
    """R22's "a wildcard at the end may move" is false where wildcards stay put (strict)."""
    made = generate_many("attach", 40, 7, "R22")
    strict = [m for m in made if m.rule == "R22" and m.fields["rules"] == "strict"]
    standard = [m for m in made if m.rule == "R22" and m.fields["rules"] == "standard"]
    assert strict and standard
    assert all("never moves" in hint_text(m, "en") for m in strict)
    assert all("may move" in hint_text(m, "en") for m in standard)
    assert all("non si sposta mai" in hint_text(m, "it") for m in strict)
