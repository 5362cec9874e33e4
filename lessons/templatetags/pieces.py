"""``{% pieces "home" %}``: the pieces other apps registered for a place of the page
(lessons.pieces)."""

from __future__ import annotations

from typing import Any, cast

from django import template
from django.utils.safestring import SafeString

from lessons import pieces as registry

register = template.Library()


@register.simple_tag(takes_context=True)
def pieces(context: template.Context, place: str) -> SafeString:
    # A template's context is keyed by the names its variables use.
    names = cast(dict[str, Any], context.flatten())
    return registry.render(place, context["request"], names)
