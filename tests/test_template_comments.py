"""Django's ``{# ... #}`` comment ends on its own line: one that runs on is drawn on the page as
text (three did, above the puzzle's hand and in two teachers' forms). A longer comment is
``{% comment %} ... {% endcomment %}``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import engines

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted(path for path in (ROOT / "templates").rglob("*") if path.is_file())
#: A ``{#`` with no ``#}`` after it on the same line.
RUNS_ON = re.compile(r"\{#(?!.*#\})")


def runs_on(text: str) -> list[int]:
    """The numbers of the lines where a one-line comment opens and does not close."""
    return [number for number, line in enumerate(text.splitlines(), 1) if RUNS_ON.search(line)]


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_one_line_comment_closes_on_its_line(path: Path) -> None:
    assert runs_on(path.read_text(encoding="utf-8")) == [], f"{path}: use {{% comment %}}"


def test_a_comment_that_runs_on_is_drawn_as_text_and_the_check_finds_it() -> None:
    text = "{# one line #}<p>{# two\n lines #}</p>"
    rendered = engines["django"].from_string(text).render({})
    assert rendered.startswith("<p>{# two")
    assert runs_on(text) == [1]
    assert runs_on("{# closed #} and {# closed too #}") == []
