"""Cards typed in a form, read once for every form of the site, and the engine's errors as
a form's errors.

The notation form (lessons.forms) and the teacher's puzzle editor (classroom.editor) both
take cards typed as text (``10H QS JK``): :class:`CardsField` reads them, word by word, so
that the error names the word that is not a card. Whatever else the engine refuses (too
many copies of a card) comes out through :func:`validation_error`, in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from engine.cards import Card, check_copies
from engine.errors import BurracoError, InvalidNotationError, Refusal
from engine.messages import render
from engine.state import DECK_SIZE


def say(code: str, params: Mapping[str, Any], *, nested: bool = False) -> str:
    """An engine sentence (a refusal, a verdict) in the page's language: the one way every
    page turns an engine code into words (engine/messages/ holds the sentences).
    ``nested``: it follows a colon in a sentence of the page's own, so its first word is
    not capitalised."""
    return render(code, params, gettext, ngettext, nested=nested)


def sentence(error: BurracoError, *, nested: bool = False) -> str:
    """Why the engine refused something, in the page's language: every engine error carries
    a code and its parameters, so a teacher reading Italian never meets an English reason."""
    return say(error.code, error.params, nested=nested)


def validation_error(error: BurracoError) -> forms.ValidationError:
    """An engine error as a form's error: its sentence, and its code where it has one."""
    code = error.code if isinstance(error, Refusal) else "engine"
    return forms.ValidationError(sentence(error), code=code)


def not_a_card(word: str) -> forms.ValidationError:
    return forms.ValidationError(
        _(
            "“%(word)s” is not a card: write the rank (A, 2–10, J, Q, K) then the"
            " suit (H, D, C, S), or JK for the joker."
        ),
        code="notation",
        params={"word": word[:12]},
    )


def words(text: str) -> list[str]:
    """Typed cards split into words: spaces or commas between them."""
    return text.replace(",", " ").split()


def parse_words(typed: list[str]) -> list[Card]:
    """The cards these words name; raises ValidationError naming the first bad word."""
    cards = []
    for word in typed:
        try:
            cards.append(Card.parse(word))
        except InvalidNotationError:
            raise not_a_card(word) from None
    return cards


class CardsField(forms.CharField):
    """Cards in the notation, separated by spaces or commas: ``10H QS JK``. Cleans to the
    cards (:class:`engine.cards.Card`): at most ``most`` of them, at least one with
    ``one_at_least``, and, with ``copies``, no more copies of a card than the decks hold."""

    def __init__(
        self,
        *,
        most: int = DECK_SIZE,
        one_at_least: bool = False,
        copies: bool = False,
        **kwargs: Any,
    ) -> None:
        self.most, self.one_at_least, self.copies = most, one_at_least, copies
        # The field says what is missing; a required field would also get crispy's asterisk.
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 600)
        kwargs.setdefault(
            "widget",
            forms.TextInput(
                attrs={
                    "autocomplete": "off",
                    "autocapitalize": "characters",
                    "spellcheck": "false",
                }
            ),
        )
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[Card]:
        typed = words(super().clean(value) or "")
        if len(typed) > self.most:
            raise forms.ValidationError(
                _("At most %(most)d cards here."), params={"most": self.most}, code="many"
            )
        cards = parse_words(typed)
        if self.one_at_least and not cards:
            raise forms.ValidationError(_("Type at least one card."), code="empty")
        if self.copies:
            try:
                check_copies(cards)
            except BurracoError as error:
                raise validation_error(error) from None
        return cards
