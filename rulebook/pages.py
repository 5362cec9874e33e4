"""The reference's pieces drawn once for each language: its content changes only with a
release, so a rule's text, its cards and the engine's verdicts on its examples are rendered
the first time a worker needs them and kept (as lessons' cards and Markdown are)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from engine.errors import InvalidMeldError
from engine.melds import Meld, MeldKind
from engine.messages import render
from engine.rules import PRESETS
from lessons.board import BURRACO_BADGES
from rulebook.book import Example, Rule, book, fill


@dataclass(frozen=True)
class Shown:
    """An example with the engine's verdict in words: the meld as it lies, or why not."""

    example: Example
    caption: str
    meld: Meld | None
    said: str
    refused: bool


def shown(example: Example) -> Shown:
    caption = fill(str(example.caption))
    found = example.outcome()
    if found is None:
        return Shown(example, caption, None, "", refused=False)
    if isinstance(found, InvalidMeldError):
        return Shown(
            example, caption, None, sentence(render(found.code, found.params, gettext)), True
        )
    said = gettext("A sequence.") if found.kind is MeldKind.SEQUENCE else gettext("A set.")
    badge = found.burraco(PRESETS[example.rules])
    if badge is not None:
        said = f"{said} {BURRACO_BADGES[badge]}."
    return Shown(example, caption, found, said, refused=False)


def sentence(text: str) -> str:
    """The engine's reason as a sentence of its own: a capital first, a full stop last."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def rule_body(rule: Rule) -> SafeString:
    """The rule's text and examples (rulebook/rule.html#body), in the active language."""
    return _rule_body(rule.id, get_language())


@lru_cache(maxsize=128)
def _rule_body(rule_id: str, language: str | None) -> SafeString:
    rule = book().rules[rule_id]
    context = {
        "rule": rule,
        "text": fill(str(rule.text)),
        "examples": [shown(example) for example in rule.examples],
    }
    html: SafeString = render_to_string("rulebook/rule.html#body", context)
    return html
