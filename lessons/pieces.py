"""Pieces other apps add to lessons' pages, asked for through one registry.

A page names a place (``{% pieces "home" %}``); an app with something to show there (the
classroom's "My assignments" on the home page) registers a function for that place when it
starts, in its AppConfig.ready, as lessons.visibility.register_opener is used. lessons never
imports those apps and its templates never name theirs: with nobody registered, a place is
empty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

#: The places lessons' pages offer: the home page (after the next step), the progress page
#: (after the next step) and a puzzle's page (after the puzzle).
PLACES = ("home", "progress", "puzzle")

#: Given the request and the page's context: the piece's HTML ("" for nothing).
Piece = Callable[[HttpRequest, Mapping[str, Any]], str]

_pieces: dict[str, list[Piece]] = {place: [] for place in PLACES}


def register_piece(place: str, piece: Piece) -> None:
    """Show ``piece`` at ``place`` on every page that has it, after those already there."""
    if place not in _pieces:
        raise ValueError(f"no page has the place {place!r}")
    if piece not in _pieces[place]:
        _pieces[place].append(piece)


def render(place: str, request: HttpRequest, context: Mapping[str, Any]) -> SafeString:
    """The pieces registered at ``place``, one after the other (a piece's plain text is
    escaped; its rendered templates are kept as they are)."""
    return format_html_join("", "{}", ((piece(request, context),) for piece in _pieces[place]))
