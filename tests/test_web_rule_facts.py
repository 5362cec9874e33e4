"""The web computes no rule fact for itself ("Arrows"): a seat's side, the deck's
108 cards, an 11-card hand come from the engine (engine.state, engine.rules, engine.puzzles),
so a page cannot disagree with the rules it teaches."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ("lessons", "classroom", "play", "rulebook", "accounts", "burraco_tutor")

#: Numbers that are rule facts: the deck (DECK_SIZE), a hand and a pozzetto (HAND_SIZE).
RULE_NUMBERS = {108, 11}


def _modules() -> list[Path]:
    return [
        path for app in WEB for path in (ROOT / app).rglob("*.py") if "migrations" not in path.parts
    ]


def _offences(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
        if (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.right, ast.Constant)
            and node.right.value == 2
        ):
            found.append(f"{where}: a seat's side as % 2 (engine.state.side_of)")
        if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
            value = node.value
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and value in RULE_NUMBERS:
                found.append(f"{where}: {node.value!r} (take it from the engine)")
    return found


def test_there_are_web_modules_to_read() -> None:
    assert ROOT / "classroom" / "editor.py" in _modules()


def test_the_web_apps_take_their_rule_facts_from_the_engine() -> None:
    assert [offence for path in _modules() for offence in _offences(path)] == []
