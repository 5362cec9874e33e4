"""The coach: what a player's action missed, what would have been better, and
roughly what it cost.

:func:`coach` takes a position and the action the player to move chose there, and returns
a :class:`Review`: its findings, each with a stable ``code``, the rule id it rests on, the
``params`` of its sentence (:mod:`engine.messages`, Italian in the catalogue), the
``better`` action, the ``points`` it likely cost and a ``severity``; and ``best``, the
action the coach would have played (the better action of the worst finding, or the
chosen one when nothing was found).

The coach sees only what the player saw: it reviews :func:`seat_view` of the position
(the player's own hand, the other hands as counts, the stock as a count, no pozzetto's
cards), so a finding never rests on a hidden card, and every ``better`` action is legal in
the position (a test checks it on thousands of positions of random hands). The codes:

- ``missed_close`` (R30): a line this turn closed the hand, and the action gave it up.
- ``missed_pozzetto`` (R29): a line this turn took the pozzetto al volo, given up.
- ``missed_burraco`` (R26): a meld or an attachment made a burraco, given up.
- ``missed_clean_burraco`` (R27, R25): a wildcard laid where a natural card of the hand
  did the same work, or a discard that left a pinella out when a card could send it home.
- ``feeds_opponent`` (R17, R7): the discard fits a meld of the next player's side, or
  gives them, with the pile, the cards for a burraco; another discard did not.
- ``wild_wasted`` (R18, R27): a wildcard discarded when another card could go, or laid on
  a clean burraco, which it makes dirty.
- ``missed_attach`` (R17): at the discard, a natural card (kept or discarded) fitted one
  of the side's melds.
- ``missed_pile`` (R7): the player drew from the stock, and the pile held cards they could
  have laid down or attached at once.

Each look ahead is one turn deep and made of single legal actions: a burraco that needed
two plays is not looked for, a close or an al volo is (with :func:`engine.puzzles.find_line`).

**What it cost** is an :class:`Estimator`'s word: ``estimator(view, chosen, better,
budget)`` returns the points the chosen action likely lost against the better one. The
default, :func:`stakes`, is deterministic and cheap: it finishes the turn both ways (the
line that closes or takes the pozzetto when there is one, else the play worth the most,
repeated, then the best discard) and weighs what lies on the table and in the hand with
the rules' numbers: card values (R2), burraco bonuses, the pozzetto and the closing
(:mod:`engine.scoring`), and what the discard hands the next player. :func:`playouts`, the
expert bot's (engine/bots), plays both actions on in sampled worlds of the hidden
cards within a share of the budget: the judge's ``coach`` op and the practice table use it.

**Severity** (:func:`severity`): ``none`` under 20 points, ``inaccuracy`` from 20 to under
60, ``mistake`` from 60 to 150, ``blunder`` above 150, and a blunder whatever the points
when a burraco, the pozzetto or the closing was lost. A finding whose estimate is 0 or
less (the estimator sees no loss) is not made, unless one of those was lost.

Everything spends one :class:`~engine.budget.Budget` (a request's, by default); when it
runs out the coach raises :class:`~engine.errors.TooBigError` (``too_big``).

>>> from engine.state import Position
>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "play",
...   "hands": [["9H", "KS", "4D"], {"count": 10}], "melds": [[["6H", "7H", "8H"]], []],
...   "discard": ["QD"], "stock": 40, "pozzetti_taken": [false, false]}''')
>>> review = coach(position, Action.parse("discard 9H"))
>>> [(f.code, str(f.better), f.severity.value) for f in review.findings]
[('missed_attach', 'attach 0 9H', 'inaccuracy')]
>>> print(review.findings[0].message())  # doctest: +NORMALIZE_WHITESPACE
The 9 of hearts fitted your side's meld 6♥ 7♥ 8♥: attached, it would count for you on the
table instead of in your hand or on the pile.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine.actions import (
    Action,
    ActionKind,
    Event,
    legal_attachments,
    legal_discards,
    legal_melds,
    transition,
    why_illegal,
)
from engine.budget import MOVE_STEPS, Budget
from engine.cards import Card
from engine.errors import TooBigError
from engine.melds import BURRACO_SIZE, Burraco, Meld, MeldKind, possible_attachments
from engine.messages import render
from engine.puzzles import find_line
from engine.scoring import BURRACO_BONUS, CLOSING_BONUS, POZZETTO_PENALTY
from engine.state import Hidden, Phase, Position

#: Severity thresholds in points: under 20 none, 20 to under 60 an
#: inaccuracy, 60 to 150 a mistake, above 150 a blunder.
INACCURACY_FROM = 20
MISTAKE_FROM = 60
BLUNDER_ABOVE = 150

#: How many plays the default estimator's greedy finish of a turn makes at most.
GREEDY_PLAYS = 6
#: What the default estimator counts a wildcard kept in hand for, beyond its value: it can
#: still stand for any card (R18). A heuristic, not a rule: the expert's playouts replace it.
WILD_IN_HAND = 20


class Severity(enum.Enum):
    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


class Lost(enum.Enum):
    """What a finding's chosen action gave up that makes it a blunder whatever the points."""

    BURRACO = "burraco"
    POZZETTO = "pozzetto"
    CLOSING = "closing"


def severity(points: int, lost: Lost | None = None) -> Severity:
    """How bad a finding is, from the points it likely cost and what it lost.

    >>> [severity(p).value for p in (19, 20, 59, 60, 150, 151)]
    ['none', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder']
    >>> severity(0, Lost.BURRACO).value
    'blunder'
    """
    if lost is not None or points > BLUNDER_ABOVE:
        return Severity.BLUNDER
    if points >= MISTAKE_FROM:
        return Severity.MISTAKE
    if points >= INACCURACY_FROM:
        return Severity.INACCURACY
    return Severity.NONE


class Estimator(Protocol):
    """The points ``chosen`` likely lost against ``better`` in ``view`` (the position as the
    player to move sees it: :func:`seat_view`); spends ``budget``. The expert bot's
    playouts plug in here; :func:`stakes` is the default."""

    def __call__(self, view: Position, chosen: Action, better: Action, budget: Budget) -> int: ...


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the chosen action missed, and what would have been better."""

    code: str
    rule: str
    better: Action
    points: int
    severity: Severity
    params: Mapping[str, Any]
    #: The key of the sentence in :data:`engine.messages.MESSAGES`.
    sentence: str
    lost: Lost | None = None

    def message(
        self,
        translate: Callable[[str], str] | None = None,
        plural: Callable[[str, str, int], str] | None = None,
    ) -> str:
        """The sentence in English, or in the language ``translate`` (and, for a sentence
        with a plural, ``plural``, as ngettext) gives."""
        if translate is None:
            return render(self.sentence, self.params)
        return render(self.sentence, self.params, translate, plural)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "severity": self.severity.value,
            "points": self.points,
            "better": str(self.better),
            "params": dict(self.params),
            "lost": None if self.lost is None else self.lost.value,
            "sentence": self.sentence,
            "reason": self.message(),
        }


@dataclass(frozen=True, slots=True)
class Review:
    """The coach's word on one action: the findings, worst first, and the best action."""

    chosen: Action
    findings: tuple[Finding, ...]
    best: Action

    def to_json(self) -> dict[str, Any]:
        return {
            "findings": [finding.to_json() for finding in self.findings],
            "best": str(self.best),
        }


# --- what the player sees ------------------------------------------------------------------


def seat_view(position: Position, seat: int | None = None) -> Position:
    """The position as ``seat`` (the player to move by default) sees it: the other hands
    as counts, the stock as a count, no pozzetto's cards."""
    if seat is None:
        seat = position.to_move
    return replace(
        position,
        hands=tuple(
            hand if other == seat or isinstance(hand, Hidden) else Hidden(len(hand))
            for other, hand in enumerate(position.hands)
        ),
        stock=Hidden(position.stock_count),
        pozzetti=tuple(None for _ in position.pozzetti),
    )


# --- the coach -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Play:
    """A legal meld or attachment: the action, the meld it changes (None for a new one)
    and the meld that results."""

    action: Action
    before: Meld | None
    after: Meld


@dataclass(frozen=True, slots=True)
class _Candidate:
    code: str
    rule: str
    better: Action
    params: Mapping[str, Any]
    sentence: str = ""
    lost: Lost | None = None


@dataclass
class _Context:
    view: Position
    chosen: Action
    budget: Budget
    #: The view after the chosen action (None after a draw from the stock: the card is
    #: unknown) and the events it brought about.
    after: Position | None = None
    events: tuple[Event, ...] = ()
    _plays: dict[Position, tuple[_Play, ...]] = field(default_factory=dict)
    _lines: dict[tuple[Position, str], list[Action] | None] = field(default_factory=dict)

    @property
    def turn_over(self) -> bool:
        return self.chosen.kind is ActionKind.DISCARD

    def plays(self, position: Position) -> tuple[_Play, ...]:
        return _plays(position, self.budget, self._plays)

    def line(self, position: Position, goal: str) -> list[Action] | None:
        key = (position, goal)
        if key not in self._lines:
            self._lines[key] = find_line(position, goal, self.budget)
        return self._lines[key]


def coach(
    position: Position,
    action: Action | str,
    *,
    estimator: Estimator | None = None,
    budget: Budget | None = None,
) -> Review:
    """Review ``action``, chosen by the player to move in ``position`` (see the module).

    Raises the action's refusal when it is illegal, :class:`InvalidNotationError` for text
    that is no action, :class:`InvalidPositionError` when the player's cards are hidden,
    and :class:`TooBigError` when the review would spend more than ``budget`` (a fresh
    request budget when None).
    """
    if isinstance(action, str):
        action = Action.parse(action)
    refusal = why_illegal(position, action)
    if refusal is not None:
        raise refusal
    budget = budget if budget is not None else Budget()
    estimate = estimator if estimator is not None else stakes
    view = seat_view(position)
    context = _Context(view, action, budget)
    if action.kind is not ActionKind.DRAW:
        budget.spend(MOVE_STEPS)
        step = transition(view, action, budget)
        context.after, context.events = step.position, step.events
    candidates: list[_Candidate] = []
    for detector in _DETECTORS:
        candidates.extend(detector(context))
    findings: list[Finding] = []
    seen: set[Action] = {action}
    for candidate in candidates:
        if candidate.better in seen or (
            # A card a weightier finding already plays is not a missed attachment too.
            candidate.code == "missed_attach"
            and any(candidate.better.cards[0] in better.cards for better in seen - {action})
        ):
            continue
        seen.add(candidate.better)
        points = estimate(view, action, candidate.better, budget)
        if points <= 0 and candidate.lost is None:
            continue
        points = max(points, 0)
        findings.append(
            Finding(
                code=candidate.code,
                rule=candidate.rule,
                better=candidate.better,
                points=points,
                severity=severity(points, candidate.lost),
                params=candidate.params,
                sentence=candidate.sentence or f"coach_{candidate.code}",
                lost=candidate.lost,
            )
        )
    order = list(_SEVERITY_ORDER)
    findings.sort(key=lambda finding: (-order.index(finding.severity), -finding.points))
    best = findings[0].better if findings else action
    return Review(action, tuple(findings), best)


_SEVERITY_ORDER = (Severity.NONE, Severity.INACCURACY, Severity.MISTAKE, Severity.BLUNDER)


# --- the detectors -------------------------------------------------------------------------


def _missed_goal(context: _Context, goal: str, event: Event) -> Action | None:
    """The first action of a line this turn reaching ``goal`` that the chosen action gave
    up, or None."""
    view = context.view
    if event in context.events:
        return None
    line = context.line(view, goal)
    if not line:
        return None
    if view.phase is Phase.DRAW:
        if context.chosen.kind is ActionKind.PILE:
            return None  # the line starts with the pile (a stock draw is no line)
        # A draw from the stock: does the hand alone, without the unknown card, still reach it?
        if context.line(_stand_in(view), goal) is not None:
            return None
        return line[0]
    after = context.after
    if not context.turn_over and after is not None:
        if goal == "closed" and Event.POZZETTO_AL_VOLO in context.events:
            return None  # the pozzetto's cards are unknown: no line is looked for on them
        if not isinstance(after.hands[after.to_move], Hidden) and context.line(after, goal):
            return None
    return line[0]


def _missed_close(context: _Context) -> list[_Candidate]:
    side = context.view.side
    if not context.view.pozzetti_taken[side]:
        return []
    better = _missed_goal(context, "closed", Event.CLOSED)
    if better is None:
        return []
    return [_Candidate("missed_close", "R30", better, {"bonus": CLOSING_BONUS}, lost=Lost.CLOSING)]


def _missed_pozzetto(context: _Context) -> list[_Candidate]:
    if context.view.pozzetti_taken[context.view.side]:
        return []
    better = _missed_goal(context, "pozzetto_al_volo", Event.POZZETTO_AL_VOLO)
    if better is None:
        return []
    taken = Event.POZZETTO_CON_LO_SCARTO in context.events
    return [
        _Candidate(
            "missed_pozzetto",
            "R29",
            better,
            {"penalty": POZZETTO_PENALTY},
            sentence="coach_missed_pozzetto_scarto" if taken else "",
            lost=None if taken else Lost.POZZETTO,
        )
    ]


def _makes_burraco(play: _Play, rules: Any) -> bool:
    return play.after.burraco(rules) is not None and (
        play.before is None or play.before.burraco(rules) is None
    )


def _burraco_rank(play: _Play, rules: Any) -> tuple[int, int]:
    kind = play.after.burraco(rules)
    return (BURRACO_BONUS[kind] if kind is not None else 0, len(play.after.cards))


def _missed_burraco(context: _Context) -> list[_Candidate]:
    view = context.view
    if view.phase is not Phase.PLAY:
        return []
    rules = view.rules
    making = [play for play in context.plays(view) if _makes_burraco(play, rules)]
    if not making:
        return []
    after = context.after
    assert after is not None
    if _burracos(after.melds[view.side], rules) > _burracos(view.melds[view.side], rules):
        return []
    if not context.turn_over and any(_makes_burraco(play, rules) for play in context.plays(after)):
        return []  # the burraco can still be made this turn
    play = max(making, key=lambda play: _burraco_rank(play, rules))
    return [
        _Candidate(
            "missed_burraco",
            "R26",
            play.action,
            {"cards": _texts(play.action.cards), "arrangement": _texts(play.after.cards)},
            lost=Lost.BURRACO,
        )
    ]


def _burracos(melds: Iterable[Meld], rules: Any) -> int:
    return sum(1 for meld in melds if meld.burraco(rules) is not None)


def _missed_clean_burraco(context: _Context) -> list[_Candidate]:
    view = context.view
    if view.phase is not Phase.PLAY:
        return []
    chosen = context.chosen
    plays = context.plays(view)
    found: list[_Candidate] = []
    if chosen.kind in (ActionKind.MELD, ActionKind.ATTACH):
        mine = next((play for play in plays if play.action == chosen), None)
        wild = None if mine is None else mine.after.wildcard
        if mine is not None and wild is not None and wild in chosen.cards:
            naturals = [card for card in chosen.cards if not card.is_wild]
            for play in plays:
                if (
                    play.action.kind is chosen.kind
                    and play.action.meld == chosen.meld
                    and play.after.wildcard is None
                    and not any(card.is_wild for card in play.action.cards)
                    and len(play.action.cards) >= len(chosen.cards)
                    and _contains(play.action.cards, naturals)
                    and (play.before is None or play.before.wildcard is None)
                ):
                    extra = _minus(play.action.cards, naturals)
                    found.append(
                        _Candidate(
                            "missed_clean_burraco",
                            "R27",
                            play.action,
                            {
                                "wild": str(wild),
                                "card": str(extra[0]) if extra else str(play.action.cards[0]),
                                "clean": BURRACO_BONUS[Burraco.CLEAN],
                                "dirty": BURRACO_BONUS[Burraco.DIRTY],
                            },
                        )
                    )
                    break
    # A pinella that could have gone home (R25): an attachment that turns a dirty meld clean.
    after = context.after
    for play in plays:
        if not (
            play.action.kind is ActionKind.ATTACH
            and play.before is not None
            and play.before.wildcard is not None
            and play.after.wildcard is None
        ):
            continue
        if play.action == chosen:
            continue
        if after is not None and not context.turn_over and why_illegal(after, play.action) is None:
            continue
        wild = play.before.wildcard
        found.append(
            _Candidate(
                "missed_clean_burraco",
                "R25",
                play.action,
                {
                    "wild": str(wild),
                    "card": str(play.action.cards[0]),
                    "arrangement": _texts(play.after.cards),
                },
                sentence="coach_missed_clean_burraco_home",
            )
        )
        break
    return found


@dataclass(frozen=True, slots=True)
class _Feed:
    """What a discard gives the next player's side: the points it likely gains, the meld
    of theirs the card fits (as it lies now), and the meld the pile makes a burraco."""

    gain: int = 0
    fitted: Meld | None = None
    burraco: Meld | None = None


def _feeds(view_after: Position, card: Card, budget: Budget) -> _Feed:
    """What ``card``, just discarded in ``view_after``, gives the next player's side."""
    if view_after.is_over:
        return _Feed()
    melds = view_after.melds[view_after.side]
    rules = view_after.rules
    if not melds:
        return _Feed()
    gain, fitted = 0, None
    for index, _, result in possible_attachments(melds, [card], rules, budget):
        worth = card.value + _bonus_gain(melds[index], result, rules)
        if worth > gain:
            gain, fitted = worth, melds[index]
    pile = view_after.discard
    found = _pile_burraco(melds, pile, rules, budget)
    if found is not None and _pile_burraco(melds, pile[:-1], rules, budget) is None:
        kind, meld = found
        return _Feed(gain + BURRACO_BONUS[kind], fitted, meld)
    return _Feed(gain, fitted)


def _pile_burraco(
    melds: Sequence[Meld], pile: Sequence[Card], rules: Any, budget: Budget
) -> tuple[Burraco, Meld] | None:
    """The best burraco the pile's cards make by attaching to one of these melds, and
    that meld, if any."""
    candidates = [meld for meld in melds if meld.burraco(rules) is None]
    if not pile or not candidates:
        return None
    # Only the pile's cards that fit a meld's rank or suit can help: keep the search small.
    useful = [
        card
        for card in pile
        if card.is_wild
        or any(
            card.rank is meld.rank if meld.kind is MeldKind.SET else card.suit is meld.suit
            for meld in candidates
        )
    ]
    best: tuple[Burraco, Meld] | None = None
    for meld in candidates:
        if len(meld.cards) + len(useful) < BURRACO_SIZE:
            continue
        for _, _, result in possible_attachments([meld], useful, rules, budget):
            kind = result.burraco(rules)
            if kind is not None and (best is None or BURRACO_BONUS[kind] > BURRACO_BONUS[best[0]]):
                best = (kind, meld)
    return best


def _bonus_gain(before: Meld, after: Meld, rules: Any) -> int:
    old, new = before.burraco(rules), after.burraco(rules)
    return (BURRACO_BONUS[new] if new else 0) - (BURRACO_BONUS[old] if old else 0)


def _quiet_discard(context: _Context, exclude: Card | None = None) -> Action | None:
    """The discard, other than ``exclude`` and never a wildcard, that gives the next
    player's side nothing and keeps the most in hand, by the default estimate."""
    view = context.view
    best: tuple[int, Action] | None = None
    for action in legal_discards(view):
        card = action.cards[0]
        if card.is_wild or card == exclude:
            continue
        context.budget.spend(MOVE_STEPS)
        after = transition(view, action, context.budget).position
        if _feeds(after, card, context.budget).gain:
            continue
        worth = _value(view, after, context.budget)
        if best is None or worth > best[0]:
            best = (worth, action)
    return None if best is None else best[1]


def _feeds_opponent(context: _Context) -> list[_Candidate]:
    chosen, after = context.chosen, context.after
    if chosen.kind is not ActionKind.DISCARD or after is None or after.is_over:
        return []
    if after.side == context.view.side:
        return []
    card = chosen.cards[0]
    feed = _feeds(after, card, context.budget)
    if not feed.gain:
        return []
    better = _quiet_discard(context, card)
    if better is None:
        return []
    if feed.burraco is not None:
        params = {"card": str(card), "arrangement": _texts(feed.burraco.cards)}
        return [
            _Candidate(
                "feeds_opponent",
                "R7",
                better,
                params,
                sentence="coach_feeds_opponent_burraco",
                lost=Lost.BURRACO,
            )
        ]
    assert feed.fitted is not None
    params = {"card": str(card), "arrangement": _texts(feed.fitted.cards)}
    # The card alone completes their burraco: its gain is more than its value.
    lost = Lost.BURRACO if feed.gain > card.value else None
    return [_Candidate("feeds_opponent", "R17", better, params, lost=lost)]


def _wild_wasted(context: _Context) -> list[_Candidate]:
    view, chosen = context.view, context.chosen
    if view.phase is not Phase.PLAY:
        return []
    if chosen.kind is ActionKind.DISCARD:
        card = chosen.cards[0]
        if not card.is_wild:
            return []
        better = _quiet_discard(context) or next(
            (a for a in legal_discards(view) if not a.cards[0].is_wild), None
        )
        if better is None:
            return []
        return [
            _Candidate(
                "wild_wasted", "R18", better, {"card": str(card)}, "coach_wild_wasted_discard"
            )
        ]
    if chosen.kind is not ActionKind.ATTACH:
        return []
    mine = next((play for play in context.plays(view) if play.action == chosen), None)
    if mine is None or mine.before is None:
        return []
    was, now = mine.before.burraco(view.rules), mine.after.burraco(view.rules)
    if was is not Burraco.CLEAN or now is Burraco.CLEAN:
        return []
    wild = mine.after.wildcard
    assert wild is not None
    naturals = tuple(card for card in chosen.cards if not card.is_wild)
    instead: Action | None = None
    if naturals:
        without = Action(ActionKind.ATTACH, naturals, chosen.meld)
        if why_illegal(view, without) is None:
            instead = without
    instead = instead or _quiet_discard(context)
    if instead is None:
        return []
    return [
        _Candidate(
            "wild_wasted",
            "R27",
            instead,
            {
                "card": str(wild),
                "arrangement": _texts(mine.before.cards),
                "loss": BURRACO_BONUS[Burraco.CLEAN] - BURRACO_BONUS[now or Burraco.DIRTY],
            },
            "coach_wild_wasted_burraco",
        )
    ]


def _missed_attach(context: _Context) -> list[_Candidate]:
    chosen, view = context.chosen, context.view
    if chosen.kind is not ActionKind.DISCARD:
        return []
    discarded = chosen.cards[0]
    single = [
        play
        for play in context.plays(view)
        if play.action.kind is ActionKind.ATTACH
        and len(play.action.cards) == 1
        and not play.action.cards[0].is_wild
    ]
    if not single:
        return []
    play = max(
        single,
        key=lambda play: (play.action.cards[0] == discarded, play.action.cards[0].value),
    )
    return [
        _Candidate(
            "missed_attach",
            "R17",
            play.action,
            {"card": str(play.action.cards[0]), "arrangement": _texts(play.before.cards)}
            if play.before is not None
            else {"card": str(play.action.cards[0]), "arrangement": []},
        )
    ]


def _missed_pile(context: _Context) -> list[_Candidate]:
    view, chosen = context.view, context.chosen
    if view.phase is not Phase.DRAW or chosen.kind is not ActionKind.DRAW or not view.discard:
        return []
    pile_action = Action(ActionKind.PILE)
    if why_illegal(view, pile_action) is not None:
        return []
    context.budget.spend(MOVE_STEPS)
    taken = transition(view, pile_action, context.budget).position
    pile = set(view.discard)
    usable = [play for play in context.plays(taken) if not pile.isdisjoint(play.action.cards)]
    if not usable:
        return []
    cards = sorted(
        {card for play in usable for card in play.action.cards if card in pile},
        key=lambda card: card.sort_key,
    )
    rules = view.rules
    burraco = any(_makes_burraco(play, rules) for play in usable) and not any(
        _makes_burraco(play, rules) for play in context.plays(_stand_in(view))
    )
    return [
        _Candidate(
            "missed_pile",
            "R7",
            pile_action,
            {"cards": _texts(cards), "count": len(cards)},
            lost=Lost.BURRACO if burraco else None,
        )
    ]


#: The detectors, most telling first: of two findings with the same better action, the
#: first is kept.
_DETECTORS: tuple[Callable[[_Context], list[_Candidate]], ...] = (
    _missed_close,
    _missed_pozzetto,
    _missed_burraco,
    _missed_clean_burraco,
    _feeds_opponent,
    _wild_wasted,
    _missed_attach,
    _missed_pile,
)

#: Every finding code the coach makes.
CODES = (
    "missed_close",
    "missed_pozzetto",
    "missed_burraco",
    "missed_clean_burraco",
    "feeds_opponent",
    "wild_wasted",
    "missed_attach",
    "missed_pile",
)


# --- the default estimator -----------------------------------------------------------------


def stakes(view: Position, chosen: Action, better: Action, budget: Budget) -> int:
    """The default :class:`Estimator`: what finishing the turn after ``better`` is worth
    over finishing it after ``chosen``, in points, by :func:`_value` (never below 0)."""
    cache: dict[Position, tuple[_Play, ...]] = {}
    return max(0, _outlook(view, better, budget, cache) - _outlook(view, chosen, budget, cache))


def _outlook(
    view: Position, action: Action, budget: Budget, cache: dict[Position, tuple[_Play, ...]]
) -> int:
    """The worth of the turn finished after ``action``: along a line that closes or takes
    the pozzetto al volo when there is one, else greedily (the play worth the most, while
    one adds worth, then the discard worth the most)."""
    if action.kind is ActionKind.DRAW:
        position = _stand_in(view)  # the card from the stock is unknown
    else:
        budget.spend(MOVE_STEPS)
        position = transition(view, action, budget).position
    seat = view.to_move
    if _turn_over(view, position) or isinstance(position.hands[seat], Hidden):
        return _value(view, position, budget)
    for goal in ("closed", "pozzetto_al_volo"):
        if goal == "closed" and not position.pozzetti_taken[view.side]:
            continue
        if goal == "pozzetto_al_volo" and position.pozzetti_taken[view.side]:
            continue
        line = find_line(position, goal, budget)
        if line:
            for step in line:
                budget.spend(MOVE_STEPS)
                position = transition(position, step, budget).position
            return _value(view, position, budget)
    for _ in range(GREEDY_PLAYS):
        worth = _value(view, position, budget)
        best: tuple[int, Position] | None = None
        for play in _plays(position, budget, cache):
            budget.spend(MOVE_STEPS)
            after = transition(position, play.action, budget).position
            after_worth = _value(view, after, budget)
            if after_worth > worth and (best is None or after_worth > best[0]):
                best = (after_worth, after)
        if best is None:
            break
        position = best[1]
        if _turn_over(view, position) or isinstance(position.hands[seat], Hidden):
            return best[0]
    discards = legal_discards(position)
    if not discards:
        return _value(view, position, budget)
    worths = []
    for discard in discards:
        budget.spend(MOVE_STEPS)
        worths.append(_value(view, transition(position, discard, budget).position, budget))
    return max(worths)


def _turn_over(view: Position, position: Position) -> bool:
    return position.is_over or position.to_move != view.to_move


def _value(view: Position, position: Position, budget: Budget) -> int:
    """What ``position`` is worth to the side of the player to move in ``view``: its melds
    (cards, burraco bonuses, and a share of the clean or dirty bonus for a meld on its way),
    minus the player's natural cards in hand (a wildcard in hand is worth its value and
    :data:`WILD_IN_HAND` more, until the hand is over), the pozzetto, the closing, less what
    a discard hands the next side."""
    side, seat, rules = view.side, view.to_move, view.rules
    worth = 0
    for meld in position.melds[side]:
        worth += meld.points
        kind = meld.burraco(rules)
        if kind is not None:
            worth += BURRACO_BONUS[kind]
        else:
            bonus = BURRACO_BONUS[Burraco.CLEAN if meld.wild is None else Burraco.DIRTY]
            size = len(meld.cards)
            worth += bonus * size * size // (2 * BURRACO_SIZE * BURRACO_SIZE)
    hand = position.hands[seat]
    if not isinstance(hand, Hidden):
        over = position.is_over
        worth += sum(
            card.value + WILD_IN_HAND if card.is_wild and not over else -card.value for card in hand
        )
    if not position.pozzetti_taken[side]:
        worth -= POZZETTO_PENALTY
    if position.closer is not None and position.side_of(position.closer) == side:
        worth += CLOSING_BONUS
    if position.to_move != seat and position.discard and len(position.discard) > len(view.discard):
        worth -= _feeds(position, position.discard[-1], budget).gain
    return worth


# --- the expert's playouts ----------------------------------------------------------------

#: What :func:`playouts` may spend on one finding, in steps (:mod:`engine.budget`), and
#: never more than half of what the request has left: about 60 actions played.
PLAYOUT_STEPS = 2_000
#: How many worlds of the hidden cards :func:`playouts` plays both actions out in.
PLAYOUT_WORLDS = 4
#: How many actions each playout plays at most (it stops sooner at the seat's next turn).
PLAYOUT_ACTIONS = 16


def playouts(view: Position, chosen: Action, better: Action, budget: Budget) -> int:
    """The :class:`Estimator` of the judge and the web, by the expert bot's playouts.

    In each of :data:`PLAYOUT_WORLDS` worlds of the hidden cards that agree with ``view``
    (:func:`engine.bots.expert.sample_world`), it plays ``better`` and ``chosen``, then the
    club player in every seat until the seat is next to draw, and compares the positions
    reached (:func:`engine.bots.expert.estimate`); both actions meet the same world and
    the same chances, so only the choice differs. The worlds are drawn from a fixed seed:
    the same question gets the same answer. It spends at most :data:`PLAYOUT_STEPS` of
    ``budget`` (and half of what is left); when that runs out it keeps the worlds played,
    and with none it answers as :func:`stakes`."""
    import random

    from engine.bots.expert import play_out, sample_world
    from engine.bots.levels import Club
    from engine.bots.view import view_of

    seat = view.to_move
    side = view.side
    seen = view_of(view, seat)
    rng = random.Random(0)
    own = Budget(min(PLAYOUT_STEPS, budget.left // 2))
    player = Club()
    gains: list[float] = []
    try:
        for _ in range(PLAYOUT_WORLDS):
            world = sample_world(seen, random.Random(rng.randrange(2**32)))
            seed = rng.randrange(2**32)
            diffs = []
            for action in (better, chosen):
                if action.kind is ActionKind.DRAW:
                    action = Action(ActionKind.DRAW)  # the world's own top card
                own.spend(MOVE_STEPS)
                after = transition(world, action, own).position
                result = play_out(
                    after,
                    player,
                    random.Random(seed),
                    side=side,
                    max_actions=PLAYOUT_ACTIONS,
                    until_seat=seat,
                    budget=own,
                )
                diffs.append(result.diff)
            gains.append(diffs[0] - diffs[1])
    except TooBigError:
        pass
    finally:
        budget.spend(own.spent)
    if not gains:
        return stakes(view, chosen, better, budget)
    return max(0, round(sum(gains) / len(gains)))


# --- small helpers -------------------------------------------------------------------------


def _stand_in(view: Position) -> Position:
    """The player's turn as if the stock's card had been drawn and set aside: the hand
    they knew when they chose to draw."""
    return replace(view, phase=Phase.PLAY, stall=None)


def _plays(
    position: Position, budget: Budget, cache: dict[Position, tuple[_Play, ...]]
) -> tuple[_Play, ...]:
    """The legal melds and attachments of the player to move, with the melds they make."""
    kept = cache.get(position)
    if kept is not None:
        return kept
    found: list[_Play] = []
    if position.phase is Phase.PLAY and not position.is_over:
        side_melds = position.melds[position.side]
        for meld in legal_melds(position, budget):
            found.append(_Play(Action(ActionKind.MELD, meld.cards), None, meld))
        for index, cards, result in legal_attachments(position, budget):
            found.append(_Play(Action(ActionKind.ATTACH, cards, index), side_melds[index], result))
    plays = tuple(found)
    cache[position] = plays
    return plays


def _contains(cards: Sequence[Card], part: Iterable[Card]) -> bool:
    rest = list(cards)
    for card in part:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def _minus(cards: Sequence[Card], part: Iterable[Card]) -> list[Card]:
    rest = list(cards)
    for card in part:
        if card in rest:
            rest.remove(card)
    return rest


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


__all__ = [
    "CODES",
    "Estimator",
    "Finding",
    "Lost",
    "Review",
    "Severity",
    "coach",
    "playouts",
    "seat_view",
    "severity",
    "stakes",
]
