"""{% card %}, {% meld %} and |card_name: how every page draws and names cards."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from engine.cards import Card
from engine.errors import InvalidNotationError
from lessons.templatetags.cards import card_name


def render(source: str, **context: object) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("notation", "italian", "english"),
    [
        ("10H", "10 di cuori", "10 of hearts"),
        ("AS", "asso di picche", "ace of spades"),
        ("JD", "fante di quadri", "jack of diamonds"),
        ("QC", "donna di fiori", "queen of clubs"),
        ("KH", "re di cuori", "king of hearts"),
        ("2S", "2 di picche", "2 of spades"),
        ("JK", "jolly", "joker"),
    ],
)
def test_card_names_follow_the_active_language(notation: str, italian: str, english: str) -> None:
    with translation.override("it"):
        assert card_name(notation) == italian
    with translation.override("en"):
        assert card_name(Card.parse(notation)) == english


def test_a_red_card_shows_rank_and_symbol_and_a_label_for_screen_readers() -> None:
    with translation.override("it"):
        html = render('{% card "10h" %}')
    assert "playing-card-red" in html
    assert '<span class="playing-card-rank">10</span>' in html
    assert '<span class="playing-card-suit">♥</span>' in html
    assert 'aria-hidden="true"' in html
    assert '<span class="visually-hidden">10 di cuori</span>' in html


def test_a_black_card_is_not_red_and_the_joker_is_distinct() -> None:
    assert "playing-card-red" not in render('{% card "AS" %}')
    joker = render('{% card "JK" %}')
    assert "playing-card-joker" in joker
    assert "playing-card-red" not in joker


@pytest.mark.parametrize(
    "cards", ["6C JK 8C", ["6C", "JK", "8C"], [Card.parse("6C"), "jk", Card.parse("8C")]]
)
def test_a_meld_takes_notation_or_cards_and_keeps_their_order(cards: object) -> None:
    with translation.override("en"):
        html = render('{% meld cards label="On the table" %}', cards=cards)
    assert html.startswith('<ul class="meld" aria-label="On the table">')
    assert html.count("<li>") == 3
    assert html.index("6 of clubs") < html.index("joker") < html.index("8 of clubs")


def test_bad_notation_in_a_template_is_an_error_not_a_blank() -> None:
    with pytest.raises(InvalidNotationError):
        render('{% card "1H" %}')
