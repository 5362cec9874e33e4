"""The Content-Security-Policy: on every page, with no inline script or style admitted,
and no template that would need one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from burraco_tutor.csp import policy

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))


def directives(header: str) -> dict[str, list[str]]:
    return {
        name: sources
        for name, *sources in (part.split() for part in header.split(";") if part.strip())
    }


def test_policy_joins_directives_and_sources() -> None:
    value = policy({"default-src": ["'self'"], "upgrade-insecure-requests": []})
    assert value == "default-src 'self'; upgrade-insecure-requests"


@pytest.mark.parametrize("path", ["/", "/lessons/", "/puzzles/", "/accounts/login/", "/nowhere/"])
def test_every_page_carries_a_policy_with_no_inline_script_or_style(path: str) -> None:
    header = Client().get(path)["Content-Security-Policy"]
    policy = directives(header)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert not re.search(r"unsafe-(inline|eval|hashes)|\*|https?:", header)


def test_htmx_is_told_to_insert_no_style_and_evaluate_no_code() -> None:
    html = Client().get("/").content.decode()
    assert '"includeIndicatorStyles": false' in html and '"allowEval": false' in html


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_has_an_inline_script_style_or_event_handler(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline <script>"
    assert not re.search(r"<style\b|\sstyle=", text), "inline style"
    assert not re.search(r"\s(on[a-z]+|hx-on[:-][\w:-]*)=", text), "inline event handler"
    assert "javascript:" not in text and "js:" not in text
