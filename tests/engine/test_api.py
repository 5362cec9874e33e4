"""engine/__init__.py, the front door: every public name importable, every notation's
parser and ``str`` a round trip, ``import engine`` loading the rules alone, and the library
never importing the command-line tools beside it (engine/cli/)."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.cards import ALL_CARDS

ROOT = Path(__file__).resolve().parents[2]

#: What ``import engine`` must not load: the bots, the coach, the puzzles, the generator,
#: the strategy behind them, and the command-line tools.
NOT_AT_THE_DOOR = (
    "engine.bots",
    "engine.cli",
    "engine.coach",
    "engine.generate",
    "engine.puzzles",
    "engine.strategy",
)


@pytest.mark.parametrize("name", engine.__all__)
def test_every_public_name_is_importable_from_engine(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from engine import {name}", namespace)  # noqa: S102 - a name of __all__
    assert namespace[name] is getattr(engine, name)


def test_the_public_names_are_listed_once_and_star_gives_them_all() -> None:
    assert len(set(engine.__all__)) == len(engine.__all__)
    namespace: dict[str, object] = {}
    exec("from engine import *", namespace)  # noqa: S102
    assert set(namespace) - {"__builtins__"} == set(engine.__all__)


@pytest.mark.parametrize("card", sorted(set(ALL_CARDS), key=lambda card: card.sort_key))
def test_every_card_reads_back_from_its_notation(card: engine.Card) -> None:
    assert engine.Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": engine.Card}) == card  # noqa: S307 - the engine's repr


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("10H", "10H"), ("th", "10H"), ("T♥", "10H"), ("as", "AS"), ("2♣", "2C"), ("jk", "JK")],
)
def test_a_card_written_another_way_comes_out_canonical(text: str, canonical: str) -> None:
    assert str(engine.Card.parse(text)) == canonical


@pytest.mark.parametrize(
    "text",
    ["draw", "draw 5H", "pile", "meld 7H 8H 9H", "meld JK 5C 6C", "attach 2 10H JH", "discard KS"],
)
def test_every_kind_of_action_reads_back_from_its_notation(text: str) -> None:
    action = engine.Action.parse(text)
    assert str(action) == text
    assert engine.Action.parse(str(action)) == action
    assert eval(repr(action), {"Action": engine.Action}) == action  # noqa: S307


@pytest.mark.parametrize(
    "text",
    ["6C JK 8C", "JK 6C 7C 8C", "AC 2C 3C 2S 5C", "7H 7D 7C JK", "QS KS AS", "5C 6C 2C 8C"],
)
def test_a_meld_reads_back_from_its_arrangement(text: str) -> None:
    meld = engine.Meld.parse(text)
    assert str(meld) == text
    assert engine.Meld.parse(str(meld)) == meld
    assert eval(repr(meld), {"Meld": engine.Meld}) == meld  # noqa: S307


@pytest.mark.parametrize("name", list(engine.PRESETS))
def test_every_preset_reads_back_from_its_dict(name: str) -> None:
    rules = engine.PRESETS[name]
    assert engine.Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_position_reads_back_from_its_json_after_some_play(players: int) -> None:
    rng = random.Random(players)
    position = engine.deal(players, rng)
    for _ in range(12):
        if position.is_over:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position)))
        assert engine.Position.parse(str(position)) == position
        assert engine.Position.from_json(position.to_json()) == position


def test_every_error_is_a_burraco_error_and_a_value_error() -> None:
    errors = [engine.__dict__[name] for name in engine.__all__ if name.endswith("Error")]
    errors.append(engine.Refusal)
    assert all(issubclass(error, engine.BurracoError) for error in errors)
    assert issubclass(engine.BurracoError, ValueError)


def test_importing_engine_loads_the_rules_alone() -> None:
    code = "import json, sys, engine; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "engine.melds.rules" in loaded and "engine.actions" in loaded
    assert [name for name in loaded if name.startswith(NOT_AT_THE_DOOR)] == []


@pytest.mark.parametrize(
    "path",
    [
        path
        for path in sorted((ROOT / "engine").rglob("*.py"))
        if "cli" not in path.relative_to(ROOT / "engine").parts and path.name != "__main__.py"
    ],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_the_library_never_imports_the_command_line_tools(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [
        node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 0
    ]
    imported += [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    ]
    assert [name for name in imported if name.startswith("engine.cli")] == []
