"""The coach's working values: the review in progress, a candidate finding, a legal play
with the meld it makes; and the small helpers the detectors and the estimators share.

Part of :mod:`engine.coach`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import (
    Action,
    ActionKind,
    Event,
    legal_attachments,
    legal_melds,
    transition,
    why_illegal,
)
from engine.budget import MOVE_STEPS, Budget
from engine.cards import Card, Suit
from engine.coach.feeding import _Feed, _feeds
from engine.coach.findings import Lost, held_by
from engine.errors import TooBigError
from engine.melds import Meld
from engine.puzzles import find_line
from engine.state import Hidden, Phase, Position


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
    #: What the rules give the thing lost (a burraco's bonus, the pozzetto, the closing):
    #: the finding's points are never less.
    floor: int = 0
    #: The cards of the hand the better action plays besides its own (the hand's cards the
    #: pile's melds need): no other finding may propose discarding them.
    uses: tuple[Card, ...] = ()
    #: The most the finding may count, where the criteria bound its band (a feed that
    #: hands no burraco is no blunder): None for no bound.
    ceiling: int | None = None
    #: A single play whose idea is its own worth: beside another finding of a discard, it
    #: is priced as the play, then the same discard (:func:`engine.coach.coach`). A close
    #: or a pozzetto's line is priced whole.
    own_line: bool = False


@dataclass
class _Context:
    view: Position
    chosen: Action
    budget: Budget
    #: The view after the chosen action (None after a draw from the stock: the card is
    #: unknown) and the events it brought about.
    after: Position | None = None
    events: tuple[Event, ...] = ()
    #: The cards each seat is known to hold: taken from the pile and not played since.
    known: tuple[tuple[Card, ...], ...] = ()
    _plays: dict[Position, tuple[_Play, ...]] = field(default_factory=dict)
    _lines: dict[tuple[Position, str], list[Action] | None] = field(default_factory=dict)

    @property
    def turn_over(self) -> bool:
        return self.chosen.kind is ActionKind.DISCARD

    def plays(self, position: Position) -> tuple[_Play, ...]:
        return _plays(position, self.budget, self._plays)

    def feeds(self, after: Position, card: Card) -> _Feed:
        """What ``card``, just discarded in ``after``, gives the next player's side, the
        cards that player is known to hold counted (:func:`~engine.coach.feeding._feeds`)."""
        return _feeds(after, card, self.budget, held_by(self.known, after.to_move))

    def line(self, position: Position, goal: str) -> list[Action] | None:
        key = (position, goal)
        if key not in self._lines:
            self._lines[key] = bounded_line(position, goal, self.budget)
        return self._lines[key]


#: What one look for a line this turn (a close, the pozzetto al volo) may spend, and never
#: more than a third of what the review has left: a line too long to find within it counts
#: as none (a close or an al volo is not claimed missed), so one long hand's search never
#: makes the whole review too big to give.
LINE_STEPS = 2_000


def bounded_line(position: Position, goal: str, budget: Budget) -> list[Action] | None:
    """:func:`engine.puzzles.find_line` within its share of ``budget``
    (:data:`LINE_STEPS`), or None when it finds none there."""
    own = Budget(min(LINE_STEPS, budget.left // 3))
    try:
        return find_line(position, goal, own)
    except TooBigError:
        return None
    finally:
        budget.spend(own.spent)


def _makes_burraco(play: _Play, rules: Any) -> bool:
    """Does the play make a burraco that was not one before?"""
    return play.after.burraco(rules) is not None and (
        play.before is None or play.before.burraco(rules) is None
    )


@dataclass(frozen=True, slots=True)
class _PileUse:
    """What taking the discard pile offers at once (R7): the pile's cards that some meld or
    attachment can put on the table right after, the best such play (a burraco first, then
    the most of the pile's cards, then the longest meld), and the hand's cards it needs."""

    cards: tuple[Card, ...]
    best: _Play
    hand: tuple[Card, ...]
    burraco: bool


def pile_use(context: _Context) -> _PileUse | None:
    """What the pile offers the player to move in the context's view before the draw, or
    None (no pile, a pile the rules refuse, or nothing in it playable at once without
    spending a wildcard of the hand, but for a burraco). The
    ``missed_pile`` finding and the hint's reason both read it."""
    view = context.view
    if view.phase is not Phase.DRAW or not view.discard:
        return None
    take = Action(ActionKind.PILE)
    if why_illegal(view, take) is not None:
        return None
    context.budget.spend(MOVE_STEPS)
    taken = transition(view, take, context.budget).position
    pile = view.discard
    rules = view.rules
    # A use that spends a wildcard of the hand is no use (lessons 22-23: a wildcard is
    # worth more kept than a short meld bought with it), unless it makes a burraco.
    usable = [
        play
        for play in context.plays(taken)
        if not set(pile).isdisjoint(play.action.cards)
        and (
            not any(card.is_wild for card in _minus(play.action.cards, pile))
            or _makes_burraco(play, rules)
        )
    ]
    if not usable:
        return None
    cards = sorted(
        {card for play in usable for card in play.action.cards if card in pile},
        key=lambda card: card.sort_key,
    )

    def rank(play: _Play) -> tuple[bool, int, int]:
        from_pile = len(play.action.cards) - len(_minus(play.action.cards, pile))
        return (_makes_burraco(play, rules), from_pile, len(play.after.cards))

    best = max(usable, key=rank)
    hand = tuple(_minus(best.action.cards, pile))
    burraco = any(_makes_burraco(play, rules) for play in usable)
    return _PileUse(tuple(cards), best, hand, burraco)


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
    # A hand the player cannot see yet (a pozzetto taken al volo by the chosen play) offers
    # nothing to judge the choice by.
    known = not isinstance(position.hands[position.to_move], Hidden)
    if known and position.phase is Phase.PLAY and not position.is_over:
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


def _goes_with(card: Card, other: Card) -> bool:
    """Could the two natural cards meet in a meld: the same rank, or the same suit two
    ranks apart at most?"""
    if card.is_wild or other.is_wild or card.rank is None or other.rank is None:
        return False
    if card.rank is other.rank:
        return True
    return card.suit is other.suit and abs(card.rank.value - other.rank.value) <= 2


def hand_shape(cards: Sequence[Card]) -> tuple[int, int]:
    """What the natural ``cards`` keep towards melds: how many of them already make a meld
    of three with two others, and how many kinds of natural card would make one with two
    of them (a pair of a rank wants the rank's four suits, two neighbours of a suit the card
    at each end, two of a suit a place apart the one between). A discard that keeps more
    of both breaks less: a lone card goes before one of a pair, and a card whose partner
    also serves another group costs only what it alone wanted.

    >>> from engine.cards import Card
    >>> hand = [Card.parse(text) for text in ("6S", "6S", "4D", "5D", "5H", "KD", "KC")]
    >>> [hand_shape([c for c in hand if c != Card.parse(gone)]) for gone in ("4D", "5H", "KD")]
    [(0, 12), (0, 9), (0, 9)]
    """
    naturals = [card for card in cards if not card.is_wild and card.rank is not None]
    wanted: set[tuple[Suit, int]] = set()
    for index, one in enumerate(naturals):
        for other in naturals[index + 1 :]:
            if one.rank is other.rank:
                rank = int(_ace_both(one)[0])
                wanted.update((suit, rank) for suit in Suit)
            elif one.suit is other.suit and one.suit is not None:
                for low, high in (sorted(pair) for pair in _places(one, other)):
                    if high - low == 1:
                        wanted.update(
                            (one.suit, place % 13 or 13)
                            for place in (low - 1, high + 1)
                            if 1 <= place <= 14
                        )
                    elif high - low == 2:
                        wanted.add((one.suit, (low + 1) % 13 or 13))
    ranks = Counter(card.rank for card in naturals)
    places = {(card.suit, place) for card in naturals for place in _ace_both(card)}

    def in_run(card: Card) -> bool:
        return any(
            all((card.suit, place + step) in places for step in window if step)
            for place in _ace_both(card)
            for window in ((-2, -1, 0), (-1, 0, 1), (0, 1, 2))
        )

    complete = sum(1 for card in naturals if ranks[card.rank] >= 3 or in_run(card))
    return complete, len(wanted)


def _places(one: Card, other: Card) -> list[tuple[int, int]]:
    """The places two natural cards of a suit may take in a sequence, the ace low and
    high."""
    return [(a, b) for a in _ace_both(one) for b in _ace_both(other)]


def _ace_both(card: Card) -> tuple[int, ...]:
    assert card.rank is not None
    rank = int(card.rank)
    return (1, 14) if rank == 1 else (rank,)
