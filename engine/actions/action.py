"""The action as a value (R6-R9, R15-R17): its kinds, its notation, and what an action
brings about on the way (:class:`Event`, :class:`Transition`).

Part of :mod:`engine.actions`; the verbs that judge and apply an action are in
:mod:`engine.actions.verbs`."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import ALL_CARDS, parse_cards
from engine.errors import InvalidNotationError
from engine.melds import (
    MeldKind,
)
from engine.state import (
    Cards,
    Phase,
    Position,
    Termination,
)


class ActionKind(enum.Enum):
    DRAW = "draw"
    PILE = "pile"
    MELD = "meld"
    ATTACH = "attach"
    DISCARD = "discard"


# The members the hot paths compare with, named once (why: engine.melds, by _SET).
_KIND_DRAW, _KIND_PILE, _KIND_DISCARD = ActionKind.DRAW, ActionKind.PILE, ActionKind.DISCARD
_KIND_MELD, _KIND_ATTACH = ActionKind.MELD, ActionKind.ATTACH
_DRAW_PHASE, _PLAY_PHASE = Phase.DRAW, Phase.PLAY
_CLOSED, _EXHAUSTED = Termination.CLOSED, Termination.STOCK_EXHAUSTED
_SET = MeldKind.SET


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """One action of the player to move.

    ``cards`` are the card drawn (``draw 5H``), laid, attached or discarded; ``meld`` is the
    index of the side's meld an ``attach`` adds to. Two actions with the same cards in a
    different order are equal: the engine, not the order, decides how a meld is arranged.

    >>> Action.parse("Meld 9h 8h 7h") == Action.parse("meld 7H 8H 9H")
    True
    >>> str(Action.parse("attach 2 10h jh"))
    'attach 2 10H JH'
    """

    kind: ActionKind
    cards: Cards = ()
    meld: int | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action such as ``draw``, ``pile``, ``meld 7H 8H 9H``, ``attach 2 10H``
        or ``discard KS`` (verbs and cards in any case).

        Raises :class:`InvalidNotationError` for text that is no action.

        >>> Action.parse("discard")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        engine.errors.InvalidNotationError: “discard” is not a move: discard takes exactly ...
        """
        if not isinstance(text, str):
            raise InvalidNotationError("action_not_text", text=text)
        words = text.replace(",", " ").split()
        if not words:
            raise InvalidNotationError("not_an_action", text=text)
        verb, arguments = words[0].lower(), words[1:]
        try:
            kind = ActionKind(verb)
        except ValueError:
            raise InvalidNotationError("not_an_action", text=text) from None
        meld = None
        if kind is _KIND_ATTACH:
            # Short ASCII digits only: int() raised on "²" and on 5,000 digits.
            number = arguments[0] if arguments else ""
            if not (number.isascii() and number.isdecimal() and len(number) <= 4):
                raise InvalidNotationError("attach_needs_number", text=text)
            meld = int(arguments[0])
            arguments = arguments[1:]
        try:
            cards = tuple(parse_cards(arguments))
        except InvalidNotationError as error:
            raise InvalidNotationError(
                "action_bad_card", text=text, reason=error.as_param()
            ) from None
        counts = {
            _KIND_DRAW: (0, 1),
            _KIND_PILE: (0, 0),
            _KIND_DISCARD: (1, 1),
        }.get(kind, (1, None))
        low, high = counts
        if len(cards) < low or (high is not None and len(cards) > high):
            raise InvalidNotationError(_ARITY[kind], text=text)
        return cls(kind, cards, meld)

    def __str__(self) -> str:
        words = [self.kind.value]
        if self.meld is not None:
            words.append(str(self.meld))
        words.extend(str(card) for card in self.cards)
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def _key(self) -> tuple[ActionKind, int | None, tuple[int, ...]]:
        # The cards in display order, each as one number (Card._index).
        return self.kind, self.meld, tuple(sorted([card._index for card in self.cards]))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        # Looking an action up in a list of legal ones compares it with most of them: most
        # differ in kind, meld or size, and an equal one usually lists its cards alike.
        if (
            self.kind is not other.kind
            or self.meld != other.meld
            or len(self.cards) != len(other.cards)
        ):
            return False
        return self.cards == other.cards or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


#: The code of the refusal of each action given too few or too many cards.
_ARITY = {
    _KIND_DRAW: "draw_arity",
    _KIND_PILE: "pile_arity",
    _KIND_MELD: "meld_arity",
    _KIND_ATTACH: "attach_arity",
    _KIND_DISCARD: "discard_arity",
}


class Event(enum.Enum):
    """Something the rules make happen on the way, beyond the action itself."""

    POZZETTO_AL_VOLO = "pozzetto_al_volo"
    POZZETTO_CON_LO_SCARTO = "pozzetto_con_lo_scarto"
    CLOSED = "closed"
    STOCK_EXHAUSTED = "stock_exhausted"


@dataclass(frozen=True, slots=True)
class Transition:
    """The position after an action and the events it brought about."""

    position: Position
    events: tuple[Event, ...] = ()


#: The actions that hold no card, or one card (by Card._key): actions are values, so
#: legal_actions hands out the same ones each time rather than making them anew.
_DRAW = Action(_KIND_DRAW)
_PILE = Action(_KIND_PILE)
_DISCARDS: list[Action] = [_DRAW] * 57
for _card in ALL_CARDS:
    _DISCARDS[_card._key] = Action(_KIND_DISCARD, (_card,))
