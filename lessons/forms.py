"""Forms of the learning app."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from engine.cards import Card, check_copies
from engine.errors import InvalidMeldError, InvalidNotationError
from engine.messages import render


class NotationForm(forms.Form):
    """Cards typed in the notation (``10H QS JK``), to see how they look and are named."""

    cards = forms.CharField(
        label=_("Cards"),
        max_length=200,
        # clean_cards says what is missing; a required field would also get crispy's asterisk.
        required=False,
        help_text=_("For example: 10H QS 7D JK"),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_cards(self) -> list[Card]:
        cards = []
        # Word by word, so the error names the word that is not a card.
        for word in self.cleaned_data["cards"].replace(",", " ").split():
            try:
                cards.append(Card.parse(word))
            except InvalidNotationError:
                raise forms.ValidationError(
                    _(
                        "“%(word)s” is not a card: write the rank (A, 2–10, J, Q, K) then the"
                        " suit (H, D, C, S), or JK for the joker."
                    ),
                    code="notation",
                    params={"word": word},
                ) from None
        if not cards:
            raise forms.ValidationError(_("Type at least one card."), code="empty")
        try:
            check_copies(cards)
        except InvalidMeldError as error:
            raise forms.ValidationError(
                render(error.code, error.params, gettext, ngettext), code=error.code
            ) from None
        return cards
