"""Showing an answer: the verdict in the learner's (or the teacher's) language, the answer
and the correct one in words and cards, and the board after it (page_context: what every
page that asks a question draws, from the puzzle page to an assignment's item)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from engine import answers
from engine import puzzles as engine_puzzles
from engine.actions import Action, ActionKind
from engine.answers import Drawn
from engine.budget import Budget
from engine.cards import Card, sorted_cards
from engine.errors import BurracoError, Refusal
from engine.melds import Meld
from engine.messages import has_gaps
from engine.state import Position, side_of
from lessons import models, versioned
from lessons.answering.reading import FORMS, wild_choices
from lessons.board import board
from lessons.fields import say
from lessons.rulebook import theme_title

MAX_CARDS = 30
MAX_ACTIONS = 40
MAX_TEXT = 200
KIND = engine_puzzles.Kind


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


class KeptAnswer(Protocol):
    """An answer as kept: an Attempt, or a row read from one (classroom.progress), which
    is frozen: the members are read, never set."""

    @property
    def answer(self) -> Any: ...

    @property
    def correct(self) -> bool: ...

    @property
    def code(self) -> str: ...

    @property
    def rule(self) -> str: ...

    @property
    def verdict(self) -> Any: ...


def kept_verdict(attempt: KeptAnswer) -> engine_puzzles.Verdict:
    """The engine's verdict on a kept answer, as it was when the answer was marked, from
    its columns (lessons.models.kept_verdict): no page marks a kept answer again (a close
    or pile question's check is a search)."""
    return models.kept_verdict(attempt.correct, attempt.code, attempt.rule, attempt.verdict)


def feedback(verdict: engine_puzzles.Verdict) -> Feedback:
    """The verdict in the learner's language, with a link to the step that teaches its rule."""
    if verdict.correct:
        message = gettext("Correct!")
    elif not verdict.params and has_gaps(verdict.said):
        # A verdict kept without its details (kept_verdict): no sentence with gaps in it.
        message = gettext("Not right: this answer breaks a rule.")
    else:
        message = say(verdict.said, verdict.params)
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
    if attempt is not None:
        verdict = verdict or kept_verdict(attempt)
    # The board after a right answer, else the question's (a wildcard or classify question
    # marks the meld it asks about): one drawn, not both.
    after = _board_after(question, verdict) if attempt is not None and verdict else None
    marked = question.kind in (KIND.WILDCARD, KIND.CLASSIFY)
    if after is None and played is None:
        # The question's own board, drawn once (a line's moves so far are drawn each time).
        after = _kept_board(
            question,
            "question",
            lambda: board(
                position,
                changed=question.meld if marked else None,
                seat=question.viewer,
                # Which burraco a meld is, is the classify question's answer.
                burracos=question.kind is not KIND.CLASSIFY,
            ),
        )
    context: dict[str, Any] = {
        "question": question,
        "kind": question.kind.value,
        # The answer's controls: the kind's form's template (templates/lessons/answer_form.html).
        "answer_template": FORMS[question.kind].template,
        "board": after
        or board(
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
        mine = side_of(question.viewer)
        two = question.position.heads_up
        if question.side == mine:
            labels = MY_SCORE_LABELS if two else SCORE_LABELS
        else:
            labels = OPPONENT_SCORE_LABELS if two else THEIR_SCORE_LABELS
        context["score_label"] = labels[question.ask]
        theirs = 1 - mine
        context["winner_choices"] = [
            (mine, _side_name(question, mine=True)),
            (theirs, _side_name(question, mine=False)),
            ("none", gettext("Nobody yet: the game goes on")),
        ]
    if attempt is not None and verdict is not None:
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
    elif question.kind is KIND.WILDCARD and verdict.drawn.arrangement:
        melds = list(question.side_melds)
        melds[question.meld] = Meld.parse(list(verdict.drawn.arrangement), question.rules)
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
    drawn = verdict.drawn
    if drawn.position is not None:
        # Seen by the learner still: after the turn's last discard the seat to move is theirs
        # no more, and the board drew the other side's melds as the learner's.
        return board(Position.from_json(drawn.position), seat=question.viewer)
    if drawn.meld is not None and drawn.arrangement:
        meld, arrangement = drawn.meld, tuple(drawn.arrangement)
        return _kept_board(
            question, (meld, arrangement), lambda: _board_with(question, meld, arrangement)
        )
    return None


def _board_with(question: engine_puzzles.Puzzle, index: int, arrangement: tuple[str, ...]) -> Any:
    """The question's board with the learner's meld ``index`` arranged as ``arrangement``."""
    melds = list(question.side_melds)
    before = melds[index]
    melds[index] = Meld.parse(list(arrangement), question.rules)
    # The cards attached left the hand (the 9♥ was once drawn in both places).
    played = tuple((Counter(melds[index].cards) - Counter(before.cards)).elements())
    return board(
        question.position,
        changed=index,
        melds=tuple(melds),
        seat=question.viewer,
        played=played,
    )


#: Boards drawn for a question, by the question's id, what was drawn (the question itself,
#: or a meld arranged) and the language (the seats' names are in it), each beside its
#: question, to be sure the id is still that question's: the puzzles kept in memory
#: (lessons.versioned) are asked again and again, and a board is a frozen value.
_boards: dict[tuple[int, Any, str | None], tuple[engine_puzzles.Puzzle, Any]] = {}
#: Boards kept at most; then they are all forgotten.
KEPT_BOARDS = 1024


def _kept_board(question: engine_puzzles.Puzzle, what: Any, make: Callable[[], Any]) -> Any:
    """The board ``make`` draws of ``question`` (``what`` names which), drawn once."""
    key = (id(question), what, get_language())
    found = _boards.get(key)
    if found is not None and found[0] is question:
        return found[1]
    made = make()
    if len(_boards) >= KEPT_BOARDS:
        _boards.clear()
    _boards[key] = (question, made)
    return made


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
class Description:
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
) -> Description:
    """An answer as the board draws it: the cards chosen, the meld they make. The answer is
    read as the puzzle's kind takes it (engine.answers), not guessed from its keys."""
    drawn = verdict.drawn if verdict is not None else Drawn()
    arrangement = drawn.arrangement
    try:
        typed = answers.read(question.kind.value, answer)
    except BurracoError:
        return Description("")
    match typed:
        case answers.CannotBeDone():
            return Description(gettext("It cannot be done."))
        case answers.Line(actions):
            return Description(gettext("Moves:"), actions=tuple(moves(list(actions))))
        case answers.Attach(meld, cards):
            text = gettext("Attach to meld %(number)s:") % {"number": meld + 1}
            return Description(text, cards, (arrangement,) if arrangement else ())
        case answers.LayMeld(cards):
            return Description(gettext("Lay down:"), cards)
        case answers.Wildcard(None):
            return Description(gettext("The 2 becomes a natural card."))
        case answers.Wildcard(str() as card):
            return Description(gettext("The wildcard stands for:"), (card,))
        case answers.Discard(card):
            return Description(gettext("Discard:"), (card,))
        case answers.PileUse(count):
            return Description(
                gettext("Cards of the pile you could use at once: %(count)s") % {"count": count},
                drawn.cards,
            )
        case answers.Classify(burraco):
            return Description(str(BURRACO_LABELS.get(burraco, burraco)))
        case answers.Winner(None):
            return Description(gettext("Nobody yet: the game goes on"))
        case answers.Winner(side):
            mine = side == side_of(question.viewer)
            return Description(_side_name(question, mine=mine))
        case answers.Score(score):
            return Description(str(score))
    return Description("")


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
#: Two players (Position.heads_up): "you" and "your opponent", never "the other side".
MY_SCORE_LABELS = {
    "hand": _("Your score for this hand"),
    "total": _("Your running total after this hand"),
    "match_points": _("Your match points"),
    "victory_points": _("Your victory points"),
    "winner": _("The winner"),
}
OPPONENT_SCORE_LABELS = {
    "hand": _("Your opponent's score for this hand"),
    "total": _("Your opponent's running total after this hand"),
    "match_points": _("Your opponent's match points"),
    "victory_points": _("Your opponent's victory points"),
    "winner": _("The winner"),
}


def _side_name(question: engine_puzzles.Puzzle, *, mine: bool) -> str:
    """A side as a score question names it: at two players "You" and "Your opponent"."""
    if question.position.heads_up:
        return gettext("You") if mine else gettext("Your opponent")
    return gettext("Your side") if mine else gettext("The other side")


BURRACO_LABELS = {
    "clean": _("A clean burraco (pulito)"),
    "dirty": _("A dirty burraco (sporco)"),
    "semi-clean": _("A semi-clean burraco (semipulito)"),
    "none": _("Not a burraco"),
}
