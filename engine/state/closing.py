"""What closing needs (R30, R31, R40, R41): the burraco a side must have, and why the last
card of a hand may not be discarded.

Part of :mod:`engine.state`: a position asks it to say whether its player may close, and
:mod:`engine.actions` to refuse a discard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.melds import Burraco, Meld
from engine.rules import Rules

if TYPE_CHECKING:
    from engine.state.position import Position


def closing_burraco(melds: Sequence[Meld], rules: Rules, players: int = 2) -> bool:
    """Do these melds hold the burraco that closing needs (R30; a clean one, R41; at six
    players a clean one and a dirty one, R40)?"""
    if players == 6:
        kinds = {meld.burraco(rules) for meld in melds}
        return Burraco.CLEAN in kinds and bool(kinds - {Burraco.CLEAN, None})
    for meld in melds:
        kind = meld.burraco(rules)
        if kind is Burraco.CLEAN or (kind is not None and not rules.international):
            return True
    return False


def no_closing_burraco(rules: Rules, players: int = 2, **params: Any) -> IllegalActionError:
    """The refusal to close without that burraco."""
    if players == 6:
        return IllegalActionError("close_no_clean_and_dirty", "R40", **params)
    if rules.international:
        return IllegalActionError("close_no_clean_burraco", "R41", **params)
    return IllegalActionError("close_no_burraco", "R30", **params)


def last_discard_refusal(
    position: Position, side_melds: Sequence[Meld], card: Card, pile_single: Card | None
) -> IllegalActionError | None:
    """Why the player to move may not discard ``card`` when it is the last in their hand.

    With the pozzetto taken such a discard closes (R30, R31, R41); without it, it takes the
    pozzetto con lo scarto (R29). Either way the one-card pile's card stays (R8).
    """
    params = {"card": str(card)}
    if position.pozzetti_taken[position.side]:
        if not closing_burraco(side_melds, position.rules, position.players):
            return no_closing_burraco(position.rules, position.players, **params)
        if card.is_wild:
            return IllegalActionError("close_wild", "R31", **params)
    if card == pile_single:
        return IllegalActionError("pile_single", "R8", **params)
    return None
