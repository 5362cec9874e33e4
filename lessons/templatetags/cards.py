"""Cards on screen: ``{% card "10H" %}``, ``{% meld cards %}`` and ``{{ card|card_name }}``.

Every page draws cards through these, so they all look and read alike. Cards may be given as
``engine.cards.Card`` values or in the notation (a list, or one string such as ``"6C JK 8C"``);
``engine.cards`` does the parsing, so bad notation raises its ``InvalidNotationError``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from engine.cards import Card, parse_cards
from engine.messages import card_words

register = template.Library()

CardLike = Card | str


def as_card(value: CardLike) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def as_cards(values: Iterable[CardLike] | str) -> list[Card]:
    if isinstance(values, str):
        return parse_cards(values)
    return [as_card(value) for value in values]


@register.filter
def card_name(value: CardLike) -> str:
    """The card's name in the active language: "10 di cuori", "asso di picche", "jolly".
    The engine's sentences name cards the same way, with their article (card_words)."""
    return card_words(as_card(value), gettext).bare


@lru_cache(maxsize=512)
def face(card: Card, language: str | None) -> SafeString:
    """A card drawn by lessons/cards.html#card, once for each card and language: a page
    draws dozens of cards, and the class of a card never changes (bench/profile.py)."""
    html: SafeString = render_to_string("lessons/cards.html#card", {"card": card})
    return html


@register.simple_tag
def card(value: CardLike) -> SafeString:
    """One card: ``{% card "10H" %}``."""
    return face(as_card(value), get_language())


@register.simple_tag
def meld(values: Iterable[CardLike] | str, label: str = "") -> SafeString:
    """Cards side by side as a list, in the order given: ``{% meld "6C JK 8C" label=… %}``
    (the markup of lessons/cards.html#meld)."""
    language = get_language()
    items = format_html_join("", "<li>{}</li>", ((face(c, language),) for c in as_cards(values)))
    if label:
        return format_html('<ul class="meld" aria-label="{}">{}</ul>', label, items)
    return format_html('<ul class="meld">{}</ul>', items)


@register.simple_tag
def drawn_board(board: Any, show_own_hand: Any = False, attached: Any = None) -> SafeString:
    """The board (lessons/board.html#board) of a page that asks a question: ``{% drawn_board
    board show_own_hand=show_own_hand attached=attached %}``. A board is a frozen value of
    a position, and every learner at a puzzle sees the same one, so each is drawn once for
    each language and kept: drawing one took a millisecond or two an answer
    (bench/profile.py answer). A board that is no value (a page's own) is drawn each time."""
    cards = tuple(as_cards(attached)) if attached else ()
    key = (board, bool(show_own_hand), cards, get_language())
    try:
        hash(key)
    except TypeError:
        return _draw_board(*key)
    return _kept_board(*key)


def _draw_board(
    board: Any, show_own_hand: bool, attached: tuple[Card, ...], language: str | None
) -> SafeString:
    context = {"board": board, "show_own_hand": show_own_hand, "attached": attached}
    html: SafeString = render_to_string("lessons/board.html#board", context)
    return html


_kept_board = lru_cache(maxsize=1024)(_draw_board)
