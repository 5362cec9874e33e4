"""The deal of the day's one form: start the ranked try, play a copy, be listed or not."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class DailyForm(forms.Form):
    """What a POST to a day's page asks: ``do`` = ``start`` (the ranked try, today only),
    ``practice`` (a copy of the deal, never ranked) or ``listed`` (with ``listed`` checked
    or not: the learner's name on the day's leaderboard)."""

    do = forms.ChoiceField(
        choices=[
            ("start", _("Play the deal of the day")),
            ("practice", _("Play this deal for practice")),
            ("listed", _("Save")),
        ],
        error_messages={"required": _("The form did not say what to do.")},
    )
    listed = forms.BooleanField(
        required=False, label=_("Show my name and score on this day's leaderboard")
    )
