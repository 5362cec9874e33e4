"""Which part may know which ("arrows that point the right way"): the engine knows
nothing of the web; lessons knows nothing of the classroom, in its code or in its templates,
and asks for the classroom's pieces of its pages through lessons.pieces."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def imports_of(package: str, forbidden: set[str]) -> set[str]:
    return {
        f"{path.relative_to(ROOT)}: {name}"
        for path in (ROOT / package).rglob("*.py")
        for name in imported_modules(path)
        if name.split(".")[0] in forbidden
    }


def test_lessons_never_imports_the_classroom() -> None:
    assert imports_of("lessons", {"classroom"}) == set()


def test_lessons_templates_never_name_the_classroom_s_templates_or_tags() -> None:
    named = re.compile(r"{%\s*(?:include|extends)\s+[\"']classroom/|{%\s*load\b[^%]*\bclassroom\b")
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "templates" / "lessons").rglob("*.html")
        if named.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_engine_imports_no_web_app() -> None:
    assert (
        imports_of("engine", {"django", "lessons", "classroom", "accounts", "rulebook", "play"})
        == set()
    )


def test_accounts_imports_no_learning_app() -> None:
    # Identity depends on none of them: accounts.signals tells them of a log-in and gathers
    # their sections of "download my data".
    assert imports_of("accounts", {"lessons", "classroom", "play"}) == set()


def test_lessons_never_imports_the_practice_table() -> None:
    assert imports_of("lessons", {"play"}) == set()


def test_play_never_imports_the_deal_of_the_day() -> None:
    """daily builds on the table through play.claims, play.kept and play.signals."""
    assert imports_of("play", {"daily"}) == set()
    assert imports_of("lessons", {"daily"}) == set()
