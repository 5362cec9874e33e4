"""Content text on pages: ``{{ text|rich }}`` renders the small Markdown subset of
docs/content.md, sanitised, with cards written ``[10H]`` drawn as cards."""

from __future__ import annotations

import re
from functools import lru_cache

import markdown
import nh3
from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from engine.cards import Card
from engine.errors import InvalidNotationError
from lessons.rulebook import RULE_TITLES
from lessons.rulebook import theme_title as rulebook_title
from lessons.templatetags.cards import face

register = template.Library()

ALLOWED_TAGS = {"p", "strong", "em", "ul", "ol", "li", "br"}
# After sanitising, "[10H]" is still plain text: a bracketed word of 2 to 4 characters.
CARD_TOKEN = re.compile(r"\[([0-9A-Za-z♥♦♣♠]{2,4})\]")


def _card_html(match: re.Match[str]) -> str:
    try:
        card = Card.parse(match.group(1))
    except InvalidNotationError:
        return match.group(0)
    return face(card, get_language())


@register.filter
def rich(text: str) -> SafeString:
    """Markdown paragraphs, emphasis and lists; everything else, HTML included, is stripped."""
    return _rich(text or "", get_language())


@lru_cache(maxsize=2048)
def _rich(text: str, language: str | None) -> SafeString:
    """:func:`rich` once for each text and language (the cards' names are in the language):
    Markdown takes a millisecond or two a text, and content texts are few and never change."""
    html = markdown.markdown(text, output_format="html")
    clean = nh3.clean(html, tags=ALLOWED_TAGS, attributes={})
    # nh3 has just sanitised the HTML; the cards put in are built from parsed cards only.
    return mark_safe(CARD_TOKEN.sub(_card_html, clean))  # noqa: S308  # nosec B308 B703


def plain(text: str) -> str:
    """Content text for a spreadsheet or an e-mail: cards as people write them ("[8H]" is
    "8♥"), Markdown's emphasis marks dropped.

    >>> plain("Hai pescato l'[8H]: **attaccalo**.")
    "Hai pescato l'8♥: attaccalo."
    """

    def symbol(match: re.Match[str]) -> str:
        try:
            return Card.parse(match.group(1)).symbol
        except InvalidNotationError:
            return match.group(0)

    return CARD_TOKEN.sub(symbol, (text or "").replace("**", "").replace("__", "")).strip()


@register.filter
def rich_inline(text: str) -> SafeString:
    """:func:`rich` for one line, such as a puzzle's question, without the paragraph."""
    html = str(rich(text)).strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    # Built from rich()'s sanitised output.
    return mark_safe(html)  # noqa: S308  # nosec B308 B703


@register.filter
def theme_title(name: str) -> str:
    """A theme as people read it: a rule id stays short, a topic gets its name."""
    return name if name in RULE_TITLES else rulebook_title(name)
