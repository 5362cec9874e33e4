"""A puzzle: a position and a kind of question about it (docs/content.md), read from the
fields a content file, the teacher's editor or the judge gives. The kinds' answers and how
each is marked live in their own modules (:mod:`engine.puzzles.registry`)."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, ActionKind, transition
from engine.budget import Budget
from engine.cards import ALL_CARDS, Card, parse_cards
from engine.errors import BurracoError, Refusal, TooBigError
from engine.match import VP_TABLES
from engine.melds import Meld, MeldKind
from engine.numbers import whole_number
from engine.rules import PRESETS, Rules
from engine.state import DECK_SIZE, Hidden, Phase, Position
from engine.strategy import check_known


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
RULE_IDS = tuple(f"R{n}" for n in range(1, 45))
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


# --- reading a puzzle's fields --------------------------------------------------------------


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
    if value is None:
        return None
    return whole_number(value, key, error=InvalidPuzzleError)


def _choice(data: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = data.get(key, allowed[0])
    if value not in allowed:
        raise InvalidPuzzleError("field_choice", name=key, text=value, choices=allowed)
    return str(value)
