"""The sentences of puzzles: their answers, their content, and the discard and pile
questions; and the forms an answer may take.

Part of :mod:`engine.messages`: what :mod:`engine.puzzles`, :mod:`engine.answers` and
:mod:`engine.strategy` say, by code."""

from __future__ import annotations

from engine.messages.words import Template, gettext_noop, ngettext_lazy

ANSWERS: dict[str, Template] = {
    # --- puzzle answers (engine/puzzles.py) ---
    "attach_possible": gettext_noop(
        "It can be done: look again at your melds and the cards in your hand."
    ),
    "meld_possible": gettext_noop("Your hand does hold a meld you may lay down: look again."),
    "focus_missing": ngettext_lazy(
        "The question is about {cards}: use it in your answer.",
        "The question is about {cards}: use them in your answer.",
        "count",
    ),
    "not_best": gettext_noop(
        "That meld is valid and worth {points} points, but another one in your hand is"
        " worth {best}."
    ),
    "not_burraco": gettext_noop(
        "That meld is valid but has only {count} cards: a burraco needs seven."
    ),
    "attach_allowed": gettext_noop("The attachment is allowed: the meld becomes {arrangement}."),
    "wild_stands_for": gettext_noop("After the attachment {wild} stands for {stands_for}."),
    "wild_went_home": gettext_noop(
        "After the attachment the 2 stands in its own place as a natural card, so the meld"
        " holds no wildcard."
    ),
    "burraco_clean": gettext_noop(
        "This meld has {count} cards and no wildcard: it is a clean burraco."
    ),
    "burraco_dirty": gettext_noop(
        "This meld has {count} cards and uses {wild} as a wildcard: it is a dirty burraco."
    ),
    "no_semi_clean": gettext_noop(
        "These rules do not admit the semi-clean burraco, so with {wild} as a wildcard this"
        " one is dirty."
    ),
    "burraco_semi_clean": gettext_noop(
        "Seven natural cards in a row beside {wild}: under these rules it is a semi-clean"
        " burraco, worth 150."
    ),
    "burraco_none": gettext_noop(
        "A burraco needs at least seven cards, and this meld has {count}."
    ),
    "wrong_hand": gettext_noop(
        "The side scores {expected} for this hand: its cards on the table and its bonuses,"
        " minus the cards left in hand and the pozzetto if never taken."
    ),
    "wrong_total": gettext_noop(
        "The running total after this hand is {expected}: the total before it plus the"
        " hand's score."
    ),
    "wrong_winner": gettext_noop(
        "Look at the totals after this hand and the target: a side wins on reaching it,"
        " the higher total wins if both do, and a tie plays on."
    ),
    "wrong_match_points": gettext_noop(
        "The match points are {expected}: the difference between the two totals, positive"
        " to the leader."
    ),
    "wrong_victory_points": gettext_noop(
        "The table gives {expected} victory points for this lead."
    ),
    "closed_possible": gettext_noop("You can close this turn: look for the line."),
    "closed_not_reached": gettext_noop("Those moves are legal but do not close the hand."),
    "pozzetto_al_volo_possible": gettext_noop("You can take the pozzetto al volo this turn."),
    "pozzetto_al_volo_not_reached": gettext_noop(
        "Those moves are legal but do not take the pozzetto al volo: empty your hand by"
        " laying down, with no discard."
    ),
    "pozzetto_con_lo_scarto_possible": gettext_noop(
        "You can take the pozzetto con lo scarto this turn."
    ),
    "pozzetto_con_lo_scarto_not_reached": gettext_noop(
        "Those moves are legal but do not take the pozzetto: your last card must go with"
        " the discard."
    ),
    "stock_exhausted_possible": gettext_noop(
        "This turn can draw the third-to-last card of the stock."
    ),
    "stock_exhausted_not_reached": gettext_noop("Those moves do not end the hand by the stock."),
    "turn_ends_possible": gettext_noop("There is a legal way to end this turn."),
    "turn_ends_not_reached": gettext_noop(
        "Those moves are legal but the turn is not over: it ends with one discard."
    ),
    "turn_already_over": gettext_noop(
        "The turn was already over before move {index}: one discard ends it."
    ),
}

PUZZLES: dict[str, Template] = {
    # --- puzzles (engine/puzzles.py) ---
    "puzzle_not_object": gettext_noop("A puzzle has a kind of question and a position."),
    "unknown_kind": gettext_noop("“{text}” is not a kind of puzzle: choose one of {choices}."),
    "viewer_seat": gettext_noop(
        "The puzzle must be seen by one of the {players} players at the table."
    ),
    "puzzle_players": gettext_noop(
        "A puzzle is set at a table of two or four players, not {players}."
    ),
    "score_side": gettext_noop("A score question names one of the two sides."),
    "score_hands_hidden": gettext_noop(
        "To score side {side}, the cards in its players' hands must be known."
    ),
    "totals_needed": gettext_noop("This score question needs each side's total before the hand."),
    "vp_table_hands": gettext_noop("The victory-point tables are for games of 3 or 4 hands."),
    "puzzle_after_draw": gettext_noop(
        "This kind of question is asked after the draw: the player has drawn already."
    ),
    "focus_not_in_hand": gettext_noop(
        "The cards the question is about must be in the learner's hand."
    ),
    "puzzle_no_meld": gettext_noop("The side has no meld {number}."),
    "wildcard_needs_attach": gettext_noop(
        "A wildcard question attaches cards to a sequence: choose the cards to attach."
    ),
    "draw_unknown": gettext_noop(
        "A puzzle that starts before the draw lists the stock, so the card drawn is known."
    ),
    "verdict_unreadable": gettext_noop("This is not a verdict as the engine keeps one."),
    "answer_not_object": gettext_noop("This is not an answer to the question."),
    "answer_shape": gettext_noop("This is not an answer to this question: {expected}."),
    "score_whole_number": gettext_noop("Write the score as a whole number, such as 345 or -120."),
    "too_many_moves": gettext_noop("That is more moves than one turn can hold."),
    "unknown_rules_preset": gettext_noop(
        "“{text}” is not a set of rules: choose one of {choices}."
    ),
    "field_cards": gettext_noop("{name} must be a list of cards."),
    "field_whole_number": gettext_noop("{name} must be a whole number, not “{text}”."),
    "field_choice": gettext_noop("{name} is one of {choices}, not “{text}”."),
    "answer_fields": gettext_noop(
        "This is not an answer to this question: an answer here says {choices}."
    ),
    "choose_meld": gettext_noop("Choose one of your side's melds."),
    "answer_no_meld": gettext_noop("Your side has no meld {number}."),
    "choose_cards": gettext_noop("Choose at least one card from your hand."),
    "more_cards_than_hand": gettext_noop("That is more cards than your hand holds."),
    "hand_lacks": gettext_noop("Your hand does not hold {card}."),
    "known_only_discard": gettext_noop(
        "Only a discard question names the cards the next player is known to hold."
    ),
    "discard_after_draw": gettext_noop(
        "A discard question is set after the draw, while the hand is still being played."
    ),
    "pile_use_before_draw": gettext_noop(
        "A question on taking the pile is set before the draw, with cards in the pile."
    ),
}

#: The expected forms of an answer (``answer_shape``), for people who write answers by hand.
ANSWER_FORMS: dict[str, str] = {
    "wildcard": gettext_noop(
        "say which card the wildcard stands for, that the 2 becomes natural, or that it"
        " cannot be done"
    ),
    "natural": gettext_noop("say that the 2 becomes a natural card"),
    "classify": gettext_noop("say whether the burraco is clean, dirty, semi-clean or none"),
    "winner": gettext_noop("say which side wins, or nobody yet"),
    "score": gettext_noop("give the score, a whole number"),
    "actions": gettext_noop("give the moves, such as meld 7H 8H 9H then discard KS"),
    "count": gettext_noop("give how many cards, a whole number such as 2"),
    "none": gettext_noop("say that it cannot be done"),
}


DISCARD_QUESTIONS: dict[str, Template] = {
    # --- discard and pile questions (engine/strategy.py) ---
    "discard_extends": gettext_noop(
        "Discarding {card} feeds the other side: taking the pile, they can attach it to their"
        " meld {number}, which becomes {arrangement}."
    ),
    "discard_completes": gettext_noop(
        "Discarding {card} feeds the other side: taking the pile, they can lay {arrangement}"
        " as a new meld."
    ),
    "discard_safe_exists": gettext_noop(
        "One of your cards gives the other side nothing you can see: look again at their melds"
        " and at the pile."
    ),
    # Two players: the next player is your opponent (Position.heads_up).
    "discard_extends_two": gettext_noop(
        "Discarding {card} feeds your opponent: taking the pile, they can attach it to their"
        " meld {number}, which becomes {arrangement}."
    ),
    "discard_completes_two": gettext_noop(
        "Discarding {card} feeds your opponent: taking the pile, they can lay {arrangement}"
        " as a new meld."
    ),
    "discard_safe_exists_two": gettext_noop(
        "One of your cards gives your opponent nothing you can see: look again at their melds"
        " and at the pile."
    ),
    "discard_not_now": gettext_noop(
        "A discard is chosen after the draw, while the hand is still being played."
    ),
    "known_not_hidden": gettext_noop(
        "The next player's hand is shown in full, so there is nothing more to know about it."
    ),
    "known_too_many": gettext_noop(
        "The next player is said to hold {count} known cards, but holds only {most}."
    ),
    "pile_use_count": gettext_noop(
        "Taking the pile, you could put {expected} of its cards on the table at once: {cards}."
    ),
    "pile_use_none": gettext_noop(
        "Taking the pile, you could put none of its cards on the table at once."
    ),
    "pile_use_not_now": gettext_noop("Whether the pile is worth taking is asked before the draw."),
}
