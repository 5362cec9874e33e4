"""The sentences of the game's refusals (R1-R38): cards and melds, then the turn.

Part of :mod:`engine.messages`: the refusals :mod:`engine.melds`, :mod:`engine.actions` and
:mod:`engine.state` raise, by code."""

from __future__ import annotations

from engine.messages.words import Template, gettext_noop, ngettext_lazy

GAME: dict[str, Template] = {
    # --- cards and melds (R1, R10-R14, R18-R28) ---
    "too_many_copies": gettext_noop(
        "{card} appears {count} times, but the deck holds only {most} of it."
    ),
    "too_few_cards": gettext_noop("A meld needs at least three cards, not {count}."),
    "nothing_to_attach": gettext_noop("Choose at least one card to attach to the meld."),
    "wildcards_only": gettext_noop(
        "{cards} are all wildcards: a meld needs natural cards, and there is no set of 2s or"
        " jokers."
    ),
    "two_wildcards": gettext_noop(
        "With {wild} this meld would hold a second wildcard, and a meld holds at most one."
    ),
    "set_too_large": gettext_noop(
        "A set holds at most 9 cards, wildcard included, and this one would have {count}."
    ),
    "rank_mismatch": gettext_noop(
        "{card} does not belong in a set of {rank}: a set is cards of one rank."
    ),
    "mixed_suits": gettext_noop(
        "{cards} mix suits and ranks: a sequence is one suit, a set is one rank."
    ),
    "wrong_suit": gettext_noop(
        "{card} is not one of the {suit}: every card of this sequence is {suit}."
    ),
    "duplicate_rank": gettext_noop(
        "{card} is already in this sequence: a sequence holds each card once."
    ),
    "gap": gettext_noop(
        "{cards} are not consecutive: {missing} is missing, and a sequence cannot skip a card."
    ),
    "gaps": gettext_noop(
        "{cards} are not consecutive: {missing} are missing, and a sequence cannot skip"
        " cards; a wildcard fills only one place."
    ),
    "ace_wraps": gettext_noop(
        "The ace is low (A 2 3) or high (Q K A), never both, so a sequence cannot turn the"
        " corner from the king to the 2."
    ),
    "sequence_too_long": gettext_noop(
        "A sequence holds at most 14 cards, the 13 of its suit and one wildcard at the end,"
        " and this one would have {count}."
    ),
    "set_rank_not_allowed": gettext_noop(
        "In the international game only aces and threes make sets, not {rank}."
    ),
    "bound_wildcard": gettext_noop(
        "{wild} already stands for {stands_for} between {low} and {high}; it can move only"
        " when {stands_for} itself takes its place."
    ),
    "wild_locked": gettext_noop(
        "Under these rules {wild} stays where it was laid, as {stands_for}; it cannot move to"
        " make room."
    ),
    "natural_two_locked": gettext_noop(
        "Under these rules a natural 2 stays in its own place: {wild} cannot leave it to"
        " stand for {stands_for}."
    ),
    "natural_two_holds_ace": gettext_noop(
        "{wild} cannot leave its place to stand for {stands_for}: {low} below it would be"
        " left on its own."
    ),
    "invalid_arrangement": gettext_noop(
        "{cards} do not make a meld as written: in order they are {order}."
    ),
    # --- the game (R3-R9, R15-R17, R29-R38) ---
    "draw_first": gettext_noop(
        "You must draw first: take the top card of the stock or the whole discard pile."
    ),
    "already_drawn": gettext_noop(
        "You have already drawn this turn: now lay down, attach, or discard to end it."
    ),
    "not_in_hand": gettext_noop("You do not hold {card}."),
    "card_on_table": gettext_noop(
        "{card} is on the table, not in your hand: a card laid on the table stays in its meld."
    ),
    "stock_unknown": gettext_noop(
        "The stock's cards are not known here: say which card came, as in draw 5H."
    ),
    "stock_known": gettext_noop(
        "The top card of the stock is known here ({card}): write just draw."
    ),
    "card_accounted": gettext_noop(
        "{card} cannot come from the stock: all {most} copies are already elsewhere."
    ),
    "empty_pile": gettext_noop("The discard pile is empty: draw from the stock."),
    "pile_partner_wild": gettext_noop(
        "You cannot take the pile: your partner has just discarded {card} on it, and a wildcard"
        " your partner discards is not yours to pick up."
    ),
    "pile_single": gettext_noop(
        "You took {card} as a one-card pile, so you may not discard it this turn; an"
        " identical copy from your hand would be allowed."
    ),
    "stall": ngettext_lazy(
        "You began this exchange of one-card piles and have taken it {times} time: now you"
        " must draw from the stock.",
        "You began this exchange of one-card piles and have taken it {times} times: now you"
        " must draw from the stock.",
        "times",
    ),
    "pile_unusable": gettext_noop(
        "Under these rules you may take the pile only to lay or attach one of its cards at"
        " once, and none of its cards ({cards}) can be used now."
    ),
    "pile_card_first": gettext_noop(
        "Under these rules a player who takes the pile must first lay or attach one of its"
        " cards ({cards})."
    ),
    "second_set": gettext_noop(
        "Your side already has a set of {rank} on the table: attach to it instead of laying a"
        " second one."
    ),
    "no_melds": gettext_noop(
        "Your side has no melds on the table to attach to, and you may attach only to your"
        " own side's melds."
    ),
    "no_such_meld": ngettext_lazy(
        "Your side has only {count} meld on the table: you may attach only to your own"
        " side's melds.",
        "Your side has only {count} melds on the table: you may attach only to your own"
        " side's melds.",
        "count",
    ),
    "no_discard_left": gettext_noop(
        "You cannot lay down all your cards: your side has already taken its pozzetto, so you"
        " must keep a card for the closing discard."
    ),
    "last_card_no_burraco": gettext_noop(
        "That would leave you only {card}, and discarding your last card closes the hand,"
        " which your side cannot do without a burraco."
    ),
    "last_card_no_clean_burraco": gettext_noop(
        "That would leave you only {card}, and discarding your last card closes the hand,"
        " which in the international game needs a clean burraco."
    ),
    "last_card_no_clean_and_dirty": gettext_noop(
        "That would leave you only {card}, and discarding your last card closes the hand,"
        " which at six players needs a clean burraco and a dirty one."
    ),
    "last_card_no_champion_pair": gettext_noop(
        "That would leave you only {card}, and discarding your last card closes the hand,"
        " which in Burraco Champion needs a clean burraco and a dirty or semi-clean one, a"
        " Champion burraco, or a clean sequence of thirteen cards."
    ),
    "last_card_wild": gettext_noop(
        "That would leave you only {card}, a wildcard, and a wildcard may not be the closing"
        " discard."
    ),
    "last_card_pile_single": gettext_noop(
        "That would leave you only {card}, which you took as a one-card pile and may not"
        " discard this turn."
    ),
    "close_no_pozzetto": gettext_noop(
        "You cannot close: your side has not taken its pozzetto yet."
    ),
    "close_no_burraco": gettext_noop(
        "You cannot close: your side has no burraco on the table yet."
    ),
    "close_no_clean_burraco": gettext_noop(
        "You cannot close: the international game needs a clean burraco, and your side has none."
    ),
    "close_no_clean_and_dirty": gettext_noop(
        "You cannot close: at six players your side needs a clean burraco and a dirty one on"
        " the table."
    ),
    "close_no_champion_pair": gettext_noop(
        "You cannot close: Burraco Champion needs a clean burraco and a dirty or semi-clean"
        " one, a Champion burraco, or a clean sequence of thirteen cards."
    ),
    "close_wild": gettext_noop(
        "You cannot close by discarding {card}: the closing discard may not be a joker or a"
        " pinella."
    ),
    "hand_closed": gettext_noop("The hand is over: a player has closed."),
    "hand_exhausted": gettext_noop(
        "The hand is over: the third-to-last card of the stock has been drawn."
    ),
}
