"""Nothing the site serves loads from another host: no CDN, no third-party tracker."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUR_FILES = sorted(
    path
    for folder in ("templates", "static")
    for path in (ROOT / folder).rglob("*")
    if path.suffix in {".html", ".css", ".js", ".svg", ".txt"}
)
# src=, href=, action=, hx-get= and friends, CSS url() and @import, JS import ... from.
REMOTE = re.compile(
    r"""(?:\b(?:src|href|action|hx-(?:get|post|put|patch|delete))\s*=\s*["']?"""
    r"""|url\(\s*["']?|@import\s+["']|\bfrom\s+["'])\s*(?:https?:)?//""",
    re.IGNORECASE,
)


def test_there_are_files_to_check() -> None:
    assert any(path.name == "base.html" for path in OUR_FILES)


@pytest.mark.parametrize("path", OUR_FILES, ids=lambda path: str(path.relative_to(ROOT)))
def test_it_references_no_other_host(path: Path) -> None:
    found = REMOTE.findall(path.read_text(encoding="utf-8"))
    assert not found, f"{path} loads from another host: {found}"


def test_the_check_would_catch_a_cdn() -> None:
    assert REMOTE.search('<script src="https://cdn.example.org/htmx.js"></script>')
    assert REMOTE.search("@import url(//fonts.example.org/a.css);")
    assert not REMOTE.search('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
