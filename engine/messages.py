"""The sentences behind refusal codes: one table, rendered in any language.

Each template is English and marked with :func:`gettext_noop`, so Django's
``makemessages`` extracts it; the web side renders with its own ``gettext``.
Parameters that name cards hold the notation (``"7C"``) and are shown with suit symbols.

>>> render("gap", {"cards": ["5C", "7C"], "missing": ["6C"]})
'5♣ and 7♣ are not consecutive: the 6♣ is missing, and a sequence cannot skip a card (R13)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a string for translation without translating it (as Django's of that name)."""
    return message


Translate = Callable[[str], str]

#: Parameters that hold a card, or a list of cards, in the notation.
CARD_PARAMS = frozenset(
    {
        "card",
        "cards",
        "wild",
        "stands_for",
        "missing",
        "low",
        "high",
        "existing",
        "added",
        "arrangement",
    }
)

MESSAGES: dict[str, str] = {
    # --- cards and melds (R1, R10-R14, R18-R28) ---
    "too_many_copies": gettext_noop(
        "{card} appears {count} times, but the deck holds only {most} (R1)"
    ),
    "too_few_cards": gettext_noop("a meld needs at least three cards, not {count} (R10)"),
    "nothing_to_attach": gettext_noop("choose at least one card to attach to the meld (R17)"),
    "wildcards_only": gettext_noop(
        "{cards} are all wildcards: a meld needs natural cards, and there is no set of 2s or"
        " jokers (R12)"
    ),
    "two_wildcards": gettext_noop(
        "{wild} would be a second wildcard in this meld: a meld holds at most one (R19)"
    ),
    "set_too_large": gettext_noop(
        "a set holds at most 9 cards, wildcard included, and this one would have {count} (R11)"
    ),
    "rank_mismatch": gettext_noop(
        "{card} does not belong in a set of {rank}: a set is cards of one rank (R11)"
    ),
    "mixed_suits": gettext_noop(
        "{cards} mix suits and ranks: a sequence is one suit, a set is one rank (R13)"
    ),
    "wrong_suit": gettext_noop("{card} is not {suit}: every card of this sequence is {suit} (R13)"),
    "duplicate_rank": gettext_noop(
        "{card} is already in this sequence: a sequence holds each card once (R13)"
    ),
    "gap": gettext_noop(
        "{cards} are not consecutive: the {missing} is missing, and a sequence cannot skip a"
        " card (R13)"
    ),
    "gaps": gettext_noop(
        "{cards} are not consecutive: the {missing} are missing, and a sequence cannot skip"
        " cards; a wildcard fills only one place (R13)"
    ),
    "ace_wraps": gettext_noop(
        "the ace is low (A 2 3) or high (Q K A), never both, so a sequence cannot turn the"
        " corner from K to 2 (R14)"
    ),
    "sequence_too_long": gettext_noop(
        "a sequence holds at most 14 cards, the 13 of its suit and one wildcard at the end,"
        " and this one would have {count} (R14)"
    ),
    "set_rank_not_allowed": gettext_noop(
        "in the international game only aces and threes make sets, not {rank} (R41)"
    ),
    "bound_wildcard": gettext_noop(
        "the {wild} already stands for the {stands_for} between {low} and {high}; it can move"
        " only when the {stands_for} takes its place (R23)"
    ),
    "wild_locked": gettext_noop(
        "under these rules the {wild} stays where it was laid, as the {stands_for}; it cannot"
        " move to make room (R22)"
    ),
    "natural_two_locked": gettext_noop(
        "under these rules a natural 2 stays in its own place: the {wild} cannot leave it to"
        " stand for the {stands_for} (R20)"
    ),
    "natural_two_holds_ace": gettext_noop(
        "the {wild} cannot leave its place to stand for the {stands_for}: the {low} below it"
        " would be stranded (R20)"
    ),
    "invalid_arrangement": gettext_noop("{cards} is not a meld as written: {why}"),
    # --- the game (R3-R9, R15-R17, R29-R38) ---
    "draw_first": gettext_noop(
        "you must draw first: take the top card of the stock or the whole discard pile (R6)"
    ),
    "already_drawn": gettext_noop(
        "you have already drawn this turn: now lay down, attach, or discard to end it (R6)"
    ),
    "not_in_hand": gettext_noop("you do not hold the {card} (R6)"),
    "card_on_table": gettext_noop(
        "the {card} is on the table, not in your hand: a card laid on the table stays in its"
        " meld (R16)"
    ),
    "stock_unknown": gettext_noop(
        "the stock's cards are not known here: say which card came, as in draw 5H (R7)"
    ),
    "stock_known": gettext_noop(
        "the top card of the stock is known here (the {card}): write just draw (R7)"
    ),
    "card_accounted": gettext_noop(
        "the {card} cannot come from the stock: all {most} copies are already elsewhere (R1)"
    ),
    "empty_pile": gettext_noop("the discard pile is empty: draw from the stock (R7)"),
    "pile_single": gettext_noop(
        "you took the {card} as a one-card pile, so you may not discard it this turn; an"
        " identical copy from your hand would be allowed (R8)"
    ),
    "stall": gettext_noop(
        "you began this exchange of one-card piles and have taken it {times} times: now you"
        " must draw from the stock (R34)"
    ),
    "pile_unusable": gettext_noop(
        "in the international game you may take the pile only to lay or attach one of its"
        " cards at once, and none of {cards} can be used now (R41)"
    ),
    "pile_card_first": gettext_noop(
        "you took the pile in the international game, so you must first lay or attach one of"
        " its cards ({cards}) (R41)"
    ),
    "second_set": gettext_noop(
        "your side already has a set of {rank} on the table: attach to it instead of laying a"
        " second one (R15)"
    ),
    "no_melds": gettext_noop(
        "your side has no melds on the table to attach to, and you may attach only to your"
        " own side's melds (R17)"
    ),
    "no_such_meld": gettext_noop(
        "your side has no meld number {index}: you may attach only to your own side's melds,"
        " numbered 0 to {last} (R17)"
    ),
    "no_discard_left": gettext_noop(
        "you cannot lay down all your cards: your side has already taken its pozzetto, so you"
        " must keep a card for the closing discard (R32)"
    ),
    "last_card_no_burraco": gettext_noop(
        "that would leave you only the {card}, and discarding your last card closes the hand,"
        " which your side cannot do without a burraco (R30)"
    ),
    "last_card_no_clean_burraco": gettext_noop(
        "that would leave you only the {card}, and discarding your last card closes the hand,"
        " which in the international game needs a clean burraco (R41)"
    ),
    "last_card_wild": gettext_noop(
        "that would leave you only the {card}, a wildcard, and a wildcard may not be the"
        " closing discard (R31)"
    ),
    "last_card_pile_single": gettext_noop(
        "that would leave you only the {card} you took as a one-card pile, which you may not"
        " discard this turn (R8)"
    ),
    "close_no_pozzetto": gettext_noop(
        "you cannot close: your side has not taken its pozzetto yet (R30)"
    ),
    "close_no_burraco": gettext_noop(
        "you cannot close: your side has no burraco on the table yet (R30)"
    ),
    "close_no_clean_burraco": gettext_noop(
        "you cannot close: the international game needs a clean burraco, and your side has"
        " none (R41)"
    ),
    "close_wild": gettext_noop(
        "you cannot close by discarding the {card}: the closing discard may not be a joker or"
        " a pinella (R31)"
    ),
    "hand_closed": gettext_noop("the hand is over: a player has closed (R30)"),
    "hand_exhausted": gettext_noop(
        "the hand is over: the third-to-last card of the stock has been drawn (R33)"
    ),
}

MESSAGES.update(
    {
        # --- puzzle answers (engine/puzzles.py) ---
        "attach_possible": gettext_noop(
            "it can be done: look again at your melds and the cards in your hand (R17)"
        ),
        "meld_possible": gettext_noop(
            "your hand does hold a meld you may lay down: look again (R10)"
        ),
        "focus_missing": gettext_noop("the question is about {cards}: use it in your answer"),
        "not_best": gettext_noop(
            "that meld is valid and worth {points}, but another one in your hand is worth"
            " {best} (R2)"
        ),
        "not_burraco": gettext_noop(
            "that meld is valid but has only {count} cards: a burraco needs seven (R26)"
        ),
        "attach_allowed": gettext_noop("the attachment is allowed: the meld becomes {arrangement}"),
        "wild_stands_for": gettext_noop(
            "after the attachment the {wild} stands for the {stands_for}"
        ),
        "wild_went_home": gettext_noop(
            "after the attachment the 2 stands in its own place as a natural card, so the meld"
            " holds no wildcard (R25)"
        ),
        "burraco_clean": gettext_noop(
            "this meld has {count} cards and no wildcard: it is a clean burraco (R27)"
        ),
        "burraco_dirty": gettext_noop(
            "this meld has {count} cards and uses the {wild} as a wildcard: it is a dirty"
            " burraco (R27)"
        ),
        "no_semi_clean": gettext_noop(
            "these rules do not admit the semi-clean burraco, so with the {wild} as a wildcard"
            " this one is dirty (R28)"
        ),
        "burraco_semi_clean": gettext_noop(
            "seven natural cards in a row beside the {wild}: under these rules it is a"
            " semi-clean burraco, worth 150 (R28)"
        ),
        "burraco_none": gettext_noop(
            "a burraco needs at least seven cards, and this meld has {count} (R26)"
        ),
        "wrong_hand": gettext_noop(
            "the side scores {expected} for this hand: its cards on the table and its bonuses,"
            " minus the cards left in hand and the pozzetto if never taken (R35)"
        ),
        "wrong_total": gettext_noop(
            "the running total after this hand is {expected}: the total before it plus the"
            " hand's score (R36)"
        ),
        "wrong_winner": gettext_noop(
            "look at the totals after this hand and the target: a side wins on reaching it,"
            " the higher total wins if both do, and a tie plays on (R36)"
        ),
        "wrong_match_points": gettext_noop(
            "the match points are {expected}: the difference between the two totals, positive"
            " to the leader (R37)"
        ),
        "wrong_victory_points": gettext_noop(
            "the table gives {expected} victory points for this lead (R38)"
        ),
        "closed_possible": gettext_noop("you can close this turn: look for the line (R30)"),
        "closed_not_reached": gettext_noop("those moves are legal but do not close the hand (R30)"),
        "pozzetto_al_volo_possible": gettext_noop(
            "you can take the pozzetto al volo this turn (R29)"
        ),
        "pozzetto_al_volo_not_reached": gettext_noop(
            "those moves are legal but do not take the pozzetto al volo: empty your hand by"
            " laying down, with no discard (R29)"
        ),
        "pozzetto_con_lo_scarto_possible": gettext_noop(
            "you can take the pozzetto con lo scarto this turn (R29)"
        ),
        "pozzetto_con_lo_scarto_not_reached": gettext_noop(
            "those moves are legal but do not take the pozzetto: your last card must go with"
            " the discard (R29)"
        ),
        "stock_exhausted_possible": gettext_noop(
            "this turn can draw the third-to-last card of the stock (R33)"
        ),
        "stock_exhausted_not_reached": gettext_noop(
            "those moves do not end the hand by the stock (R33)"
        ),
        "turn_ends_possible": gettext_noop("there is a legal way to end this turn (R9)"),
        "turn_ends_not_reached": gettext_noop(
            "those moves are legal but the turn is not over: it ends with one discard (R9)"
        ),
        "turn_already_over": gettext_noop(
            "the turn was already over before move {index}: one discard ends it (R9)"
        ),
        # --- limits (issue 13): what is too big to serve ---
        "too_big": gettext_noop(
            "this position is too big for the engine to settle within its budget of {steps}"
            " steps: give the hand fewer cards or fewer choices"
        ),
        "hand_too_big": gettext_noop(
            "the hand of seat {seat} holds {count} cards, but a hand holds at most {most}: the"
            " deck's 108 cards less the two the stock always keeps (R1, R33)"
        ),
        "too_many_cards": gettext_noop(
            "{name} lists {count} cards, but the deck has only {most} (R1)"
        ),
        "number_too_big": gettext_noop("{name} is {value}, but it can be at most {most} here"),
        "too_many_actions": gettext_noop(
            "that is {count} actions, more than the {most} one request may play"
        ),
    }
)

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
_JOKER = gettext_noop("joker")
_AND = gettext_noop("and")


def _identity(message: str) -> str:
    return message


def card_text(notation: str, translate: Translate = _identity) -> str:
    """A card for a sentence: ``7♣``, or the joker's name in the reader's language."""
    from engine.cards import Card

    try:
        card = Card.parse(notation)
    except ValueError:
        return notation
    return translate(_JOKER) if card.is_joker else card.symbol


def _param_text(key: str, value: Any, translate: Translate) -> str:
    if key == "rank":
        return translate(_RANK_NAMES.get(str(value), str(value)))
    if key == "suit":
        return translate(_SUIT_NAMES.get(str(value), str(value)))
    if key == "arrangement" and isinstance(value, list | tuple):
        return " ".join(card_text(str(item), translate) for item in value)
    if key in CARD_PARAMS:
        if isinstance(value, list | tuple):
            words = [card_text(str(item), translate) for item in value]
            if len(words) > 1:
                return f"{', '.join(words[:-1])} {translate(_AND)} {words[-1]}"
            return "".join(words)
        return card_text(str(value), translate)
    return str(value)


def render(code: str, params: Mapping[str, Any], translate: Translate = _identity) -> str:
    """The sentence for a refusal code, in the language ``translate`` gives (English by
    default). An unknown code renders as the code itself, so a message is never lost."""
    template = MESSAGES.get(code)
    if template is None:
        return code
    values = {key: _param_text(key, value, translate) for key, value in params.items()}
    try:
        return translate(template).format(**values)
    except (KeyError, IndexError, ValueError):
        # A translation that names a parameter the code lacks falls back to English.
        return template.format_map(_Missing(values))


class _Missing(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"


# --- the coach (engine/coach.py, issue 16): what a chosen action missed ---
MESSAGES.update(
    {
        "coach_missed_close": gettext_noop(
            "you could have closed the hand this turn: your side had the pozzetto and could"
            " have laid down all but one card, with a burraco on the table, and closing is"
            " worth {bonus} points (R30)"
        ),
        "coach_missed_pozzetto": gettext_noop(
            "you could have laid down every card this turn and taken the pozzetto al volo,"
            " playing it at once; a side that never takes it loses {penalty} points (R29)"
        ),
        "coach_missed_pozzetto_scarto": gettext_noop(
            "you took the pozzetto with your discard, but you could have laid down every card"
            " and taken it al volo, playing it at once and keeping that card off the pile (R29)"
        ),
        "coach_missed_burraco": gettext_noop(
            "with {cards} you could have made a burraco: {arrangement}, seven cards or more (R26)"
        ),
        "coach_missed_clean_burraco": gettext_noop(
            "you used the {wild} where the {card} from your hand did the same work: the meld"
            " would stay clean, and a clean burraco is worth {clean} points, a dirty one"
            " {dirty} (R27)"
        ),
        "coach_missed_clean_burraco_home": gettext_noop(
            "the {card} would have sent the {wild} home as a natural 2, and the meld would be"
            " clean: {arrangement} (R25)"
        ),
        "coach_missed_attach": gettext_noop(
            "the {card} fitted your side's meld {arrangement}: attached, it would count for"
            " you on the table instead of in your hand or on the pile (R17)"
        ),
        "coach_missed_pile": gettext_noop(
            "the discard pile held {cards}, which you could have laid down or attached this"
            " turn; a card from the stock is only a hope (R7)"
        ),
        "coach_feeds_opponent": gettext_noop(
            "the {card} you discarded fits your opponents' meld {arrangement}: the next player"
            " can take the pile and attach it (R17)"
        ),
        "coach_feeds_opponent_burraco": gettext_noop(
            "with the {card} you discarded, the pile gives your opponents the cards for a"
            " burraco on {arrangement} (R7)"
        ),
        "coach_wild_wasted_discard": gettext_noop(
            "you discarded the {card}, a wildcard: it could have stood for any card in your"
            " melds, and now the next player can take it with the pile (R18)"
        ),
        "coach_wild_wasted_burraco": gettext_noop(
            "the {card} turned your clean burraco {arrangement} dirty: the bonus falls by"
            " {loss} points (R27)"
        ),
    }
)
