"""Identity depends on no learning app: accounts sends signals, lessons and classroom answer."""

from __future__ import annotations

import ast
from pathlib import Path

ACCOUNTS = Path(__file__).resolve().parents[2] / "accounts"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_accounts_imports_neither_lessons_nor_classroom() -> None:
    offenders = {
        f"{path.relative_to(ACCOUNTS.parent)}: {name}"
        for path in ACCOUNTS.rglob("*.py")
        for name in imported_modules(path)
        if name.split(".")[0] in {"lessons", "classroom"}
    }
    assert offenders == set()
