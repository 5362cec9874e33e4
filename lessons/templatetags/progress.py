"""Filters for the progress pages."""

from __future__ import annotations

from django import template

from lessons.rulebook import theme_title

register = template.Library()


@register.filter
def rule_title(name: str) -> str:
    """A rule with its name, "R23 · A bound wildcard"; a topic by its name."""
    return theme_title(name)
