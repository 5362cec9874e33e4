"""The detectors: one function per finding code (R7, R17, R18, R25-R30), each looking one
turn ahead from the seat's view for what the chosen action gave up.

Part of :mod:`engine.coach`; :data:`CODES` lists what they find."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.actions import (
    Action,
    ActionKind,
    Event,
    legal_discards,
    transition,
    why_illegal,
)
from engine.bots.expert import Expert
from engine.bots.levels import Club, keep_value
from engine.bots.view import view_of
from engine.budget import MOVE_STEPS, Budget
from engine.cards import Card
from engine.coach.context import (
    _Candidate,
    _contains,
    _Context,
    _makes_burraco,
    _minus,
    _PileUse,
    _Play,
    _stand_in,
    _texts,
    hand_shape,
    pile_use,
)
from engine.coach.estimators import _value
from engine.coach.findings import BLUNDER_ABOVE, INACCURACY_FROM, MISTAKE_FROM, Lost
from engine.melds import Burraco, Meld, possible_attachments
from engine.scoring import burraco_bonus, kind_bonus
from engine.state import Hidden, Phase, Position
from engine.strategy import dead_single


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
    bonus = context.view.rules.scores.closing
    return [
        _Candidate(
            "missed_close",
            "R30",
            better,
            {"bonus": bonus},
            sentence="coach_missed_close_two" if context.view.heads_up else "",
            lost=Lost.CLOSING,
            floor=bonus,
        )
    ]


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
            {"penalty": context.view.rules.scores.pozzetto},
            sentence="coach_missed_pozzetto_scarto"
            if taken
            else ("coach_missed_pozzetto_two" if context.view.heads_up else ""),
            lost=None if taken else Lost.POZZETTO,
            floor=0 if taken else context.view.rules.scores.pozzetto,
        )
    ]


def _burraco_rank(play: _Play, rules: Any) -> tuple[int, int]:
    return (burraco_bonus(play.after, rules), len(play.after.cards))


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
    if _waiting_is_sound(view, making, context.budget):
        return []
    return [
        _Candidate(
            "missed_burraco",
            "R26",
            play.action,
            {"cards": _texts(play.action.cards), "arrangement": _texts(play.after.cards)},
            lost=Lost.BURRACO,
            floor=burraco_bonus(play.after, rules),
            own_line=True,
        )
    ]


#: Lesson 23: a dirty burraco may wait for the natural card that makes it clean while the
#: stock holds at least this many cards and every other hand this many cards or more.
WAIT_STOCK_FROM = 20
WAIT_HAND_FROM = 6


def _waiting_is_sound(view: Position, making: list[_Play], budget: Budget) -> bool:
    """Is keeping the wildcard sound (lesson 23)? Every burraco at hand would be dirty
    with a wildcard of the hand on a meld still clean, which a natural card can yet finish,
    and there is time: a long stock and nobody near closing."""
    if len(view.stock) < WAIT_STOCK_FROM:
        return False
    if any(
        len(hand) < WAIT_HAND_FROM for seat, hand in enumerate(view.hands) if seat != view.to_move
    ):
        return False
    for play in making:
        if play.before is None or play.before.wildcard is not None:
            return False
        if not any(card.is_wild for card in play.action.cards):
            return False
        meld = play.before
        naturals = [
            card
            for card in view.unseen()
            if not card.is_wild and (card.rank is meld.rank or card.suit is meld.suit)
        ]
        if not any(
            burraco_bonus(after, view.rules)
            for _, _, after in possible_attachments([meld], naturals, view.rules, budget)
            if after.wildcard is None
        ):
            return False
    return True


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
                    and _contains(play.action.cards, naturals)
                    and (play.before is None or play.before.wildcard is None)
                    # The natural cards that did the wildcard's work, or the very cards
                    # laid, which made a new meld without it (a wildcard attached makes
                    # the meld longer: no waste).
                    and (
                        len(play.action.cards) >= len(chosen.cards)
                        or (
                            chosen.kind is ActionKind.MELD
                            and len(play.action.cards) == len(naturals)
                        )
                    )
                ):
                    extra = _minus(play.action.cards, naturals)
                    # No card instead of the wildcard: the meld was complete without it.
                    params: dict[str, Any] = (
                        {"card": str(extra[0])}
                        if extra
                        else {"arrangement": _texts(play.after.cards)}
                    )
                    found.append(
                        _Candidate(
                            "missed_clean_burraco",
                            "R27",
                            play.action,
                            {
                                "wild": str(wild),
                                **params,
                                "clean": kind_bonus(Burraco.CLEAN, view.rules),
                                "dirty": kind_bonus(Burraco.DIRTY, view.rules),
                            },
                            sentence="" if extra else "coach_missed_clean_burraco_complete",
                            # A wildcard spent for nothing: an inaccuracy at least
                            # (docs/coach-audit.md).
                            floor=INACCURACY_FROM,
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
        if chosen.kind is ActionKind.DISCARD and _least_feed(context, play.action) > _fed(
            context, after, chosen.cards[0]
        ):
            continue  # sending it home leaves only discards that give more: no better move
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
                own_line=True,
            )
        )
        break
    return found


def _quiet_discard(context: _Context, exclude: Card | None = None) -> Action | None:
    """The discard, other than ``exclude`` and never a wildcard, that gives the next
    player's side nothing and costs the hand left the least: the one that keeps the most
    towards melds (:func:`~engine.coach.context.hand_shape`: the melds of three it holds,
    then the kinds of card it wants; a lone card goes before one of a pair), then
    the card the club bot would throw (:func:`engine.bots.levels.keep_value`, what it keeps
    towards melds, less its points), then the one that keeps the most in hand by the
    default estimate."""
    view = context.view
    hand = view.hands[view.to_move]
    held = list(hand) if not isinstance(hand, Hidden) else []
    best: tuple[tuple[int, int, float, int], Action] | None = None
    for action in legal_discards(view):
        card = action.cards[0]
        if card.is_wild or card == exclude:
            continue
        context.budget.spend(MOVE_STEPS)
        after = transition(view, action, context.budget).position
        if context.feeds(after, card).gain:
            continue
        left = _minus(held, [card])
        cost = keep_value(card, left) - card.value * Club.points_weight
        complete, wanted = hand_shape(left)
        key = (-complete, -wanted, cost, -_value(view, after, context.budget, context.known))
        if best is None or key < best[0]:
            best = (key, action)
    return None if best is None else best[1]


def _feeds_opponent(context: _Context) -> list[_Candidate]:
    chosen, after = context.chosen, context.after
    if chosen.kind is not ActionKind.DISCARD or after is None or after.is_over:
        return []
    if after.side == context.view.side:
        return []
    card = chosen.cards[0]
    if card.is_wild:
        # A wildcard thrown is ``wild_wasted``, whatever it also gives the next player.
        return []
    feed = context.feeds(after, card)
    if not feed.gain:
        return []
    better = _quiet_discard(context, card)
    if better is None:
        return []
    two = "_two" if context.view.heads_up else ""
    if feed.burraco is not None:
        params = {"card": str(card), "arrangement": _texts(feed.burraco.cards)}
        return [
            _Candidate(
                "feeds_opponent",
                "R7",
                better,
                params,
                sentence=f"coach_feeds_opponent_burraco{two}",
                lost=Lost.BURRACO,
                floor=feed.gain,
            )
        ]
    # What it gives is an inaccuracy at least (docs/coach-audit.md): the next player takes
    # the pile with it, whatever the playouts make of the cards.
    floor = max(feed.gain, INACCURACY_FROM)
    if feed.made is not None:
        params = {"card": str(card), "arrangement": _texts(feed.made.cards)}
        return [
            _Candidate(
                "feeds_opponent",
                "R10",
                better,
                params,
                sentence=f"coach_feeds_opponent_new{two}",
                floor=floor,
                ceiling=None if feed.bonus else BLUNDER_ABOVE,
            )
        ]
    assert feed.fitted is not None
    params = {"card": str(card), "arrangement": _texts(feed.fitted.cards)}
    # The card (with the pile) completes their burraco.
    burraco = feed.bonus > 0
    return [
        _Candidate(
            "feeds_opponent",
            "R17",
            better,
            params,
            sentence=f"coach_feeds_opponent{two}",
            lost=Lost.BURRACO if burraco else None,
            floor=floor,
            # Only a burraco handed over makes a feed a blunder (docs/coach-audit.md).
            ceiling=None if burraco else BLUNDER_ABOVE,
        )
    ]


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
        two = "_two" if view.heads_up else ""
        return [
            _Candidate(
                "wild_wasted",
                "R18",
                better,
                {"wild": str(card)},
                f"coach_wild_wasted_discard{two}",
                # A joker thrown is a mistake at least, a pinella an inaccuracy at least
                # (docs/coach-audit.md): a natural card could go, and the next player may
                # take the wildcard with the pile.
                floor=MISTAKE_FROM if card.is_joker else INACCURACY_FROM,
            )
        ]
    if chosen.kind is ActionKind.MELD:
        return _wild_on_a_short_meld(context)
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
                "loss": kind_bonus(Burraco.CLEAN, view.rules)
                - kind_bonus(now or Burraco.DIRTY, view.rules),
            },
            "coach_wild_wasted_burraco",
        )
    ]


#: Early in the hand (the stock this long or longer), a wildcard spent on a three-card meld
#: is a waste (lessons 22-23): kept, it finishes a longer meld or a burraco.
EARLY_STOCK_FROM = 30
#: ... unless the hand is nearly out: then laying down counts more than the wildcard.
SHORT_MELD_HAND_FROM = 4


def _wild_on_a_short_meld(context: _Context) -> list[_Candidate]:
    """A wildcard of the hand spent early in the hand to lay a new meld of three cards."""
    view, chosen, after = context.view, context.chosen, context.after
    if len(chosen.cards) != 3 or after is None or len(view.stock) < EARLY_STOCK_FROM:
        return []
    hand = after.hands[view.to_move]
    if isinstance(hand, Hidden) or len(hand) < SHORT_MELD_HAND_FROM or context.events:
        return []
    mine = next((play for play in context.plays(view) if play.action == chosen), None)
    if mine is None or mine.after.wildcard is None or mine.after.wildcard not in chosen.cards:
        return []
    better = _quiet_discard(context)
    if better is None:
        return []
    wild = mine.after.wildcard
    return [
        _Candidate(
            "wild_wasted",
            "R18",
            better,
            {"wild": str(wild), "arrangement": _texts(mine.after.cards)},
            "coach_wild_wasted_short",
            # A wildcard spent for little: an inaccuracy at least (docs/coach-audit.md).
            floor=INACCURACY_FROM,
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
    # An attachment that leaves only cards that feed the next side more than the discard
    # played is no better move (docs/coach-audit.md): the next best is tried.
    fed = _fed(context, context.after, discarded)
    single.sort(
        key=lambda play: (play.action.cards[0] == discarded, play.action.cards[0].value),
        reverse=True,
    )
    play = next((play for play in single if _least_feed(context, play.action) <= fed), None)
    if play is None:
        return []
    return [
        _Candidate(
            "missed_attach",
            "R17",
            play.action,
            {"card": str(play.action.cards[0]), "arrangement": _texts(play.before.cards)}
            if play.before is not None
            else {"card": str(play.action.cards[0]), "arrangement": []},
            sentence="coach_missed_attach_two" if view.heads_up else "",
            # A card kept off the table is an inaccuracy; more only when the opponents may
            # close soon and it counts against the side (docs/coach-audit.md): a mistake
            # at most, a burraco given up being missed_burraco's.
            ceiling=BLUNDER_ABOVE if _closing_near(view) else MISTAKE_FROM - 1,
            floor=INACCURACY_FROM,
            own_line=True,
        )
    ]


def _fed(context: _Context, after: Position | None, card: Card) -> int:
    """What ``card``, just discarded in ``after``, gives the next player's side (0 when
    the hand is over)."""
    if after is None or after.is_over:
        return 0
    return context.feeds(after, card).gain


def _least_feed(context: _Context, play: Action) -> int:
    """What the least giving discard after ``play`` hands the next player's side: 0 when
    a card giving nothing is left, or the play ends the turn or empties the hand. A
    wildcard counts only when nothing else can go."""
    view, budget = context.view, context.budget
    budget.spend(MOVE_STEPS)
    position = transition(view, play, budget).position
    if _turn_over_after(view, position) or isinstance(position.hands[view.to_move], Hidden):
        return 0
    discards = legal_discards(position)
    naturals = [action for action in discards if not action.cards[0].is_wild]
    least: int | None = None
    for action in naturals or discards:
        budget.spend(MOVE_STEPS)
        after = transition(position, action, budget).position
        gain = 0 if after.side == view.side else _fed(context, after, action.cards[0])
        least = gain if least is None else min(least, gain)
        if not least:
            return 0
    return least or 0


def _turn_over_after(view: Position, position: Position) -> bool:
    return position.is_over or position.to_move != view.to_move


def _closing_near(view: Position) -> bool:
    """May the opponents close soon: one of their hands under :data:`WAIT_HAND_FROM`
    cards?"""
    return any(
        len(hand) < WAIT_HAND_FROM
        for seat, hand in enumerate(view.hands)
        if view.side_of(seat) != view.side
    )


def _missed_pile(context: _Context) -> list[_Candidate]:
    view, chosen = context.view, context.chosen
    if view.phase is not Phase.DRAW or chosen.kind is not ActionKind.DRAW:
        return []
    use = pile_use(context)
    if use is None:
        return []
    alone = context.plays(_stand_in(view))
    burraco = use.burraco and not any(_makes_burraco(play, view.rules) for play in alone)
    return [
        _Candidate(
            "missed_pile",
            "R7",
            Action(ActionKind.PILE),
            {
                "cards": _texts(use.cards),
                "count": len(use.cards),
                **(
                    {"yours": _texts(use.hand), "arrangement": _texts(use.best.after.cards)}
                    if use.hand
                    else {}
                ),
            },
            # Which meld the pile made, with which of the hand's cards: said when it needed any.
            sentence="coach_missed_pile_with" if use.hand else "",
            lost=Lost.BURRACO if burraco else None,
            floor=burraco_bonus(use.best.after, view.rules) if burraco else 0,
            uses=use.hand,
            # Short of a burraco, the pile is worth what it adds to what the hand could lay
            # anyway (docs/coach-audit.md): never more.
            ceiling=None if burraco else _pile_adds(use, alone),
        )
    ]


def _pile_adds(use: _PileUse, alone: tuple[_Play, ...]) -> int:
    """The points the pile's cards add to the table at once: the pile's cards its uses
    lay, and the hand's cards its best use lays that the hand could not lay without the
    pile (a set the hand held already adds only the pile's card)."""
    added = sum(card.value for card in use.cards)
    if use.hand and not any(_contains(play.action.cards, use.hand) for play in alone):
        added += sum(card.value for card in use.hand)
    return added


def _useless_pile(context: _Context) -> list[_Candidate]:
    """A pile of one natural card taken that nothing uses at once: no meld or attachment
    legal right after the take puts it on the table (:func:`engine.strategy.dead_single`, the
    analysis the pile puzzles use), and the bots would leave it too (the expert's
    ``takes_pile``). The player keeps a dead card for sure, which they may not throw back at
    once (R8), where the stock gave a chance, and the next player has seen it go to them."""
    view, chosen = context.view, context.chosen
    if view.phase is not Phase.DRAW or chosen.kind is not ActionKind.PILE:
        return []
    if isinstance(view.hands[view.to_move], Hidden) or not dead_single(view, context.budget):
        return []
    if Expert().takes_pile(view_of(view)):
        # The bots take it too (one analysis for one question: the Hint says "pile"). At two
        # players they take nearly every throw: a pile left grows by the next throw and goes
        # to the opponent, and a club player that left such piles lost 1,048 points a deal
        # to one that took them (python -m bench.leave_singles, docs/coach-audit.md); they
        # leave it with one card left and the pozzetto taken.
        return []
    return [
        _Candidate(
            "useless_pile",
            "R8",
            Action(ActionKind.DRAW),
            {"card": str(view.discard[0])},
            sentence="coach_useless_pile_two" if view.heads_up else "",
            # A dead card kept for a turn at least: an inaccuracy at least
            # (docs/coach-audit.md), whatever the look-ahead makes of it.
            floor=INACCURACY_FROM,
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
    _useless_pile,
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
    "useless_pile",
)
