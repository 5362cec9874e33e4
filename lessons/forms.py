"""Forms of the learning app."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from lessons.fields import CardsField


class NotationForm(forms.Form):
    """Cards typed in the notation (``10H QS JK``), to see how they look and are named."""

    cards = CardsField(
        label=_("Cards"),
        max_length=200,
        one_at_least=True,
        copies=True,
        help_text=_("For example: 10H QS 7D JK"),
    )
