"""The teacher's puzzle editor: a position built card by card, checked by the engine.

The form holds the whole position as text in the notation (one field per place on the
table, one meld a line), so the editor works without JavaScript; the card palette appends
a card to the place chosen. :func:`check` hands the position and the question to the
engine and returns what it says: the reasons it refuses them, in the teacher's language
where the engine gives a code, else its own sentence, or the board and every correct
answer. Saving keeps the puzzle as a lessons.Puzzle with source "teacher" and a
LibraryPuzzle row naming its owner.
"""

from __future__ import annotations

import re
import secrets
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.db import transaction
from django.http import QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tutor.http import small_int
from classroom.models import AssignmentItem, Classroom, LibraryPuzzle, Rules
from engine import puzzles as engine_puzzles
from engine.budget import Budget
from engine.cards import ALL_CARDS, Card, check_copies, max_copies
from engine.errors import BurracoError, InvalidNotationError, TooBigError
from engine.melds import MAX_PLACES
from engine.puzzles import PUZZLE_STOCK, VP_HANDS
from engine.rules import HAND_SIZE, PRESETS
from engine.state import DECK_SIZE, Position, meld_refusals, named_cards
from lessons import answering, fields
from lessons.models import Attempt, Puzzle
from lessons.themes import KIND_LABELS

MAX_MELDS = 12
#: The longest meld: a sequence from the ace low to the ace high (R14).
MAX_MELD_CARDS = MAX_PLACES
MAX_PROMPT = 500
MAX_HINT = 300
CARD_TOKEN = re.compile(r"\[([^\[\]\s]{1,6})\]")

#: The fields each kind of question adds to the position (docs/content.md).
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "attach": ("focus",),
    "lay-meld": ("lay_goal", "focus"),
    "wildcard": ("meld", "attach"),
    "classify": ("meld",),
    "score": ("side", "closed", "ask", "hands"),
    "close": (),
    "pile": ("pile_goal",),
}

#: The hands only a four-player position has: the partner's (seat 2) and the opponent's on
#: the student's right (seat 3); ``opponent`` is then the one on the left (seat 1).
FOUR_PLAYER_FIELDS = ("partner", "right_opponent")
#: Hands that a number of cards may stand for.
COUNTED = ("opponent", *FOUR_PLAYER_FIELDS)

#: Fields of two kinds that name the same cards, carried from one to the other.
SAME_CARDS = {"focus": "attach", "attach": "focus"}

#: Where a card picked from the palette goes: the field, and how.
TARGETS: dict[str, tuple[str, str]] = {
    "hand": ("hand", "append"),
    "my_new": ("my_melds", "new_line"),
    "my_last": ("my_melds", "last_line"),
    "their_new": ("their_melds", "new_line"),
    "their_last": ("their_melds", "last_line"),
    "discard": ("discard", "append"),
    "opponent": ("opponent", "append"),
    "partner": ("partner", "append"),
    "right_opponent": ("right_opponent", "append"),
    "focus": ("focus", "append"),
    "attach": ("attach", "append"),
}
#: After a card starts a new meld, the place the next card goes.
NEXT_TARGET = {"my_new": "my_last", "their_new": "their_last"}
TARGET_LABELS = {
    "hand": _("your hand"),
    "my_new": _("a new meld of yours"),
    "my_last": _("your last meld"),
    "their_new": _("a new meld of theirs"),
    "their_last": _("their last meld"),
    "discard": _("the discard pile"),
    "opponent": _("the opponent's hand"),
    "partner": _("the partner's hand"),
    "right_opponent": _("the hand of the opponent on the right"),
    "focus": _("the cards the answer must use"),
    "attach": _("the cards being attached"),
}


#: The engine's goals and questions (engine.puzzles), in words.
LAY_GOAL_LABELS = {
    "any": _("Any valid meld"),
    "best": _("The meld worth the most points"),
    "burraco": _("A burraco"),
}
PILE_GOAL_LABELS = {
    "pozzetto_al_volo": _("The pozzetto al volo"),
    "pozzetto_con_lo_scarto": _("The pozzetto con lo scarto"),
    "stock_exhausted": _("The end of the stock"),
    "turn_ends": _("Any legal turn ending with a discard"),
}
ASK_LABELS = {
    "hand": _("The score for this hand"),
    "total": _("The running total after it"),
    "match_points": _("The match points"),
    "victory_points": _("The victory points"),
    "winner": _("Who has won"),
}


class EditorError(Exception):
    """A request the editor cannot act on (a forged card or place); answered with 400."""


def _words(text: str) -> list[str]:
    return fields.words(text)


def parse_words(words: list[str]) -> list[str]:
    """Cards in the canonical notation; raises ValidationError naming the first bad word."""
    return [str(card) for card in fields.parse_words(words)]


class CardsField(fields.CardsField):
    """Cards in the notation (lessons.fields.CardsField), as the editor keeps them: text."""

    def clean(self, value: Any) -> list[str]:  # type: ignore[override]
        return [str(card) for card in super().clean(value)]


class MeldsField(forms.CharField):
    """Melds, one a line, each written as it lies on the table: ``6C JK 8C``."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 1200)
        kwargs.setdefault(
            "widget",
            forms.Textarea(
                attrs={
                    "rows": 3,
                    "autocomplete": "off",
                    "autocapitalize": "characters",
                    "spellcheck": "false",
                }
            ),
        )
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[list[str]]:
        lines = [line for line in (super().clean(value) or "").splitlines() if line.strip()]
        if len(lines) > MAX_MELDS:
            raise forms.ValidationError(
                _("At most %(most)d melds a side."), params={"most": MAX_MELDS}, code="many"
            )
        melds = []
        for line in lines:
            words = _words(line)
            if len(words) > MAX_MELD_CARDS:
                raise forms.ValidationError(
                    _("A meld holds at most %(most)d cards."),
                    params={"most": MAX_MELD_CARDS},
                    code="long",
                )
            melds.append(parse_words(words))
        return melds


class CountOrCardsField(forms.CharField):
    """A number of cards, when they are unknown, or the cards themselves."""

    def __init__(self, *, most: int, **kwargs: Any) -> None:
        self.most = most
        kwargs.setdefault("max_length", 600)
        kwargs.setdefault("widget", forms.TextInput(attrs={"autocomplete": "off"}))
        super().__init__(**kwargs)

    def clean(self, value: Any) -> int | list[str]:
        text = (super().clean(value) or "").strip()
        number = small_int(text, 3)
        if number is not None:
            if number > self.most:
                raise forms.ValidationError(
                    _("At most %(most)d cards here."), params={"most": self.most}, code="many"
                )
            return number
        words = _words(text)
        if len(words) > self.most:
            raise forms.ValidationError(
                _("At most %(most)d cards here."), params={"most": self.most}, code="many"
            )
        return parse_words(words)


class EditorForm(forms.Form):
    """A puzzle: its name, question, the position and the kind's own fields."""

    title = forms.CharField(
        label=_("Name in your library"),
        max_length=120,
        required=False,
        help_text=_("Only you see it, for example: bound joker, Tuesday."),
    )
    kind = forms.ChoiceField(label=_("Kind of question"), choices=list(KIND_LABELS.items()))
    players = forms.TypedChoiceField(
        label=_("Number of players"),
        choices=[("2", _("Two, one against one")), ("4", _("Four, two against two"))],
        coerce=int,
        # django-stubs allows only a str or None here; Django returns whatever is given.
        empty_value=2,  # type: ignore[arg-type]
        initial="2",
        required=False,
    )
    rules = forms.ChoiceField(
        label=_("Rules"),
        choices=Rules.choices,
        help_text=_("A class can use the puzzle when it plays under the same rules."),
    )
    prompt_it = forms.CharField(
        label=_("The question, in Italian"),
        max_length=MAX_PROMPT,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Write a card in square brackets to draw it: [10C], [JK]."),
    )
    prompt_en = forms.CharField(
        label=_("The question, in English"),
        max_length=MAX_PROMPT,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Either language is enough: the other then shows the same text."),
    )
    hint_it = forms.CharField(label=_("A hint, in Italian"), max_length=MAX_HINT, required=False)
    hint_en = forms.CharField(label=_("A hint, in English"), max_length=MAX_HINT, required=False)
    to_move = forms.TypedChoiceField(
        label=_("Whose turn it is"),
        choices=[("0", _("The student's")), ("1", _("The opponent's (a finished hand)"))],
        coerce=int,
        initial="0",
    )
    phase = forms.ChoiceField(
        label=_("Moment of the turn"),
        choices=[
            ("play", _("Has drawn: lays down, attaches, discards")),
            ("draw", _("Must draw first")),
        ],
        initial="play",
    )
    hand = CardsField(label=_("The student's hand"), most=40)
    my_melds = MeldsField(
        label=_("The student's melds"), help_text=_("One meld a line, as it lies: 6C JK 8C.")
    )
    their_melds = MeldsField(label=_("The opponent's melds"))
    opponent = CountOrCardsField(
        label=_("The opponent's hand"),
        most=40,
        initial=str(HAND_SIZE),
        help_text=_("How many cards, or the cards themselves when the question needs them."),
    )
    partner = CountOrCardsField(
        label=_("The partner's hand"),
        most=40,
        initial=str(HAND_SIZE),
        required=False,
        help_text=_("Sitting opposite the student: how many cards, or the cards themselves."),
    )
    right_opponent = CountOrCardsField(
        label=_("The hand of the opponent on the student's right"),
        most=40,
        initial=str(HAND_SIZE),
        required=False,
        help_text=_("The opponent on the left plays next, this one last."),
    )
    discard = CardsField(label=_("Discard pile, bottom to top"), most=60)
    stock = CountOrCardsField(
        label=_("Stock"),
        most=DECK_SIZE,
        initial=str(PUZZLE_STOCK),
        help_text=_("How many cards, or the cards top first when the student draws."),
    )
    my_pozzetto = forms.BooleanField(
        label=_("The student's side took its pozzetto"), required=False
    )
    their_pozzetto = forms.BooleanField(
        label=_("The opponent's side took its pozzetto"), required=False
    )
    my_total = forms.IntegerField(
        label=_("The student's total before this hand"),
        min_value=-100_000,
        max_value=100_000,
        required=False,
    )
    their_total = forms.IntegerField(
        label=_("The opponent's total before this hand"),
        min_value=-100_000,
        max_value=100_000,
        required=False,
    )
    focus = CardsField(
        label=_("Cards the answer must use"),
        most=MAX_MELD_CARDS,
        help_text=_("Optional: cards from the hand that the meld must include."),
    )
    lay_goal = forms.ChoiceField(
        label=_("The meld asked for"),
        choices=[(goal, LAY_GOAL_LABELS[goal]) for goal in engine_puzzles.LAY_GOALS],
        required=False,
    )
    pile_goal = forms.ChoiceField(
        label=_("What the turn must reach"),
        choices=[(goal, PILE_GOAL_LABELS[goal]) for goal in engine_puzzles.PILE_GOALS],
        required=False,
    )
    meld = forms.IntegerField(
        label=_("Number of the student's meld"),
        min_value=1,
        max_value=MAX_MELDS,
        initial=1,
        required=False,
    )
    attach = CardsField(label=_("Cards being attached to it"), most=MAX_MELD_CARDS)
    side = forms.TypedChoiceField(
        label=_("Whose score"),
        choices=[("0", _("The student's side")), ("1", _("The opponent's side"))],
        coerce=int,
        required=False,
    )
    closed = forms.ChoiceField(
        label=_("Who closed the hand"),
        choices=[
            ("", _("Nobody (the stock ran out)")),
            ("0", _("The student's side")),
            ("1", _("The opponent's side")),
        ],
        required=False,
    )
    ask = forms.ChoiceField(
        label=_("What to count"),
        choices=[(ask, ASK_LABELS[ask]) for ask in engine_puzzles.SCORE_ASKS],
        required=False,
    )
    hands = forms.TypedChoiceField(
        label=_("Hands in the match (victory points)"),
        choices=[(str(hands), str(hands)) for hands in VP_HANDS],
        coerce=int,
        required=False,
    )

    def __init__(self, *args: Any, saving: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.saving = saving

    @property
    def kind_value(self) -> str:
        """The kind of question chosen so far (the form's first kind when none is)."""
        value = self.data.get("kind") if self.is_bound else self.initial.get("kind")
        return value if value in KIND_FIELDS else "attach"

    def kind_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in KIND_FIELDS[self.kind_value]]

    @property
    def four_players(self) -> bool:
        """Is the position being built one of four players, two against two?"""
        value = self.data.get("players") if self.is_bound else self.initial.get("players")
        return str(value) == "4"

    def seat_fields(self) -> list[forms.BoundField]:
        """The hands of the seats beyond the opponent's: the partner's and the other
        opponent's, when four play."""
        return [self[name] for name in FOUR_PLAYER_FIELDS] if self.four_players else []

    def kept(self) -> list[tuple[str, str]]:
        """The other kinds' fields (and the two hands of a four-player position, while it
        has two) as the teacher left them, which the page carries unseen, so that going
        back to a kind finds its cards where they were."""
        shown = {field.name for field in [*self.kind_fields(), *self.seat_fields()]}
        others = dict.fromkeys(
            [*(name for names in KIND_FIELDS.values() for name in names), *FOUR_PLAYER_FIELDS]
        )
        return [
            (name, str(self.data[name]))
            for name in others
            if name not in shown and self.is_bound and self.data.get(name)
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        for name in ("prompt_it", "prompt_en", "hint_it", "hint_en"):
            for token in CARD_TOKEN.findall(data.get(name) or ""):
                try:
                    Card.parse(token)
                except InvalidNotationError:
                    self.add_error(
                        name,
                        _("[%(token)s] is not a card: write it like [10C] or [JK].")
                        % {"token": token},
                    )
        if (data.get("my_total") is None) != (data.get("their_total") is None):
            self.add_error("their_total", _("Give both totals, or neither."))
        if self.saving:
            if not (data.get("title") or "").strip():
                self.add_error("title", _("Give the puzzle a name for your library."))
            if (
                not (data.get("prompt_it") or "").strip()
                and not (data.get("prompt_en") or "").strip()
            ):
                self.add_error("prompt_it", _("Write the question, in Italian or in English."))
        return data


# --- from the form to the engine --------------------------------------------------------------


def engine_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The puzzle's engine fields (docs/content.md) from the form's cleaned data."""
    kind = data["kind"]
    players = data.get("players") or 2
    hands = [data.get("hand") or [], _hidden_or_cards(data.get("opponent"), HAND_SIZE)]
    if players == 4:
        # Seats run clockwise: the opponent on the left, the partner, the other opponent.
        hands += [_hidden_or_cards(data.get(name), HAND_SIZE) for name in FOUR_PLAYER_FIELDS]
    position: dict[str, Any] = {
        "players": players,
        "to_move": data.get("to_move") or 0,
        "phase": data.get("phase") or "play",
        "hands": hands,
        "melds": [data.get("my_melds") or [], data.get("their_melds") or []],
        "discard": data.get("discard") or [],
        "stock": _stock(data.get("stock")),
        "pozzetti_taken": [bool(data.get("my_pozzetto")), bool(data.get("their_pozzetto"))],
    }
    if data.get("my_total") is not None and data.get("their_total") is not None:
        position["totals"] = [data["my_total"], data["their_total"]]
    fields: dict[str, Any] = {"kind": kind, "position": position, "rules": data["rules"]}
    if position["to_move"] != 0:
        fields["viewer"] = 0
    if kind in ("attach", "lay-meld") and data.get("focus"):
        fields["focus"] = data["focus"]
    if kind == "lay-meld":
        fields["goal"] = data.get("lay_goal") or "any"
    if kind in ("wildcard", "classify"):
        fields["meld"] = (data.get("meld") or 1) - 1
    if kind == "wildcard":
        fields["attach"] = data.get("attach") or []
    if kind == "score":
        fields["side"] = data.get("side") or 0
        closed = data.get("closed")
        fields["closed"] = int(closed) if closed in ("0", "1") else None
        fields["ask"] = data.get("ask") or "hand"
        if fields["ask"] == "victory_points":
            fields["hands"] = data.get("hands") or 3
    if kind == "pile":
        fields["goal"] = data.get("pile_goal") or "pozzetto_al_volo"
    return fields


def _hidden_or_cards(value: Any, default: int) -> Any:
    if value is None or value == "":
        return {"count": default}
    return {"count": value} if isinstance(value, int) else value


def _stock(value: Any) -> Any:
    if value is None or value == "":
        return PUZZLE_STOCK
    return value


@dataclass
class CheckReport:
    """What the engine says about a puzzle being edited."""

    problems: list[str] = field(default_factory=list)
    context: dict[str, Any] = field(default_factory=dict)
    answers: list[answering.Description] = field(default_factory=list)
    question: engine_puzzles.Puzzle | None = None
    #: The engine refused the puzzle as too big to settle within its budget: a 400.
    too_big: bool = False

    @property
    def ok(self) -> bool:
        return self.question is not None and not self.problems and bool(self.answers)


def check(fields: dict[str, Any]) -> CheckReport:
    """Ask the engine about the position and the question: its refusals, or the board
    and the correct answers."""
    checked = CheckReport()
    rules = PRESETS[fields["rules"]]
    owners = (gettext("Your meld %(number)d"), gettext("Their meld %(number)d"))
    for side, index, error in meld_refusals(fields["position"]["melds"], rules):
        where = owners[side] % {"number": index + 1}
        checked.problems.append(f"{where}: {answering.sentence(error, nested=True)}")
    try:
        check_copies(named_cards(fields["position"]))
    except BurracoError as error:
        checked.problems.append(answering.sentence(error))
    if checked.problems:
        return checked
    try:
        question = engine_puzzles.Puzzle.from_dict(fields)
    except BurracoError as error:
        checked.problems.append(answering.sentence(error))
        _board_only(checked, fields)
        return checked
    checked.question = question
    checked.context = answering.page_context(question, None, [], None)
    checked.context["show_own_hand"] = True
    budget = Budget()  # one for the whole check: a request's engine work is bounded
    try:
        answers = engine_puzzles.solutions(question, limit=12, budget=budget)
        for answer in answers:
            verdict = engine_puzzles.check(question, answer, budget)
            if verdict.correct:
                checked.answers.append(answering.describe(question, answer.to_json(), verdict))
    except BurracoError as error:
        checked.too_big = isinstance(error, TooBigError)
        checked.problems.append(answering.sentence(error))
    if not checked.answers and not checked.problems:
        checked.problems.append(gettext("The engine finds no correct answer to this question."))
    return checked


def _board_only(checked: CheckReport, fields: dict[str, Any]) -> None:
    """The board of a position the engine reads, when the question itself is refused."""
    try:
        position = Position.from_json(fields["position"], PRESETS[fields["rules"]])
    except BurracoError:
        return
    from lessons.board import board

    seat = fields.get("viewer", position.to_move)
    checked.context = {"board": board(position, seat=seat), "show_own_hand": True}


def palette(fields: Mapping[str, Any] | None) -> list[list[tuple[Card, int]]]:
    """The 53 cards by suit (the joker last), each with how many copies are still free
    in the position being built."""
    used = Counter(named_cards(fields["position"])) if fields else Counter()
    rows: list[list[tuple[Card, int]]] = []
    for card in ALL_CARDS:
        if not rows or card.suit != rows[-1][0][0].suit:
            rows.append([])
        rows[-1].append((card, max(0, max_copies(card) - used[card])))
    return rows


def with_defaults(data: QueryDict) -> QueryDict:
    """The form's data with the chosen kind's own fields (and, with four players, the two
    more hands) at their first values where the page did not send them (the kind or the
    number of players was just changed), so the form shows what is checked."""
    kind = data.get("kind", "")
    names = [*KIND_FIELDS.get(kind, ())]
    if data.get("players") == "4":
        names += FOUR_PLAYER_FIELDS
    missing = [name for name in names if not data.get(name)]
    if not missing:
        return data
    result = data.copy()
    for name in missing:
        # The cards an attach question asks about are the ones a wildcard question
        # attaches, and the other way round.
        same = data.get(SAME_CARDS.get(name, ""))
        if same:
            result[name] = same
            continue
        if name in data:
            continue
        initial = EditorForm.base_fields[name].initial
        if initial is not None:
            result[name] = str(initial)
    return result


def picked(data: QueryDict) -> QueryDict:
    """The form's data with the palette's card added where the teacher chose.

    Raises :class:`EditorError` for a card or a place that the palette never offers.
    """
    text, target = data.get("pick", ""), data.get("target", "hand")
    try:
        card = str(Card.parse(text[:6]))
    except InvalidNotationError:
        raise EditorError(gettext("That is not a card of the palette.")) from None
    if target not in TARGETS:
        raise EditorError(gettext("Choose where the card goes: one of the places listed."))
    name, how = TARGETS[target]
    result = data.copy()
    value = result.get(name, "")[:1200].rstrip()
    if name in COUNTED and small_int(value.strip(), 3) is not None:
        value = ""
    if how == "append" or (how == "last_line" and value):
        value = f"{value} {card}".strip()
    else:
        value = f"{value}\n{card}".strip()
    result[name] = value
    # The next card joins the meld just begun (6♥ 7♥ 8♥ once made three melds).
    result["target"] = NEXT_TARGET.get(target, target)
    return result


# --- the library ---------------------------------------------------------------------------


def class_rules(teacher: Any, class_pk: int | None = None) -> str:
    """The rules a new puzzle starts with: those of the teacher's class it is made for
    (``class_pk``, ignored when not theirs), else of their latest class still running,
    else the standard rules."""
    classes = Classroom.objects.filter(teacher=teacher)
    chosen = classes.filter(pk=class_pk).first() if class_pk is not None else None
    chosen = chosen or classes.filter(archived_at=None).order_by("-created_at", "-pk").first()
    return chosen.rules if chosen is not None else Rules["STANDARD"].value


def initial_from(puzzle: Puzzle, title: str) -> dict[str, Any]:
    """The editor's fields for a saved puzzle."""
    position, params = puzzle.position, puzzle.params
    hands = position["hands"]
    stock = position["stock"]
    totals = position.get("totals") or [None, None]
    initial: dict[str, Any] = {
        "title": title,
        "kind": puzzle.kind,
        "rules": puzzle.rules,
        "prompt_it": puzzle.prompt_it,
        "prompt_en": puzzle.prompt_en,
        "hint_it": puzzle.hint_it,
        "hint_en": puzzle.hint_en,
        "players": str(position.get("players", 2)),
        "to_move": str(position.get("to_move", 0)),
        "phase": position.get("phase", "play"),
        "hand": " ".join(hands[0]) if isinstance(hands[0], list) else "",
        "my_melds": "\n".join(" ".join(meld) for meld in position["melds"][0]),
        "their_melds": "\n".join(" ".join(meld) for meld in position["melds"][1]),
        "opponent": _hand_text(hands[1]),
        **{
            name: _hand_text(hand)
            for name, hand in zip(FOUR_PLAYER_FIELDS, hands[2:], strict=False)
        },
        "discard": " ".join(position["discard"]),
        "stock": " ".join(stock) if isinstance(stock, list) else str(stock),
        "my_pozzetto": position["pozzetti_taken"][0],
        "their_pozzetto": position["pozzetti_taken"][1],
        "my_total": totals[0],
        "their_total": totals[1],
        "focus": " ".join(params.get("focus", [])),
        "attach": " ".join(params.get("attach", [])),
        "meld": int(params.get("meld", 0)) + 1,
        "side": str(params.get("side", 0)),
        "closed": "" if params.get("closed") is None else str(params["closed"]),
        "ask": params.get("ask", "hand"),
        "hands": str(params.get("hands", 3)),
    }
    goal = params.get("goal")
    initial["lay_goal" if puzzle.kind == "lay-meld" else "pile_goal"] = goal
    return initial


def _hand_text(hand: Any) -> str:
    """A hand as the editor writes it: its cards, or how many when they are hidden."""
    return " ".join(hand) if isinstance(hand, list) else str(hand["count"])


def in_use(entry: LibraryPuzzle) -> bool:
    """Is the puzzle set in an assignment, or has anyone answered it?"""
    return (
        AssignmentItem.objects.filter(puzzle_id=entry.puzzle_id).exists()
        or Attempt.objects.filter(puzzle_id=entry.puzzle_id).exists()
    )


@dataclass(frozen=True)
class Saved:
    entry: LibraryPuzzle
    #: The puzzle was answered already, so the changes were saved as a new puzzle.
    copied: bool


def save(
    owner: Any,
    data: Mapping[str, Any],
    fields: dict[str, Any],
    entry: LibraryPuzzle | None = None,
) -> Saved:
    """Keep the puzzle in the owner's library: a new one, or changes to ``entry`` (as a
    new puzzle when it is set or answered already, so the work done keeps its meaning)."""
    prompt_it = data["prompt_it"].strip() or data["prompt_en"].strip()
    prompt_en = data["prompt_en"].strip() or prompt_it
    hint_it = data["hint_it"].strip() or data["hint_en"].strip()
    hint_en = data["hint_en"].strip() or hint_it
    values = {
        **Puzzle.columns(fields),
        "prompt_it": prompt_it,
        "prompt_en": prompt_en,
        "hint_it": hint_it,
        "hint_en": hint_en,
    }
    answered = entry is not None and in_use(entry)
    with transaction.atomic():
        if entry is not None and not answered:
            Puzzle.objects.filter(pk=entry.puzzle_id).update(**values)
            entry.title = data["title"].strip()
            entry.save(update_fields=["title"])
            return Saved(entry, copied=False)
        puzzle = Puzzle.objects.create(
            slug=f"teacher-{secrets.token_hex(6)}",
            source=Puzzle.Source.TEACHER,
            **values,
        )
        created = LibraryPuzzle.objects.create(
            owner=owner, puzzle=puzzle, title=data["title"].strip()
        )
    return Saved(created, copied=entry is not None)


def remove(entry: LibraryPuzzle) -> None:
    """Take a puzzle out of the library. A puzzle students have answered stays in the
    database (out of every library) so their answers keep their meaning.

    Raises :class:`EditorError` while an assignment uses it.
    """
    if AssignmentItem.objects.filter(puzzle_id=entry.puzzle_id).exists():
        raise EditorError(gettext("An assignment uses this puzzle, so it stays in your library."))
    with transaction.atomic():
        if Attempt.objects.filter(puzzle_id=entry.puzzle_id).exists():
            entry.delete()
        else:
            entry.puzzle.delete()
