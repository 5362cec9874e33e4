"""``|when``: dates as the page's language writes them (Italian months in lower case)."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.template import Context, Template
from django.utils import timezone, translation


@pytest.mark.parametrize(
    ("language", "format", "written"),
    [
        ("it", "j F Y, H:i", "10 dicembre 2026, 14:05"),
        ("it", "j M, H:i", "10 dic, 14:05"),
        ("en", "j F Y, H:i", "10 December 2026, 14:05"),
        ("en", "j M Y", "10 Dec 2026"),
    ],
)
def test_a_date_is_written_as_its_language_writes_it(
    language: str, format: str, written: str
) -> None:
    # Italian months were capitalised mid-sentence ("scade il 10 Dicembre").
    moment = timezone.make_aware(datetime(2026, 12, 10, 14, 5))
    template = Template("{% load dates %}{{ moment|when:format }}")
    with translation.override(language):
        assert template.render(Context({"moment": moment, "format": format})) == written
