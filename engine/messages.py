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
    {"card", "cards", "wild", "stands_for", "missing", "low", "high", "existing", "added"}
)

MESSAGES: dict[str, str] = {
    # --- cards and melds (R1, R10-R14, R18-R28) ---
    "too_many_copies": gettext_noop(
        "{card} appears {count} times, but the deck holds only {most} (R1)"
    ),
    "too_few_cards": gettext_noop(
        "a meld needs at least three cards, and {cards} is only {count} (R10)"
    ),
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
        "{cards} leave more than one gap ({missing}); a single wildcard can fill only one (R19)"
    ),
    "ace_wraps": gettext_noop(
        "the ace is low (A 2 3) or high (Q K A), never both, so a sequence cannot turn the"
        " corner from K to 2 (R14)"
    ),
    "sequence_too_long": gettext_noop(
        "a sequence runs from the ace to the king or from the 2 to the ace: 13 places at most,"
        " and this one would need {count} (R14)"
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
    "invalid_arrangement": gettext_noop("{cards} is not a meld as written: {why}"),
    # --- the game (R3-R9, R15-R17, R29-R38) ---
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
