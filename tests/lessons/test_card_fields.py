"""Cards typed in a form are read by one field (lessons.fields.CardsField), for the notation
page and the teacher's editor alike, and the engine's errors become a form's errors."""

from __future__ import annotations

import pytest
from django import forms
from django.utils import translation

from classroom.editor import CardsField as EditorCardsField
from engine.cards import Card
from engine.errors import InvalidMeldError, InvalidNotationError
from lessons.fields import CardsField, validation_error
from lessons.forms import NotationForm


def error(field: forms.Field, text: str) -> forms.ValidationError:
    with pytest.raises(forms.ValidationError) as raised:
        field.clean(text)
    return raised.value


def test_the_field_reads_cards_by_spaces_or_commas() -> None:
    assert CardsField().clean("10h, qs JK") == [Card.parse(c) for c in ("10H", "QS", "JK")]
    assert EditorCardsField().clean("10h, qs JK") == ["10H", "QS", "JK"]


def test_every_form_names_the_word_that_is_not_a_card_in_the_same_words() -> None:
    with translation.override("en"):
        said = error(CardsField(), "10H 1H QS")
        assert said.code == "notation" and said.params == {"word": "1H"}
        assert said.messages == error(EditorCardsField(), "1H").messages
        form = NotationForm({"cards": "10H 1H"})
        assert not form.is_valid() and form.errors["cards"] == said.messages
        assert "“1H” is not a card" in said.messages[0]


def test_at_most_at_least_and_copies() -> None:
    assert error(CardsField(most=2), "2H 3H 4H").code == "many"
    assert error(CardsField(one_at_least=True), " ").code == "empty"
    assert CardsField().clean("") == []
    assert CardsField().clean("AS AS AS") == [Card.parse("AS")] * 3
    assert error(CardsField(copies=True), "AS AS AS").code == "too_many_copies"


def test_an_engine_error_becomes_a_form_error_with_its_code() -> None:
    refusal = InvalidMeldError("too_many_copies", "R1", card="AS", count=3, most=2)
    with translation.override("en"):
        said = validation_error(refusal)
        assert said.code == "too_many_copies" and "{" not in said.messages[0]
        plain = validation_error(InvalidNotationError("'x' is not a card"))
        assert plain.code == "engine" and "'x' is not a card" in plain.messages[0]
