"""The sentences of the coach: what a chosen action missed.

Part of :mod:`engine.messages`: the findings of :mod:`engine.coach`, by code."""

from __future__ import annotations

from engine.messages.words import Template, gettext_noop, ngettext_lazy

COACH: dict[str, Template] = {
    "coach_missed_close": gettext_noop(
        "You could have closed the hand this turn: your side had the pozzetto and could have"
        " laid down all but one card, with a burraco on the table, and closing is worth"
        " {bonus} points."
    ),
    "coach_missed_pozzetto": gettext_noop(
        "You could have laid down every card this turn and taken the pozzetto al volo, playing"
        " it at once; a side that never takes it loses {penalty} points."
    ),
    "coach_missed_pozzetto_scarto": gettext_noop(
        "You took the pozzetto with your discard, but you could have laid down every card and"
        " taken it al volo, playing it at once and keeping that card off the pile."
    ),
    "coach_missed_burraco": gettext_noop(
        "With {cards} you could have made a burraco: {arrangement}, seven cards or more."
    ),
    "coach_missed_clean_burraco": gettext_noop(
        "You used {wild} where {card} from your hand did the same work: the meld would stay"
        " clean, and a clean burraco is worth {clean} points, a dirty one {dirty}."
    ),
    "coach_missed_clean_burraco_home": gettext_noop(
        "{card} would have sent {wild} home as a natural 2, and the meld would be clean:"
        " {arrangement}."
    ),
    "coach_missed_attach": gettext_noop(
        "{card} fitted your side's meld {arrangement}: attached, it would count for you on the"
        " table instead of in your hand or on the pile."
    ),
    "coach_missed_pile": ngettext_lazy(
        "The discard pile held {cards}, which you could have laid down or attached this turn;"
        " a card from the stock is only a hope.",
        "The discard pile held {cards}, which you could have laid down or attached this turn;"
        " a card from the stock is only a hope.",
        "count",
    ),
    "coach_feeds_opponent": gettext_noop(
        "{card}, which you discarded, fits your opponents' meld {arrangement}: the next player"
        " can take the pile and attach it."
    ),
    "coach_feeds_opponent_burraco": gettext_noop(
        "With {card} discarded, the pile gives your opponents the cards for a burraco on"
        " {arrangement}."
    ),
    "coach_wild_wasted_discard": gettext_noop(
        "You discarded {card}, a wildcard: it could have stood for any card in your melds, and"
        " now the next player can take it with the pile."
    ),
    "coach_wild_wasted_burraco": gettext_noop(
        "{card} turned your clean burraco {arrangement} dirty: the bonus falls by {loss} points."
    ),
}
