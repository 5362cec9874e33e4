"""The practice table's forms: starting a game, and one move at the table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from engine.actions import Action, ActionKind
from engine.cards import Card
from engine.state import DECK_SIZE, PLAYER_COUNTS
from lessons import fields
from play.models import Game
from play.speed import Speed

#: The tables the practice table offers, each only once the engine plays it too
#: (engine.state.PLAYER_COUNTS): the page lays out two to six seats (play.table.PLACES).
#: THE place where three players are switched on: it is here, and is offered as soon as
#: the engine deals three (R40); five and six are to be added here when the play app's
#: sides (the score, whose melds are whose) follow the engine's partnerships for them.
TABLES = (2, 3, 4)
#: The table sizes a game may be dealt at: the engine's, as far as TABLES goes.
OFFERED = tuple(n for n in PLAYER_COUNTS if n in TABLES)


def _players(n: int) -> str:
    return gettext("%(n)s players") % {"n": n}


#: The table sizes offered, each labelled in the language of the page that draws it (a
#: label formatted here would stay in the language of the first request).
TABLE_CHOICES = [(n, lazy(_players, str)(n)) for n in OFFERED]

#: The most cards a move can name (a whole hand after taking a big pile).
MOST_CARDS = DECK_SIZE


def level_field(label: StrOrPromise) -> forms.ChoiceField:
    """A choice of the bots' strength (Game.Level), the club player's unless chosen."""
    return forms.ChoiceField(label=label, choices=Game.Level.choices, initial=Game.Level.CLUB)


class NewGameForm(forms.Form):
    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=TABLE_CHOICES,
        initial=2,
        widget=forms.RadioSelect,
    )
    opponents = level_field(_("Your opponents"))
    partner = level_field(_("Your partner (at four; at three, whoever pairs with you)"))
    preset = forms.ChoiceField(
        label=_("Rules"), choices=Game.Preset.choices, initial=Game.Preset.STANDARD
    )
    coach = forms.ChoiceField(
        label=_("The coach"),
        choices=Game.Coach.choices,
        initial=Game.Coach.TURNS,
        widget=forms.RadioSelect,
    )
    length = forms.ChoiceField(
        label=_("How long"),
        choices=[
            ("hand", _("One hand")),
            ("match", _("A match to the target score")),
        ],
        initial="hand",
        required=False,
        widget=forms.RadioSelect,
    )
    takebacks = forms.BooleanField(
        label=_("Allow take-backs (a hand with one is marked as helped)"),
        required=False,
        initial=True,
    )

    def choices(self) -> dict[str, Any]:
        """The game's fields from the form's answers."""
        data = dict(self.cleaned_data)
        # Not chosen (an older form): one hand.
        data["match"] = data.pop("length", "") == "match"
        return data


class AnyCardsField(forms.MultipleChoiceField):
    """Cards chosen on the table: any card notation passes here; MoveForm.clean_cards reads
    it with the engine."""

    def valid_value(self, value: Any) -> bool:
        return True


class MoveForm(forms.Form):
    """One move: ``do`` names it, ``cards`` are the cards chosen, ``version`` the table it
    was made on. The table is one form, so some buttons say what they do by their name:
    ``attach`` carries a meld's index, ``dismiss`` a finding's, ``sort`` the order,
    ``speed`` how fast the others' moves are shown."""

    DO = ("draw", "pile", "meld", "discard", "continue", "hint", "takeback", "next")

    version = forms.IntegerField(min_value=0, max_value=10**9, required=False)
    do = forms.ChoiceField(choices=[(name, name) for name in DO], required=False)
    attach = forms.IntegerField(min_value=0, max_value=200, required=False)
    cards = AnyCardsField(required=False, choices=())
    sort = forms.ChoiceField(choices=Game.Sort.choices, required=False)
    speed = forms.ChoiceField(choices=Speed.choices, required=False)
    dismiss = forms.IntegerField(min_value=1, max_value=2**62, required=False)

    def clean_cards(self) -> list[Card]:
        texts = self.cleaned_data["cards"]
        if len(texts) > MOST_CARDS:
            raise forms.ValidationError(_("That is more cards than a hand can hold."))
        return fields.parse_words(texts)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("attach") is not None:
            data["do"] = "attach"
        elif data.get("dismiss") is not None:
            data["do"] = "dismiss"
        elif data.get("sort"):
            data["do"] = "sort"
        elif data.get("speed"):
            data["do"] = "speed"
        if not data.get("do"):
            raise forms.ValidationError(_("Choose a move with one of the table's buttons."))
        return data

    def action(self) -> Action | str:
        """The engine action the move names, or a sentence saying what is missing."""
        data = self.cleaned_data
        do, cards = data["do"], tuple(data.get("cards") or ())
        if do == "draw":
            return Action(ActionKind.DRAW)
        if do == "pile":
            return Action(ActionKind.PILE)
        if not cards:
            return str(_("First choose cards from your hand."))
        if do == "meld":
            return Action(ActionKind.MELD, cards)
        if do == "attach":
            return Action(ActionKind.ATTACH, cards, data["attach"])
        if len(cards) != 1:
            return str(_("Choose exactly one card to discard."))
        return Action(ActionKind.DISCARD, cards)
