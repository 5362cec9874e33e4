"""The generator's output, pinned: the same seed gives the very same puzzles, to the byte,
across refactors of engine/generate (it was split into a package once). The pinned file is
tests/engine/data/generated_pinned.json; a change that means to alter what the generator makes
rewrites it with ``python -m tests.engine.test_generate_pinned`` and says so in its commit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.generate import KINDS, RECIPES, Generated, generate_many

PINNED = Path(__file__).parent / "data" / "generated_pinned.json"
#: A few seeds for every kind, and one puzzle for each theme a recipe steers.
CASES = [
    *((kind, seed, None) for kind in KINDS for seed in (7, 2026)),
    *((kind, 3, theme) for theme in RECIPES for kind in RECIPES[theme]),
]


def case_name(kind: str, seed: int, theme: str | None) -> str:
    return f"{kind}/{seed}/{theme or '-'}"


def as_json(generated: Generated) -> dict[str, Any]:
    return {
        "kind": generated.kind,
        "fields": generated.fields,
        "themes": list(generated.themes),
        "difficulty": generated.difficulty,
        "prompt": generated.prompt,
        "prompt_params": generated.prompt_params,
        "rule": generated.rule,
        "key": generated.key,
        "seed": generated.seed,
        "answer": generated.answer,
    }


def made(kind: str, seed: int, theme: str | None) -> list[dict[str, Any]]:
    count = 1 if theme else 3
    made = [as_json(g) for g in generate_many(kind, count, seed, theme)]
    return json.loads(json.dumps(made, sort_keys=True))  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def pinned() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(PINNED.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("case", CASES, ids=lambda case: case_name(*case))
def test_the_generator_makes_what_it_made_when_pinned(
    case: tuple[str, int, str | None], pinned: dict[str, Any]
) -> None:
    assert made(*case) == pinned[case_name(*case)]


if __name__ == "__main__":
    PINNED.write_text(
        json.dumps({case_name(*case): made(*case) for case in CASES}, sort_keys=True, indent=1)
        + "\n",
        encoding="utf-8",
    )
