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

The table is written by subject, one module each: :mod:`~engine.messages.game` (the
rules' refusals), :mod:`~engine.messages.puzzles`, :mod:`~engine.messages.notation` (input
that cannot be read) and :mod:`~engine.messages.coach`; :mod:`~engine.messages.words`
names cards and fields, and :mod:`~engine.messages.render` joins the table and renders.
"""

from __future__ import annotations

from engine.messages.puzzles import ANSWER_FORMS
from engine.messages.render import MESSAGES, has_gaps, render, sentences, with_rule
from engine.messages.words import (
    ARRANGEMENT_PARAMS,
    CARD_PARAMS,
    CARDS_PARAMS,
    EACH_NAMES,
    FIELD_NAMES,
    CardWords,
    Plural,
    Template,
    Translate,
    TranslatePlural,
    card_text,
    card_words,
    gettext_noop,
    ngettext_lazy,
)

__all__ = [
    "ANSWER_FORMS",
    "ARRANGEMENT_PARAMS",
    "CARDS_PARAMS",
    "CARD_PARAMS",
    "EACH_NAMES",
    "FIELD_NAMES",
    "MESSAGES",
    "CardWords",
    "Plural",
    "Template",
    "Translate",
    "TranslatePlural",
    "card_text",
    "card_words",
    "gettext_noop",
    "has_gaps",
    "ngettext_lazy",
    "render",
    "sentences",
    "with_rule",
]
