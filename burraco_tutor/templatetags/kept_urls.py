"""``{% url %}`` as Django's, its URL worked out once a process (burraco_tutor.reversing):
a builtin of the site's templates (settings.TEMPLATES), so every template has it."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import defaulttags
from django.template.base import Parser, Token
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from burraco_tutor.reversing import reverse

register = template.Library()


class KeptURLNode(defaulttags.URLNode):
    """Django's URLNode, reversing through :func:`burraco_tutor.reversing.reverse`."""

    def render(self, context: Any) -> str:
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        try:
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        # As Django's: NoReverseMatch is raised unless {% url … as var %} is used.
        url = ""
        try:
            url = reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag
def url(parser: Parser, token: Token) -> KeptURLNode:
    """``{% url "name" arg … [as var] %}``, read as Django reads it."""
    node = defaulttags.url(parser, token)
    return KeptURLNode(node.view_name, node.args, node.kwargs, node.asvar)
