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
    "coach_missed_clean_burraco_complete": gettext_noop(
        "The meld {arrangement} was complete without {wild}: the wildcard added made it dirty"
        " and was spent for nothing; a clean burraco is worth {clean} points, a dirty one"
        " {dirty}."
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
    "coach_missed_pile_with": ngettext_lazy(
        "The discard pile held {cards}: with {yours} from your hand you could have put"
        " {arrangement} on the table at once; a card from the stock is only a hope.",
        "The discard pile held {cards}: with {yours} from your hand you could have put"
        " {arrangement} on the table at once; a card from the stock is only a hope.",
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
    "coach_feeds_opponent_new": gettext_noop(
        "{card}, which you discarded, makes {arrangement} with the cards of the pile: the next"
        " player can take the pile and lay it at once."
    ),
    "coach_useless_pile": gettext_noop(
        "You took a pile of one card, {card}, that goes with nothing in your hand and fits none"
        " of your melds: you must keep it this turn, where a card from the stock was a chance,"
        " and the next player has seen it."
    ),
    "coach_wild_wasted_discard": gettext_noop(
        "You discarded {wild}, which could have stood for any card in your melds; now the next"
        " player can take it with the pile."
    ),
    "coach_wild_wasted_short": gettext_noop(
        "You spent {wild} to lay {arrangement}, a meld of three cards: this early in the hand a"
        " wildcard kept is worth more, to finish a longer meld or a burraco."
    ),
    "coach_wild_wasted_burraco": gettext_noop(
        "{card} turned your clean burraco {arrangement} dirty: the bonus falls by {loss} points."
    ),
    # Two players: one opponent, and the side is the player alone.
    "coach_missed_close_two": gettext_noop(
        "You could have closed the hand this turn: you had your pozzetto and a burraco on the"
        " table, and could have laid down all but one card; closing is worth {bonus} points."
    ),
    "coach_missed_attach_two": gettext_noop(
        "{card} fitted your meld {arrangement}: attached, it would count for you on the table"
        " instead of in your hand or on the pile."
    ),
    "coach_feeds_opponent_two": gettext_noop(
        "{card}, which you discarded, fits your opponent's meld {arrangement}: your opponent"
        " can take the pile and attach it."
    ),
    "coach_feeds_opponent_burraco_two": gettext_noop(
        "With {card} discarded, the pile gives your opponent the cards for a burraco on"
        " {arrangement}."
    ),
    "coach_feeds_opponent_new_two": gettext_noop(
        "{card}, which you discarded, makes {arrangement} with the cards of the pile: your"
        " opponent can take the pile and lay it at once."
    ),
    "coach_missed_pozzetto_two": gettext_noop(
        "You could have laid down every card this turn and taken the pozzetto al volo, playing"
        " it at once; a player who never takes their pozzetto loses {penalty} points."
    ),
    "coach_useless_pile_two": gettext_noop(
        "You took a pile of one card, {card}, that goes with nothing in your hand and fits none"
        " of your melds: you must keep it this turn, where a card from the stock was a chance,"
        " and your opponent has seen it."
    ),
    "coach_wild_wasted_discard_two": gettext_noop(
        "You discarded {wild}, which could have stood for any card in your melds; now your"
        " opponent can take it with the pile."
    ),
    # The same idea found on several turns, said once (engine.coach.ideas).
    "coach_repeated": ngettext_lazy(
        "On {count} turn, from turn {first} to turn {last}: {reason}",
        "On {count} turns, from turn {first} to turn {last}: {reason}",
        "count",
    ),
    "coach_repeated_attach": ngettext_lazy(
        "You kept {card} for {count} turn, from turn {first} to turn {last}: it fitted your"
        " side's meld {arrangement}, where it would have counted for you.",
        "You kept {card} for {count} turns, from turn {first} to turn {last}: it fitted your"
        " side's meld {arrangement}, where it would have counted for you.",
        "count",
    ),
    "coach_repeated_attach_two": ngettext_lazy(
        "You kept {card} for {count} turn, from turn {first} to turn {last}: it fitted your"
        " meld {arrangement}, where it would have counted for you.",
        "You kept {card} for {count} turns, from turn {first} to turn {last}: it fitted your"
        " meld {arrangement}, where it would have counted for you.",
        "count",
    ),
    "coach_repeated_close": ngettext_lazy(
        "You could have closed the hand on {count} turn, from turn {first} to turn {last}:"
        " your side had the pozzetto and a burraco on the table, and could have laid down all"
        " but one card; closing is worth {bonus} points.",
        "You could have closed the hand on {count} turns, from turn {first} to turn {last}:"
        " your side had the pozzetto and a burraco on the table, and could have laid down all"
        " but one card; closing is worth {bonus} points.",
        "count",
    ),
    "coach_repeated_close_two": ngettext_lazy(
        "You could have closed the hand on {count} turn, from turn {first} to turn {last}:"
        " you had your pozzetto and a burraco on the table, and could have laid down all but"
        " one card; closing is worth {bonus} points.",
        "You could have closed the hand on {count} turns, from turn {first} to turn {last}:"
        " you had your pozzetto and a burraco on the table, and could have laid down all but"
        " one card; closing is worth {bonus} points.",
        "count",
    ),
    "coach_repeated_pozzetto_two": ngettext_lazy(
        "You could have laid down every card and taken the pozzetto al volo on {count} turn,"
        " from turn {first} to turn {last}; a player who never takes their pozzetto loses"
        " {penalty} points.",
        "You could have laid down every card and taken the pozzetto al volo on {count} turns,"
        " from turn {first} to turn {last}; a player who never takes their pozzetto loses"
        " {penalty} points.",
        "count",
    ),
    "coach_repeated_pozzetto": ngettext_lazy(
        "You could have laid down every card and taken the pozzetto al volo on {count} turn,"
        " from turn {first} to turn {last}; a side that never takes it loses {penalty} points.",
        "You could have laid down every card and taken the pozzetto al volo on {count} turns,"
        " from turn {first} to turn {last}; a side that never takes it loses {penalty} points.",
        "count",
    ),
}

#: Why the coach's move is good (engine.coach.why): a hint's reason, in one or two parts.
HINTS: dict[str, Template] = {
    "hint_pile_meld": gettext_noop(
        "Take the pile: with {cards} from it and {yours} from your hand you lay down a new"
        " meld, {arrangement}."
    ),
    "hint_pile_meld_alone": gettext_noop(
        "Take the pile: with {cards} from it you lay down a new meld, {arrangement}."
    ),
    "hint_pile_attach": gettext_noop(
        "Take the pile: with {cards} from it you extend your meld {before} to {arrangement}."
    ),
    "hint_pile_attach_with": gettext_noop(
        "Take the pile: with {cards} from it and {yours} from your hand you extend your meld"
        " {before} to {arrangement}."
    ),
    "hint_pile_cards": ngettext_lazy(
        "Take the pile: its {count} card gives you more to build with than one card from the"
        " stock.",
        "Take the pile: its {count} cards give you more to build with than one card from the"
        " stock.",
        "count",
    ),
    "hint_draw_nothing": gettext_noop(
        "Draw from the stock: the pile holds nothing you could lay down or attach at once."
    ),
    "hint_draw_little": gettext_noop(
        "Draw from the stock: of the pile only {cards} would go down at once, and the rest"
        " would weigh in your hand."
    ),
    "hint_meld": gettext_noop(
        "Lay down {arrangement}: its cards count for you on the table instead of against you"
        " in your hand."
    ),
    "hint_meld_burraco": gettext_noop(
        "Lay down {arrangement}: seven cards or more, a burraco worth {bonus} points."
    ),
    "hint_attach": gettext_noop(
        "Attach {cards} to your meld {before}: it becomes {arrangement}, and the cards count"
        " for you on the table."
    ),
    "hint_attach_burraco": gettext_noop(
        "Attach {cards} to your meld {before}: {arrangement} is a burraco, worth {bonus} points."
    ),
    "hint_discard_safe_lone": gettext_noop(
        "Discard {card}: it gives the next player nothing they can use at once, and it goes"
        " with none of your other cards."
    ),
    "hint_discard_safe": gettext_noop(
        "Discard {card}: it gives the next player nothing they can use at once, and the cards"
        " you keep go better together."
    ),
    "hint_discard_least": gettext_noop(
        "Discard {card}: whatever you throw gives the next player something, and this card"
        " gives the least."
    ),
    # Two players: the next player is your opponent.
    "hint_discard_safe_lone_two": gettext_noop(
        "Discard {card}: it gives your opponent nothing they can use at once, and it goes"
        " with none of your other cards."
    ),
    "hint_discard_safe_two": gettext_noop(
        "Discard {card}: it gives your opponent nothing they can use at once, and the cards"
        " you keep go better together."
    ),
    "hint_discard_least_two": gettext_noop(
        "Discard {card}: whatever you throw gives your opponent something, and this card"
        " gives the least."
    ),
    "hint_discard_pozzetto": gettext_noop(
        "Discard {card}: your hand is then empty and you take your pozzetto."
    ),
    "hint_discard_close": gettext_noop("Discard {card} and close the hand."),
    "hint_then_burraco": gettext_noop("That is a burraco, worth {bonus} points."),
    "hint_then_pozzetto": gettext_noop(
        "From there you can lay down every card and take the pozzetto al volo."
    ),
    "hint_then_close": gettext_noop("From there you can close the hand this turn."),
}
