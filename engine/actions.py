"""Actions (R6-R9, R15-R17, R29-R34, R41): what a player does, and what it does to a position.

An action is a short string: ``draw`` (or ``draw 5H`` where the stock is only a count),
``pile``, ``meld 7H 8H 9H``, ``attach 2 10H JH`` (to the player's own side's meld number
2) and ``discard KS``. The pozzetto has no action of its own: it is taken when a hand
empties (R29), and closing is the discard that R30 allows.

:func:`legal_actions` lists every legal action, :func:`why_illegal` says why one is not
(a refusal with a code, a rule id and a sentence for learners), and :func:`apply` returns
the position after one. :func:`transition` also returns what happened on the way.

>>> from engine.state import Position
>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "play",
...   "hands": [["5H", "6H", "7H", "KS"], {"count": 10}], "melds": [[], []],
...   "discard": ["QD"], "stock": ["4C", "9D", "JH"], "pozzetti_taken": [false, false]}''')
>>> [str(action) for action in legal_actions(position)]
['meld 5H 6H 7H', 'discard 5H', 'discard 6H', 'discard 7H', 'discard KS']
>>> print(why_illegal(position, Action.parse("discard 9S")))
You do not hold the 9 of spades (R6).
>>> after = apply(position, Action.parse("meld 7h 6h 5h"))
>>> [str(meld) for meld in after.melds[0]], after.hand
(['5H 6H 7H'], (Card.parse('KS'),))
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from engine.budget import Budget
from engine.cards import ALL_CARDS, Card, max_copies, parse_cards
from engine.errors import IllegalActionError, InvalidNotationError, Refusal
from engine.melds import (
    Meld,
    MeldKind,
    attach,
    attachment_cards,
    hand_plays,
    make_meld,
    possible_attachments,
    possible_melds,
)
from engine.state import (
    Cards,
    Hand,
    Hidden,
    Phase,
    Position,
    Stall,
    Termination,
    last_discard_refusal,
    split_sides,
)

#: R34: how many times the player who began a run of one-card piles may take one in it;
#: after that they must draw from the stock. The federation code says only "several times".
STALL_LIMIT = 3


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


# --- the verbs --------------------------------------------------------------------------


def apply(position: Position, action: Action | str) -> Position:
    """The position after the player to move plays ``action``.

    Raises :class:`IllegalActionError` or :class:`InvalidMeldError` (both refusals with a
    code, a rule and a sentence) when the rules forbid it, :class:`InvalidNotationError`
    for text that is no action, and :class:`InvalidPositionError` when the player's cards
    are hidden.
    """
    return transition(position, action).position


def why_illegal(position: Position, action: Action | str) -> Refusal | None:
    """Why the rules forbid ``action`` now, or None when it is legal.

    Raises :class:`InvalidNotationError` for text that is no action and
    :class:`InvalidPositionError` when the player's cards are hidden.
    """
    try:
        transition(position, action)
    except Refusal as refusal:
        return refusal
    return None


def is_legal(position: Position, action: Action | str) -> bool:
    """Do the rules allow ``action`` now? Never raises."""
    try:
        transition(position, action)
    except (Refusal, InvalidNotationError, ValueError):
        return False
    return True


def transition(
    position: Position, action: Action | str, budget: Budget | None = None
) -> Transition:
    """The position after ``action`` and the events on the way (the pozzetto taken al volo
    or con lo scarto, the closing, the stock exhausted).

    Raises as :func:`apply`, and :class:`TooBigError` when ``budget`` runs out (taking the
    pile in the international game looks for a play that uses it).
    """
    if isinstance(action, str):
        action = Action.parse(action)
    termination = position.termination
    if termination is _CLOSED:
        raise IllegalActionError("hand_closed", "R30")
    if termination is _EXHAUSTED:
        raise IllegalActionError("hand_exhausted", "R33")
    hand = position.hand
    if action.kind in (_KIND_DRAW, _KIND_PILE):
        if position.phase is not _DRAW_PHASE:
            raise IllegalActionError("already_drawn", "R6")
        if action.kind is _KIND_DRAW:
            return _draw(position, hand, action)
        refusal = _pile_refusal(position, hand, budget)
        if refusal is not None:
            raise refusal
        return Transition(_take_pile(position, hand))
    if position.phase is not _PLAY_PHASE:
        raise IllegalActionError("draw_first", "R6")
    rest = _held_rest(hand, action.cards)
    if rest is None:
        _check_held(position, hand, action.cards)
        rest = _without(hand, action.cards)
    if action.kind is _KIND_DISCARD:
        return _discard(position, hand, action.cards[0], rest)
    if position.pile_taken and not _uses_pile(position, action.cards):
        raise IllegalActionError("pile_card_first", "R41", cards=_texts(position.pile_taken))
    side_melds = position.melds[position.side]
    if action.kind is _KIND_MELD:
        meld = make_meld(action.cards, position.rules)
        if _second_set(side_melds, meld):
            assert meld.rank is not None
            raise IllegalActionError("second_set", "R15", rank=meld.rank.symbol)
        melds = (*side_melds, meld)
    else:
        index = action.meld
        assert index is not None
        if index >= len(side_melds):
            if not side_melds:
                raise IllegalActionError("no_melds", "R17", index=index)
            raise IllegalActionError(
                "no_such_meld", "R17", index=index, count=len(side_melds), last=len(side_melds) - 1
            )
        melds = _replaced(
            side_melds, index, attach(side_melds[index], action.cards, position.rules)
        )
    refusal = _rest_refusal(position, melds, rest, action.cards)
    if refusal is not None:
        raise refusal
    return _after_play(position, melds, rest, action.cards)


def legal_actions(position: Position, budget: Budget | None = None) -> list[Action]:
    """Every action the player to move may play now; empty once the hand is over.

    Draws come first, then the pile, new melds, attachments and discards. Raises
    :class:`InvalidPositionError` when the player's cards are hidden, and
    :class:`TooBigError` when listing them would spend more than ``budget``.
    """
    if position.is_over:
        return []
    hand = position.hand
    if position.phase is _DRAW_PHASE:
        if isinstance(position.stock, Hidden):
            actions = [Action(_KIND_DRAW, (card,)) for card in position.unseen()]
        else:
            actions = [_DRAW]
        if _pile_refusal(position, hand, budget) is None:
            actions.append(_PILE)
        return actions
    plays, discards = legal_turn(position, budget)
    return [*plays, *discards]


def legal_turn(
    position: Position, budget: Budget | None = None
) -> tuple[list[Action], list[Action]]:
    """The play phase's :func:`legal_actions` in two lists: the melds and attachments, then
    the discards (a policy that first chooses between playing and discarding need not split
    them again). Raises as :func:`legal_actions`; the phase is the caller's to check."""
    return _play_actions(position, budget), legal_discards(position)


def legal_discards(position: Position) -> list[Action]:
    """The discards the player to move may make now, in the hand's order (R8, R9, R29-R31,
    R41); the phase is the caller's to check."""
    hand = position.hand
    if position.pile_taken:
        return []
    if len(hand) > 1 and position.pile_single is None:
        # The usual case, where every card may go.
        return [_DISCARDS[key] for key in dict.fromkeys([card._key for card in hand])]
    return [
        _DISCARDS[card._key]
        for card in dict.fromkeys(hand)
        if _discard_refusal(position, hand, card) is None
    ]


#: The actions that hold no card, or one card (by Card._key): actions are values, so
#: legal_actions hands out the same ones each time rather than making them anew.
_DRAW = Action(_KIND_DRAW)
_PILE = Action(_KIND_PILE)
_DISCARDS: list[Action] = [_DRAW] * 57
for _card in ALL_CARDS:
    _DISCARDS[_card._key] = Action(_KIND_DISCARD, (_card,))


# --- drawing (R7, R8, R33, R34, R41) -------------------------------------------------------


def _draw(position: Position, hand: Cards, action: Action) -> Transition:
    stock = position.stock
    if isinstance(stock, Hidden):
        if not action.cards:
            raise IllegalActionError("stock_unknown", "R7")
        card = action.cards[0]
        if card not in position.unseen():
            raise IllegalActionError("card_accounted", "R1", card=str(card), most=max_copies(card))
        rest: Cards | Hidden = Hidden(stock.count - 1)
    else:
        if action.cards:
            raise IllegalActionError("stock_known", "R7", card=str(stock[0]))
        card, rest = stock[0], stock[1:]
    return Transition(
        _replace(
            position,
            hands=_seat(position.hands, position.to_move, (*hand, card)),
            stock=rest,
            phase=_PLAY_PHASE,
            # Drawing from the stock ends any run of one-card piles (R34).
            stall=None,
        )
    )


def _pile_refusal(
    position: Position, hand: Cards, budget: Budget | None = None
) -> IllegalActionError | None:
    pile = position.discard
    if not pile:
        return IllegalActionError("empty_pile", "R7")
    stall = position.stall
    if (
        len(pile) == 1
        and stall is not None
        and stall.seat == position.to_move
        and stall.count >= STALL_LIMIT * position.players
    ):
        return IllegalActionError("stall", "R34", times=STALL_LIMIT)
    # R40: a wildcard a partner just discarded stays (three players: partners sit side by
    # side, so the top card is the partner's discard; docs/game.md).
    if pile[-1].is_wild and position.sides is not None:
        before = (position.to_move - 1) % position.players
        if position.side_of(before) == position.side:
            return IllegalActionError("pile_partner_wild", "R40", card=str(pile[-1]))
    # R41: the pile may be taken only to use one of its cards at once, so the first play
    # after taking it must use one; refuse the pile when none can be used.
    if position.rules.international and not _plays(_take_pile(position, hand), budget):
        return IllegalActionError("pile_unusable", "R41", cards=_texts(pile))
    return None


def _take_pile(position: Position, hand: Cards) -> Position:
    pile = position.discard
    single = len(pile) == 1
    stall = position.stall
    if not single:
        stall = None
    elif stall is None:
        stall = Stall(position.to_move, 1)
    else:
        stall = Stall(stall.seat, stall.count + 1)
    return _replace(
        position,
        hands=_seat(position.hands, position.to_move, (*hand, *pile)),
        discard=(),
        phase=_PLAY_PHASE,
        pile_single=pile[0] if single else None,
        pile_taken=pile if position.rules.international else (),
        stall=stall,
    )


# --- laying down and attaching (R15-R17, R29, R32, R41) ----------------------------------


@dataclass(frozen=True, slots=True)
class Plays:
    """The legal melds and attachments of the player to move, and ``usable``: the cards
    of the hand that some meld or attachment could take now, legal or not. A card in no
    such play now is in none later this turn: a search knows it stays in the hand."""

    actions: tuple[Action, ...]
    usable: frozenset[Card]


def legal_plays(position: Position, budget: Budget | None = None) -> Plays:
    """The legal melds and attachments of the player to move (see :class:`Plays`).

    Raises as :func:`legal_actions`; the phase is the caller's to check.
    """
    hand = position.hand
    melds = possible_melds(hand, position.rules, budget)
    attachments = attachment_cards(position.melds[position.side], hand, position.rules, budget)
    usable = {card for meld in melds for card in meld.cards}
    usable.update(card for _, cards in attachments for card in cards)
    return Plays(tuple(_as_actions(position, melds, attachments)), frozenset(usable))


def _play_actions(position: Position, budget: Budget | None) -> list[Action]:
    """The actions of :func:`legal_plays`, without the usable cards."""
    hand = position.hand
    side_melds = position.melds[position.side]
    if budget is None:
        return _as_actions(position, *hand_plays(hand, side_melds, position.rules))
    melds = possible_melds(hand, position.rules, budget)
    attachments = attachment_cards(side_melds, hand, position.rules, budget)
    return _as_actions(position, melds, attachments)


def _as_actions(
    position: Position, melds: Sequence[Meld], attachments: list[tuple[int, Cards]]
) -> list[Action]:
    new, kind, cards_of, meld_of = _NEW, _KIND_OF, _CARDS_OF, _MELD_OF
    actions = []
    for meld in _legal_melds(position, melds):
        action = new(Action)
        kind(action, _KIND_MELD)
        cards_of(action, meld.cards)
        meld_of(action, None)
        actions.append(action)
    for index, cards in _attachable(position, attachments):
        action = new(Action)
        kind(action, _KIND_ATTACH)
        cards_of(action, cards)
        meld_of(action, index)
        actions.append(action)
    return actions


#: Action's slot setters, in the order of its fields (tests/engine/test_actions.py): the
#: legal actions are made through them, a third of the cost of Action().
_KIND_OF, _CARDS_OF, _MELD_OF = (getattr(Action, field.name).__set__ for field in fields(Action))


def _plays(position: Position, budget: Budget | None = None) -> tuple[Action, ...]:
    return legal_plays(position, budget).actions


def legal_melds(position: Position, budget: Budget | None = None) -> list[Meld]:
    """The new melds the player to move may lay now (R10-R15, R32, R41), each as laid.

    Raises as :func:`legal_actions`; the phase is the caller's to check.
    """
    return _legal_melds(position, possible_melds(position.hand, position.rules, budget))


def _legal_melds(position: Position, candidates: Sequence[Meld]) -> list[Meld]:
    if not candidates:
        return []
    hand = position.hand
    side_melds = position.melds[position.side]
    pile = set(position.pile_taken) if position.pile_taken else None
    set_ranks = {meld.cards[0].rank for meld in side_melds if meld.kind is _SET}
    found = []
    for meld in candidates:
        if set_ranks and meld.kind is _SET and meld.cards[0].rank in set_ranks:
            continue
        if pile and pile.isdisjoint(meld.cards):
            continue
        if len(hand) - len(meld.cards) > 1:
            found.append(meld)  # two cards left or more: nothing to refuse (R32)
            continue
        melds = (*side_melds, meld)
        if _rest_refusal_fast(position, hand, melds, meld.cards) is None:
            found.append(meld)
    return found


def legal_attachments(
    position: Position, budget: Budget | None = None
) -> list[tuple[int, Cards, Meld]]:
    """The attachments the player to move may make now (R17, R32, R41): each is the meld's
    index, the cards attached and the meld that results.

    Raises as :func:`legal_actions`; the phase is the caller's to check.
    """
    side_melds = position.melds[position.side]
    found = possible_attachments(side_melds, position.hand, position.rules, budget)
    return _attachable(position, found)


#: An attachment listed: the meld's index and the cards, and the meld that results or not.
Listed = TypeVar("Listed", tuple[int, Cards], tuple[int, Cards, Meld])


def _attachable(position: Position, candidates: list[Listed]) -> list[Listed]:
    """The attachments of ``candidates`` the player to move may make now (R32, R41)."""
    hand = position.hand
    side_melds = position.melds[position.side]
    pile = set(position.pile_taken) if position.pile_taken else None
    found = []
    for candidate in candidates:
        index, cards = candidate[0], candidate[1]
        if pile and pile.isdisjoint(cards):
            continue
        if len(hand) - len(cards) > 1:
            found.append(candidate)  # nothing to refuse (R32)
            continue
        result = attach(side_melds[index], cards, position.rules)
        melds = _replaced(side_melds, index, result)
        if _rest_refusal_fast(position, hand, melds, cards) is None:
            found.append(candidate)
    return found


def _rest_refusal_fast(
    position: Position, hand: Cards, melds: tuple[Meld, ...], played: Cards
) -> IllegalActionError | None:
    # Only a play that leaves one card or none can be refused here; skip the rest cheaply.
    if len(hand) - len(played) > 1:
        return None
    return _rest_refusal(position, melds, _without(hand, played), played)


def _rest_refusal(
    position: Position, melds: tuple[Meld, ...], rest: Cards, played: Cards
) -> IllegalActionError | None:
    """Why the player may not be left holding ``rest`` after laying ``played`` (R32)."""
    if not rest:
        if position.pozzetti_taken[position.side]:
            return IllegalActionError("no_discard_left", "R32")
        return None  # the pozzetto al volo (R29)
    if len(rest) > 1:
        return None
    pile_single = None if position.pile_single in played else position.pile_single
    refusal = last_discard_refusal(position, melds, rest[0], pile_single)
    if refusal is None:
        return None
    return IllegalActionError(_LAST_CARD[refusal.code], refusal.rule, card=str(rest[0]))


_LAST_CARD = {
    "close_no_burraco": "last_card_no_burraco",
    "close_no_clean_and_dirty": "last_card_no_clean_and_dirty",
    "close_no_clean_burraco": "last_card_no_clean_burraco",
    "close_wild": "last_card_wild",
    "pile_single": "last_card_pile_single",
}


def _after_play(
    position: Position, melds: tuple[Meld, ...], rest: Cards, played: Cards
) -> Transition:
    side = position.side
    # Of two identical cards, the pile's copy is taken to be the one laid (R8).
    pile_single = None if position.pile_single in played else position.pile_single
    hand: Hand = rest
    events: tuple[Event, ...] = ()
    changes: dict[str, Any] = {"melds": _seat(position.melds, side, melds)}
    if not rest:
        hand = _take_pozzetto(position, side, changes)
        events = (Event.POZZETTO_AL_VOLO,)
    return Transition(
        _replace(
            position,
            hands=_seat(position.hands, position.to_move, hand),
            pile_single=pile_single,
            pile_taken=(),
            **changes,
        ),
        events,
    )


def _second_set(side_melds: Sequence[Meld], meld: Meld) -> bool:
    return meld.kind is _SET and any(
        other.kind is _SET and other.rank is meld.rank for other in side_melds
    )


def _uses_pile(position: Position, cards: Cards) -> bool:
    return not set(position.pile_taken).isdisjoint(cards)


# --- discarding (R8, R9, R29-R31, R33) ----------------------------------------------------


def _discard_refusal(position: Position, hand: Cards, card: Card) -> IllegalActionError | None:
    if position.pile_taken:
        return IllegalActionError("pile_card_first", "R41", cards=_texts(position.pile_taken))
    # The card is in the hand: discarding it leaves none when it is the only one (R29-R31),
    # and takes the pile's card away when it is that card's only copy (R8).
    if len(hand) == 1:
        return last_discard_refusal(
            position, position.melds[position.side], card, position.pile_single
        )
    if card == position.pile_single and hand.count(card) == 1:
        return IllegalActionError("pile_single", "R8", card=str(card))
    return None


def _discard(position: Position, hand: Cards, card: Card, held: Cards) -> Transition:
    """Discard ``card`` from ``hand``, leaving ``held``."""
    refusal = _discard_refusal(position, hand, card)
    if refusal is not None:
        raise refusal
    side = position.side
    rest: Hand = held
    events: list[Event] = []
    changes: dict[str, Any] = {}
    if not rest:
        if position.pozzetti_taken[side]:
            events.append(Event.CLOSED)
        else:
            # Con lo scarto: the pozzetto is played from the player's next turn (R29).
            rest = _take_pozzetto(position, side, changes)
            events.append(Event.POZZETTO_CON_LO_SCARTO)
    if Event.CLOSED not in events and position.is_last_turn:
        events.append(Event.STOCK_EXHAUSTED)
    return Transition(
        _replace(
            position,
            hands=_seat(position.hands, position.to_move, rest),
            discard=(*position.discard, card),
            to_move=position.next_seat,
            phase=_DRAW_PHASE,
            pile_single=None,
            pile_taken=(),
            **changes,
        ),
        tuple(events),
    )


# --- small helpers -----------------------------------------------------------------------


def _check_held(position: Position, hand: Cards, cards: Cards) -> None:
    missing = Counter(cards) - Counter(hand)
    if not missing:
        return
    card = next(iter(missing))
    on_table = any(card in meld.cards for side in position.melds for meld in side)
    if on_table and card not in hand:
        raise IllegalActionError("card_on_table", "R16", card=str(card))
    raise IllegalActionError("not_in_hand", "R6", card=str(card))


def _held_rest(hand: Cards, cards: Iterable[Card]) -> Cards | None:
    """The hand without ``cards``, or None when it does not hold them all. The cards are
    found by their small numbers (no Card.__eq__ called for each card passed)."""
    keys = [card._key for card in hand]
    rest = list(hand)
    try:
        for card in cards:
            index = keys.index(card._key)
            del keys[index], rest[index]
    except ValueError:
        return None
    return tuple(rest)


def _take_pozzetto(position: Position, side: int, changes: dict[str, Any]) -> Hand:
    """The pozzetto ``side`` takes (R29; the 18 or 17 first at three or five players, R40),
    putting into ``changes`` what taking it changes: the pozzetti, and when it is the first
    at three or five players the sides, the pairs' melds joined (R40, docs/game.md)."""
    slot = position.pozzetto_slot(side)
    pozzetto = position.pozzetti[slot]
    changes["pozzetti_taken"] = _seat(position.pozzetti_taken, side, True)
    changes["pozzetti"] = _seat(position.pozzetti, slot, None)
    if position.fluid and slot == 0:
        sides = split_sides(position.players, position.to_move)
        melds = list(changes.get("melds", position.melds))
        for seat, own in enumerate(sides):
            if own != seat:
                melds[own] = (*melds[own], *melds[seat])
                melds[seat] = ()
        changes["sides"] = sides
        changes["melds"] = tuple(melds)
    return Hidden(position.pozzetto_sizes[slot]) if pozzetto is None else pozzetto


def _without(hand: Cards, cards: Iterable[Card]) -> Cards:
    """The hand without ``cards``, which it holds."""
    rest = _held_rest(hand, cards)
    assert rest is not None
    return rest


#: A field of :func:`_replace` left as it is.
_KEEP: Any = object()


def _replace(
    position: Position,
    *,
    players: Any = _KEEP,
    to_move: Any = _KEEP,
    phase: Any = _KEEP,
    hands: Any = _KEEP,
    melds: Any = _KEEP,
    discard: Any = _KEEP,
    stock: Any = _KEEP,
    pozzetti_taken: Any = _KEEP,
    pozzetti: Any = _KEEP,
    pile_single: Any = _KEEP,
    pile_taken: Any = _KEEP,
    stall: Any = _KEEP,
    rules: Any = _KEEP,
    totals: Any = _KEEP,
    sides: Any = _KEEP,
    all_alone: Any = _KEEP,
) -> Position:
    """``dataclasses.replace`` for positions at a sixth of the cost: each field
    copied through its slot, no loop, none re-checked (Position has no ``__post_init__``,
    so dataclasses.replace would check nothing either). The fields are Position's, in its
    order (tests/engine/test_actions.py checks it)."""
    new = _NEW(Position)
    _PUT_players(new, position.players if players is _KEEP else players)
    _PUT_to_move(new, position.to_move if to_move is _KEEP else to_move)
    _PUT_phase(new, position.phase if phase is _KEEP else phase)
    _PUT_hands(new, position.hands if hands is _KEEP else hands)
    _PUT_melds(new, position.melds if melds is _KEEP else melds)
    _PUT_discard(new, position.discard if discard is _KEEP else discard)
    _PUT_stock(new, position.stock if stock is _KEEP else stock)
    _PUT_pozzetti_taken(new, position.pozzetti_taken if pozzetti_taken is _KEEP else pozzetti_taken)
    _PUT_pozzetti(new, position.pozzetti if pozzetti is _KEEP else pozzetti)
    _PUT_pile_single(new, position.pile_single if pile_single is _KEEP else pile_single)
    _PUT_pile_taken(new, position.pile_taken if pile_taken is _KEEP else pile_taken)
    _PUT_stall(new, position.stall if stall is _KEEP else stall)
    _PUT_rules(new, position.rules if rules is _KEEP else rules)
    _PUT_totals(new, position.totals if totals is _KEEP else totals)
    _PUT_sides(new, position.sides if sides is _KEEP else sides)
    _PUT_all_alone(new, position.all_alone if all_alone is _KEEP else all_alone)
    return new


_NEW = object.__new__
#: Each field's slot setter, by the field's name, in the order of Position's fields: module
#: names, read with no lookup by name (a namespace's attributes cost 2% of a random hand).
(
    _PUT_players,
    _PUT_to_move,
    _PUT_phase,
    _PUT_hands,
    _PUT_melds,
    _PUT_discard,
    _PUT_stock,
    _PUT_pozzetti_taken,
    _PUT_pozzetti,
    _PUT_pile_single,
    _PUT_pile_taken,
    _PUT_stall,
    _PUT_rules,
    _PUT_totals,
    _PUT_sides,
    _PUT_all_alone,
) = (getattr(Position, field.name).__set__ for field in fields(Position))


def _seat(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _replaced(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return (*melds[:index], meld, *melds[index + 1 :])


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


__all__ = [
    "STALL_LIMIT",
    "Action",
    "ActionKind",
    "Event",
    "Transition",
    "apply",
    "is_legal",
    "Plays",
    "legal_actions",
    "legal_attachments",
    "legal_discards",
    "legal_melds",
    "legal_plays",
    "legal_turn",
    "transition",
    "why_illegal",
]
