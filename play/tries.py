"""A try from the review: the hand played on from one of the learner's decisions, in a copy.

"Try again from here" (play.views.review with ``?decision=N``) puts the learner back in the
position before that decision. Each action of theirs is checked by the engine, weighed by
the coach and played on a copy of the hand (:func:`play.hands.rewind`): the Game row, its
actions, version and findings are never written. The try stops at the end of the learner's
turn (their discard); "Play on to the end of the hand" lets the same seeded bots answer
(play.hands.run_bots, within its deadline) and the learner play turns until the hand ends.

A try is kept in the learner's session (:class:`Try`, at most :data:`KEPT` of them, each
at most :data:`MOST_ACTIONS` actions), under a random key that the page carries, with the
number of its actions (``step``): a post made on an older page of the try (another tab, a
post sent twice) is refused as the table refuses a stale version, and a key that is not in
this session names nothing. The session is the server's, so nothing of a try can be forged
from the browser: a try is only ever actions the engine accepted, replayed again on each
request from the game's own hand.
"""

from __future__ import annotations

import enum
import hashlib
import re
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import Action, ActionKind
from engine.coach import Review
from engine.errors import BurracoError
from play import hands
from play.models import Finding, Game

#: Where the session keeps the learner's tries.
SESSION_KEY = "play.tries"
#: How many tries a session keeps (the latest used); an older one must be started again.
KEPT = 3
#: The most actions a try may hold (a whole hand takes a few hundred).
MOST_ACTIONS = 1_000
#: What a try's key looks like (secrets.token_urlsafe(8)).
KEY = re.compile(r"[A-Za-z0-9_-]{11}")


class Verdict(enum.Enum):
    """What the coach says of a choice in a try. While the try has followed the game, the
    choice is compared with the learner's in the game at the same point (the points of the
    coach's findings on each); once it has left the game's line, with the coach's own move."""

    SAME = "same"
    BETTER = "better"
    EQUAL = "equal"
    WORSE = "worse"
    #: Away from the game's line, the coach finds nothing better.
    AGREES = "agrees"
    #: Away from the game's line, the coach would have chosen another move.
    DIFFERS = "differs"
    #: The coach could not weigh the move within a request's budget.
    UNWEIGHED = "unweighed"


@dataclass(frozen=True, slots=True)
class Note:
    """One of the coach's findings on a choice, as the try keeps it (the sentence's key and
    parameters, so that it is said in the page's language)."""

    sentence: str
    params: Mapping[str, Any]
    rule: str
    points: int
    better: str

    def to_json(self) -> list[Any]:
        return [self.sentence, dict(self.params), self.rule, self.points, self.better]

    @classmethod
    def from_json(cls, data: Any) -> Note:
        sentence, params, rule, points, better = data
        if not isinstance(params, dict):
            raise TypeError("a note's parameters are a mapping")
        return cls(str(sentence), params, str(rule), int(points), str(better))


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the learner's actions in a try: where in the hand, what, and the coach's word."""

    index: int
    action: str
    verdict: Verdict
    notes: tuple[Note, ...] = ()

    @property
    def better(self) -> bool:
        return self.verdict is Verdict.BETTER

    def to_json(self) -> list[Any]:
        return [self.index, self.action, self.verdict.value, [n.to_json() for n in self.notes]]

    @classmethod
    def from_json(cls, data: Any) -> Choice:
        index, action, verdict, notes = data
        return cls(int(index), str(action), Verdict(verdict), tuple(map(Note.from_json, notes)))


@dataclass(frozen=True, slots=True)
class Try:
    """A try kept in the session: whose game, hand and decision, the actions played since
    (the learner's and the bots'), whether the learner plays on past their turn, and the
    coach's word on each of their choices."""

    key: str
    game: int
    hand: int
    decision: int
    actions: tuple[str, ...] = ()
    on: bool = False
    choices: tuple[Choice, ...] = ()
    used: float = field(default=0.0, compare=False)
    #: A digest of the game's actions before the decision: a take-back that changed them
    #: since leaves the try naming nothing.
    start: str = ""

    @property
    def step(self) -> int:
        """How far the try has gone: the page posts it back, as the table posts a version."""
        return len(self.actions)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "hand": self.hand,
            "decision": self.decision,
            "actions": list(self.actions),
            "on": self.on,
            "choices": [choice.to_json() for choice in self.choices],
            "used": self.used,
            "start": self.start,
        }

    @classmethod
    def from_json(cls, key: str, data: Any) -> Try:
        """Raises ValueError, TypeError or KeyError for anything :meth:`to_json` did not write."""
        actions = tuple(str(action) for action in data["actions"])
        if len(actions) > MOST_ACTIONS:
            raise ValueError("a try longer than any hand")
        return cls(
            key,
            int(data["game"]),
            int(data["hand"]),
            int(data["decision"]),
            actions,
            bool(data["on"]),
            tuple(map(Choice.from_json, data["choices"])),
            float(data["used"]),
            str(data["start"]),
        )


class UnknownTry(Exception):
    """The try named is not one this session keeps for this game's decision."""


class StaleTry(Exception):
    """The post was made on an older page of the try (another tab, or sent twice)."""


class TryOver(Exception):
    """The try's hand has ended, or it is as long as a try may be: nothing more to play."""


class NotYourTurn(Exception):
    """In the try it is not the learner's turn (the others are to play, or the turn is over)."""


def new(game: Game, real: hands.Hand, decision: int, key: str = "") -> Try:
    """A try of ``game``'s hand ``real`` from the decision numbered ``decision``, not yet
    kept, under ``key`` (a new one unless given)."""
    assert game.pk is not None
    key = key or secrets.token_urlsafe(8)
    return Try(key, game.pk, real.setup.number, decision, start=start_of(real, decision))


def start_of(real: hands.Hand, decision: int) -> str:
    """A digest of ``real``'s actions before ``decision``: where a try of it starts."""
    text = "\n".join(real.actions[:decision])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def find(session: Any, key: str, game: Game, real: hands.Hand, decision: int) -> Try:
    """The try ``key`` this session keeps, if it is of this game's hand ``real`` and
    ``decision``, from the same actions before it; raises :class:`UnknownTry` otherwise."""
    kept = session.get(SESSION_KEY)
    if not KEY.fullmatch(key) or not isinstance(kept, dict) or key not in kept:
        raise UnknownTry(key)
    try:
        found = Try.from_json(key, kept[key])
    except (ValueError, TypeError, KeyError) as error:
        raise UnknownTry(key) from error
    named = (found.game, found.hand, found.decision, found.start)
    if named != (game.pk, real.setup.number, decision, start_of(real, decision)):
        raise UnknownTry(key)
    return found


def is_free(session: Any, key: str) -> bool:
    """May a new try be kept under ``key`` (well formed, and naming no try kept)?"""
    kept = session.get(SESSION_KEY)
    return bool(KEY.fullmatch(key)) and not (isinstance(kept, dict) and key in kept)


def keep(session: Any, tried: Try) -> Try:
    """Keep ``tried`` in the session, and only the latest :data:`KEPT` tries."""
    tried = replace(tried, used=time.time())
    kept = session.get(SESSION_KEY)
    tries = dict(kept) if isinstance(kept, dict) else {}
    tries[tried.key] = tried.to_json()
    latest = sorted(tries, key=lambda key: _used(tries[key]), reverse=True)[:KEPT]
    session[SESSION_KEY] = {key: tries[key] for key in latest}
    return tried


def _used(data: Any) -> float:
    try:
        return float(data["used"])
    except (TypeError, KeyError, ValueError):
        return 0.0


def check_step(tried: Try, step: int | None) -> None:
    """Raises :class:`StaleTry` unless the post was made on the try as it is now."""
    if step != tried.step:
        raise StaleTry


def replay(real: hands.Hand, tried: Try) -> hands.Hand:
    """The try's hand: a copy of ``real`` before the decision, with the try's actions played
    through the engine again (raises hands.BrokenGame when they no longer play)."""
    return hands.resume(hands.rewind(real, tried.decision), tried.actions)


@dataclass
class Played:
    """What one post did to a try: the try as it is now and its hand, or the engine's
    refusal (nothing played) with moves close to the refused one."""

    tried: Try
    hand: hands.Hand
    refusal: BurracoError | None = None
    instead: list[Action] = field(default_factory=list)


def play(game: Game, real: hands.Hand, tried: Try, hand: hands.Hand, action: Action) -> Played:
    """Play the learner's ``action`` in the try (``hand``, changed in place), the coach
    judging it; after their discard the bots answer only once the learner plays on.
    Raises :class:`TryOver` or :class:`NotYourTurn`; a refusal plays nothing."""
    if hand.over or tried.step >= MOST_ACTIONS:
        raise TryOver
    if not hand.learner_to_move:
        raise NotYourTurn
    refusal = hands.refusal(hand.position, action)
    if refusal is not None:
        return Played(tried, hand, refusal, hands.instead(hand.position, action))
    choice = judge(game, real, hand, action)
    hand.play(action)
    if tried.on:
        hands.run_bots(hand)
    return Played(_after(tried, hand, tried.choices + (choice,)), hand)


def play_on(tried: Try, hand: hands.Hand) -> Played:
    """The learner plays on past their turn: the bots answer (within their deadline; the
    rest with the next post) until it is the learner's turn again or the hand ends."""
    if hand.over or tried.step >= MOST_ACTIONS:
        raise TryOver
    if hand.learner_to_move:
        raise NotYourTurn
    hands.run_bots(hand)
    return Played(replace(_after(tried, hand, tried.choices), on=True), hand)


def _after(tried: Try, hand: hands.Hand, choices: tuple[Choice, ...]) -> Try:
    return replace(tried, actions=tuple(hand.actions[tried.decision :]), choices=choices)


def judge(game: Game, real: hands.Hand, hand: hands.Hand, action: Action) -> Choice:
    """The coach's word on ``action`` in the try's ``hand``: compared with the learner's
    move in the game while the try has followed the game move for move (the same move
    has the game's findings, and costs the coach nothing), else with the coach's own."""
    index = len(hand.steps)
    on_line = _on_the_games_line(real, hand)
    made: list[Finding] = []
    if on_line:
        rows = game.findings.filter(hand=real.setup.number, decision=index)
        made = list(rows.exclude(severity=Finding.Severity.NONE))
        if str(action) == real.actions[index]:
            return Choice(index, str(action), Verdict.SAME, tuple(map(_kept_note, made)))
    review = hands.review(hand.position, action, hand.memory)
    if review is None:
        return Choice(index, str(action), Verdict.UNWEIGHED)
    notes = _notes(review)
    if not on_line:
        return Choice(index, str(action), Verdict.DIFFERS if notes else Verdict.AGREES, notes)
    cost, before = sum(note.points for note in notes), sum(f.points for f in made)
    if cost < before:
        return Choice(index, str(action), Verdict.BETTER, notes)
    return Choice(index, str(action), Verdict.WORSE if cost > before else Verdict.EQUAL, notes)


def _kept_note(finding: Finding) -> Note:
    return Note(
        finding.sentence, dict(finding.params), finding.rule, finding.points, finding.better
    )


def _notes(review: Review) -> tuple[Note, ...]:
    return tuple(
        Note(f.sentence, dict(f.params), f.rule, f.points, str(f.better))
        for f in review.findings
        if f.severity.value != "none"
    )


def _on_the_games_line(real: hands.Hand, hand: hands.Hand) -> bool:
    """Is the try's position the one the learner met in the game at this point (every
    action of the try so far the game's), with the learner to move there too?"""
    index = len(hand.steps)
    if index >= len(real.steps) or real.steps[index].seat != hands.LEARNER:
        return False
    return hand.actions == real.actions[:index]


def turn_over(tried: Try, hand: hands.Hand) -> bool:
    """Has the learner's turn ended, the try waiting for "play on" (or the hand over)?"""
    if hand.over:
        return True
    return not tried.on and not hand.learner_to_move and _discarded(tried, hand)


def _discarded(tried: Try, hand: hands.Hand) -> bool:
    steps = hand.steps[tried.decision :]
    return any(s.seat == hands.LEARNER and s.action.kind is ActionKind.DISCARD for s in steps)
