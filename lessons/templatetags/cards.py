"""Cards on screen: ``{% card "10H" %}``, ``{% meld cards %}`` and ``{{ card|card_name }}``.

Every page draws cards through these, so they all look and read alike. Cards may be given as
``engine.cards.Card`` values or in the notation (a list, or one string such as ``"6C JK 8C"``);
``engine.cards`` does the parsing, so bad notation raises its ``InvalidNotationError``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from engine.cards import Card, Rank, Suit, parse_cards

register = template.Library()

# "hearts"… and "joker" are the msgids engine.messages marks, so one translation serves both.
_SUIT_NAMES: dict[Suit, Promise] = {
    Suit.HEARTS: gettext_lazy("hearts"),
    Suit.DIAMONDS: gettext_lazy("diamonds"),
    Suit.CLUBS: gettext_lazy("clubs"),
    Suit.SPADES: gettext_lazy("spades"),
}
_RANK_NAMES: dict[Rank, Promise] = {
    Rank.ACE: gettext_lazy("ace"),
    Rank.JACK: gettext_lazy("jack"),
    Rank.QUEEN: gettext_lazy("queen"),
    Rank.KING: gettext_lazy("king"),
}

CardLike = Card | str


def as_card(value: CardLike) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def as_cards(values: Iterable[CardLike] | str) -> list[Card]:
    if isinstance(values, str):
        return parse_cards(values)
    return [as_card(value) for value in values]


@register.filter
def card_name(value: CardLike) -> str:
    """The card's name in the active language: "10 di cuori", "asso di picche", "jolly"."""
    card = as_card(value)
    if card.rank is None or card.suit is None:
        return gettext("joker")
    rank = _RANK_NAMES.get(card.rank, card.rank.symbol)
    # Translators: a card's name, such as "10 of hearts" or "ace of spades".
    return gettext("%(rank)s of %(suit)s") % {"rank": rank, "suit": _SUIT_NAMES[card.suit]}


@register.inclusion_tag("lessons/cards.html#card")
def card(value: CardLike) -> dict[str, Any]:
    """One card: ``{% card "10H" %}``."""
    return {"card": as_card(value)}


@register.inclusion_tag("lessons/cards.html#meld")
def meld(values: Iterable[CardLike] | str, label: str = "") -> dict[str, Any]:
    """Cards side by side as a list, in the order given: ``{% meld "6C JK 8C" label=… %}``."""
    return {"cards": as_cards(values), "label": label}
