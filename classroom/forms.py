"""The classroom's forms, drawn by django-crispy-forms with Bootstrap 5.

Every field has a size limit, and every refusal is a sentence the teacher or the student
can act on.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from classroom import assignments, duplicate, services
from classroom.hands import MAX_HANDS
from classroom.models import STUDENTS_LEVEL, Assignment, Classroom
from engine.rules import PRESETS
from lessons.models import Lesson, Puzzle
from lessons.rulebook import theme_title
from lessons.themes import KIND_LABELS
from play.forms import PRESET_CHOICES, RATED_LEVELS, TABLE_CHOICES, TABLE_REFUSED

MAX_NAMES_TEXT = 4000
DATETIME_FORMAT = "%Y-%m-%dT%H:%M"


def with_token(form: forms.Form, token: str) -> None:
    """Draw ``form`` with a new one-time token (its ``token`` field), which a second send
    of the same form cannot reuse: a bound form's data is copied with it, an unbound one
    starts with it."""
    if form.is_bound:
        assert isinstance(form.data, QueryDict)  # request.POST
        data = form.data.copy()
        data["token"] = token
        form.data = data
    else:
        form.initial["token"] = token


class ClassForm(forms.ModelForm[Classroom]):
    class Meta:
        model = Classroom
        fields = ("name", "rules")
        labels = {"name": _("Name of the class"), "rules": _("Rules")}
        help_texts = {
            "name": _("For example: Tuesday club, 3rd B, beginners' course."),
            "rules": _(
                "Assignments are checked and generated under these rules. Changing them later"
                " applies to new assignments only."
            ),
        }
        widgets = {"rules": forms.RadioSelect}


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Class code"),
        max_length=20,
        help_text=_("The eight letters and digits your teacher gave you, such as K7QX3MPA."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def clean_code(self) -> Classroom:
        classroom = services.class_for_code(self.cleaned_data["code"])
        if classroom is None:
            raise forms.ValidationError(
                _("No open class has this code. Check it with your teacher."), code="unknown"
            )
        return classroom


class StudentNamesForm(forms.Form):
    """One name a line: an account is made for each."""

    names = forms.CharField(
        label=_("Students' names"),
        max_length=MAX_NAMES_TEXT,
        # format_lazy: "%" on a lazy string would fix it in the language at import time.
        help_text=format_lazy(
            _(
                "One name a line, up to {most} at a time. Each gets an account with a username"
                " and a password made for them; no e-mail address is needed."
            ),
            most=services.MAX_NAMES,
        ),
        widget=forms.Textarea(attrs={"rows": 8, "autocomplete": "off", "spellcheck": "false"}),
        error_messages={"required": _("Write at least one name.")},
    )
    token = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def clean_names(self) -> list[str]:
        names = []
        for line in self.cleaned_data["names"].splitlines():
            name = "".join(ch for ch in line if unicodedata.category(ch)[0] != "C").strip()
            if not name:
                continue
            if len(name) > 60:
                raise forms.ValidationError(
                    _("“%(name)s…” is too long: a name has at most 60 characters."),
                    params={"name": name[:20]},
                    code="long",
                )
            names.append(name)
        if not names:
            raise forms.ValidationError(_("Write at least one name."), code="empty")
        if len(names) > services.MAX_NAMES:
            raise forms.ValidationError(
                _("That is %(count)d names: make at most %(most)d accounts at a time."),
                params={"count": len(names), "most": services.MAX_NAMES},
                code="many",
            )
        return names


class DueField(forms.DateTimeField):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_FORMAT)
    input_formats = [DATETIME_FORMAT, "%Y-%m-%d %H:%M", "%Y-%m-%d"]


def default_due() -> str:
    due = timezone.localtime() + timedelta(days=7)
    return due.replace(hour=20, minute=0).strftime(DATETIME_FORMAT)


class AssignmentEditForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=120)
    due_at = DueField(
        label=_("Due"), help_text=_("After this moment, unfinished work is marked late.")
    )

    def clean_due_at(self) -> datetime:
        due: datetime = self.cleaned_data["due_at"]
        if not 2000 <= due.year <= 2100:
            raise forms.ValidationError(_("Choose a date between 2000 and 2100."), code="range")
        return due


class ExtensionForm(forms.Form):
    """A later due date for one student; "clear" gives them the class's date back."""

    due_at = DueField(label=_("Due for this student"), required=False)
    clear = forms.BooleanField(required=False)

    def __init__(self, assignment: Assignment, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.assignment = assignment

    def clean_due_at(self) -> datetime | None:
        due: datetime | None = self.cleaned_data["due_at"]
        if due is None or self.data.get("clear"):
            return None
        if due <= self.assignment.due_at:
            raise forms.ValidationError(
                _("An extension is a later date than the class's: choose one after that."),
                code="early",
            )
        if due.year > 2100:
            raise forms.ValidationError(_("Choose a date between 2000 and 2100."), code="range")
        return due

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("clear") and data.get("due_at") is None and "due_at" not in self.errors:
            self.add_error("due_at", _("Choose the student's new due date."))
        return data


class LessonChoiceField(forms.ModelChoiceField[Lesson]):
    """Lessons by number and title in the teacher's language (their slugs mean nothing)."""

    def label_from_instance(self, obj: Lesson) -> str:
        return f"{obj.order}. {obj.title}"


class AssignmentForm(AssignmentEditForm):
    """A new assignment: a lesson, puzzles picked by hand, or a generated set."""

    content = forms.ChoiceField(
        label=_("What to do"),
        choices=Assignment.Content.choices,
        initial=Assignment.Content.PUZZLES,
        widget=forms.RadioSelect,
    )
    lesson = LessonChoiceField(label=_("Lesson"), queryset=Lesson.objects.all(), required=False)

    def clean_due_at(self) -> datetime:
        """A new assignment's due date is still to come (an edit may move one into the past,
        to close an assignment early)."""
        due = super().clean_due_at()
        if due <= timezone.now():
            raise forms.ValidationError(
                _("This moment has passed: choose a due date still to come."), code="past"
            )
        return due

    puzzles = forms.ModelMultipleChoiceField(
        label=_("Puzzles"),
        queryset=Puzzle.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    theme = forms.ChoiceField(label=_("Theme"), required=False)
    puzzle_kind = forms.ChoiceField(label=_("Kind of puzzle"), required=False)
    rating = forms.IntegerField(
        label=_("Near the difficulty"),
        min_value=800,
        max_value=2200,
        initial=1200,
        required=False,
        help_text=_("On the rating scale: 1000 is easy, 1500 middling, 2000 hard."),
    )
    count = forms.IntegerField(
        label=_("How many puzzles"),
        min_value=1,
        max_value=assignments.MAX_ITEMS,
        initial=10,
        required=False,
    )

    bot_level = forms.ChoiceField(
        label=_("The bots' level"),
        choices=[
            ("", _("Choose a level")),
            *RATED_LEVELS,
            (STUDENTS_LEVEL, _("At the student's level")),
        ],
        required=False,
        help_text=_(
            "At the student's level: each hand is dealt with the level whose rating is closest"
            " to the student's playing rating at that moment (a student without one plays the"
            " beginner); each hand's level shows in the results and the CSV."
        ),
    )
    players = forms.TypedChoiceField(
        label=_("Players at the table"),
        coerce=int,
        choices=TABLE_CHOICES,
        initial=2,
        required=False,
        widget=forms.RadioSelect,
        error_messages=TABLE_REFUSED,
    )
    hands = forms.IntegerField(
        label=_("How many hands"),
        min_value=1,
        max_value=MAX_HANDS,
        initial=3,
        required=False,
    )
    coach = forms.BooleanField(
        label=_("The coach at the student's side"),
        help_text=_(
            "On: after each turn the coach says what it would have done better. Off: it says"
            " nothing until the hand is over. Either way its findings are kept for you, and"
            " take-backs are off."
        ),
        initial=True,
        required=False,
    )
    deals = forms.TypedChoiceField(
        label=_("How many deals"),
        coerce=int,
        choices=[(n, n) for n in duplicate.DEALS],
        initial=duplicate.DEALS[0],
        required=False,
        widget=forms.RadioSelect,
        help_text=_(
            "The victory points of tournaments (R38) have a table for three deals and one for four."
        ),
    )
    preset = forms.ChoiceField(
        label=_("Rules of the duplicate"),
        choices=PRESET_CHOICES,
        required=False,
        widget=forms.RadioSelect,
    )
    #: A one-time token (classroom.services.new_form_token): the same form sent twice
    #: sets one assignment.
    token = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    def __init__(self, classroom: Classroom, teacher: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom
        puzzles, theme, kind = (self.fields[name] for name in ("puzzles", "theme", "puzzle_kind"))
        assert isinstance(puzzles, forms.ModelMultipleChoiceField)
        assert isinstance(theme, forms.ChoiceField) and isinstance(kind, forms.ChoiceField)
        puzzles.queryset = assignments.usable_puzzles(classroom, teacher)
        theme.choices = [("", _("Choose a theme"))] + [
            (name, theme_title(name))
            for name in assignments.generated_themes(PRESETS[classroom.rules])
        ]
        kind.choices = [("", _("Any kind the theme has"))] + list(KIND_LABELS.items())
        self.fields["due_at"].initial = default_due
        self.fields["preset"].initial = classroom.rules

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        content = data.get("content")
        if content == Assignment.Content.LESSON and not data.get("lesson"):
            self.add_error("lesson", _("Choose the lesson."))
        elif content == Assignment.Content.PUZZLES:
            chosen = data.get("puzzles") or []
            if not chosen:
                self.add_error("puzzles", _("Choose at least one puzzle."))
            elif len(chosen) > assignments.MAX_ITEMS:
                self.add_error(
                    "puzzles",
                    _("Choose at most %(most)d puzzles.") % {"most": assignments.MAX_ITEMS},
                )
        elif content == Assignment.Content.GENERATED:
            self._clean_generated(data)
        elif content == Assignment.Content.HANDS:
            if not data.get("bot_level"):
                self.add_error("bot_level", _("Choose the bots' level."))
            if data.get("hands") is None and "hands" not in self.errors:
                self.add_error("hands", _("Give a whole number."))
            if data.get("players") is None and "players" not in self.errors:
                self.add_error("players", _("Choose how many players sit at the table."))
        elif content == Assignment.Content.DUPLICATE:
            self._clean_duplicate(data)
        return data

    def _clean_duplicate(self, data: dict[str, Any]) -> None:
        if not data.get("bot_level"):
            self.add_error("bot_level", _("Choose the bots' level."))
        elif data["bot_level"] == STUDENTS_LEVEL:
            self.add_error(
                "bot_level",
                _(
                    "A duplicate sets every student against the same bots: choose one level"
                    " for all."
                ),
            )
        if not data.get("deals") and "deals" not in self.errors:
            self.add_error("deals", _("Choose three or four deals."))
        players = data.get("players")
        if not players and "players" not in self.errors:
            self.add_error("players", _("Choose how many players sit at the table."))
        elif players and players not in duplicate.TABLES:
            self.add_error(
                "players",
                _(
                    "A duplicate is played at two or four, where a deal's match points are"
                    " one side's score less the other's; at three each plays alone."
                ),
            )
        if not data.get("preset"):
            data["preset"] = self.classroom.rules

    def _clean_generated(self, data: dict[str, Any]) -> None:
        theme, kind = data.get("theme"), data.get("puzzle_kind") or ""
        if not theme:
            self.add_error("theme", _("Choose the theme of the puzzles."))
            return
        if data.get("rating") is None or data.get("count") is None:
            for name in ("rating", "count"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Give a whole number."))
            return
        spec = assignments.SetSpec(theme, kind, data["rating"], data["count"], self.classroom.rules)
        # A trial run: a theme and rules that give too few puzzles are refused now.
        found = spec.runs_dry(assignments.derived_seed("trial", theme, kind, spec.rules))
        if found is not None:
            self.add_error(
                "count",
                _(
                    "Only %(found)d different puzzles of this kind on this theme could be made"
                    " under the class's rules: ask for fewer, or choose another theme."
                )
                % {"found": found},
            )
        self.spec = spec
