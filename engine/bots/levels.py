"""The bots that decide from the cards they see: ``random``, ``beginner`` and ``club``.

They share one way of reading a hand (:func:`keep_value`: how much a card helps the melds
it could join) and differ in what else they look at. The beginner lays whatever it can,
wildcards and all, takes the pile when its top card fits or it holds three cards or more,
and throws the card it needs least, never asking what that card gives the opponents. The
club player saves its wildcards for a burraco or for going out, builds toward the clean
burraco, counts what the whole pile would bring before taking it, keeps a natural card to
discard, and weighs each discard against the opponents' melds and the cards it saw them
take from the pile.

>>> import random
>>> from engine.actions import Action, legal_actions
>>> from engine.state import Position
>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "play",
...   "hands": [["5H", "6H", "7H", "JK", "KS", "9D"], {"count": 10}],
...   "melds": [[], [["8C", "9C", "10C", "JC"]]], "discard": ["QD"], "stock": 40,
...   "pozzetti_taken": [false, false]}''')
>>> legal = legal_actions(position)
>>> str(Beginner().decide(view_of(position), legal, random.Random(0)))
'meld JK 5H 6H 7H'
>>> str(Club().decide(view_of(position), legal, random.Random(0)))
'meld 5H 6H 7H'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action, ActionKind
from engine.bots.view import View, opponents, side_of, view_of
from engine.cards import Card
from engine.errors import BurracoError
from engine.melds import BURRACO_SIZE, Burraco, Meld, MeldKind, attach, can_attach, make_meld
from engine.scoring import BURRACO_BONUS, burraco_bonus
from engine.state import Cards, Phase, Position

#: The random bot takes the pile this often when it may, and lays down this often when it
#: can (as ``python -m engine simulate`` plays).
PILE_CHANCE = 0.3
PLAY_CHANCE = 0.8


class RandomBot:
    """Any legal action, leaning to drawing and to laying down as a player would."""

    name = "random"

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.position.phase is Phase.DRAW:
            piles = [action for action in legal if action.kind is ActionKind.PILE]
            draws = [action for action in legal if action.kind is ActionKind.DRAW]
            if piles and (not draws or rng.random() < PILE_CHANCE):
                return piles[0]
            return rng.choice(draws or list(legal))
        plays = [action for action in legal if action.kind is not ActionKind.DISCARD]
        discards = [action for action in legal if action.kind is ActionKind.DISCARD]
        if plays and (not discards or rng.random() < PLAY_CHANCE):
            return rng.choice(plays)
        return rng.choice(discards or list(legal))


# --- reading cards ---------------------------------------------------------------------


def _ranks(card: Card) -> tuple[int, ...]:
    """The places a natural card can take in a sequence (the ace low and high)."""
    assert card.rank is not None
    rank = int(card.rank)
    return (1, 14) if rank == 1 else (rank,)


def _gap(card: Card, other: Card) -> int:
    """How far apart two natural cards of one suit stand in a sequence (99 otherwise)."""
    if card.is_joker or other.is_joker or card.suit is not other.suit:
        return 99
    return min(abs(a - b) for a in _ranks(card) for b in _ranks(other))


def keep_value(card: Card, others: Sequence[Card]) -> float:
    """How much ``card`` helps the melds it could make with ``others``: a copy of its rank
    counts for a set, a neighbour of its suit (one or two places away) for a sequence."""
    if card.is_wild:
        return 10.0
    value = 0.0
    for other in others:
        if other.is_joker:
            continue
        if other.rank is card.rank and other.suit is not card.suit:
            value += 1.2
        elif other.rank is card.rank:
            value += 0.6  # the same card twice helps one set, not a sequence
        gap = _gap(card, other)
        if gap == 1:
            value += 1.0
        elif gap == 2:
            value += 0.6
    return value


def _without(cards: Sequence[Card], removed: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def fits_table(card: Card, melds: Sequence[Meld], view: View) -> list[Meld]:
    """The melds among ``melds`` that ``card`` could be attached to on its own."""
    rules = view.position.rules
    return [meld for meld in melds if _may_attach(card, meld) and can_attach(meld, (card,), rules)]


def _may_attach(card: Card, meld: Meld) -> bool:
    """A quick look that rules out most cards before :func:`can_attach` tries them: a
    natural card joins a set of its rank, or a sequence of its suit at an end or in the
    wildcard's place."""
    if card.is_wild:
        return True
    if meld.kind is MeldKind.SET:
        return card.rank is meld.rank
    if card.suit is not meld.suit:
        return False
    places = meld.places
    ends = (places.start - 1, places.stop)
    return card == meld.stands_for or any(place in ends for place in _ranks(card))


def opponent_sides(view: View) -> list[int]:
    position = view.position
    return sorted({side_of(position, seat) for seat in opponents(position, view.seat)})


def danger(card: Card, view: View) -> float:
    """What discarding ``card`` may give the opponents: a card for the melds of the side
    that plays next, who may take it first (worst near a burraco), a partner for the cards
    they took from the pile, a reason to take it."""
    if card.is_wild:
        return 12.0
    position = view.position
    risk = 0.0
    following = position.side_of((view.seat + 1) % position.players)
    if following != view.side:
        for meld in fits_table(card, position.melds[following], view):
            size = len(meld.cards)
            risk += 3.0 + (5.0 if size == BURRACO_SIZE - 1 else 2.0 if size >= 4 else 0.0)
    for seat in opponents(position, view.seat):
        risk += 0.8 * keep_value(card, view.held_by(seat))
    # The pile goes with the card: a card that ties up with the pile makes it worth taking.
    pile = position.discard
    if pile:
        risk += 0.25 * min(len(pile), 8) * min(keep_value(card, pile), 2.0) / 2.0
    return risk


def table_worth(position: Position, side: int) -> int:
    """A side's melds and burraco bonuses."""
    worth = 0
    for meld in position.melds[side]:
        worth += meld.points + burraco_bonus(meld, position.rules)
    return worth


#: What a clean burraco pays over a dirty one under the ordinary code (R27), which the
#: club player's weights were set against.
ORDINARY_CLEAN_OVER_DIRTY = BURRACO_BONUS[Burraco.CLEAN] - BURRACO_BONUS[Burraco.DIRTY]


def needs_clean(position: Position, side: int) -> bool:
    """Does the side still need a clean burraco to close under Burraco Champion (R43)? Its
    closing is a clean burraco and a dirty or semi-clean one, unless a Champion burraco or
    a clean sequence of thirteen closes alone; under any other code False."""
    rules = position.rules
    if rules.closing != "champion" or position.has_closing_burraco(side):
        return False
    return all(meld.burraco(rules) is not Burraco.CLEAN for meld in position.melds[side])


def needs_dirty(position: Position, side: int) -> bool:
    """Has the side its clean burraco under Burraco Champion, and does it still need the
    dirty or semi-clean one (R43)?"""
    rules = position.rules
    if rules.closing != "champion" or position.has_closing_burraco(side):
        return False
    return any(meld.burraco(rules) is Burraco.CLEAN for meld in position.melds[side])


# --- the beginner ----------------------------------------------------------------------


def _after(view: View, action: Action) -> tuple[Meld | None, Meld] | None:
    """The meld a play changes (None for a new one) and the meld it leaves."""
    position = view.position
    try:
        if action.kind is ActionKind.MELD:
            return None, make_meld(action.cards, position.rules)
        assert action.meld is not None
        before = position.melds[view.side][action.meld]
        return before, attach(before, action.cards, position.rules)
    except (BurracoError, IndexError):
        return None


class Beginner:
    """Plays what it sees: lays every meld it can (the longest first, wildcards and all),
    takes the pile when its top card fits or it holds three cards or more, discards what it
    needs least."""

    name = "beginner"

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.position.phase is Phase.DRAW:
            return self.draw(view, legal, rng)
        plays = [action for action in legal if action.kind in (ActionKind.MELD, ActionKind.ATTACH)]
        discards = [action for action in legal if action.kind is ActionKind.DISCARD]
        if plays:
            best = max(plays, key=lambda action: self.play_score(view, action))
            if not discards or self.lays(view, self.play_score(view, best)):
                return best
        if discards:
            return self.discard(view, discards, rng)
        return legal[0]

    play_threshold = -1000.0

    def lays(self, view: View, best: float) -> bool:
        """Is the best play (scored ``best``) worth making now, rather than discarding?"""
        del view
        return best > self.play_threshold

    def draw(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        del rng
        pile = [action for action in legal if action.kind is ActionKind.PILE]
        draw = [action for action in legal if action.kind is ActionKind.DRAW]
        if pile and (not draw or len(view.position.discard) >= 3 or self.top_fits(view)):
            return pile[0]
        return draw[0] if draw else legal[0]

    def top_fits(self, view: View) -> bool:
        """Does the pile's top card go on a meld of ours or make one with two of the hand?"""
        position = view.position
        top = position.discard[-1]
        hand = view.hand
        if fits_table(top, position.melds[view.side], view):
            return True
        naturals = [card for card in hand if not card.is_wild]
        if top.is_wild:
            return True
        same = [card for card in naturals if card.rank is top.rank]
        if len(same) >= 2:
            return True
        near = sorted(_gap(top, card) for card in naturals if 0 < _gap(top, card) <= 2)
        return len(near) >= 2

    def play_score(self, view: View, action: Action) -> float:
        natural = all(not card.is_wild for card in action.cards)
        score = len(action.cards) + (0.5 if natural else 0.0)
        changed = _after(view, action)
        if changed is not None:
            before, after = changed
            if len(after.cards) >= BURRACO_SIZE > (0 if before is None else len(before.cards)):
                score += 5.0  # a burraco it can see on the table
        return score

    def discard(self, view: View, discards: Sequence[Action], rng: random.Random) -> Action:
        hand = view.hand
        scores = {action: self.discard_score(view, action.cards[0], hand) for action in discards}
        low = min(scores.values())
        choices = [action for action in discards if scores[action] <= low + 1e-9]
        return choices[0] if len(choices) == 1 else rng.choice(choices)

    #: How much a card's points count against keeping it (the beginner sheds its high
    #: cards, the club player keeps them for its melds).
    points_weight = 1 / 10

    def discard_score(self, view: View, card: Card, hand: Cards) -> float:
        """Lower is better to throw: what the card does for this hand, less its points."""
        return keep_value(card, _without(hand, (card,))) - card.value * self.points_weight


# --- the club player -------------------------------------------------------------------


#: At three and five players the club player races to the first pozzetto laying and
#: throwing as the beginner does (see Club.decide).
_BEGINNER = Beginner()


def _to_first_pozzetto(position: Position) -> bool:
    """Is this a race to the first pozzetto, where the sides form (three or five players,
    R40) and nobody has taken one yet?"""
    return position.fluid and not any(position.pozzetti_taken)


#: The table where the club player races to close (see Club).
RACE_PLAYERS = 4


def _race_table(position: Position) -> bool:
    """Does the club player race here: lay every play it can, and take the pile when its
    top card fits or the whole pile pays (four players; three and five, whose hands are a
    race to the first pozzetto and then, in pairs, to close)?"""
    return position.players == RACE_PLAYERS or position.fluid


class Club(Beginner):
    """Builds toward burraco, clean where it can; takes the pile when it pays; discards
    with an eye on the melds of the side that plays next and on the cards the opponents
    took from the pile.

    At four players, where two hands feed one side's melds and one burraco lets it close,
    the hand is a race to close: it lays every play it can (the best first), and takes the
    pile when its top card fits, as the beginner does, or when the whole pile brings
    :attr:`race_pile_gain` (:meth:`pile_gain`), a pile of one or two cards as well as a
    longer one. Its patience there lost to the beginner (the arena, four players, 1,000
    deals: 37.6% of deals, -202 a deal; 65.9%, +185 now; docs/bots.md).

    Where the sides form during the hand (three and five players, R40) it races the same
    way: until the first pozzetto is taken it lays and throws as the beginner does (the
    first to empty a hand takes the big pozzetto and plays alone), and all hand long it
    takes the pile as at four. Its patience there lost to the beginner, and so did the
    beginner's way with the pile, a pile of three cards or more taken whatever it holds
    (the arena, 1,000 deals of seed 1: 43.5% of deals at three and 35.0% at five before;
    63.1% and 64.8% now, and 86.9% at six; docs/bots.md).
    """

    name = "club"

    play_threshold = 0.0
    points_weight = 1 / 40
    #: Take the pile when :meth:`pile_gain` reaches this.
    pile_threshold = -2.0
    #: Where the club player races (:func:`_race_table`), what a pile whose top card is of no
    #: use must bring (:meth:`pile_gain`) for it to be taken.
    race_pile_gain = 3.0
    #: What laying a wildcard costs while the meld is not yet a burraco (more on a meld of
    #: four or more natural cards: a clean burraco in the making).
    wild_cost = 3.5
    wild_cost_long = 3.0

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if _to_first_pozzetto(view.position) and view.position.phase is not Phase.DRAW:
            return _BEGINNER.decide(view, legal, rng)
        return super().decide(view, legal, rng)

    def lays(self, view: View, best: float) -> bool:
        return _race_table(view.position) or best > self.play_threshold

    def draw(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        pile = [action for action in legal if action.kind is ActionKind.PILE]
        draw = [action for action in legal if action.kind is ActionKind.DRAW]
        if pile and (not draw or self.takes_pile(view)):
            return pile[0]
        return draw[0] if draw else legal[0]

    def takes_pile(self, view: View) -> bool:
        """Is the pile worth taking rather than the stock? When it brings
        :attr:`pile_threshold` (:meth:`pile_gain`); where the club player races
        (:func:`_race_table`) when its top card fits (as the beginner takes it) or the whole pile
        brings :attr:`race_pile_gain`, whatever its size."""
        position = view.position
        if len(view.hand) == 1 and position.pozzetti_taken[view.side] and not self.top_fits(view):
            # One card left and the pozzetto taken: only a card that joins the side's melds
            # lets it close, and a known card of no use is worse than an unknown one. At six
            # players every seat took the others' throws, so a hand went on for 2,600
            # actions until R34's stall made them draw (docs/bots.md).
            return False
        if _race_table(position):
            return self.top_fits(view) or self.pile_gain(view) >= self.race_pile_gain
        return self.pile_gain(view) >= self.pile_threshold

    def pile_gain(self, view: View) -> float:
        """What the whole pile brings this hand: cards for our melds and for new ones."""
        position = view.position
        pile = list(position.discard)
        hand = list(view.hand)
        side_melds = position.melds[view.side]
        gain = 0.0
        for index, card in enumerate(pile):
            others = hand + pile[:index] + pile[index + 1 :]
            use = 3.0 if card.is_wild else 0.0
            if not card.is_wild and fits_table(card, side_melds, view):
                use += 2.0
            use += min(keep_value(card, others), 3.0) if not card.is_wild else 0.0
            gain += use if use >= 1.0 else -card.value / 15.0
        if position.pozzetti_taken[view.side]:
            gain -= 0.5 * len(pile)  # every card taken now is one more to lay before closing
        elif position.stock_count > 20:
            gain += 0.2 * len(pile)
        return gain

    def play_score(self, view: View, action: Action) -> float:
        changed = _after(view, action)
        if changed is None:
            return -100.0
        before, after = changed
        position = view.position
        hand = view.hand
        left = _without(hand, action.cards)
        old = 0 if before is None else len(before.cards)
        new = len(after.cards)
        score = float(len(action.cards))
        completes = new >= BURRACO_SIZE > old
        dirtied = after.wild is not None and (before is None or before.wild is None)
        scores = position.rules.scores
        # The weights were set under the ordinary code (clean 200, dirty 100; docs/bots.md):
        # a code that pays more for keeping a burraco clean makes spoiling one cost more.
        spoil = (scores.clean - scores.dirty) / ORDINARY_CLEAN_OVER_DIRTY
        if completes:
            # 12 for a clean burraco and 7 for a dirty one under the ordinary code; what
            # the code pays for it elsewhere (R42, R43).
            score += 2.0 + burraco_bonus(after, position.rules) / 20
            if dirtied and old >= BURRACO_SIZE - 2 and needs_clean(position, view.side):
                # R43 closes only with a clean burraco: a dirty one now, from a run that
                # was one or two cards from clean, gives up the one the side must make.
                score -= (scores.clean - scores.dirty) / 20
        elif after.wild is None and new >= 5:
            score += 1.0
        if dirtied and not completes and len(left) > 1:
            if old < BURRACO_SIZE and needs_dirty(position, view.side):
                pass  # R43: the clean one is down; the wildcard builds the other it needs
            else:
                score -= spoil * (self.wild_cost + (self.wild_cost_long if old >= 4 else 0.0))
        taken = position.pozzetti_taken[view.side]
        if not left:
            score += 6.0  # the pozzetto al volo
        elif all(card.is_wild for card in left):
            score -= 8.0  # nothing natural left to discard
        elif taken and len(left) == 1:
            score += self.close_score(view)
        return score

    def close_score(self, view: View) -> float:
        """How much going down to the closing discard is worth now: closing banks the
        table and catches the opponents with cards in hand, but ends the building. Close
        when ahead on the table, when the stock runs low, or before the opponents can."""
        position = view.position
        scores = position.rules.scores  # the code's closing bonus and pozzetto penalty
        lead = table_worth(position, view.side) + scores.closing
        for side in opponent_sides(view):
            seats = [s for s in range(position.players) if side_of(position, s) == side]
            lead -= table_worth(position, side)
            lead += 8 * sum(len(position.hands[seat]) for seat in seats)
            if not position.pozzetti_taken[side]:
                lead += scores.pozzetto
            elif position.has_closing_burraco(side):
                return 6.0  # they could close soon: bank ours first
        if lead >= self.close_lead or position.stock_count < 15:
            return 6.0
        return -6.0

    close_lead = 0
    #: How much a discard's :func:`danger` counts against throwing it.
    danger_weight = 1.3

    def discard_score(self, view: View, card: Card, hand: Cards) -> float:
        own = super().discard_score(view, card, hand)
        side_melds = view.position.melds[view.side]
        if fits_table(card, side_melds, view):
            own += 1.5  # a card for our own melds is better laid than thrown
        return own + self.danger_weight * danger(card, view)


__all__ = ["Beginner", "Club", "RandomBot", "danger", "keep_value", "view_of"]
