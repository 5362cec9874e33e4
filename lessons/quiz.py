"""Answering puzzles: reading an answer from a form, asking the engine, keeping the attempt.

Views stay thin: they hand the request here. The engine marks every answer
(:func:`engine.puzzles.check`); this module only turns form fields into the engine's answer,
renders the verdict in the learner's language and records the attempt.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.db import transaction
from django.db.models import Exists, F, OuterRef, Value
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from burraco_tutor.http import small_int
from engine import answers
from engine import puzzles as engine_puzzles
from engine.actions import Action, ActionKind
from engine.budget import Budget
from engine.cards import ALL_CARDS, Card, check_copies, sorted_cards
from engine.errors import BurracoError, Refusal
from engine.melds import Meld
from engine.messages import MESSAGES, render
from engine.state import Position
from lessons import tracking, versioned
from lessons.board import board
from lessons.fields import sentence
from lessons.learners import learner_fields, learner_filter, owner_filter, visitor_key
from lessons.models import Attempt, Puzzle
from lessons.rulebook import theme_title

MAX_CARDS = 30
MAX_ACTIONS = 40
MAX_TEXT = 200
KIND = engine_puzzles.Kind


class AnswerError(Exception):
    """A form that is no answer to this puzzle; the view answers 400 with this message."""


@dataclass(frozen=True)
class Feedback:
    """A verdict ready to show: the sentence, the rule and where it is taught."""

    verdict: engine_puzzles.Verdict
    message: str
    rule: str | None
    rule_title: str

    @property
    def correct(self) -> bool:
        return self.verdict.correct

    @property
    def lesson_url(self) -> str | None:
        """The step that teaches the rule, looked up when a page links it (the teacher's
        pages show many verdicts and link none)."""
        return versioned.lesson_url(self.rule) if self.rule else None


def answer_from_form(kind: engine_puzzles.Kind, data: QueryDict) -> answers.Answer:
    """The engine's answer (engine.answers, docs/content.md) from the answer form's fields.

    Raises :class:`AnswerError` for a form that names nothing answerable.
    """
    for button in ("none", "natural"):
        if data.get(button, "1") != "1":
            raise AnswerError(gettext("That button does not exist on this page."))
    if data.get("none"):
        return answers.CannotBeDone()
    if kind in (KIND.ATTACH, KIND.LAY_MELD):
        cards = tuple(_cards(data))
        if kind is KIND.LAY_MELD:
            return answers.LayMeld(cards)
        meld = small_int(data.get("meld", ""), 3)
        if meld is None:
            raise AnswerError(gettext("Choose the meld to attach to."))
        return answers.Attach(meld, cards)
    if kind is KIND.WILDCARD:
        if data.get("natural"):
            return answers.Wildcard(None)
        return answers.Wildcard(_text(data, "stands_for", gettext("Choose a card.")))
    if kind is KIND.CLASSIFY:
        return answers.Classify(_text(data, "burraco", gettext("Choose an answer.")))
    if kind is KIND.DISCARD:
        return answers.Discard(_text(data, "card", gettext("Choose the card to discard.")))
    if kind is KIND.PILE_USE:
        count = small_int(data.get("count", "").strip(), 3)
        if count is None:
            raise AnswerError(gettext("Write how many cards, as a whole number such as 2."))
        return answers.PileUse(count)
    if kind is KIND.SCORE:
        if "winner" in data:
            winner = data["winner"]
            if winner not in ("0", "1", "none"):
                raise AnswerError(gettext("Choose a side, or nobody yet."))
            return answers.Winner(None if winner == "none" else int(winner))
        text = data.get("score", "").strip().replace("−", "-")
        score = small_int(text.removeprefix("-"), 5)
        if score is None:
            raise AnswerError(gettext("Write the score as a whole number, such as 345 or -120."))
        return answers.Score(-score if text.startswith("-") else score)
    return answers.Line(tuple(line_from_form(data)))


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
class Posted:
    """What a posted answer form says: an answer and the engine's verdict on it, or, in a
    close or pile question, a line of play that is not over yet (``verdict`` None): a
    move the engine refuses is not marked either, but shown with the engine's reason to be
    taken back (``played.refusal``; :func:`page_context` splits it from the good moves)."""

    answer: dict[str, Any] = field(default_factory=dict)
    verdict: engine_puzzles.Verdict | None = None
    line: list[str] = field(default_factory=list)
    played: engine_puzzles.Line | None = None


def read_answer(question: engine_puzzles.Puzzle, data: QueryDict) -> Posted:
    """The answer a form posts (a line builder's move, or the answer form), marked by the
    engine; raises :class:`AnswerError` when it is no answer at all."""
    built = build_line(question, data)
    refusal = built[1].refusal if built is not None else None
    if refusal is not None and refusal.code in FORGED_CODES:
        raise AnswerError(render(refusal.code, refusal.params, gettext))
    if built is not None and (not built[1].finished or refusal is not None):
        return Posted(line=built[0], played=built[1])
    typed = (
        answers.Line(tuple(built[0]))
        if built is not None
        else answer_from_form(question.kind, data)
    )
    answer = typed.to_json()
    return Posted(answer, mark(question, answer))


def mark(puzzle: engine_puzzles.Puzzle, answer: Mapping[str, Any]) -> engine_puzzles.Verdict:
    """The engine's verdict; raises :class:`AnswerError` when it is no answer at all, or a
    forged one: a card the hand never held, a wildcard standing for a card not offered."""
    try:
        verdict = engine_puzzles.check(puzzle, answer)
    except BurracoError as error:
        raise AnswerError(sentence(error)) from None
    if verdict.code in FORGED_CODES:
        raise AnswerError(render(verdict.code, verdict.params, gettext))
    if "stands_for" in answer and str(answer["stands_for"]) not in map(str, wild_choices(puzzle)):
        raise AnswerError(gettext("Choose a card."))
    return verdict


#: Refusals that no control of the page can produce: the answer was written by hand.
FORGED_CODES = frozenset({"not_in_hand"})


def wild_choices(question: engine_puzzles.Puzzle) -> list[Card]:
    """The cards a wildcard question offers: every card of the meld's suit."""
    if question.kind is not KIND.WILDCARD:
        return []
    suit = question.side_melds[question.meld].suit
    return [card for card in ALL_CARDS if card.suit is suit and card.rank]


class KeptAnswer(Protocol):
    """An answer as kept: an Attempt, or a row read from one (classroom.progress)."""

    answer: Any
    correct: bool
    code: str
    rule: str
    verdict: Any


def kept_verdict(attempt: KeptAnswer) -> engine_puzzles.Verdict:
    """The engine's verdict on a kept answer, as it was when the answer was marked: no page
    marks a kept answer again (a close or pile question's check is a search). An attempt
    kept before verdicts were (lessons migration 0004) gives its code and rule only: no
    sentence's details, no meld drawn, no correct answer beside it."""
    if attempt.verdict:
        try:
            return engine_puzzles.Verdict.from_json(attempt.verdict)
        except ValueError:
            pass
    return engine_puzzles.Verdict(attempt.correct, attempt.code, attempt.rule or None)


def feedback(verdict: engine_puzzles.Verdict) -> Feedback:
    """The verdict in the learner's language, with a link to the step that teaches its rule."""
    if verdict.correct:
        message = gettext("Correct!")
    elif not verdict.params and "{" in MESSAGES.get(verdict.code, ""):
        # A verdict kept without its details (kept_verdict): no sentence with gaps in it.
        message = gettext("Not right: this answer breaks a rule.")
    else:
        message = render(verdict.code, verdict.params, gettext)
    rule = verdict.rule
    return Feedback(
        verdict=verdict,
        message=message,
        rule=rule,
        rule_title=theme_title(rule) if rule else "",
    )


def feedback_of(refusal: Refusal) -> Feedback:
    """A refused move of a line of play in the learner's language, with its rule."""
    verdict = engine_puzzles.Verdict(False, refusal.code, refusal.rule or None, refusal.params)
    return feedback(verdict)


@dataclass(frozen=True)
class Refused:
    """A move of a line of play that the engine refused, and why."""

    move: Move
    said: Feedback


def own_attempt(request: HttpRequest, puzzle: Puzzle, pk: str) -> Attempt | None:
    """One of this learner's attempts at this puzzle, named by ``?attempt=`` after an answer
    posted without JavaScript; anyone else's, or no number, is simply not shown."""
    number = small_int(pk, 12)
    if number is None:
        return None
    return Attempt.objects.filter(learner_filter(request), puzzle=puzzle, pk=number).first()


def started(request: HttpRequest, puzzle: Puzzle) -> None:
    """Remember when the learner opened the puzzle, to time the answer."""
    request.session[f"started:{puzzle.pk}"] = time.time()


def hint_used(request: HttpRequest, puzzle: Puzzle) -> bool:
    return bool(request.session.get(f"hint:{puzzle.pk}"))


def use_hint(request: HttpRequest, puzzle: Puzzle) -> None:
    """Show the hint; the next attempt at this puzzle is then not rated."""
    request.session[f"hint:{puzzle.pk}"] = True


def record(
    request: HttpRequest, puzzle: Puzzle, answer: Mapping[str, Any], verdict: engine_puzzles.Verdict
) -> Attempt:
    """Keep the attempt, with the engine's verdict (pages show it from the row, never marking
    it again). Only a learner's first attempt at a puzzle, without a hint or a refused move
    taken back (:func:`refused_move`), is rated, and a puzzle's rating moves once per
    visitor: an anonymous answer from an address whose answer at this puzzle was rated
    already (a fresh session, a cleared cookie) is not rated, and an account's first answer
    after an anonymous one from its address moves only the learner.
    The row lock on the puzzle makes two tabs answering at once agree on which.
    A rated attempt moves the learner's (and the puzzle's) ratings (lessons.tracking)."""
    began = request.session.pop(f"started:{puzzle.pk}", None)
    seconds = round(time.time() - began, 1) if isinstance(began, int | float) else None
    hinted = bool(request.session.pop(f"hint:{puzzle.pk}", False))
    refused = bool(request.session.pop(REFUSED_KEY % puzzle.pk, False))
    fields = learner_fields(request)
    visitor = visitor_key(request)
    with transaction.atomic():
        # The play counted takes the puzzle's lock; then, in one query that sees every
        # answer committed before it, the puzzle's rating and the earlier answers.
        Puzzle.objects.filter(pk=puzzle.pk).update(plays=F("plays") + 1)
        row = _earlier(puzzle, fields, visitor)
        puzzle.rating, puzzle.rating_deviation, puzzle.volatility = (
            row["rating"],
            row["rating_deviation"],
            row["volatility"],
        )
        first = not row["answered"]
        moved = first and not hinted and not refused and not row["rated_from"]
        attempt = Attempt.objects.create(
            **fields,
            puzzle=puzzle,
            answer=dict(answer),
            correct=verdict.correct,
            code=verdict.code,
            rule="" if verdict.correct else (verdict.rule or ""),
            seconds=seconds if seconds is None or 0 <= seconds < 86_400 else None,
            hint_used=hinted,
            rated=first and not hinted and not refused and (moved or fields["user"] is not None),
            verdict=verdict.to_json(),
            visitor=visitor,
        )
        # Ratings and the review queue move in this transaction, under the puzzle's lock.
        rating = tracking.attempt_recorded(request, puzzle, attempt, puzzle_moves=moved)
        if rating is not None:
            Puzzle.objects.filter(pk=puzzle.pk).update(
                rating=rating.rating,
                rating_deviation=rating.deviation,
                volatility=rating.volatility,
            )
        return attempt


def _earlier(puzzle: Puzzle, fields: Mapping[str, Any], visitor: str) -> dict[str, Any]:
    """The puzzle's rating (its row locked by the caller), whether this learner answered it
    before (``answered``) and whether an answer from this
    visitor's address already moved its rating (``rated_from``). For an account, only
    anonymous answers count there (classmates share a school's address)."""
    mine = Attempt.objects.filter(owner_filter(fields), puzzle=OuterRef("pk"))
    theirs = Attempt.objects.filter(puzzle=OuterRef("pk"), visitor=visitor, rated=True)
    if fields["user"] is not None:
        theirs = theirs.filter(user=None)
    return (
        Puzzle.objects.annotate(
            answered=Exists(mine),
            rated_from=Exists(theirs) if visitor else Value(False),
        )
        .values("rating", "rating_deviation", "volatility", "answered", "rated_from")
        .get(pk=puzzle.pk)
    )


def chosen_cards(question: engine_puzzles.Puzzle, texts: list[str]) -> list[Card]:
    """The cards of a choice that the learner's hand really holds, in the hand's order;
    anything else in the request is left out (a preview refuses nothing)."""
    wanted = Counter()
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

#: The session key that marks an attempt in which the engine refused a move (unrated).
REFUSED_KEY = "refused:%s"


def refused_move(request: HttpRequest, puzzle: Puzzle) -> None:
    """A move of the line was refused and taken back: this attempt will not be rated."""
    request.session[REFUSED_KEY % puzzle.pk] = True


def build_line(
    question: engine_puzzles.Puzzle, data: QueryDict
) -> tuple[list[str], engine_puzzles.Line] | None:
    """For a close or pile question and one of the line builder's buttons: the moves after
    it and how far they got (:func:`engine.puzzles.follow`); None for any other answer."""
    op = data.get("op", "")
    if question.kind not in (KIND.CLOSE, KIND.PILE) or op not in LINE_OPS:
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
    if question.kind not in (KIND.CLOSE, KIND.PILE):
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


def page_context(
    question: engine_puzzles.Puzzle,
    attempt: KeptAnswer | None,
    line: list[str],
    played: engine_puzzles.Line | None,
    verdict: engine_puzzles.Verdict | None = None,
) -> dict[str, Any]:
    """What the puzzle page draws: the board (after the moves so far), the answer's
    choices, and the feedback on an attempt with the answers drawn (``verdict``: the
    engine's on that attempt, when the caller has it; else the one kept with it)."""
    position = question.position if played is None else played.position
    refused = None
    if played is not None and played.refusal is not None and played.played < len(line):
        # The refused move is shown with the engine's reason, to be taken back: the form
        # carries the good moves only.
        refused = Refused(moves([line[played.played]])[0], feedback_of(played.refusal))
        line = line[: played.played]
    # A wildcard or classify question marks the meld it asks about.
    marked = question.kind in (KIND.WILDCARD, KIND.CLASSIFY)
    context: dict[str, Any] = {
        "question": question,
        "kind": question.kind.value,
        # The answer's controls: one template a kind (templates/lessons/answer_form.html).
        "answer_template": f"lessons/answers/{question.kind.value}.html",
        "board": board(
            position,
            changed=question.meld if marked else None,
            seat=question.viewer,
            # Which burraco a meld is, is the classify question's answer.
            burracos=question.kind is not KIND.CLASSIFY,
        ),
        "line": moves(line),
        "line_json": json.dumps(line),
        "refused": refused,
        "feedback": None,
        # Kinds whose answer is no choice of cards still show the learner's hand.
        "show_own_hand": question.kind in (KIND.WILDCARD, KIND.CLASSIFY, KIND.SCORE, KIND.PILE_USE),
    }
    if question.kind is KIND.WILDCARD:
        context["wild_meld"] = question.meld + 1
        context["wild_choices"] = wild_choices(question)
        context["pinella_involved"] = question.natural_possible
        context["attached"] = question.attached
    if question.kind is KIND.CLASSIFY:
        context["burraco_choices"] = list(BURRACO_LABELS.items())
    if question.kind is KIND.DISCARD:
        # One radio button a card: the same card twice is one choice.
        context["discard_choices"] = list(dict.fromkeys(sorted_cards(question.position.hand)))
    if question.kind is KIND.SCORE:
        mine = question.viewer % 2
        labels = SCORE_LABELS if question.side == mine else THEIR_SCORE_LABELS
        context["score_label"] = labels[question.ask]
        theirs = 1 - mine
        context["winner_choices"] = [
            (mine, gettext("Your side")),
            (theirs, gettext("The other side")),
            ("none", gettext("Nobody yet: the game goes on")),
        ]
    if attempt is not None:
        verdict = verdict or kept_verdict(attempt)
        context["board"] = _board_after(question, verdict) or context["board"]
        context["feedback"] = feedback(verdict)
        context["attempt"] = attempt
        context["given"] = describe(question, attempt.answer, verdict)
        if verdict.solution is not None:
            context["solution"] = describe(question, verdict.solution, None)
            context["solution_board"] = solution_board(question, verdict)
    return context


def solution_board(question: engine_puzzles.Puzzle, verdict: engine_puzzles.Verdict) -> Any:
    """The board with the verdict's correct answer played, the engine playing it: a line's
    moves, the cards attached or laid down, the meld the wildcard question makes. None
    where the answer changes nothing on the table ("it cannot be done", a score)."""
    solution = verdict.solution or {}
    changed = None
    if isinstance(solution.get("actions"), list):
        actions = [str(action) for action in solution["actions"]]
    elif "cards" in solution and question.kind in (KIND.ATTACH, KIND.LAY_MELD):
        cards = " ".join(str(card) for card in solution["cards"])
        if "meld" in solution:
            changed = int(solution["meld"])
            actions = [f"attach {changed} {cards}"]
        else:
            changed = len(question.side_melds)
            actions = [f"meld {cards}"]
    elif question.kind is KIND.WILDCARD and "arrangement" in verdict.detail:
        melds = list(question.side_melds)
        melds[question.meld] = Meld.parse(verdict.detail["arrangement"], question.rules)
        return board(
            question.position, changed=question.meld, melds=tuple(melds), seat=question.viewer
        )
    else:
        return None
    try:
        played = engine_puzzles.follow(question, actions, Budget())
    except BurracoError:
        return None
    if played.refusal is not None or played.overrun is not None:
        return None
    return board(played.position, changed=changed, seat=question.viewer)


def _board_after(question: engine_puzzles.Puzzle, verdict: engine_puzzles.Verdict) -> Any:
    """The board with a correct answer played: the line's position, or the meld it made."""
    if not verdict.correct:
        return None
    detail = verdict.detail
    if "position" in detail:
        # Seen by the learner still: after the turn's last discard the seat to move is theirs
        # no more, and the board drew the other side's melds as the learner's.
        return board(Position.from_json(detail["position"]), seat=question.viewer)
    if "meld" in detail and "arrangement" in detail:
        melds = list(question.side_melds)
        index = int(detail["meld"])
        before = melds[index]
        melds[index] = Meld.parse(detail["arrangement"], question.rules)
        # The cards attached left the hand (issue 18: the 9♥ was drawn in both places).
        played = tuple((Counter(melds[index].cards) - Counter(before.cards)).elements())
        return board(
            question.position,
            changed=index,
            melds=tuple(melds),
            seat=question.viewer,
            played=played,
        )
    return None


@dataclass(frozen=True)
class Move:
    """One action of a line of play, in words and cards."""

    text: str
    cards: tuple[str, ...]


def moves(actions: list[str]) -> list[Move]:
    """A line of play as people read it: "Attach to meld 1" and the cards."""
    result = []
    for text in actions:
        action = Action.parse(text)
        cards = tuple(str(card) for card in action.cards)
        if action.kind is ActionKind.DRAW:
            words = gettext("Draw") if cards else gettext("Draw from the stock")
        elif action.kind is ActionKind.PILE:
            words = gettext("Take the whole discard pile")
        elif action.kind is ActionKind.MELD:
            words = gettext("Lay down")
        elif action.kind is ActionKind.ATTACH:
            words = gettext("Attach to meld %(number)s") % {"number": (action.meld or 0) + 1}
        else:
            words = gettext("Discard")
        result.append(Move(words, cards))
    return result


@dataclass(frozen=True)
class Described:
    """An answer in words and cards, to draw next to another."""

    text: str
    cards: tuple[str, ...] = ()
    melds: tuple[tuple[str, ...], ...] = ()
    actions: tuple[Move, ...] = ()

    def plain(self) -> str:
        """The answer as one line of text, cards as people write them (for a spreadsheet):
        "Attach to meld 1: 10♣ 7♣", "Moves: Lay down J♠ Q♠ K♠; Discard 5♦"."""

        def symbols(cards: tuple[str, ...]) -> str:
            return " ".join(Card.parse(card).symbol for card in cards)

        if self.actions:
            steps = (f"{move.text} {symbols(move.cards)}".strip() for move in self.actions)
            played = "; ".join(steps)
            return f"{self.text} {played}"
        return f"{self.text} {symbols(self.cards)}".strip()


def describe(
    question: engine_puzzles.Puzzle,
    answer: Mapping[str, Any],
    verdict: engine_puzzles.Verdict | None,
) -> Described:
    """An answer as the board draws it: the cards chosen, the meld they make. The answer is
    read as the puzzle's kind takes it (engine.answers), not guessed from its keys."""
    detail = verdict.detail if verdict is not None else {}
    arrangement = tuple(detail.get("arrangement", ()))
    try:
        typed = answers.read(question.kind.value, answer)
    except BurracoError:
        return Described("")
    match typed:
        case answers.CannotBeDone():
            return Described(gettext("It cannot be done."))
        case answers.Line(actions):
            return Described(gettext("Moves:"), actions=tuple(moves(list(actions))))
        case answers.Attach(meld, cards):
            text = gettext("Attach to meld %(number)s:") % {"number": meld + 1}
            return Described(text, cards, (arrangement,) if arrangement else ())
        case answers.LayMeld(cards):
            return Described(gettext("Lay down:"), cards)
        case answers.Wildcard(None):
            return Described(gettext("The 2 becomes a natural card."))
        case answers.Wildcard(str() as card):
            return Described(gettext("The wildcard stands for:"), (card,))
        case answers.Discard(card):
            return Described(gettext("Discard:"), (card,))
        case answers.PileUse(count):
            return Described(
                gettext("Cards of the pile you could use at once: %(count)s") % {"count": count},
                tuple(detail.get("cards", ())),
            )
        case answers.Classify(burraco):
            return Described(str(BURRACO_LABELS.get(burraco, burraco)))
        case answers.Winner(None):
            return Described(gettext("Nobody yet: the game goes on"))
        case answers.Winner(side):
            mine = side == question.viewer % 2
            return Described(gettext("Your side") if mine else gettext("The other side"))
        case answers.Score(score):
            return Described(str(score))
    return Described("")


SCORE_LABELS = {
    "hand": _("Your side's score for this hand"),
    "total": _("Your side's running total after this hand"),
    "match_points": _("Your side's match points"),
    "victory_points": _("Your side's victory points"),
    "winner": _("The winner"),
}
THEIR_SCORE_LABELS = {
    "hand": _("The other side's score for this hand"),
    "total": _("The other side's running total after this hand"),
    "match_points": _("The other side's match points"),
    "victory_points": _("The other side's victory points"),
    "winner": _("The winner"),
}
BURRACO_LABELS = {
    "clean": _("A clean burraco (pulito)"),
    "dirty": _("A dirty burraco (sporco)"),
    "semi-clean": _("A semi-clean burraco (semipulito)"),
    "none": _("Not a burraco"),
}
