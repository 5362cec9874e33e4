"""The sentences behind every error code the engine raises: one table, in any language.

Each template is English and marked with :func:`gettext_noop` (or :func:`ngettext_lazy`
for a plural), so Django's ``makemessages`` extracts it; the web side renders with its own
``gettext`` and ``ngettext``. A sentence begins with a capital and ends with a full stop; it
does not name the rule it comes from, since every error carries that as ``rule`` and a page
shows it beside the sentence.

Parameters that name one card (``card``, ``wild``, ``stands_for``, ``low``, ``high``) hold
the notation (``"AH"``) and are shown by name, with the article the language wants: "the ace
of hearts", "l'asso di cuori". An Italian translation may write ``{card.del}``,
``{card.al}``, ``{card.dal}``, ``{card.nel}`` or ``{card.sul}`` for the article joined to
its preposition ("dell'asso di cuori"), and ``{card.bare}`` for the name alone. Lists of
cards are shown with suit symbols (5♣, 6♣ and 7♣), and a list of one card as one card.

>>> render("gap", {"cards": ["5C", "7C"], "missing": ["6C"]})
'5♣ and 7♣ are not consecutive: the 6 of clubs is missing, and a sequence cannot skip a card.'
>>> render("not_in_hand", {"card": "AH"})
'You do not hold the ace of hearts.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (as Django's of that name)."""
    return message


@dataclass(frozen=True, slots=True)
class Plural:
    """A sentence with a singular and a plural form, chosen by the parameter ``number``."""

    singular: str
    plural: str
    number: str


def ngettext_lazy(singular: str, plural: str, number: str) -> Plural:
    """Mark a plural sentence for translation (as Django's of that name, whose ``number``
    may also name the parameter that chooses the form)."""
    return Plural(singular, plural, number)


Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]
Template = str | Plural

#: Parameters that hold one card, shown by name with its article.
CARD_PARAMS = frozenset({"card", "wild", "stands_for", "low", "high"})
#: Parameters that hold a list of cards, shown with suit symbols and "and".
CARDS_PARAMS = frozenset({"cards", "missing", "existing", "added"})
#: Parameters that hold a meld as written, shown with suit symbols side by side.
ARRANGEMENT_PARAMS = frozenset({"arrangement", "order"})

MESSAGES: dict[str, Template] = {
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
        "In the international game you may take the pile only to lay or attach one of its"
        " cards at once, and none of its cards ({cards}) can be used now."
    ),
    "pile_card_first": gettext_noop(
        "You took the pile in the international game, so you must first lay or attach one of"
        " its cards ({cards})."
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
    "close_wild": gettext_noop(
        "You cannot close by discarding {card}: the closing discard may not be a joker or a"
        " pinella."
    ),
    "hand_closed": gettext_noop("The hand is over: a player has closed."),
    "hand_exhausted": gettext_noop(
        "The hand is over: the third-to-last card of the stock has been drawn."
    ),
}

MESSAGES.update(
    {
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
        "attach_allowed": gettext_noop(
            "The attachment is allowed: the meld becomes {arrangement}."
        ),
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
        "stock_exhausted_not_reached": gettext_noop(
            "Those moves do not end the hand by the stock."
        ),
        "turn_ends_possible": gettext_noop("There is a legal way to end this turn."),
        "turn_ends_not_reached": gettext_noop(
            "Those moves are legal but the turn is not over: it ends with one discard."
        ),
        "turn_already_over": gettext_noop(
            "The turn was already over before move {index}: one discard ends it."
        ),
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
)

MESSAGES.update(
    {
        # --- notation: cards, actions, rules (engine/cards.py, actions.py, rules.py) ---
        "card_rank_and_suit": gettext_noop("A card has both a rank and a suit, or is the joker."),
        "not_a_card": gettext_noop(
            "“{text}” is not a card: write the rank (A, 2–10, J, Q, K) then the suit (H, D,"
            " C, S), or JK for the joker."
        ),
        "not_card_text": gettext_noop(
            "“{text}” is not a card: cards are written as text, such as 10H."
        ),
        "not_card_list": gettext_noop("“{text}” is not a list of cards."),
        "action_not_text": gettext_noop(
            "A move is written as text, such as “draw”, not as “{text}”."
        ),
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
            "“{text}” is not a move: draw takes no card, or the one card that came, as in"
            " “draw 5H”."
        ),
        "pile_arity": gettext_noop(
            "“{text}” is not a move: pile takes no cards, since it takes the whole discard pile."
        ),
        "meld_arity": gettext_noop(
            "“{text}” is not a move: meld needs the cards to lay, as in “meld 7H 8H 9H”."
        ),
        "attach_arity": gettext_noop(
            "“{text}” is not a move: attach needs cards after the meld number, as in"
            " “attach 2 10H JH”."
        ),
        "discard_arity": gettext_noop(
            "“{text}” is not a move: discard takes exactly one card, as in “discard KS”."
        ),
        "unknown_variant": gettext_noop(
            "“{text}” is not a variant of the rules: choose one of {choices}."
        ),
        "unknown_target": gettext_noop("“{text}” is not a target score: choose one of {choices}."),
        "unknown_decks": gettext_noop(
            "“{text}” is not a number of decks: choose one of {choices}."
        ),
        "international_semi_clean": gettext_noop(
            "The international game has no semi-clean burraco."
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
)

MESSAGES.update(
    {
        # --- positions (engine/state.py) ---
        "position_not_json": gettext_noop("This is not a position: its text is not JSON."),
        "position_not_object": gettext_noop(
            "A position lists the players, the hands, the melds, the discard pile and the"
            " stock; this is “{text}”."
        ),
        "position_unknown_key": gettext_noop(
            "A position does not say “{text}”: it says {choices}."
        ),
        "position_key_missing": gettext_noop("The position does not give {name}."),
        "hand_hidden": gettext_noop(
            "The cards of the player to move are hidden, and the engine can play only a hand"
            " whose cards it knows."
        ),
        "to_move_seat": gettext_noop(
            "The player to move must be one of the {players} at the table."
        ),
        "entries_count": gettext_noop("{name} must have {length} entries, not {count}."),
        "hidden_count_negative": gettext_noop(
            "The hand of player {player} cannot hold {count} cards."
        ),
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
        "empty_hand_not_closed_clean": gettext_noop(
            "Player {player} has no cards left, which only a closing leaves, but side {side}"
            " has not taken its pozzetto or has no clean burraco."
        ),
        "pile_taken_before_draw": gettext_noop(
            "Before the draw nobody has taken the pile this turn, so the position cannot say"
            " which cards were taken."
        ),
        "pile_taken_not_international": gettext_noop(
            "Only the international game remembers every card taken with the pile; leave them"
            " out here."
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
            "The player to move holds only {card} and could not discard it to end the turn:"
            " {reason}"
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
        "place_stall_count": gettext_noop(
            "The number of times the one-card pile has been exchanged"
        ),
        "stall_shape": gettext_noop(
            "The exchange of one-card piles names a player and how many times it has been taken."
        ),
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
        "totals_needed": gettext_noop(
            "This score question needs each side's total before the hand."
        ),
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
        "score_whole_number": gettext_noop(
            "Write the score as a whole number, such as 345 or -120."
        ),
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
)

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

#: What the fields of a position, a puzzle or a request are called in a sentence.
FIELD_NAMES: dict[str, str] = {
    "players": gettext_noop("the number of players"),
    "to_move": gettext_noop("the player to move"),
    "phase": gettext_noop("the phase of the turn"),
    "hands": gettext_noop("the hands"),
    "melds": gettext_noop("the melds"),
    "hand": gettext_noop("the hand"),
    "meld": gettext_noop("the meld"),
    "discard": gettext_noop("the discard pile"),
    "stock": gettext_noop("the stock"),
    "pozzetti_taken": gettext_noop("the pozzetti taken"),
    "pozzetti": gettext_noop("the pozzetti"),
    "pile_single": gettext_noop("the one-card pile taken"),
    "pile_taken": gettext_noop("the cards taken with the pile"),
    "stall": gettext_noop("the exchange of one-card piles"),
    "rules": gettext_noop("the rules"),
    "totals": gettext_noop("the totals"),
    "cards": gettext_noop("the cards"),
    "focus": gettext_noop("the cards the question is about"),
    "attach": gettext_noop("the cards to attach"),
    "side": gettext_noop("the side"),
    "closed": gettext_noop("the side that closed"),
    "ask": gettext_noop("the question"),
    "viewer": gettext_noop("the player who sees the puzzle"),
    "goal": gettext_noop("the goal"),
}

#: What each entry of a list of a position stands for (``list_of_entries``).
EACH_NAMES: dict[str, str] = {
    "seat": gettext_noop("player"),
    "side": gettext_noop("side"),
    "pozzetto": gettext_noop("pozzetto"),
}

_RANK_NAMES = {
    "A": gettext_noop("aces"),
    "3": gettext_noop("threes"),
    "4": gettext_noop("fours"),
    "5": gettext_noop("fives"),
    "6": gettext_noop("sixes"),
    "7": gettext_noop("sevens"),
    "8": gettext_noop("eights"),
    "9": gettext_noop("nines"),
    "10": gettext_noop("tens"),
    "J": gettext_noop("jacks"),
    "Q": gettext_noop("queens"),
    "K": gettext_noop("kings"),
}
_SUIT_NAMES = {
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
    "S": gettext_noop("spades"),
}
#: Each rank with its definite article: the article depends on the word and its gender
#: in each language ("l'asso", "l'8", "la donna", "il re"), so each is translated whole.
_RANK_WITH_ARTICLE = {
    "A": gettext_noop("the ace"),
    "2": gettext_noop("the 2"),
    "3": gettext_noop("the 3"),
    "4": gettext_noop("the 4"),
    "5": gettext_noop("the 5"),
    "6": gettext_noop("the 6"),
    "7": gettext_noop("the 7"),
    "8": gettext_noop("the 8"),
    "9": gettext_noop("the 9"),
    "10": gettext_noop("the 10"),
    "J": gettext_noop("the jack"),
    "Q": gettext_noop("the queen"),
    "K": gettext_noop("the king"),
}
_THE_JOKER = gettext_noop("the joker")
# Translators: a card by name: {rank} is the rank with its article ("the ace"), {suit} the
# suit ("hearts"), as in "the ace of hearts".
_RANK_OF_SUIT = gettext_noop("{rank} of {suit}")
_AND = gettext_noop("and")

#: Definite articles, and each joined to a preposition as Italian joins them ("di" + "il"
#: is "del"). English needs none of these: its templates write "of {card}".
_ARTICLES = ("il ", "lo ", "la ", "l'", "l’", "i ", "gli ", "le ", "the ")
_JOINED = {
    "il ": {"del": "del ", "al": "al ", "dal": "dal ", "nel": "nel ", "sul": "sul "},
    "lo ": {"del": "dello ", "al": "allo ", "dal": "dallo ", "nel": "nello ", "sul": "sullo "},
    "la ": {"del": "della ", "al": "alla ", "dal": "dalla ", "nel": "nella ", "sul": "sulla "},
    "l'": {"del": "dell'", "al": "all'", "dal": "dall'", "nel": "nell'", "sul": "sull'"},
    "l’": {"del": "dell’", "al": "all’", "dal": "dall’", "nel": "nell’", "sul": "sull’"},
    "i ": {"del": "dei ", "al": "ai ", "dal": "dai ", "nel": "nei ", "sul": "sui "},
    "gli ": {"del": "degli ", "al": "agli ", "dal": "dagli ", "nel": "negli ", "sul": "sugli "},
    "le ": {"del": "delle ", "al": "alle ", "dal": "dalle ", "nel": "nelle ", "sul": "sulle "},
}


class CardWords(str):
    """A card's name (or a thing's, such as "le mani") with its article, as a sentence
    wants it: ``"l'asso di cuori"``.

    ``.bare`` is the name alone (``"asso di cuori"``); ``.del``, ``.al``, ``.dal``, ``.nel``
    and ``.sul`` join the article to an Italian preposition (``"dell'asso di cuori"``), for
    templates that write ``{card.del}``.
    """

    __slots__ = ()

    def _article(self) -> str:
        return next((article for article in _ARTICLES if self.lower().startswith(article)), "")

    @property
    def bare(self) -> str:
        return str(self)[len(self._article()) :]

    def __getattr__(self, name: str) -> str:
        joined = _JOINED.get(self._article(), {})
        if name not in joined and name not in ("del", "al", "dal", "nel", "sul"):
            raise AttributeError(name)
        if name not in joined:
            return str(self)
        return joined[name] + self.bare


def _identity(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


def card_words(notation: str | object, translate: Translate = _identity) -> CardWords:
    """A card by name with its article in the reader's language: "the ace of hearts",
    "l'asso di cuori", "l'8 di fiori", "la donna di picche", "il jolly".

    >>> card_words("QS"), card_words("JK").bare
    ('the queen of spades', 'joker')
    """
    from engine.cards import Card

    try:
        card = notation if isinstance(notation, Card) else Card.parse(str(notation))
    except ValueError:
        return CardWords(str(notation))
    if card.rank is None or card.suit is None:
        return CardWords(translate(_THE_JOKER))
    rank = translate(_RANK_WITH_ARTICLE[card.rank.symbol])
    suit = translate(_SUIT_NAMES[card.suit.value])
    return CardWords(translate(_RANK_OF_SUIT).format(rank=rank, suit=suit))


def card_text(notation: str, translate: Translate = _identity) -> str:
    """A card in a list of cards: ``7♣``, or the joker's name in the reader's language."""
    from engine.cards import Card

    try:
        card = Card.parse(notation)
    except ValueError:
        return notation
    return card_words(card, translate).bare if card.is_joker else card.symbol


def _quoted(value: Any) -> str:
    """Someone's input, for a sentence: cut short, as written."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else f"{text[:39]}…"


def _param_text(key: str, value: Any, translate: Translate, plural: TranslatePlural | None) -> Any:
    if key == "rank":
        return translate(_RANK_NAMES.get(str(value), str(value)))
    if key == "suit":
        return translate(_SUIT_NAMES.get(str(value), str(value)))
    if key in ("text", "field"):
        return _quoted(value)
    if key == "name" and isinstance(value, Mapping) and "code" in value:
        place = render(str(value["code"]), value.get("params", {}), translate, plural, nested=True)
        return CardWords(place)
    if key == "name":
        return CardWords(translate(FIELD_NAMES[value]) if value in FIELD_NAMES else _quoted(value))
    if key == "each":
        return translate(EACH_NAMES[value]) if value in EACH_NAMES else str(value)
    if key == "expected" and value in ANSWER_FORMS:
        return translate(ANSWER_FORMS[value])
    if key == "reason" and isinstance(value, Mapping) and "code" in value:
        return render(str(value["code"]), value.get("params", {}), translate, plural, nested=True)
    if key == "choices" and isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    if key in ARRANGEMENT_PARAMS and isinstance(value, list | tuple):
        return " ".join(card_text(str(item), translate) for item in value)
    if key in CARD_PARAMS:
        return card_words(str(value), translate)
    if key in CARDS_PARAMS:
        items = value if isinstance(value, list | tuple) else [value]
        if len(items) == 1:
            return card_words(str(items[0]), translate)
        words = [card_text(str(item), translate) for item in items]
        if len(words) > 1:
            return f"{', '.join(words[:-1])} {translate(_AND)} {words[-1]}"
        return "".join(words)
    return str(value)


def render(
    code: str,
    params: Mapping[str, Any],
    translate: Translate = _identity,
    plural: TranslatePlural | None = None,
    *,
    nested: bool = False,
) -> str:
    """The sentence for an error code, in the language ``translate`` (gettext) and
    ``plural`` (ngettext) give; English by default. It begins with a capital, or, ``nested``
    inside another sentence after a colon, with a small letter. An unknown code renders as
    the code itself, so a message is never lost."""
    template = MESSAGES.get(code)
    if template is None:
        return code
    params = _kept_before(code, params)
    values = {key: _param_text(key, value, translate, plural) for key, value in params.items()}
    if isinstance(template, Plural):
        number = params.get(template.number, 0)
        count = number if isinstance(number, int) else 0
        english = _english_plural(template.singular, template.plural, count)
        chosen = (plural or _english_plural)(template.singular, template.plural, count)
    else:
        english = template
        chosen = translate(template)
    text = english
    # A sentence kept with fewer parameters than it now names shows "?" in their place, in
    # the reader's language if the translation allows, else in English.
    for candidate in (chosen, english):
        try:
            text = candidate.format_map(_Missing(values))
            break
        except (IndexError, ValueError, AttributeError):
            continue
    return _first_letter(text, nested)


def _kept_before(code: str, params: Mapping[str, Any]) -> Mapping[str, Any]:
    """Parameters as the sentence now names them, from a verdict kept before it did
    (``Attempt.verdict`` keeps a verdict's parameters for good)."""
    if code == "no_such_meld" and "count" not in params and "last" in params:
        return {**params, "count": int(params["last"]) + 1}
    if code == "coach_missed_pile" and "count" not in params:
        cards = params.get("cards")
        return {**params, "count": len(cards) if isinstance(cards, list) else 2}
    return params


def with_rule(text: str, rule: str) -> str:
    """A sentence with its rule id before the full stop, for readers with no page to show
    the rule beside it (the judge, the content loader).

    >>> with_rule("The hand is over: a player has closed.", "R30")
    'The hand is over: a player has closed (R30).'
    """
    if not rule:
        return text
    if text.endswith("."):
        return f"{text[:-1]} ({rule})."
    return f"{text} ({rule})"


def _first_letter(text: str, nested: bool) -> str:
    if not text:
        return text
    if nested:
        # "Il jolly …" inside a sentence, but not "R13" or "JK": a word, not a name.
        return text[0].lower() + text[1:] if text[1:2].islower() else text
    return text[0].upper() + text[1:]


def has_gaps(code: str) -> bool:
    """Does the code's sentence need parameters (is it no sentence without them)?"""
    template = MESSAGES.get(code, "")
    text = template.plural if isinstance(template, Plural) else template
    return "{" in text


def sentences() -> list[str]:
    """Every msgid of the table and of the words it is made of, for the catalogue tests (a
    plural's msgid is its singular)."""
    found = [
        template.singular if isinstance(template, Plural) else template
        for template in MESSAGES.values()
    ]
    for table in (ANSWER_FORMS, FIELD_NAMES, EACH_NAMES, _RANK_NAMES, _SUIT_NAMES):
        found += table.values()
    found += _RANK_WITH_ARTICLE.values()
    found += [_THE_JOKER, _RANK_OF_SUIT, _AND]
    return found


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


# --- discard questions (engine/strategy.py) ---
MESSAGES.update(
    {
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
        "discard_not_now": gettext_noop(
            "A discard is chosen after the draw, while the hand is still being played."
        ),
        "known_not_hidden": gettext_noop(
            "The next player's hand is shown in full, so there is nothing more to know about it."
        ),
        "known_too_many": gettext_noop(
            "The next player is said to hold {count} known cards, but holds only {most}."
        ),
    }
)
MESSAGES.update(
    {
        "pile_use_count": gettext_noop(
            "Taking the pile, you could put {expected} of its cards on the table at once: {cards}."
        ),
        "pile_use_none": gettext_noop(
            "Taking the pile, you could put none of its cards on the table at once."
        ),
        "pile_use_not_now": gettext_noop(
            "Whether the pile is worth taking is asked before the draw."
        ),
    }
)

# --- the coach (engine/coach.py): what a chosen action missed ---
MESSAGES.update(
    {
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
            "{card} turned your clean burraco {arrangement} dirty: the bonus falls by {loss}"
            " points."
        ),
    }
)
