"""Reading an answer: the answer form's fields (or a line builder's step) as the engine's
answer (engine.answers), marked by the engine (:func:`engine.puzzles.check`); what is no
answer at all is an :class:`AnswerError`, which the page answers with 400 and a sentence."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext

from burraco_tutor.http import small_int
from engine import answers
from engine import puzzles as engine_puzzles
from engine.actions import Action
from engine.cards import Card, check_copies, sorted_cards
from engine.errors import BurracoError
from engine.puzzles import Kind
from lessons.fields import say, sentence

MAX_CARDS = 30
MAX_ACTIONS = 40
MAX_TEXT = 200


class AnswerError(Exception):
    """A form that is no answer to this puzzle; the view answers 400 with this message."""


class AnswerForm(forms.Form):
    """The answer form of one kind of question: its controls are the kind's template
    (``template``, which every page includes through templates/lessons/answer_form.html), its
    clean gives the engine's typed answer in ``cleaned_data["answer"]``.

    The buttons every kind may send ("none": it cannot be done; "natural" in a wildcard
    question) are read first; then the kind's own fields (:meth:`answer_json`), each missing one
    a sentence for the learner, become the answer's JSON, which the engine reads as the
    kind takes it (:func:`engine.puzzles.read_answer`, the reader content files and the
    judge use too)."""

    template: ClassVar[str]
    #: The kind whose answers the form gives (close and pile questions take the same).
    kind: ClassVar[engine_puzzles.Kind]

    def clean(self) -> dict[str, Any]:
        # The request's POST, as every caller gives it (answer_from_form).
        data = cast(QueryDict, self.data)
        for button in ("none", "natural"):
            if data.get(button, "1") != "1":
                raise forms.ValidationError(gettext("That button does not exist on this page."))
        try:
            written = {"none": True} if data.get("none") else self.answer_json(data)
            return {"answer": engine_puzzles.read_answer(self.kind, written)}
        except AnswerError as error:
            raise forms.ValidationError(str(error)) from None
        except BurracoError as error:
            raise forms.ValidationError(self.unreadable() or sentence(error)) from None

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        """The answer's JSON from the form's fields; raises :class:`AnswerError`."""
        raise NotImplementedError

    def unreadable(self) -> str | None:
        """What to say when the engine cannot read the answer; None: the engine's sentence."""
        return None

    def answer(self) -> answers.Answer:
        """The typed answer; raises :class:`AnswerError` with the form's first error."""
        if not self.is_valid():
            raise AnswerError(next(iter(self.non_field_errors()), ""))
        typed: answers.Answer = self.cleaned_data["answer"]
        return typed


class AttachForm(AnswerForm):
    template = "lessons/answers/attach.html"
    kind = Kind.ATTACH

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        cards = _cards(data)
        return {
            "meld": _text(data, "meld", gettext("Choose the meld to attach to.")),
            "cards": cards,
        }


class LayMeldForm(AnswerForm):
    template = "lessons/answers/lay-meld.html"
    kind = Kind.LAY_MELD

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        return {"cards": _cards(data)}


class WildcardForm(AnswerForm):
    template = "lessons/answers/wildcard.html"
    kind = Kind.WILDCARD

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        if data.get("natural"):
            return {"natural": True}
        return {"stands_for": _text(data, "stands_for", gettext("Choose a card."))}


class ClassifyForm(AnswerForm):
    template = "lessons/answers/classify.html"
    kind = Kind.CLASSIFY

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        return {"burraco": _text(data, "burraco", gettext("Choose an answer."))}


class DiscardForm(AnswerForm):
    template = "lessons/answers/discard.html"
    kind = Kind.DISCARD

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        return {"card": _text(data, "card", gettext("Choose the card to discard."))}


class PileUseForm(AnswerForm):
    template = "lessons/answers/pile-use.html"
    kind = Kind.PILE_USE

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        return {"count": data.get("count", "")[:MAX_TEXT]}

    def unreadable(self) -> str:
        return gettext("Write how many cards, as a whole number such as 2.")


class ScoreForm(AnswerForm):
    template = "lessons/answers/score.html"
    kind = Kind.SCORE

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        if "winner" in data:
            winner = data["winner"]
            if winner not in ("0", "1", "none"):
                raise AnswerError(gettext("Choose a side, or nobody yet."))
            return {"winner": None if winner == "none" else winner}
        # The minus sign as typography writes it, too.
        return {"score": data.get("score", "")[:MAX_TEXT].replace("−", "-")}


class LineForm(AnswerForm):
    """A close or pile question: the line of play built so far (its builder's steps are
    read by :func:`build_line`)."""

    template = "lessons/answers/line.html"
    kind = Kind.CLOSE

    def answer_json(self, data: QueryDict) -> dict[str, Any]:
        return {"actions": line_from_form(data)}


#: The answer form of each kind of question.
FORMS: dict[engine_puzzles.Kind, type[AnswerForm]] = {
    Kind.ATTACH: AttachForm,
    Kind.LAY_MELD: LayMeldForm,
    Kind.WILDCARD: WildcardForm,
    Kind.CLASSIFY: ClassifyForm,
    Kind.DISCARD: DiscardForm,
    Kind.PILE_USE: PileUseForm,
    Kind.SCORE: ScoreForm,
    Kind.CLOSE: LineForm,
    Kind.PILE: LineForm,
}


def answer_from_form(kind: engine_puzzles.Kind, data: QueryDict) -> answers.Answer:
    """The engine's answer (engine.answers, docs/content.md) from the kind's answer form.

    Raises :class:`AnswerError` for a form that names nothing answerable.
    """
    return FORMS[kind](data).answer()


def line_from_form(data: QueryDict) -> list[str]:
    """The actions played so far in a close or pile puzzle (a JSON list in the form)."""
    raw = data.get("line", "[]")
    try:
        line = json.loads(raw) if len(raw) < 4000 else None
    except ValueError:
        line = None
    if not isinstance(line, list) or len(line) > MAX_ACTIONS:
        raise AnswerError(gettext("The moves sent are not a list of moves."))
    if not all(isinstance(action, str) and len(action) < MAX_TEXT for action in line):
        raise AnswerError(gettext("The moves sent are not a list of moves."))
    try:
        actions = [Action.parse(action) for action in line]
        for action in actions:
            check_copies(action.cards)
    except BurracoError as error:
        raise AnswerError(sentence(error)) from None
    return [str(action) for action in actions]


def _cards(data: QueryDict) -> list[str]:
    cards = data.getlist("cards")
    if not cards:
        raise AnswerError(gettext("Choose at least one card from your hand."))
    if len(cards) > MAX_CARDS or any(len(card) > 8 for card in cards):
        raise AnswerError(gettext("That is more cards than a hand holds."))
    return cards


def _text(data: QueryDict, name: str, missing: str) -> str:
    value = data.get(name, "").strip()
    if not value or len(value) > MAX_TEXT:
        raise AnswerError(missing)
    return value


@dataclass(frozen=True)
class Submission:
    """What a posted answer form says: an answer and the engine's verdict on it, or, in a
    close or pile question, a line of play that is not over yet (``verdict`` None): a
    move the engine refuses is not marked either, but shown with the engine's reason to be
    taken back (``played.refusal``; :func:`page_context` splits it from the good moves)."""

    answer: dict[str, Any] = field(default_factory=dict)
    verdict: engine_puzzles.Verdict | None = None
    line: list[str] = field(default_factory=list)
    played: engine_puzzles.Line | None = None


def read_answer(question: engine_puzzles.Puzzle, data: QueryDict) -> Submission:
    """The answer a form posts (a line builder's move, or the answer form), marked by the
    engine; raises :class:`AnswerError` when it is no answer at all."""
    built = build_line(question, data)
    refusal = built[1].refusal if built is not None else None
    if refusal is not None and refusal.code in FORGED_CODES:
        raise AnswerError(say(refusal.code, refusal.params))
    if built is not None and (not built[1].finished or refusal is not None):
        return Submission(line=built[0], played=built[1])
    typed = (
        answers.Line(tuple(built[0]))
        if built is not None
        else answer_from_form(question.kind, data)
    )
    return Submission(typed.to_json(), mark(question, typed))


def mark(puzzle: engine_puzzles.Puzzle, answer: answers.Answer) -> engine_puzzles.Verdict:
    """The engine's verdict on the typed answer; raises :class:`AnswerError` when it is no
    answer at all, or a forged one: a card the hand never held, a wildcard standing for a
    card not offered."""
    try:
        verdict = engine_puzzles.check(puzzle, answer)
    except BurracoError as error:
        raise AnswerError(sentence(error)) from None
    if verdict.code in FORGED_CODES:
        raise AnswerError(say(verdict.code, verdict.params))
    stands_for = answer.stands_for if isinstance(answer, answers.Wildcard) else None
    if stands_for is not None and stands_for not in map(str, wild_choices(puzzle)):
        raise AnswerError(gettext("Choose a card."))
    return verdict


#: Refusals that no control of the page can produce: the answer was written by hand.
FORGED_CODES = frozenset({"not_in_hand"})


def wild_choices(question: engine_puzzles.Puzzle) -> list[Card]:
    """The cards a wildcard question offers (the engine's stand_in_choices)."""
    return list(question.stand_in_choices)


def chosen_cards(question: engine_puzzles.Puzzle, texts: list[str]) -> list[Card]:
    """The cards of a choice that the learner's hand really holds, in the hand's order;
    anything else in the request is left out (a preview refuses nothing)."""
    wanted: Counter[Card] = Counter()
    for text in texts[:MAX_CARDS]:
        try:
            wanted[Card.parse(text)] += 1
        except BurracoError:
            continue
    position = question.position
    hand = position.hands[question.viewer]
    chosen = []
    for card in sorted_cards(hand if isinstance(hand, tuple) else ()):
        if wanted[card]:
            wanted[card] -= 1
            chosen.append(card)
    return chosen


#: The line builder's buttons in a close or pile question ("back" takes back a refused move).
LINE_OPS = ("meld", "attach", "discard", "draw", "pile", "undo", "back")


def build_line(
    question: engine_puzzles.Puzzle, data: QueryDict
) -> tuple[list[str], engine_puzzles.Line] | None:
    """For a close or pile question and one of the line builder's buttons: the moves after
    it and how far they got (:func:`engine.puzzles.follow`); None for any other answer."""
    op = data.get("op", "")
    if question.kind not in (Kind.CLOSE, Kind.PILE) or op not in LINE_OPS:
        return None
    line = extend_line(question, data, op)
    try:
        return line, engine_puzzles.follow(question, line)
    except BurracoError as error:  # moves that name no action: written by hand
        raise AnswerError(sentence(error)) from None


def line_so_far(
    question: engine_puzzles.Puzzle, data: QueryDict
) -> tuple[list[str], engine_puzzles.Line | None]:
    """The moves a close or pile question's form carried, played (for a page that refuses
    the next step, so the moves before it stand); nothing when there are none to keep."""
    if question.kind not in (Kind.CLOSE, Kind.PILE):
        return [], None
    try:
        line = line_from_form(data)
        played = engine_puzzles.follow(question, line)
    except (AnswerError, BurracoError):
        return [], None
    if played.finished:
        return [], None
    return line, played


def extend_line(question: engine_puzzles.Puzzle, data: QueryDict, op: str) -> list[str]:
    """The line of play after one more step of the line builder (close and pile puzzles).

    Raises :class:`AnswerError` when the form does not say which cards or meld.
    """
    line = line_from_form(data)
    if op == "back":
        return line
    if op == "undo":
        return line[:-1]
    if op in ("draw", "pile"):
        return [*line, op]
    cards = " ".join(_cards(data))
    if op == "discard":
        if len(data.getlist("cards")) != 1:
            raise AnswerError(gettext("Choose exactly one card to discard."))
        return [*line, f"discard {cards}"]
    if op == "meld":
        return [*line, f"meld {cards}"]
    meld = small_int(data.get("meld", ""), 3)
    if meld is None:
        raise AnswerError(gettext("Choose the meld to attach to."))
    return [*line, f"attach {meld} {cards}"]
