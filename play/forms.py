"""The practice table's forms: starting a game, and one move at the table."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from engine.actions import Action, ActionKind
from engine.bots import ratings as ladder
from engine.cards import Card
from engine.match import THREE_TARGET
from engine.melds import Burraco
from engine.rules import DEFAULT, PRESETS
from engine.scoring import BURRACO_BONUS
from engine.state import DECK_SIZE, PLAYER_COUNTS
from lessons import fields
from play.models import Game
from play.speed import Speed

#: The tables the practice table offers, each only once the engine plays it too
#: (engine.state.PLAYER_COUNTS): the page lays out two to six seats (play.table.PLACES),
#: and its sides, melds and scores are the position's at every table (R3, R40).
TABLES = (2, 3, 4, 5, 6)
#: The table sizes a game may be dealt at: the engine's, as far as TABLES goes.
OFFERED = tuple(n for n in PLAYER_COUNTS if n in TABLES)


def _players(n: int) -> str:
    return gettext("%(n)s players") % {"n": n}


#: The table sizes offered, each labelled in the language of the page that draws it (a
#: label formatted here would stay in the language of the first request).
TABLE_CHOICES = [(n, lazy(_players, str)(n)) for n in OFFERED]
#: What a form that offers TABLE_CHOICES says to any other number of players.
TABLE_REFUSED = {"invalid_choice": _("The table seats two to six players, not %(value)s.")}

#: The most cards a move can name (a whole hand after taking a big pile).
MOST_CARDS = DECK_SIZE


#: The game a newcomer is dealt by one button (the start page's first, the home page's
#: "first hand"): two players, the computer at its gentlest, the coach saying everything
#: and giving hints, take-backs on, the standard rules, one hand. The start page's other
#: options start from these too, so that a learner who changes one thing (four players, say)
#: does not also get a club player and a quieter coach without asking for them.
BEGINNER: Final[Mapping[str, Any]] = MappingProxyType(
    {
        "players": 2,
        "opponents": Game.Level.BEGINNER,
        "partner": Game.Level.BEGINNER,
        "preset": Game.Preset.STANDARD,
        "coach": Game.Coach.FULL,
        "match": False,
        "takebacks": True,
    }
)
#: The value of the start page's ``deal`` button that deals BEGINNER.
BEGINNER_DEAL = "beginner"

#: What each level of the computer plays like, in one line.
LEVELS_EXPLAINED = _(
    "Beginner: plays simple moves and makes the mistakes the coach explains. Club player: plays"
    " like a regular at a card club. Expert: the strongest the computer plays. Random: any"
    " allowed move, by chance."
)


def _rated(level: str, label: StrOrPromise) -> str:
    """A level's name with its rating, as the ladder measured it with two players
    (engine.bots.ratings): "Club player (rating 1,750)"."""
    found = ladder.rating(level, 2)
    if found is None:
        return str(label)
    return gettext("%(level)s (rating %(rating)s)") % {
        "level": label,
        "rating": number_format(found, force_grouping=True),
    }


#: The bots' levels, each with its rating, in the language of the page that draws it.
RATED_LEVELS = [(value, lazy(_rated, str)(value, label)) for value, label in Game.Level.choices]

#: What a level's rating is, said under the choice.
RATINGS_EXPLAINED = _(
    "A level's rating is how strong it plays on the scale of your playing rating (see your"
    " progress page), measured with two players: 400 points more win about ten hands in"
    " eleven."
)


def level_field(label: StrOrPromise, help_text: StrOrPromise) -> forms.ChoiceField:
    """A choice of the bots' strength (Game.Level), each with its rating, the beginner's
    unless chosen."""
    return forms.ChoiceField(
        label=label, choices=RATED_LEVELS, initial=BEGINNER["opponents"], help_text=help_text
    )


def _semi_clean_said(points: int) -> str:
    return gettext(
        "as standard, and a burraco of seven natural cards in a row beside its one wildcard"
        " counts as semi-clean, worth %(points)s."
    ) % {"points": points}


#: The semi-clean preset's line, its bonus the engine's (R28), in the page's language.
_semi_clean_worth = lazy(_semi_clean_said, str)


def _code_said(name: str) -> str:
    """What a federation's code changes (R42, R43), its numbers the engine's."""
    scores = PRESETS[name].scores
    numbers = {
        "super": scores.super_clean,
        "royal": scores.royal,
        "dirty_royal": scores.dirty_royal,
        "dirty_super": scores.dirty_super,
        "clean": scores.clean,
        "champion": scores.champion,
        "closing": scores.closing,
        "pozzetto": scores.pozzetto,
    }
    if name == "fe-bur-it":
        text = gettext(
            "played in competitions; semi-clean counts, all eight cards of a rank with no"
            " wildcard (super burraco) score %(super)s, and the thirteen cards of a suit with"
            " no wildcard (royal burraco) %(royal)s."
        )
    elif name == "f-it-ab":
        text = gettext(
            "played in competitions; as Fe.Bur.It.'s (super %(super)s, royal %(royal)s), and"
            " with one wildcard a royal still scores %(dirty_royal)s and a super"
            " %(dirty_super)s."
        )
    else:
        text = gettext(
            "a clean burraco scores %(clean)s, closing %(closing)s and a pozzetto not taken"
            " costs %(pozzetto)s; you close only with a clean burraco and a dirty or"
            " semi-clean one, all eight cards of a rank with no wildcard (Champion burraco,"
            " %(champion)s) or a clean sequence of thirteen, and you take the discards only to"
            " use one at once."
        )
    return text % numbers


_code_explained = lazy(_code_said, str)


def _explained(
    choices: type[Game.Coach] | type[Game.Preset], meanings: Mapping[Any, StrOrPromise]
) -> list[tuple[str, StrOrPromise]]:
    """Each choice's name, then what it means, in the language of the page that draws it."""
    return [(choice, format_lazy("{}: {}", choice.label, meanings[choice])) for choice in choices]


COACH_CHOICES = _explained(
    Game.Coach,
    {
        Game.Coach.OFF: _("it only says why a move is not allowed."),
        Game.Coach.REFUSED: _(
            "when a move is not allowed, it also suggests moves you could make instead."
        ),
        Game.Coach.TURNS: _(
            "after each of your turns it also says what could have been played better."
        ),
        Game.Coach.FULL: _(
            "all of that, and a Hint button that shows a good move whenever you ask."
        ),
    },
)

PRESET_CHOICES = _explained(
    Game.Preset,
    {
        Game.Preset.STANDARD: _("as played in Italian clubs; start here."),
        Game.Preset.SEMI_CLEAN: _semi_clean_worth(BURRACO_BONUS[Burraco.SEMI_CLEAN]),
        Game.Preset.STRICT: _("as standard, but a joker or a 2 stays where it was laid in a meld."),
        Game.Preset.INTERNATIONAL: _(
            "you close only with a clean burraco, sets are only of aces or threes, and you"
            " take the discards only to use one of them at once."
        ),
        Game.Preset.FE_BUR_IT: _code_explained("fe-bur-it"),
        Game.Preset.F_IT_AB: _code_explained("f-it-ab"),
        Game.Preset.CHAMPION: _code_explained("champion"),
    },
)


class NewGameForm(forms.Form):
    """The start page's "more options": every setting of a game, each explained in a line,
    its initial values the beginner's game (BEGINNER)."""

    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=TABLE_CHOICES,
        initial=BEGINNER["players"],
        widget=forms.RadioSelect,
        help_text=_(
            "At two you play against the computer. At four the computer plays your partner,"
            " sitting opposite you, and your two opponents. At three everyone plays alone"
            " until the first pozzetto is taken; then the other two play as one side. At five,"
            " with three decks, the first to take a pozzetto plays alone and the other four"
            " form two sides of two, partners never side by side. At six, with three decks,"
            " three sides of two play from the start, your partner sitting opposite you."
        ),
        error_messages=TABLE_REFUSED,
    )
    opponents = level_field(
        _("Your opponents"), format_lazy("{} {}", LEVELS_EXPLAINED, RATINGS_EXPLAINED)
    )
    partner = level_field(
        _("Your partner (from three to six players)"),
        _(
            "At four and six, the player opposite you; at three and five, whoever joins your"
            " side once the first pozzetto is taken. At two players there is no partner."
        ),
    )
    preset = forms.ChoiceField(
        label=_("Rules"),
        choices=PRESET_CHOICES,
        initial=BEGINNER["preset"],
        widget=forms.RadioSelect,
    )
    coach = forms.ChoiceField(
        label=_("The coach"),
        choices=COACH_CHOICES,
        initial=BEGINNER["coach"],
        widget=forms.RadioSelect,
    )
    length = forms.ChoiceField(
        label=_("How long"),
        choices=[
            ("hand", _("One hand")),
            ("match", _("A match to the target score")),
        ],
        initial="match" if BEGINNER["match"] else "hand",
        required=False,
        widget=forms.RadioSelect,
        help_text=format_lazy(
            _(
                "A match deals hand after hand until someone's total reaches the target:"
                " {target} points at two, four, five or six players, {three} at three."
            ),
            target=DEFAULT.target,
            three=THREE_TARGET,
        ),
    )
    takebacks = forms.BooleanField(
        label=_("Allow take-backs (a hand with one is marked as helped)"),
        required=False,
        initial=BEGINNER["takebacks"],
        help_text=_("A take-back undoes your last turn, so you can try another move."),
    )

    def propose(self, level: str) -> None:
        """Start the opponents at ``level`` (the one closest to the learner's rating)."""
        self.initial["opponents"] = level

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
