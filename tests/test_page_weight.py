"""Page weight (bench/pageweight.py): a puzzle page's first load, static files compressed as
WhiteNoise serves them and the HTML as GZipMiddleware sends it, ≤ 150 KB for every kind of
puzzle; an htmx answer's fragment as sent ≤ 8 KB. The figures are printed (pytest -s, or
`make bench` over HTTP)."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from bench.pageweight import (
    FRAGMENT_TARGET,
    PAGE_TARGET,
    Fetch,
    compressed_as_whitenoise_serves,
    first_load,
    kb,
    plain,
)
from lessons.content import load_all
from lessons.models import Puzzle

pytestmark = pytest.mark.django_db


def client_fetch(client: Client) -> Fetch:
    """Pages from Django; static files from the finders, compressed as WhiteNoise would."""

    def fetch(path: str) -> tuple[int, bytes]:
        if path.startswith("/static/"):
            found = finders.find(path.removeprefix("/static/"))
            if not found:
                return 404, b""
            with open(found, "rb") as file:
                return 200, compressed_as_whitenoise_serves(path, file.read())
        response = client.get(path, headers={"Accept-Encoding": "gzip"})
        return response.status_code, response.content

    return fetch


@pytest.fixture
def puzzles() -> list[str]:
    """One puzzle of each kind, from the real content."""
    load_all()
    kinds = sorted(set(Puzzle.objects.values_list("kind", flat=True)))
    return [Puzzle.objects.filter(kind=kind).order_by("slug")[0].slug for kind in kinds]


def test_a_puzzle_pages_first_load_is_at_most_150_kb(puzzles: list[str]) -> None:
    fetch = client_fetch(Client())
    weights = {slug: first_load(fetch, f"/puzzles/{slug}/") for slug in puzzles}
    heaviest = max(weights, key=lambda slug: weights[slug].total)
    print()
    print(weights[heaviest].report(f"heaviest first load, /puzzles/{heaviest}/", PAGE_TARGET))
    for slug, weight in weights.items():
        assert weight.total <= PAGE_TARGET, weight.report(slug, PAGE_TARGET)
    # Everything was found and counted: the page, Bootstrap, htmx and our own files.
    counted = " ".join(weights[heaviest].files)
    assert "bootstrap.min.css" in counted and "htmx" in counted and "board.js" in counted


def test_an_htmx_answer_fragment_is_at_most_8_kb(puzzles: list[str]) -> None:
    sizes = {}
    for slug in puzzles:
        client = Client()
        url = f"/puzzles/{slug}/"
        client.get(url)
        # Some answer of each kind: a wrong one draws the most (the feedback and a solution).
        for form in (
            {"none": "1"},
            {"burraco": "none"},
            {"score": "0"},
            {"winner": "none"},
            {"count": "0"},
        ):
            response = client.post(
                url, form, headers={"HX-Request": "true", "Accept-Encoding": "gzip"}
            )
            if response.status_code == 200:
                break
        assert response.status_code == 200 and response["Content-Encoding"] == "gzip"
        html = plain(response.content)
        assert b"<html" not in html and b'id="feedback"' in html
        sizes[slug] = len(response.content), len(html)
    print()
    for slug, (sent, unpacked) in sorted(sizes.items(), key=lambda item: -item[1][0]):
        print(f"htmx answer fragment /puzzles/{slug}/: {kb(sent)} sent ({kb(unpacked)} unpacked)")
    for slug, (sent, _) in sizes.items():
        assert sent <= FRAGMENT_TARGET, f"{slug}: {kb(sent)} > {kb(FRAGMENT_TARGET)}"
