"""Puzzles: a question about a position, and the engine's verdict on an answer.

A puzzle is a position plus a kind of question (docs/content.md). :func:`check` marks an
answer by asking the rules, never by matching a stored key: every correct answer is
accepted, and a wrong one gets the code, the rule and the sentence that say why.
:func:`solutions` lists correct answers, so content can be verified and a correct answer
drawn on the board.

>>> puzzle = Puzzle.from_dict({"kind": "attach", "focus": ["10C"], "position": {
...     "players": 2, "to_move": 0, "phase": "play", "hands": [["10C", "KD"], {"count": 9}],
...     "melds": [[["6C", "JK", "8C"]], []], "discard": ["4H"], "stock": 60,
...     "pozzetti_taken": [False, False]}})
>>> verdict = check(puzzle, {"meld": 0, "cards": ["10C"]})
>>> verdict.correct, verdict.rule
(False, 'R23')
>>> check(puzzle, {"none": True}).correct
True
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any

from engine.actions import (
    Action,
    ActionKind,
    legal_actions,
    legal_discards,
    legal_melds,
    legal_plays,
    transition,
)
from engine.answers import Drawn
from engine.budget import MOVE_STEPS, Budget, Memo, spend
from engine.cards import ALL_CARDS, Card, Rank, Suit, parse_cards
from engine.details import (
    Classified,
    Detail,
    DiscardDetail,
    Extended,
    Fed,
    LinePlayed,
    MeldMade,
    PileUsed,
    ScoreDetail,
    read_detail,
)
from engine.errors import BurracoError, InvalidNotationError, Refusal, TooBigError
from engine.match import VP_TABLES, match_points, victory_points, winner
from engine.melds import (
    BURRACO_SIZE,
    Meld,
    MeldKind,
    attach,
    possible_attachments,
)
from engine.messages import render, with_rule
from engine.rules import PRESETS, Rules
from engine.scoring import SideScore, score_side
from engine.state import DECK_SIZE, STOCK_LEFT, Hidden, Phase, Position
from engine.strategy import Feed, check_known, discard_feeds, discard_refusal, pile_uses


class Kind(enum.Enum):
    ATTACH = "attach"
    LAY_MELD = "lay-meld"
    WILDCARD = "wildcard"
    CLASSIFY = "classify"
    SCORE = "score"
    CLOSE = "close"
    PILE = "pile"
    DISCARD = "discard"
    PILE_USE = "pile-use"


#: What a puzzle can be about: a rule id, or one of the named topics of docs/content.md.
RULE_IDS = tuple(f"R{n}" for n in range(1, 42))
TOPICS = (
    "deck",
    "turn",
    "pile",
    "sets",
    "sequences",
    "ace",
    "wildcards",
    "attaching",
    "burraco",
    "pozzetto",
    "closing",
    "scoring",
    "match",
    "partners",
    "variants",
    "strategy",
)

LAY_GOALS = ("any", "best", "burraco")
PILE_GOALS = ("pozzetto_al_volo", "pozzetto_con_lo_scarto", "stock_exhausted", "turn_ends")
SCORE_ASKS = ("hand", "total", "match_points", "victory_points", "winner")
BURRACO_ANSWERS = ("clean", "dirty", "semi-clean", "none")
#: How many hands a victory-points question's match may have (R38's two tables).
VP_HANDS = tuple(VP_TABLES)
#: The most actions a line of play may hold: far more than any turn needs (R9).
MAX_LINE = 40
#: The stock a puzzle's position shows when its author gives none: a hand well under way,
#: below what a deal leaves (63 cards with two players, 41 with four), far from the two that
#: end it (R33; tests/engine/test_rule_facts.py).
PUZZLE_STOCK = 40

#: The fields of a puzzle the engine reads; content files add id, prompt, themes and so on.
FIELDS = frozenset(
    {
        "kind",
        "position",
        "rules",
        "focus",
        "goal",
        "meld",
        "attach",
        "side",
        "closed",
        "ask",
        "hands",
        "viewer",
        "known",
    }
)


class InvalidPuzzleError(BurracoError):
    """A puzzle that asks nothing answerable: a missing field, a meld that is not there..."""


class InvalidAnswerError(BurracoError):
    """An answer that is not an answer to this puzzle: malformed, or naming cards the hand
    does not hold or a meld that does not exist. Not a wrong answer: nothing to mark."""


class NotAskedError(InvalidAnswerError, Refusal):
    """An answer that leaves out the cards the question is about: not an answer to this
    question, so nothing to mark (it used to count as a wrong answer against the rule)."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A question about a position (see docs/content.md for each kind's fields)."""

    kind: Kind
    position: Position
    focus: tuple[Card, ...] = ()
    goal: str = "any"
    meld: int = 0
    attached: tuple[Card, ...] = ()
    side: int = 0
    closed: int | None = None
    ask: str = "hand"
    hands: int = 3
    #: The seat whose view of the table the learner takes: the seat to move, unless the
    #: hand is over and the turn has passed on (score questions).
    viewer: int = 0
    #: Discard questions: cards the next opponent is known to hold (taken with a pile and
    #: not laid), which a discard may complete a meld with (engine.strategy).
    known: tuple[Card, ...] = ()

    @property
    def rules(self) -> Rules:
        return self.position.rules

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """Read a puzzle's engine fields; other keys are the caller's business.

        ``rules`` is a preset name (``standard``, ``semi-clean``, ``strict``,
        ``international``) or a rules object. Raises :class:`BurracoError` (an
        :class:`InvalidPuzzleError` or the position's own error) saying what is wrong.
        """
        if not isinstance(data, Mapping):
            raise InvalidPuzzleError("puzzle_not_object")
        try:
            kind = Kind(data.get("kind"))
        except ValueError:
            kinds = [kind.value for kind in Kind]
            raise InvalidPuzzleError("unknown_kind", text=data.get("kind"), choices=kinds) from None
        position = Position.from_json(data.get("position"), _rules(data.get("rules")))
        puzzle = cls(
            kind,
            position,
            focus=tuple(parse_cards(_list(data, "focus"))),
            goal=_choice(data, "goal", LAY_GOALS if kind is Kind.LAY_MELD else PILE_GOALS),
            meld=_int(data, "meld", 0),
            attached=tuple(parse_cards(_list(data, "attach"))),
            side=_int(data, "side", position.side),
            closed=_int(data, "closed", None),
            ask=_choice(data, "ask", SCORE_ASKS),
            hands=_int(data, "hands", 3),
            viewer=_int(data, "viewer", position.to_move),
            known=tuple(parse_cards(_list(data, "known"))),
        )
        puzzle._check()
        return puzzle

    def _check(self) -> None:
        position = self.position
        if position.players not in (2, 4):  # the tables of R40 have no puzzles yet
            raise InvalidPuzzleError("puzzle_players", "R40", players=position.players)
        if not 0 <= self.viewer < position.players:
            raise InvalidPuzzleError("viewer_seat", players=position.players, seat=self.viewer)
        if self.kind is Kind.SCORE:
            if self.side not in (0, 1) or self.closed not in (None, 0, 1):
                raise InvalidPuzzleError("score_side")
            for side in (self.side,) if self.ask == "hand" else (0, 1):
                if position.side_hand(side) is None:
                    raise InvalidPuzzleError("score_hands_hidden", "R35", side=side + 1)
            if self.ask != "hand" and position.totals is None:
                raise InvalidPuzzleError("totals_needed", "R36", ask=self.ask)
            if self.hands not in VP_HANDS:
                raise InvalidPuzzleError("vp_table_hands", "R38")
            return
        position.hand  # noqa: B018 - raises when the learner's own hand is hidden
        if self.known and self.kind is not Kind.DISCARD:
            raise InvalidPuzzleError("known_only_discard")
        if self.kind is Kind.DISCARD:
            if position.phase is not Phase.PLAY or position.is_over:
                raise InvalidPuzzleError("discard_after_draw", "R9")
            check_known(position, self.known)
        if self.kind is Kind.PILE_USE:
            if position.phase is not Phase.DRAW or not position.discard:
                raise InvalidPuzzleError("pile_use_before_draw", "R7")
            try:
                # R41 looks for a play with the pile's cards: a search, so on a budget.
                transition(position, Action(ActionKind.PILE), Budget())
            except TooBigError:
                raise
            except Refusal as refusal:
                raise InvalidPuzzleError.of(refusal) from None
        if self.kind in (Kind.ATTACH, Kind.LAY_MELD, Kind.WILDCARD, Kind.CLASSIFY):
            if position.phase is not Phase.PLAY:
                raise InvalidPuzzleError("puzzle_after_draw", "R6", kind=self.kind.value)
            if not set(self.focus) <= set(position.hand):
                raise InvalidPuzzleError("focus_not_in_hand")
        if self.kind in (Kind.WILDCARD, Kind.CLASSIFY):
            melds = position.melds[position.side]
            if not 0 <= self.meld < len(melds):
                raise InvalidPuzzleError("puzzle_no_meld", index=self.meld, number=self.meld + 1)
            sequence = melds[self.meld].kind is MeldKind.SEQUENCE
            if self.kind is Kind.WILDCARD and not (sequence and self.attached):
                raise InvalidPuzzleError("wildcard_needs_attach")
        drawing = position.phase is Phase.DRAW and isinstance(position.stock, Hidden)
        if self.kind in (Kind.CLOSE, Kind.PILE) and drawing:
            raise InvalidPuzzleError("draw_unknown", "R7")

    @property
    def side_melds(self) -> tuple[Meld, ...]:
        return self.position.melds[self.position.side]

    @property
    def natural_possible(self) -> bool:
        """May "the 2 becomes natural" answer this wildcard question? Only where a 2 of the
        meld's suit is in the meld or attached to it (R20, R25); with jokers alone, never."""
        if self.kind is not Kind.WILDCARD:
            return False
        meld = self.side_melds[self.meld]
        cards = (*meld.cards, *self.attached)
        return any(card.is_two and card.suit is meld.suit for card in cards)

    @property
    def stand_in_choices(self) -> tuple[Card, ...]:
        """What a wildcard question offers as the card the wildcard stands for: every
        natural card of the meld's suit, the 2 included (R21); none for another kind.

        >>> puzzle = Puzzle.from_dict({"kind": "wildcard", "attach": ["9H"], "position": {
        ...     "players": 2, "to_move": 0, "phase": "play", "hands": [["9H"], {"count": 9}],
        ...     "melds": [[["6H", "JK", "8H"]], []], "discard": ["4C"], "stock": 40,
        ...     "pozzetti_taken": [False, False]}})
        >>> " ".join(map(str, puzzle.stand_in_choices))
        'AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH'
        """
        if self.kind is not Kind.WILDCARD:
            return ()
        suit = self.side_melds[self.meld].suit
        return tuple(card for card in ALL_CARDS if card.suit is suit and card.rank is not None)

    @property
    def line_goal(self) -> str:
        """What a line of play must reach in a close or pile puzzle."""
        return "closed" if self.kind is Kind.CLOSE else self.goal


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's verdict on an answer.

    ``code`` is ``"correct"`` or the reason it is wrong, with the ``rule`` and ``params``
    that :func:`engine.messages.render` turns into a sentence. ``solution`` is a correct
    answer to show beside a wrong one (None when the answer was right). ``detail`` holds
    what is worth drawing, typed by the kind of question (:mod:`engine.details`): the meld
    that results, a score's breakdown, the events of a line; None when there is nothing.
    """

    correct: bool
    code: str
    rule: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    solution: Mapping[str, Any] | None = None
    detail: Detail | None = None

    @property
    def message(self) -> str:
        """The English sentence with its rule, for the judge and the content loader."""
        return with_rule(render(self.code, self.params), self.rule or "")

    @property
    def drawn(self) -> Drawn:
        """The ``detail`` that a page draws, typed (:class:`engine.answers.Drawn`)."""
        detail = self.detail
        if isinstance(detail, MeldMade):
            return Drawn(detail.meld, detail.arrangement)
        if isinstance(detail, LinePlayed):
            return Drawn(position=detail.position.to_json())
        if isinstance(detail, PileUsed):
            return Drawn(cards=detail.cards)
        return Drawn()

    def to_json(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "code": self.code,
            "rule": self.rule,
            "params": dict(self.params),
            "reason": self.message,
            "solution": None if self.solution is None else dict(self.solution),
            "detail": {} if self.detail is None else self.detail.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        """The verdict that :meth:`to_json` wrote (its ``reason`` is rendered again when
        read, in whatever language). Raises :class:`ValueError` for anything else.

        >>> kept = Verdict(False, "gap", "R13", {"cards": ["5C", "7C"], "missing": ["6C"]})
        >>> Verdict.from_json(kept.to_json()) == kept
        True
        """
        try:
            solution = data["solution"]
            return cls(
                correct=bool(data["correct"]),
                code=str(data["code"]),
                rule=None if data["rule"] is None else str(data["rule"]),
                params=dict(data["params"]),
                solution=None if solution is None else dict(solution),
                detail=read_detail(data["detail"]),
            )
        except (KeyError, TypeError) as error:
            raise InvalidNotationError("verdict_unreadable", detail=str(error)) from None


def _right(detail: Detail | None = None, rule: str | None = None) -> Verdict:
    return Verdict(True, "correct", rule, {}, None, detail)


# A wrong answer's verdict shows a correct one: the checker passes it as ``example_answer``
# when it has already found it, rather than searching again (example()).


def _wrong(
    refusal: Refusal,
    puzzle: Puzzle,
    budget: Budget,
    detail: Detail | None = None,
    example_answer: dict[str, Any] | None = None,
) -> Verdict:
    shown = example_answer or example(puzzle, budget)
    return Verdict(False, refusal.code, refusal.rule, dict(refusal.params), shown, detail)


def _miss(
    code: str,
    rule: str | None,
    puzzle: Puzzle,
    budget: Budget,
    detail: Detail | None = None,
    example_answer: dict[str, Any] | None = None,
    **params: Any,
) -> Verdict:
    shown = example_answer or example(puzzle, budget)
    return Verdict(False, code, rule, params, shown, detail)


# --- checking an answer -------------------------------------------------------------------


def check(puzzle: Puzzle, answer: Any, budget: Budget | None = None) -> Verdict:
    """Mark an answer to a puzzle (docs/content.md lists each kind's answer).

    Raises :class:`InvalidAnswerError` for an answer that is malformed or names cards the
    hand does not hold or a meld that does not exist: there is nothing to mark; and
    :class:`TooBigError` (``too_big``) when marking it would spend more than ``budget``
    (a fresh :class:`Budget` of :data:`~engine.budget.REQUEST_STEPS` when None).
    """
    if not isinstance(answer, Mapping):
        raise InvalidAnswerError("answer_not_object")
    return _CHECKS[puzzle.kind](puzzle, answer, budget or Budget())


def _check_attach(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    found = _attachments(puzzle, budget)
    shown = next(_attach_answers(found))
    if _is_none(answer, {"meld", "cards"}):
        if found:
            return _miss(
                "attach_possible", "R17", puzzle, budget, None, shown, **_focus_params(puzzle)
            )
        return _right(rule="R17")
    index = _meld_index(puzzle, answer)
    cards = _hand_cards(puzzle, answer)
    _require_focus(puzzle, cards, "R17")
    try:
        meld = attach(puzzle.side_melds[index], cards, puzzle.rules)
    except Refusal as refusal:
        return _wrong(refusal, puzzle, budget, None, shown)
    return _right(MeldMade(_names(meld.cards), meld=index), "R17")


def _check_lay_meld(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    found = _new_melds(puzzle, budget)
    goal = _goal_melds(puzzle, found)
    shown = next(_lay_answers(goal))
    if _is_none(answer, {"cards"}):
        if goal:
            return _miss(
                "meld_possible", "R10", puzzle, budget, None, shown, **_focus_params(puzzle)
            )
        return _right(rule="R10")
    cards = _hand_cards(puzzle, answer)
    _require_focus(puzzle, cards, "R10")
    refusal = _meld_refusal(puzzle, cards)
    if refusal is not None:
        return _wrong(refusal, puzzle, budget, None, shown)
    meld = next(m for m in found if Counter(m.cards) == Counter(cards))
    detail = MeldMade(_names(meld.cards), points=meld.points)
    if meld not in goal:
        if puzzle.goal == "best":
            best = max(m.points for m in found)
            return _miss(
                "not_best", "R2", puzzle, budget, detail, shown, points=meld.points, best=best
            )
        return _miss("not_burraco", "R26", puzzle, budget, detail, shown, count=len(meld.cards))
    return _right(detail, "R10")


def _goal_melds(puzzle: Puzzle, found: list[Meld]) -> list[Meld]:
    """The melds that answer a lay-meld puzzle: any, the best by points, or a burraco."""
    if puzzle.goal == "best" and found:
        best = max(meld.points for meld in found)
        return [meld for meld in found if meld.points == best]
    if puzzle.goal == "burraco":
        return [meld for meld in found if meld.burraco(puzzle.rules) is not None]
    return found


def _check_wildcard(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    keys = set(answer)
    if keys not in ({"stands_for"}, {"natural"}, {"none"}) or answer.get("none") is False:
        raise InvalidAnswerError("answer_shape", expected="wildcard")
    truth = _wildcard_result(puzzle)
    if isinstance(truth, Refusal):
        if "none" in keys:
            return _right(rule=truth.rule)
        return _wrong(truth, puzzle, budget)
    meld, rule = truth
    detail = MeldMade(_names(meld.cards))
    if "none" in keys:
        return _miss(
            "attach_allowed", rule, puzzle, budget, arrangement=_texts(meld.cards), detail=detail
        )
    if "natural" in keys:
        if answer["natural"] is not True:
            raise InvalidAnswerError("answer_shape", expected="natural")
        if meld.wildcard is None:
            return _right(detail, rule)
    elif meld.wildcard is not None and _one_card(answer["stands_for"]) == meld.stands_for:
        return _right(detail, rule)
    if meld.wildcard is None:
        return _miss("wild_went_home", rule, puzzle, budget, detail=detail)
    return _miss(
        "wild_stands_for",
        rule,
        puzzle,
        budget,
        wild=str(meld.wildcard),
        stands_for=str(meld.stands_for),
        detail=detail,
    )


def _check_classify(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    if set(answer) != {"burraco"} or answer["burraco"] not in BURRACO_ANSWERS:
        raise InvalidAnswerError("answer_shape", expected="classify")
    truth = _burraco(puzzle)
    rule = {"clean": "R27", "dirty": "R27", "semi-clean": "R28", "none": "R26"}[truth]
    meld = puzzle.side_melds[puzzle.meld]
    detail = Classified(truth)
    if answer["burraco"] == truth:
        return _right(detail, rule)
    code = f"burraco_{truth.replace('-', '_')}"
    if answer["burraco"] == "semi-clean" and not puzzle.rules.semi_clean:
        code, rule = "no_semi_clean", "R28"
    return _miss(
        code,
        rule,
        puzzle,
        budget,
        count=len(meld.cards),
        wild=None if meld.wildcard is None else str(meld.wildcard),
        detail=detail,
    )


def _check_score(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    truth, detail, rule = _score_truth(puzzle)
    if puzzle.ask == "winner":
        if set(answer) != {"winner"} or answer["winner"] not in (0, 1, None):
            raise InvalidAnswerError("answer_shape", expected="winner")
        given = answer["winner"]
    else:
        if set(answer) != {"score"}:
            raise InvalidAnswerError("answer_shape", expected="score")
        given = _whole_number(answer["score"])
        if given is None or abs(given) > 100_000:
            raise InvalidAnswerError("score_whole_number")
    if given == truth:
        return _right(detail, rule)
    return _miss(f"wrong_{puzzle.ask}", rule, puzzle, budget, expected=truth, detail=detail)


def _check_line(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    goal = puzzle.line_goal
    rule = _GOAL_RULES[goal]
    if _is_none(answer, {"actions"}):
        line = find_line(puzzle.position, goal, budget)
        if line is not None:
            return _miss(f"{goal}_possible", rule, puzzle, budget, None, _line_answer(line))
        return _right(rule=rule)
    actions = answer.get("actions")
    if set(answer) != {"actions"} or not isinstance(actions, list) or not actions:
        raise InvalidAnswerError("answer_shape", expected="actions")
    played = follow(puzzle, actions, budget)
    if played.overrun is not None:
        return _miss("turn_already_over", "R9", puzzle, budget, index=played.overrun + 1)
    detail = LinePlayed(played.events, played.position)
    if played.refusal is not None:
        return _wrong(played.refusal, puzzle, budget, replace(detail, index=played.played))
    if played.reached:
        return _right(detail, rule)
    return _miss(f"{goal}_not_reached", rule, puzzle, budget, detail=detail)


@dataclass(frozen=True, slots=True)
class Line:
    """Where a line of play in a close or pile puzzle has got to."""

    position: Position
    events: tuple[str, ...]
    #: How many actions were legal and played.
    played: int
    #: Why the next action is refused, if one was.
    refusal: Refusal | None
    #: The index of an action that came after the turn was already over.
    overrun: int | None
    #: Has the line reached the puzzle's goal (closing, a pozzetto, the turn's end...)?
    reached: bool
    #: Is the learner's turn over (a discard, or the end of the hand)?
    over: bool

    @property
    def finished(self) -> bool:
        """Is there nothing left to play: a refusal, the goal reached or the turn over?"""
        return self.refusal is not None or self.overrun is not None or self.reached or self.over


def follow(puzzle: Puzzle, actions: list[Any], budget: Budget | None = None) -> Line:
    """Play a line of actions from the puzzle's position, as far as the rules allow.

    Raises :class:`InvalidAnswerError` for a line that is too long or holds text that is
    no action, and :class:`TooBigError` when playing it spends more than ``budget``.
    """
    if len(actions) > MAX_LINE:
        raise InvalidAnswerError("too_many_moves", "R9")
    try:
        parsed = [Action.parse(text) for text in actions]
    except InvalidNotationError as error:
        raise InvalidAnswerError.of(error) from None
    goal = puzzle.line_goal
    start = position = puzzle.position
    events: list[str] = []
    for index, action in enumerate(parsed):
        if _turn_over(start, position):
            return Line(position, tuple(events), index, None, index, False, True)
        spend(budget, MOVE_STEPS)
        try:
            step = transition(position, action, budget)
        except Refusal as refusal:
            if isinstance(refusal, TooBigError):  # not the move's fault: no verdict
                raise
            return Line(position, tuple(events), index, refusal, None, False, False)
        position = step.position
        events.extend(event.value for event in step.events)
    reached = bool(parsed) and _reached(goal, start, position, events)
    over = _turn_over(start, position)
    return Line(position, tuple(events), len(parsed), None, None, reached, over)


#: A strategy question's miss breaks no rule (a discard that feeds the other side is legal):
#: its verdict names none, so it is never counted against a rule. A discard the rules forbid
#: (R8, R31) keeps its rule.
NO_RULE: str | None = None


# --- discard questions (engine.strategy) ---------------------------------------------------


def _check_discard(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    """A safe discard is right; an unsafe one is told which meld of theirs it feeds."""
    feeds = _feeds(puzzle, budget)
    safe = [feed for feed in feeds if feed.safe]
    shown = next(_discard_answers(feeds))
    detail = DiscardDetail(tuple(str(feed.card) for feed in safe), _fed(feeds))
    if _is_none(answer, {"card"}):
        if safe:
            return _miss("discard_safe_exists", NO_RULE, puzzle, budget, detail, shown)
        return _right(detail, NO_RULE)
    card = _one_card(answer.get("card"))
    if card not in puzzle.position.hand:
        raise InvalidAnswerError("hand_lacks", "R6", card=str(card))
    refusal = discard_refusal(puzzle.position, card)
    if refusal is not None:
        return _wrong(refusal, puzzle, budget, detail, shown)
    feed = next(feed for feed in feeds if feed.card == card)
    if feed.safe:
        return _right(replace(detail, card=str(card)), NO_RULE)
    if feed.extends:
        index, meld = feed.extends[0]
        return _miss(
            "discard_extends",
            NO_RULE,
            puzzle,
            budget,
            detail,
            shown,
            card=str(card),
            number=index + 1,
            arrangement=_texts(meld.cards),
        )
    return _miss(
        "discard_completes",
        NO_RULE,
        puzzle,
        budget,
        detail,
        shown,
        card=str(card),
        arrangement=_texts(feed.completes[0].cards),
    )


def _check_pile_use(puzzle: Puzzle, answer: Mapping[str, Any], budget: Budget) -> Verdict:
    """How many of the pile's cards could go on the table at once, taking it (R7)."""
    if set(answer) != {"count"}:
        raise InvalidAnswerError("answer_shape", expected="count")
    given = _whole_number(answer["count"])
    if given is None or not 0 <= given <= DECK_SIZE:
        raise InvalidAnswerError("answer_shape", expected="count")
    used = _pile_used(puzzle, budget)
    detail = PileUsed(_names(used))
    if given == len(used):
        return _right(detail, NO_RULE)
    return _miss(
        "pile_use_count" if used else "pile_use_none",
        NO_RULE,
        puzzle,
        budget,
        detail,
        {"count": len(used)},
        expected=len(used),
        cards=_texts(used),
    )


def _pile_used(puzzle: Puzzle, budget: Budget) -> tuple[Card, ...]:
    try:
        return pile_uses(puzzle.position, budget)
    except TooBigError:
        raise
    except Refusal as refusal:
        # The rules forbid taking this pile (R34, R41): no question to answer.
        raise InvalidPuzzleError.of(refusal) from None


def _feeds(puzzle: Puzzle, budget: Budget) -> list[Feed]:
    return discard_feeds(puzzle.position, puzzle.known, budget)


def _discard_answers(feeds: list[Feed]) -> Iterator[dict[str, Any]]:
    safe = [feed for feed in feeds if feed.safe]
    if not safe:
        yield {"none": True}
    for feed in safe:
        yield {"card": str(feed.card)}


def _fed(feeds: list[Feed]) -> tuple[Fed, ...]:
    """Each discard and what it gives, for the page to draw (Verdict.detail)."""
    return tuple(
        Fed(
            str(feed.card),
            tuple(Extended(index, _names(meld.cards)) for index, meld in feed.extends),
            tuple(_names(meld.cards) for meld in feed.completes[:3]),
        )
        for feed in feeds
    )


_CHECKS = {
    Kind.ATTACH: _check_attach,
    Kind.LAY_MELD: _check_lay_meld,
    Kind.WILDCARD: _check_wildcard,
    Kind.CLASSIFY: _check_classify,
    Kind.SCORE: _check_score,
    Kind.CLOSE: _check_line,
    Kind.PILE: _check_line,
    Kind.DISCARD: _check_discard,
    Kind.PILE_USE: _check_pile_use,
}

_GOAL_RULES = {
    "closed": "R30",
    "pozzetto_al_volo": "R29",
    "pozzetto_con_lo_scarto": "R29",
    "stock_exhausted": "R33",
    "turn_ends": "R9",
}


# --- what the engine knows ----------------------------------------------------------------


def _attachments(puzzle: Puzzle, budget: Budget) -> list[tuple[int, tuple[Card, ...], Meld]]:
    hand = puzzle.position.hand
    found = possible_attachments(puzzle.side_melds, hand, puzzle.rules, budget)
    return [item for item in found if _has_focus(puzzle, item[1])]


def _new_melds(puzzle: Puzzle, budget: Budget) -> list[Meld]:
    """The melds the learner may lay now: those :func:`_meld_refusal` lets through, found
    without playing each one (a 40-card hand has thousands)."""
    if puzzle.position.is_over:
        return []
    return [meld for meld in legal_melds(puzzle.position, budget) if _has_focus(puzzle, meld.cards)]


def _meld_refusal(puzzle: Puzzle, cards: tuple[Card, ...]) -> Refusal | None:
    """Why the side may not lay these cards now (R10-R15, R32...), or None."""
    try:
        transition(puzzle.position, Action(ActionKind.MELD, cards))
    except Refusal as refusal:
        return refusal
    return None


def _require_focus(puzzle: Puzzle, cards: tuple[Card, ...], rule: str) -> None:
    """Raises :class:`NotAskedError` when the answer leaves out a card the question is about."""
    missing = [card for card in puzzle.focus if card not in cards]
    if missing:
        raise NotAskedError(
            "focus_missing", rule, cards=[str(card) for card in missing], count=len(missing)
        )


def _has_focus(puzzle: Puzzle, cards: tuple[Card, ...]) -> bool:
    counts = Counter(cards)
    return all(counts[card] >= n for card, n in Counter(puzzle.focus).items())


def _wildcard_result(puzzle: Puzzle) -> tuple[Meld, str] | Refusal:
    """The meld after the puzzle's attachment and the rule that placed its wildcard."""
    before = puzzle.side_melds[puzzle.meld]
    try:
        after = attach(before, puzzle.attached, puzzle.rules)
    except Refusal as refusal:
        return refusal
    return after, _wild_rule(before, after, puzzle.attached)


def _wild_rule(before: Meld, after: Meld, added: tuple[Card, ...]) -> str:
    old = before.wildcard
    if old is not None and after.wildcard is not old and old in after.cards:
        return "R25"  # the old wildcard is natural now: a pinella gone home
    if before.stands_for is not None and before.stands_for in added:
        return "R24"  # replaced by its own card, it moved to an end
    if before.wild_is_bound:
        return "R23"
    if old is not None:
        return "R22"
    return "R21"


def _burraco(puzzle: Puzzle) -> str:
    kind = puzzle.side_melds[puzzle.meld].burraco(puzzle.rules)
    return "none" if kind is None else kind.value


def _side_score(puzzle: Puzzle, side: int) -> SideScore:
    hand = puzzle.position.side_hand(side)
    assert hand is not None
    return score_side(
        puzzle.position.melds[side],
        hand,
        pozzetto_taken=puzzle.position.pozzetti_taken[side],
        closed=puzzle.closed == side,
        rules=puzzle.rules,
    )


def _score_truth(puzzle: Puzzle) -> tuple[int | None, ScoreDetail, str]:
    mine = _side_score(puzzle, puzzle.side)
    detail = ScoreDetail(mine, mine.total)
    if puzzle.ask == "hand":
        return mine.total, detail, "R35"
    theirs = _side_score(puzzle, 1 - puzzle.side)
    totals_before = puzzle.position.totals
    assert totals_before is not None
    scores = (mine.total, theirs.total) if puzzle.side == 0 else (theirs.total, mine.total)
    totals = (totals_before[0] + scores[0], totals_before[1] + scores[1])
    detail = replace(detail, totals=totals, scores=scores)
    lead = match_points(totals)[puzzle.side]
    if puzzle.ask == "total":
        return totals[puzzle.side], detail, "R36"
    if puzzle.ask == "winner":
        return winner(totals, puzzle.rules), detail, "R36"
    if puzzle.ask == "match_points":
        return lead, detail, "R37"
    return victory_points(lead, puzzle.hands)[0], replace(detail, match_points=lead), "R38"


def _turn_over(start: Position, position: Position) -> bool:
    return (
        position.is_over
        or position.to_move != start.to_move
        or (position.phase is Phase.DRAW and start.phase is Phase.PLAY)
    )


def _reached(goal: str, start: Position, position: Position, events: list[str]) -> bool:
    if goal == "turn_ends":
        return _turn_over(start, position)
    return goal in events


def find_line(position: Position, goal: str, budget: Budget | None = None) -> list[Action] | None:
    """A line of actions this turn that reaches ``goal`` (an event, or ``turn_ends``), or
    None when there is none.

    A depth-first search over the turn's positions, each visited once whatever the order
    its melds were laid in, that skips what the rules rule out (docs/game.md, "Limits and
    budgets"). Raises :class:`TooBigError` (``too_big``) when it would spend
    more than ``budget`` (a fresh :class:`Budget` when None): such a puzzle is too big to
    settle.
    """
    budget = budget or Budget()
    found = _LINES.run((position, goal), budget, lambda: _search_line(position, goal, budget))
    return None if found is None else list(found)


#: The lines found lately (engine.budget.Memo): a teacher's page marks one puzzle's
#: answers for every student, each wrong one shown next to a line that is right.
_LINES: Memo[tuple[Action, ...] | None] = Memo(512)


def _search_line(position: Position, goal: str, budget: Budget) -> tuple[Action, ...] | None:
    if not _goal_possible(position, goal):
        return None
    seen: set[Position] = set()

    def search(current: Position, events: tuple[str, ...]) -> list[Action] | None:
        key = _canonical(current)
        if key in seen:
            return None
        seen.add(key)
        if goal == "closed" and not _burraco_possible(current):
            return None
        for action in _moves(current, goal, budget):
            budget.spend(MOVE_STEPS)
            step = transition(current, action, budget)
            reached = events + tuple(event.value for event in step.events)
            if _reached(goal, position, step.position, list(reached)):
                return [action]
            if _turn_over(position, step.position) or isinstance(
                step.position.hands[step.position.to_move], Hidden
            ):
                # A pozzetto taken al volo whose cards are unknown cannot be played on.
                continue
            rest = search(step.position, reached)
            if rest is not None:
                return [action, *rest]
        return None

    line = search(position, ())
    return None if line is None else tuple(line)


def _goal_possible(position: Position, goal: str) -> bool:
    """Could any line this turn reach ``goal``? False only when the rules rule it out:
    the cheap test that spares a search (a 12-card close puzzle without the
    pozzetto searched for seconds)."""
    side = position.side
    taken = position.pozzetti_taken[side]
    if goal in ("pozzetto_al_volo", "pozzetto_con_lo_scarto"):
        return not taken
    if goal == "closed":
        # Closing needs the pozzetto (R30); one taken this turn is played on only al volo,
        # and only when its cards are known.
        return taken or position.pozzetti[side] is not None
    if goal == "stock_exhausted":
        # The stock shrinks by the draw at most: the hand ends only on the last turn (R33).
        draws = 1 if position.phase is Phase.DRAW else 0
        return position.stock_count - draws <= STOCK_LEFT
    return True


def _burraco_possible(position: Position) -> bool:
    """Could the side to move have the burraco that closing needs by the end of this
    turn? A generous bound (a meld gains every card of its suit or rank in the hand and
    one wildcard, R19), so False is certain: then no line closes."""
    if position.phase is not Phase.PLAY or position.has_closing_burraco(position.side):
        return True
    hand = position.hands[position.to_move]
    if isinstance(hand, Hidden):
        return True
    wild = int(any(card.is_wild for card in hand))
    reach = [len({c for c in hand if c.suit is suit}) + wild for suit in Suit]
    reach += [sum(1 for c in hand if c.rank is rank) + wild for rank in Rank]
    for meld in position.melds[position.side]:
        if meld.kind is MeldKind.SET:
            fits = sum(1 for c in hand if c.rank is meld.rank)
        else:
            fits = len({c for c in hand if c.suit is meld.suit})
        reach.append(len(meld.cards) + fits + wild)
    return max(reach) >= BURRACO_SIZE


def _moves(current: Position, goal: str, budget: Budget) -> list[Action]:
    """The actions worth playing at a position of the search, the likeliest first.

    None at all when the hand holds more cards that no meld or attachment can take than the goal
    may leave in it (:func:`_most_left`): a card no play takes now stays in the hand all
    turn, since every later play is made of these cards, onto these melds or new ones.
    """
    if current.is_over:
        return []
    if current.phase is Phase.DRAW:
        return [
            action
            for action in legal_actions(current, budget)
            # A draw from an unknown stock is luck, not a line of play.
            if not (action.kind is ActionKind.DRAW and isinstance(current.stock, Hidden))
        ]
    plays = legal_plays(current, budget)
    most = _most_left(goal, current)
    if most is not None and sum(card not in plays.usable for card in current.hand) > most:
        return []
    discards = legal_discards(current) if _discard_may_reach(goal, current) else []
    if most is None:
        return [*discards, *plays.actions]  # one discard may be all the goal needs
    # The goal empties the hand: the plays that lay the most cards first.
    return [*sorted(plays.actions, key=lambda action: -len(action.cards)), *discards]


def _most_left(goal: str, position: Position) -> int | None:
    """How many cards the goal may leave in the hand unplayed, if it limits them: none
    for the al volo (R29), the one discarded for con lo scarto and for a closing (R30),
    none before a closing whose pozzetto is still to be taken al volo."""
    if goal == "pozzetto_al_volo":
        return 0
    if goal == "pozzetto_con_lo_scarto":
        return 1
    if goal == "closed":
        return 1 if position.pozzetti_taken[position.side] else 0
    return None


def _discard_may_reach(goal: str, position: Position) -> bool:
    """Can a discard now reach the goal? It ends the turn, so for a pozzetto or a closing
    it must be the last card (R29, R30); al volo is never a discard."""
    if goal == "pozzetto_al_volo":
        return False
    if goal in ("closed", "pozzetto_con_lo_scarto"):
        return len(position.hand) == 1
    return True


def _canonical(position: Position) -> Position:
    """The position with its hand and the side's melds in a fixed order: laying two melds
    one way round or the other leads to the same place, which the search visits once."""
    side = position.side
    melds = tuple(sorted(position.melds[side], key=lambda meld: [c.sort_key for c in meld.cards]))
    hand = position.hands[position.to_move]
    if not isinstance(hand, Hidden):
        hand = tuple(sorted(hand, key=lambda card: card.sort_key))
    return replace(
        position,
        hands=(*position.hands[: position.to_move], hand, *position.hands[position.to_move + 1 :]),
        melds=(*position.melds[:side], melds, *position.melds[side + 1 :]),
    )


# --- correct answers ----------------------------------------------------------------------


def solutions(
    puzzle: Puzzle, limit: int = 50, budget: Budget | None = None
) -> list[dict[str, Any]]:
    """Correct answers to the puzzle, at most ``limit`` (one line of play for close and
    pile). Every one of them passes :func:`check`.

    Raises :class:`TooBigError` (``too_big``) when finding them would spend more than
    ``budget`` (a fresh :class:`Budget` when None).
    """
    return list(islice(_solutions(puzzle, budget or Budget()), limit))


def _solutions(puzzle: Puzzle, budget: Budget) -> Iterator[dict[str, Any]]:
    kind = puzzle.kind
    if kind is Kind.ATTACH:
        yield from _attach_answers(_attachments(puzzle, budget))
    elif kind is Kind.LAY_MELD:
        yield from _lay_answers(_goal_melds(puzzle, _new_melds(puzzle, budget)))
    elif kind is Kind.WILDCARD:
        truth = _wildcard_result(puzzle)
        if isinstance(truth, Refusal):
            yield {"none": True}
        elif truth[0].stands_for is None:
            yield {"natural": True}
        else:
            yield {"stands_for": str(truth[0].stands_for)}
    elif kind is Kind.CLASSIFY:
        yield {"burraco": _burraco(puzzle)}
    elif kind is Kind.SCORE:
        value = _score_truth(puzzle)[0]
        yield {"winner": value} if puzzle.ask == "winner" else {"score": value}
    elif kind is Kind.DISCARD:
        yield from _discard_answers(_feeds(puzzle, budget))
    elif kind is Kind.PILE_USE:
        yield {"count": len(_pile_used(puzzle, budget))}
    else:
        yield _line_answer(find_line(puzzle.position, puzzle.line_goal, budget))


def _attach_answers(found: list[tuple[int, tuple[Card, ...], Meld]]) -> Iterator[dict[str, Any]]:
    if not found:
        yield {"none": True}
    for index, cards, _ in found:
        yield {"meld": index, "cards": _texts(cards)}


def _lay_answers(melds: list[Meld]) -> Iterator[dict[str, Any]]:
    if not melds:
        yield {"none": True}
    for meld in melds:
        yield {"cards": _texts(meld.cards)}


def _line_answer(line: list[Action] | None) -> dict[str, Any]:
    return {"none": True} if line is None else {"actions": [str(a) for a in line]}


def example(puzzle: Puzzle, budget: Budget | None = None) -> dict[str, Any] | None:
    """One correct answer, to show next to a wrong one."""
    found = solutions(puzzle, 1, budget)
    return found[0] if found else None


# --- reading answers and fields -------------------------------------------------------------


def _rules(value: Any) -> Rules:
    if value is None:
        return PRESETS["standard"]
    if isinstance(value, str):
        if value not in PRESETS:
            raise InvalidPuzzleError("unknown_rules_preset", text=value, choices=list(PRESETS))
        return PRESETS[value]
    return Rules.from_dict(value)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise InvalidPuzzleError("field_cards", name=key)
    if len(value) > DECK_SIZE:
        raise TooBigError("too_many_cards", "R1", name=key, count=len(value), most=DECK_SIZE)
    return value


def _int(data: Mapping[str, Any], key: str, default: int | None) -> Any:
    value = data.get(key, default)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise InvalidPuzzleError("field_whole_number", name=key, text=value)
    return value


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = data.get(key, allowed[0])
    if value not in allowed:
        raise InvalidPuzzleError("field_choice", name=key, text=value, choices=allowed)
    return str(value)


def _is_none(answer: Mapping[str, Any], other: set[str]) -> bool:
    if set(answer) == {"none"}:
        if answer["none"] is not True:
            raise InvalidAnswerError("answer_shape", expected="none")
        return True
    if not set(answer) <= other:
        raise InvalidAnswerError("answer_fields", choices=sorted(other))
    return False


def _meld_index(puzzle: Puzzle, answer: Mapping[str, Any]) -> int:
    index = _whole_number(answer.get("meld"))
    if index is None:
        raise InvalidAnswerError("choose_meld", "R17")
    if not 0 <= index < len(puzzle.side_melds):
        raise InvalidAnswerError("answer_no_meld", "R17", index=index, number=index + 1)
    return index


def _whole_number(value: Any) -> int | None:
    """A whole number from JSON or its text (``"-120"``), or None.

    Only ASCII digits, and few of them: ``"²"`` passed ``isdigit`` and 5,000 digits passed
    too, and ``int()`` then raised out of the judge.
    """
    if isinstance(value, str):
        text = value.strip()
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdecimal() and len(digits) <= 9):
            return None
        return int(text)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _hand_cards(puzzle: Puzzle, answer: Mapping[str, Any]) -> tuple[Card, ...]:
    texts = answer.get("cards")
    if not isinstance(texts, list) or not texts:
        raise InvalidAnswerError("choose_cards")
    if len(texts) > len(puzzle.position.hand):
        raise InvalidAnswerError("more_cards_than_hand")
    try:
        cards = tuple(parse_cards(texts))
    except InvalidNotationError as error:
        raise InvalidAnswerError.of(error) from None
    held = Counter(puzzle.position.hand)
    for card, count in Counter(cards).items():
        if held[card] < count:
            raise InvalidAnswerError("hand_lacks", "R6", card=str(card))
    return cards


def _one_card(value: Any) -> Card:
    try:
        return Card.parse(value)
    except InvalidNotationError as error:
        raise InvalidAnswerError.of(error) from None


def _focus_params(puzzle: Puzzle) -> dict[str, Any]:
    return {"cards": _texts(puzzle.focus)} if puzzle.focus else {}


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _names(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)
