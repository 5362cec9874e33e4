"""The sentences of input the engine cannot read: notation, requests, deals, positions,
and what is too big to serve.

Part of :mod:`engine.messages`: what :mod:`engine.cards`, :mod:`engine.rules`,
:mod:`engine.judge`, :mod:`engine.deal`, :mod:`engine.state` and :mod:`engine.budget` say
when their input is wrong, by code."""

from __future__ import annotations

from engine.messages.words import Template, gettext_noop, ngettext_lazy

LIMITS: dict[str, Template] = {
    # --- limits: what is too big to serve ---
    "too_big": gettext_noop(
        "This position is too big for the engine to settle within its budget of {steps}"
        " steps: give the hand fewer cards or fewer choices."
    ),
    "hand_too_big": gettext_noop(
        "The hand of player {player} holds {count} cards, but a hand holds at most {most}:"
        " the deck's 108 cards less the two the stock always keeps."
    ),
    "too_many_cards": gettext_noop("{name} lists {count} cards, but the deck has only {most}."),
    "number_too_big": gettext_noop("{name} is {value}, but here it can be at most {most}."),
    "too_many_actions": gettext_noop(
        "That is {count} moves, more than the {most} a request may play."
    ),
}

NOTATION: dict[str, Template] = {
    # --- notation: cards, actions, rules (engine/cards.py, actions/, rules.py) ---
    "card_rank_and_suit": gettext_noop("A card has both a rank and a suit, or is the joker."),
    "not_a_card": gettext_noop(
        "“{text}” is not a card: write the rank (A, 2–10, J, Q, K) then the suit (H, D,"
        " C, S), or JK for the joker."
    ),
    "not_card_text": gettext_noop(
        "“{text}” is not a card: cards are written as text, such as 10H."
    ),
    "not_card_list": gettext_noop("“{text}” is not a list of cards."),
    "action_not_text": gettext_noop("A move is written as text, such as “draw”, not as “{text}”."),
    "not_an_action": gettext_noop(
        "“{text}” is not a move: write draw, draw 5H, pile, meld 7H 8H 9H, attach 2 10H JH"
        " or discard KS."
    ),
    "attach_needs_number": gettext_noop(
        "“{text}” is not a move: attach names the meld by its number first, as in"
        " “attach 2 10H JH”."
    ),
    "action_bad_card": gettext_noop("“{text}” is not a move: {reason}"),
    "draw_arity": gettext_noop(
        "“{text}” is not a move: draw takes no card, or the one card that came, as in “draw 5H”."
    ),
    "pile_arity": gettext_noop(
        "“{text}” is not a move: pile takes no cards, since it takes the whole discard pile."
    ),
    "meld_arity": gettext_noop(
        "“{text}” is not a move: meld needs the cards to lay, as in “meld 7H 8H 9H”."
    ),
    "attach_arity": gettext_noop(
        "“{text}” is not a move: attach needs cards after the meld number, as in “attach 2 10H JH”."
    ),
    "discard_arity": gettext_noop(
        "“{text}” is not a move: discard takes exactly one card, as in “discard KS”."
    ),
    "unknown_variant": gettext_noop(
        "“{text}” is not a variant of the rules: choose one of {choices}."
    ),
    "unknown_target": gettext_noop("“{text}” is not a target score: choose one of {choices}."),
    "unknown_decks": gettext_noop("“{text}” is not a number of decks: choose one of {choices}."),
    "international_semi_clean": gettext_noop("The international game has no semi-clean burraco."),
    "unknown_code": gettext_noop("“{text}” is not a code of the rules: choose one of {choices}."),
    "unknown_closing": gettext_noop("“{text}” is not a way of closing: choose one of {choices}."),
    "international_code": gettext_noop(
        "The international game keeps its own scores and closing: it cannot take another"
        " federation's code."
    ),
    "rules_not_object": gettext_noop("The rules are a list of options, not “{text}”."),
    "unknown_rules_option": gettext_noop(
        "“{text}” is not an option of the rules: the options are {choices}."
    ),
    "rules_option_type": gettext_noop("The rules option “{field}” cannot be “{text}”."),
    # --- the judge's requests (engine/judge.py, game_ops.py, match.py) ---
    "field_missing": gettext_noop("The request needs the field “{field}”."),
    "field_type": gettext_noop("The field “{field}” cannot be “{text}”."),
    "actions_missing": gettext_noop(
        'The request needs “actions”: a list of moves, such as ["draw", "discard KS"].'
    ),
    "action_numbered": gettext_noop("Move {number}: {reason}"),
    "meld_not_list": gettext_noop("A meld is a list of cards, not “{text}”."),
    "table_meld_invalid": gettext_noop(
        "The meld {arrangement} on the table is not valid: {reason}"
    ),
    "vp_hands": gettext_noop(
        "The victory points have tables for games of 3 and 4 hands, not {text}."
    ),
    "match_points_number": gettext_noop(
        "The match points are a whole number (the first side's lead), not “{text}”."
    ),
    "game_over": gettext_noop("The game is over: it ended {first} to {second}."),
    "hidden_hand_score": gettext_noop("A hand whose cards are hidden cannot be scored."),
    # --- the deal (engine/deal.py) ---
    "players_count": gettext_noop("A game has 2 to 6 players, not {players}."),
    "decks_players": gettext_noop(
        "{players} players play with {right} decks, not {decks}: two decks up to four"
        " players, three for five and six."
    ),
    "all_alone_players": gettext_noop(
        "Only three players play each for themselves past 1000 points, not {players}."
    ),
    "sides_not_formed": gettext_noop(
        "A pozzetto has been taken, so the sides have formed: say who plays with whom."
    ),
    "sides_invalid": gettext_noop(
        "These sides cannot be: the first to take a pozzetto plays alone, and the others"
        " pair up with partners never side by side, each pair on the side of its first seat."
    ),
    "side_empty_has_cards": gettext_noop(
        "Side {side} has no player any more, so it can have no melds and no pozzetto."
    ),
    "dealer_seat": ngettext_lazy(
        "The dealer is one of the {players} player.",
        "The dealer is one of the {players} players.",
        "players",
    ),
    "unknown_preset": gettext_noop(
        "The generated puzzles use a set of rules with a name ({choices}), and these rules"
        " have none."
    ),
    "unknown_puzzle_kind": gettext_noop(
        "“{text}” is not a kind of puzzle: choose one of {choices}."
    ),
}

POSITIONS: dict[str, Template] = {
    # --- positions (engine/state/) ---
    "position_not_json": gettext_noop("This is not a position: its text is not JSON."),
    "position_not_object": gettext_noop(
        "A position lists the players, the hands, the melds, the discard pile and the"
        " stock; this is “{text}”."
    ),
    "position_unknown_key": gettext_noop("A position does not say “{text}”: it says {choices}."),
    "position_key_missing": gettext_noop("The position does not give {name}."),
    "hand_hidden": gettext_noop(
        "The cards of the player to move are hidden, and the engine can play only a hand"
        " whose cards it knows."
    ),
    "to_move_seat": gettext_noop("The player to move must be one of the {players} at the table."),
    "entries_count": gettext_noop("{name} must have {length} entries, not {count}."),
    "hidden_count_negative": gettext_noop("The hand of player {player} cannot hold {count} cards."),
    "stock_too_small": ngettext_lazy(
        "The stock never falls below {least} cards: the hand ends when the third-to-last"
        " is drawn, so a stock of {count} card cannot be.",
        "The stock never falls below {least} cards: the hand ends when the third-to-last"
        " is drawn, so a stock of {count} cards cannot be.",
        "count",
    ),
    "stall_invalid": gettext_noop(
        "The exchange of one-card piles must name a player at the table and how many"
        " times it has been taken, at least once."
    ),
    "position_too_many_copies": gettext_noop(
        "{card} appears {count} times in this position (hands, melds, discard pile, stock"
        " and pozzetti), but the deck holds only {most} of it."
    ),
    "pozzetto_taken_listed": gettext_noop(
        "Side {side} has taken its pozzetto, so its cards are in a hand: its pozzetto"
        " cannot be listed too."
    ),
    "pozzetto_size": gettext_noop(
        "A pozzetto holds {size} cards, and the pozzetto of side {side} has {count}."
    ),
    "position_too_many_cards": gettext_noop(
        "This position holds {count} cards (hands, melds, pile, stock and 11 for each"
        " pozzetto not taken), but the deck has only {most}."
    ),
    "two_sets": gettext_noop(
        "Side {side} has two sets of {rank} on the table, but a side attaches to its set"
        " instead of laying a second one."
    ),
    "two_empty_hands": gettext_noop(
        "Two players have no cards left, but the hand ends as soon as one player closes."
    ),
    "empty_hand_to_play": gettext_noop(
        "The player to move has no cards in the middle of a turn, but a player always"
        " keeps a card to discard, or takes the pozzetto."
    ),
    "empty_hand_not_closed": gettext_noop(
        "Player {player} has no cards left, which only a closing leaves, but side {side}"
        " has not taken its pozzetto or has no burraco."
    ),
    "empty_hand_not_closed_champion": gettext_noop(
        "Player {player} has no cards left, which only a closing leaves, but side {side}"
        " has not taken its pozzetto or lacks the burraco that Burraco Champion needs to close."
    ),
    "empty_hand_not_closed_clean": gettext_noop(
        "Player {player} has no cards left, which only a closing leaves, but side {side}"
        " has not taken its pozzetto or has no clean burraco."
    ),
    "pile_taken_before_draw": gettext_noop(
        "Before the draw nobody has taken the pile this turn, so the position cannot say"
        " which cards were taken."
    ),
    "pile_taken_not_international": gettext_noop(
        "Only rules that oblige a player to use the pile, as the international game and Burraco"
        " Champion do, remember every card taken with it; leave them out here."
    ),
    "pile_not_empty": gettext_noop(
        "The player to move has just taken the pile, so the discard pile must be empty"
        " until their discard."
    ),
    "pile_single_mismatch": gettext_noop(
        "A pile of one card taken this turn must be the one card of the pile taken."
    ),
    "pile_taken_not_held": ngettext_lazy(
        "The player to move took {cards} from the pile this turn, so their hand must still"
        " hold it.",
        "The player to move took {cards} from the pile this turn, so their hand must still"
        " hold them.",
        "count",
    ),
    "last_card_stuck": gettext_noop(
        "The player to move holds only {card} and could not discard it to end the turn: {reason}"
    ),
    "whole_number": gettext_noop("{name} must be a whole number, not “{text}”."),
    "negative_count": gettext_noop("{name} cannot be a negative number of cards."),
    "true_or_false": gettext_noop("{name} must be yes or no (true or false), not “{text}”."),
    "list_of_entries": gettext_noop(
        "{name} must be a list of {length} entries, one for each {each}."
    ),
    "unknown_phase": gettext_noop(
        "The phase of the turn is “draw” (the player must draw) or “play” (the player has"
        " drawn), not “{text}”."
    ),
    "not_a_card_list": gettext_noop("{name} must be a list of cards, not “{text}”."),
    "cards_in": gettext_noop("In {name}: {reason}"),
    "card_or_nothing": gettext_noop("{name} must be a card or nothing, not “{text}”."),
    "hand_shape": gettext_noop(
        "{name} must be a list of cards, or the number of cards when they are hidden."
    ),
    "melds_not_list": gettext_noop("The melds of side {side} must be a list of melds."),
    "meld_invalid": gettext_noop(
        "Meld {number} of side {side} ({arrangement}) is not valid: {reason}"
    ),
    # places in a position, for the parameter ``name`` of the sentences above
    "place_hand": gettext_noop("The hand of player {player}"),
    "place_pozzetto": gettext_noop("The pozzetto of side {side}"),
    "place_pozzetto_taken": gettext_noop("Whether side {side} has taken its pozzetto"),
    "place_meld": gettext_noop("Meld {number} of side {side}"),
    "place_stall_player": gettext_noop("The player of the exchange of one-card piles"),
    "place_stall_count": gettext_noop("The number of times the one-card pile has been exchanged"),
    "stall_shape": gettext_noop(
        "The exchange of one-card piles names a player and how many times it has been taken."
    ),
}
