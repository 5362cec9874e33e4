"""lessons.pieces: lessons' pages show what other apps registered for their places."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from lessons import pieces

pytestmark = pytest.mark.django_db


@pytest.fixture
def registered() -> Iterator[list[pieces.Piece]]:
    saved = {place: list(found) for place, found in pieces._pieces.items()}
    yield pieces._pieces["home"]
    pieces._pieces.clear()
    pieces._pieces.update(saved)


def test_a_place_shows_its_pieces_in_order_and_escapes_plain_text(
    client: Client, registered: list[pieces.Piece]
) -> None:
    pieces.register_piece("home", lambda request, context: "<b>first</b>")
    html = client.get("/").content.decode()
    assert "&lt;b&gt;first&lt;/b&gt;" in html


def test_the_classroom_registers_its_pieces_when_it_starts() -> None:
    from classroom import pieces as classroom_pieces

    assert classroom_pieces.home_assignments in pieces._pieces["home"]
    assert classroom_pieces.progress_assignments in pieces._pieces["progress"]
    assert classroom_pieces.set_in_class in pieces._pieces["puzzle"]


def test_a_place_no_page_has_is_refused() -> None:
    with pytest.raises(ValueError):
        pieces.register_piece("footer", lambda request, context: "")
