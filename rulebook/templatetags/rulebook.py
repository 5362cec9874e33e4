"""Filters of the rules reference's templates."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.urls import get_script_prefix
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from lessons.rulebook import PRESET_LABELS, is_rule
from lessons.templatetags.content import rich_inline
from rulebook import pages
from rulebook.book import Rule, Text, fill
from rulebook.links import Taught, practice_url, rule_url

register = template.Library()


@register.filter
def theme_url(name: str) -> str:
    """Where a puzzle's theme leads: a rule to its page in the reference (which offers its
    puzzles), a named topic to more puzzles on it. Kept for each theme and script prefix:
    an answered puzzle shows its themes, and reversing their URLs took a fifth of an
    answer's rendering (bench/profile.py answer)."""
    return _theme_url(name, get_script_prefix())


@lru_cache(maxsize=512)
def _theme_url(name: str, prefix: str) -> str:
    return rule_url(name) if is_rule(name) else practice_url(name)


@register.filter
def rule_body(rule: Rule) -> SafeString:
    return pages.rule_body(rule)


@register.filter
def taught_title(step: Taught) -> str:
    """The lesson's title in the active language."""
    return step.title_en if (get_language() or "it")[:2] == "en" else step.title_it


@register.filter
def preset_label(name: str) -> str:
    return str(PRESET_LABELS.get(name, name))


@register.filter
def term_meaning(text: Text) -> SafeString:
    return rich_inline(fill(str(text)))
