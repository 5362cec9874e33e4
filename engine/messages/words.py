"""The words engine sentences are made of: the translation marks, and cards and fields by name.

Part of :mod:`engine.messages`. :func:`gettext_noop` and :func:`ngettext_lazy` mark a
template for Django's ``makemessages`` without translating it; :func:`card_words` names a
card with the article its language wants ("the ace of hearts", "l'asso di cuori"),
:func:`card_text` writes it in a list (``7♣``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


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
CARDS_PARAMS = frozenset({"cards", "missing", "existing", "added", "yours"})
#: Parameters that hold a meld as written, shown with suit symbols side by side.
ARRANGEMENT_PARAMS = frozenset({"arrangement", "order", "before"})

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
# Translators: a 2 named as the wildcard it is: "the 2 of hearts", in Italian "la pinella
# di cuori"; {suit} is the suit ("hearts").
_PINELLA_OF_SUIT = gettext_noop("the 2 of {suit}")
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


def card_words(
    notation: str | object, translate: Translate = _identity, *, wild: bool = False
) -> CardWords:
    """A card by name with its article in the reader's language: "the ace of hearts",
    "l'asso di cuori", "l'8 di fiori", "la donna di picche", "il jolly"; a 2 that is
    ``wild`` by the name of the wildcard it is, "la pinella di cuori".

    >>> card_words("QS"), card_words("JK").bare, card_words("2H", wild=True)
    ('the queen of spades', 'joker', 'the 2 of hearts')
    """
    from engine.cards import Card

    try:
        card = notation if isinstance(notation, Card) else Card.parse(str(notation))
    except ValueError:
        return CardWords(str(notation))
    if card.rank is None or card.suit is None:
        return CardWords(translate(_THE_JOKER))
    suit = translate(_SUIT_NAMES[card.suit.value])
    if wild and card.is_wild:
        return CardWords(translate(_PINELLA_OF_SUIT).format(suit=suit))
    rank = translate(_RANK_WITH_ARTICLE[card.rank.symbol])
    return CardWords(translate(_RANK_OF_SUIT).format(rank=rank, suit=suit))


def card_text(notation: str, translate: Translate = _identity) -> str:
    """A card in a list of cards: ``7♣``, or the joker's name in the reader's language."""
    from engine.cards import Card

    try:
        card = Card.parse(notation)
    except ValueError:
        return notation
    return card_words(card, translate).bare if card.is_joker else card.symbol
