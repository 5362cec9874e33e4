"""The reference's pieces drawn once for each language: its content changes only with a
release, so a rule's text, its cards and the engine's verdicts on its examples are rendered
the first time a worker needs them and kept (as lessons' cards and Markdown are)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from engine.errors import InvalidMeldError
from engine.melds import Meld, MeldKind
from engine.messages import render
from engine.rules import PRESETS
from engine.scoring import SideScore
from lessons.board import BURRACO_BADGES
from lessons.templatetags.content import rich
from rulebook.book import Example, Rule, book, fill
from rulebook.links import rule_url


@dataclass(frozen=True)
class Shown:
    """An example with the engine's verdict in words: the meld as it then lies (when that
    differs from the cards given), or why not."""

    example: Example
    caption: str
    meld: Meld | None
    said: SafeString | str
    refused: bool
    scored: SideScore | None = None


def shown(example: Example) -> Shown:
    caption = fill(str(example.caption))
    if example.score is not None:
        scored = example.score.score(example.rules)
        return Shown(example, caption, None, "", refused=False, scored=scored)
    found = example.outcome()
    if found is None:
        return Shown(example, caption, None, "", refused=False)
    if isinstance(found, InvalidMeldError):
        reason = sentence(render(found.code, found.params, gettext))
        if found.rule:
            # The rule beside the engine's sentence, "(R23)": a link to it, as in the texts.
            reason = f"{reason.removesuffix('.')} ({found.rule})."
        return Shown(example, caption, None, with_rule_links(escape(reason)), True)
    said = gettext("A sequence.") if found.kind is MeldKind.SEQUENCE else gettext("A set.")
    badge = found.burraco(PRESETS[example.rules])
    if badge is not None:
        said = f"{said} {BURRACO_BADGES[badge]}."
    # A meld laid as it lies is not drawn twice.
    moved = example.attach or tuple(found.cards) != example.meld
    return Shown(example, caption, found if moved else None, said, refused=False)


def sentence(text: str) -> str:
    """The engine's reason as a sentence of its own: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


#: A rule named in a text, "(R40)": it becomes a link to that rule's page.
RULE_MENTION = re.compile(r"\b(R(?:[1-9]|[1-3][0-9]|4[01]))\b")


def with_rule_links(html: SafeString) -> SafeString:
    """Rendered content (lessons' ``rich``) with each rule it names linked to its page."""

    def link(match: re.Match[str]) -> str:
        return format_html('<a href="{}">{}</a>', rule_url(match.group(1)), match.group(1))

    # The HTML is rich()'s sanitised output; the links are built by format_html.
    return mark_safe(RULE_MENTION.sub(link, html))  # noqa: S308  # nosec B308 B703


def rule_body(rule: Rule) -> SafeString:
    """The rule's text and examples (rulebook/rule.html#body), in the active language."""
    return _rule_body(rule.id, get_language())


@lru_cache(maxsize=128)
def _rule_body(rule_id: str, language: str | None) -> SafeString:
    rule = book().rules[rule_id]
    context = {
        "rule": rule,
        "text": with_rule_links(rich(fill(str(rule.text)))),
        "examples": [shown(example) for example in rule.examples],
    }
    html: SafeString = render_to_string("rulebook/rule.html#body", context)
    return html
