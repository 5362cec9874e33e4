"""engine/ is pure Python: it never imports Django, the database or the web apps.

ARCHITECTURE.md and STYLE.md rule 1. Checked twice: by reading every module's imports,
and by importing the whole engine in a fresh interpreter and looking at sys.modules.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))

#: Top-level packages engine/ must never import: the framework, the database, the apps.
FORBIDDEN = {
    "django",
    "burraco_tutor",
    "lessons",
    "classroom",
    "psycopg",
    "psycopg2",
    "dj_database_url",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "whitenoise",
    "sqlite3",
}


def imported_names(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.append(node.args[0].value)
    return names


def test_there_are_engine_modules() -> None:
    assert ENGINE / "cards.py" in MODULES and ENGINE / "melds" / "rules.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_module_imports_nothing_of_the_web_side(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [name for name in imported_names(tree) if name.split(".")[0] in FORBIDDEN]
    assert bad == []


def test_importing_the_whole_engine_loads_no_django() -> None:
    code = f"""
import importlib, json, pkgutil, sys
import engine
names = sorted(
    m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
    if not m.name.endswith("__main__")
)
for name in names:
    importlib.import_module(name)
forbidden = {sorted(FORBIDDEN)!r}
loaded = sorted(m for m in sys.modules if m.split(".")[0] in forbidden)
print(json.dumps({{"imported": names, "loaded": loaded}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        # No settings module: the engine must not need one.
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert "engine.melds" in result["imported"] and "engine.cli.judge" in result["imported"]
    assert result["loaded"] == []
