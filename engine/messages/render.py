"""The whole table of sentences, and :func:`render`, which turns a code and its parameters
into a sentence in the reader's language.

Part of :mod:`engine.messages`: the table is made of the subject modules beside this one
(:mod:`~engine.messages.game`, :mod:`~engine.messages.puzzles`,
:mod:`~engine.messages.notation`, :mod:`~engine.messages.coach`), in that order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.messages.coach import COACH, HINTS
from engine.messages.game import GAME
from engine.messages.notation import LIMITS, NOTATION, POSITIONS
from engine.messages.puzzles import ANSWER_FORMS, ANSWERS, DISCARD_QUESTIONS, PUZZLES
from engine.messages.words import (
    _AND,
    _PINELLA_OF_SUIT,
    _RANK_NAMES,
    _RANK_OF_SUIT,
    _RANK_WITH_ARTICLE,
    _SUIT_NAMES,
    _THE_JOKER,
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
    _english_plural,
    _identity,
    card_text,
    card_words,
)

#: Every sentence the engine says, by code.
MESSAGES: dict[str, Template] = {
    **GAME,
    **ANSWERS,
    **LIMITS,
    **NOTATION,
    **POSITIONS,
    **PUZZLES,
    **DISCARD_QUESTIONS,
    **COACH,
    **HINTS,
}


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
    if key == "wild":
        return card_words(str(value), translate, wild=True)
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
    if code == "coach_wild_wasted_discard" and "wild" not in params and "card" in params:
        return {**params, "wild": params["card"]}
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
    found += [_THE_JOKER, _RANK_OF_SUIT, _PINELLA_OF_SUIT, _AND]
    return found


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"
