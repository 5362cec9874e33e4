"""What closing needs (R30, R31, R40, R41, R43): the burraco a side must have, and why the
last card of a hand may not be discarded.

Part of :mod:`engine.state`: a position asks it to say whether its player may close, and
:mod:`engine.actions` to refuse a discard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.melds import ROYAL_SIZE, Burraco, Meld, MeldKind, Special
from engine.rules import Rules

if TYPE_CHECKING:
    from engine.state.position import Position


def closing_burraco(melds: Sequence[Meld], rules: Rules, players: int = 2) -> bool:
    """Do these melds hold the burraco that closing needs (R30; a clean one, R41; at six
    players a clean one and a dirty one, R40; under Burraco Champion, R43's)?"""
    if rules.closing == "champion":
        return champion_closing(melds, rules)
    if players == 6:
        kinds = {meld.burraco(rules) for meld in melds}
        return Burraco.CLEAN in kinds and bool(kinds - {Burraco.CLEAN, None})
    for meld in melds:
        kind = meld.burraco(rules)
        if kind is Burraco.CLEAN or (kind is not None and not rules.international):
            return True
    return False


def champion_closing(melds: Sequence[Meld], rules: Rules) -> bool:
    """R43: a clean burraco and a dirty or semi-clean one, or a Champion burraco, or a
    clean sequence of thirteen cards.

    >>> from engine.rules import PRESETS
    >>> champion = PRESETS["champion"]
    >>> clean, dirty = Meld.parse("3C 4C 5C 6C 7C 8C 9C"), Meld.parse("JK 4H 5H 6H 7H 8H 9H")
    >>> champion_closing([clean], champion), champion_closing([clean, dirty], champion)
    (False, True)
    """
    kinds = {meld.burraco(rules) for meld in melds}
    if Burraco.CLEAN in kinds and kinds & {Burraco.DIRTY, Burraco.SEMI_CLEAN}:
        return True
    return any(
        meld.special(rules) is Special.CHAMPION
        or (meld.kind is MeldKind.SEQUENCE and meld.wild is None and len(meld.cards) >= ROYAL_SIZE)
        for meld in melds
    )


def no_closing_burraco(rules: Rules, players: int = 2, **params: Any) -> IllegalActionError:
    """The refusal to close without that burraco."""
    if rules.closing == "champion":
        return IllegalActionError("close_no_champion_pair", "R43", **params)
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
