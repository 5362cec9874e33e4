"""Strategy the engine can prove: what a discard gives the opponents.

After the learner has drawn and played, one card must go to the discard pile (R9), and the
next player, an opponent, may take the whole pile (R7) and put its cards straight on the
table: attached to their side's melds (R17) or laid as new melds (R10). This module says,
for each card the learner may discard, exactly what it would give them, judged only on
what the learner can see:

- the opponents' melds on the table it would **extend**: the card, alone or with cards of
  the pile (and cards the next opponent is known to hold), attaches to one of them;
- the new melds it would **complete**: a meld the next opponent's side may lay that holds
  the card and otherwise only cards of the pile and cards the next opponent is known to
  hold (cards they took with an earlier pile and have not laid).

A card that does neither **gives nothing**: nothing the learner can see lets the next
opponent use it at once. It is a proof about the visible cards, not a promise about the
opponent's hidden ones (docs/content.md, kind ``discard``).

>>> from engine.state import Position
>>> position = Position.from_json({"players": 2, "to_move": 0, "phase": "play",
...     "hands": [["8H", "KS", "4D"], {"count": 9}], "melds": [[], [["5H", "6H", "7H"]]],
...     "discard": ["QD", "4C", "4S"], "stock": 50, "pozzetti_taken": [False, False]})
>>> [(str(feed.card), feed.safe) for feed in discard_feeds(position)]
[('8H', False), ('4D', False), ('KS', True)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Action, ActionKind, legal_plays, transition, why_illegal
from engine.budget import Budget
from engine.cards import Card, max_copies, sorted_cards
from engine.errors import Refusal
from engine.melds import Meld, MeldKind, possible_attachments, possible_melds
from engine.state import Hidden, Phase, Position


class StrategyError(Refusal):
    """A discard question that cannot be asked of this position (refused with a code)."""


@dataclass(frozen=True, slots=True)
class Feed:
    """What discarding ``card`` would give the next opponent, judged on the visible cards.

    ``extends`` holds each of their side's melds it would extend, as (the meld's index in
    their side's list, the meld after the attachment that uses the fewest cards);
    ``completes`` the new melds it would make with the pile and their known cards.
    """

    card: Card
    extends: tuple[tuple[int, Meld], ...] = ()
    completes: tuple[Meld, ...] = ()

    @property
    def safe(self) -> bool:
        """Does this discard give the next opponent nothing the learner can see?"""
        return not self.extends and not self.completes


def opponents_side(position: Position) -> int:
    """The side of the seat that plays next: the one that may take the learner's discard."""
    return position.side_of(position.next_seat)


def check_known(position: Position, known: Iterable[Card]) -> tuple[Card, ...]:
    """The cards the next opponent is known to hold, checked against the position.

    Raises :class:`StrategyError` when the next opponent's hand is not hidden, holds fewer
    cards than that, or the cards are more copies than the deck has besides the ones shown.
    """
    cards = tuple(known)
    if not cards:
        return cards
    hand = position.hands[position.next_seat]
    if not isinstance(hand, Hidden):
        raise StrategyError("known_not_hidden", "R7")
    if len(cards) > hand.count:
        raise StrategyError("known_too_many", "R7", count=len(cards), most=hand.count)
    shown = position.known_cards()
    for card, count in Counter(cards).items():
        if shown[card] + count > max_copies(card):
            raise StrategyError(
                "too_many_copies",
                "R1",
                card=str(card),
                count=shown[card] + count,
                most=max_copies(card),
            )
    return cards


def discard_feeds(
    position: Position, known: Iterable[Card] = (), budget: Budget | None = None
) -> list[Feed]:
    """What each card the learner may discard now would give the next opponent, one
    :class:`Feed` per distinct card, in the hand's display order.

    The position is after the draw (phase ``play``) with the learner's hand known.
    Raises :class:`StrategyError` for a position where no discard is asked (before the
    draw, the hand over), and :class:`~engine.errors.TooBigError` (``too_big``) when the
    search would spend more than ``budget`` (a fresh :class:`Budget` when None).
    """
    if position.phase is not Phase.PLAY or position.is_over:
        raise StrategyError("discard_not_now", "R9")
    budget = budget or Budget()
    cards = check_known(position, known)
    pool = (*position.discard, *cards)
    theirs = position.melds[opponents_side(position)]
    feeds = []
    for card in sorted_cards(list(dict.fromkeys(position.hand))):
        if why_illegal(position, Action(ActionKind.DISCARD, (card,))) is not None:
            continue
        feeds.append(feed_of(card, pool, theirs, position, budget))
    return feeds


def discard_refusal(position: Position, card: Card) -> Refusal | None:
    """Why the rules forbid discarding ``card`` now (R8, R31...), or None."""
    return why_illegal(position, Action(ActionKind.DISCARD, (card,)))


def own_attachments(position: Position, budget: Budget | None = None) -> dict[Card, int]:
    """The cards of the learner's hand that a legal attachment this turn would put on one of
    their own side's melds (R17, R22-R25, R32), each with the index of the first such meld.

    A discard question is asked once the learner's plays are made: a card that could still
    go on their side's melds is not one to throw (the loader refuses a discard puzzle whose
    accepted card is one of these, docs/content.md).

    >>> position = Position.from_json({"players": 2, "to_move": 0, "phase": "play",
    ...     "hands": [["10S", "8H", "3C"], {"count": 9}], "melds": [[["JS", "QS", "KS"]], []],
    ...     "discard": ["9D"], "stock": 30, "pozzetti_taken": [False, False]})
    >>> {str(card): meld for card, meld in own_attachments(position).items()}
    {'10S': 0}
    """
    if position.phase is not Phase.PLAY or position.is_over:
        raise StrategyError("discard_not_now", "R9")
    found: dict[Card, int] = {}
    for action in legal_plays(position, budget or Budget()).actions:
        if action.kind is ActionKind.ATTACH and action.meld is not None:
            for card in action.cards:
                found[card] = min(found.get(card, action.meld), action.meld)
    return found


def feed_of(
    card: Card,
    pool: tuple[Card, ...],
    theirs: tuple[Meld, ...],
    position: Position,
    budget: Budget,
) -> Feed:
    """What ``card`` thrown on a pile of ``pool`` (the pile, and the cards the next
    opponent is known to hold) gives the side whose melds are ``theirs``: the one analysis
    of a discard, asked by the discard puzzles and by the coach (``feeds_opponent``)."""
    # A meld that holds a natural card is of its rank (a set) or its suit (a sequence), and
    # wildcards join either: only those cards and melds can be fed by it (a 28-card pile
    # searched whole for each card went past the budget).
    if card.is_wild:
        cards, melds = (*pool, card), tuple(enumerate(theirs))
    else:
        cards = (
            *(c for c in pool if c.is_wild or c.rank is card.rank or c.suit is card.suit),
            card,
        )
        melds = tuple(
            (i, m) for i, m in enumerate(theirs) if m.rank is card.rank or m.suit is card.suit
        )
    rules = position.rules
    extends: dict[int, Meld] = {}
    found = possible_attachments([meld for _, meld in melds], cards, rules, budget)
    for place, used, meld in found:
        index = melds[place][0]
        if card in used and (index not in extends or len(meld.cards) < len(extends[index].cards)):
            extends[index] = meld
    completes = [
        meld
        for meld in possible_melds(cards, rules, budget)
        if card in meld.cards and not _second_set(theirs, meld)
    ]
    # The fewest cards first: the meld the card most plainly completes.
    completes.sort(key=lambda meld: len(meld.cards))
    return Feed(card, tuple(sorted(extends.items())), tuple(completes))


def _second_set(side_melds: tuple[Meld, ...], meld: Meld) -> bool:
    """Would this set be a second one of a rank the side already has (R15)?"""
    return meld.kind is MeldKind.SET and any(
        other.kind is MeldKind.SET and other.rank is meld.rank for other in side_melds
    )


# --- is the pile worth taking? -------------------------------------------------------------


def pile_uses(position: Position, budget: Budget | None = None) -> tuple[Card, ...]:
    """The cards of the discard pile the player to move could put on the table at once
    after taking it: each is used by some meld or attachment that is legal right after the
    pile is taken (R7, R10, R17). Bottom to top, as the pile lies; a card counts once for
    each copy in the pile.

    Raises :class:`StrategyError` when the question cannot be asked (after the draw, an
    empty pile, a pile the rules do not let this player take, R34, R41), and
    :class:`~engine.errors.TooBigError` (``too_big``) past ``budget``.

    >>> position = Position.from_json({"players": 2, "to_move": 0, "phase": "draw",
    ...     "hands": [["7S", "8S", "KD"], {"count": 9}], "melds": [[], [["4H", "5H", "6H"]]],
    ...     "discard": ["9S", "3C", "KS", "7H"], "stock": 40, "pozzetti_taken": [False, False]})
    >>> [str(card) for card in pile_uses(position)]
    ['9S']
    """
    if position.phase is not Phase.DRAW or position.is_over:
        raise StrategyError("pile_use_not_now", "R7")
    if not position.discard:
        raise StrategyError("empty_pile", "R7")
    take = Action(ActionKind.PILE)
    refusal = why_illegal(position, take)
    if refusal is not None:
        raise StrategyError.of(refusal)
    budget = budget or Budget()
    taken = transition(position, take, budget).position
    played = {card for action in legal_plays(taken, budget).actions for card in action.cards}
    return tuple(card for card in position.discard if card in played)


def dead_single(position: Position, budget: Budget | None = None) -> bool:
    """Is the pile one natural card that nothing would put on the table at once if the
    player to move took it (:func:`pile_uses`)? False where the question cannot be asked
    (:class:`StrategyError`); the coach's ``useless_pile`` and ``bench.leave_singles`` ask it.
    """
    if len(position.discard) != 1 or position.discard[0].is_wild:
        return False
    try:
        return not pile_uses(position, budget)
    except StrategyError:
        return False
