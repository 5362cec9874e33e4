"""The Content-Security-Policy header, from the ``SECURE_CSP`` setting.

The setting has the shape of Django 6's built-in one (a dict of directive to a list of
sources), so the move to Django 6.2 swaps this middleware for
``django.middleware.csp.ContentSecurityPolicyMiddleware`` without touching the policy.
The policy admits no inline script or style: htmx is told not to insert its indicator
styles and never to evaluate code (the ``htmx-config`` meta tag in base.html).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


def policy(directives: dict[str, list[str]]) -> str:
    """The header's value: ``directive source source; directive …``."""
    return "; ".join(" ".join([name, *sources]) for name, sources in directives.items())


class ContentSecurityPolicyMiddleware:
    """Adds the policy to every response that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.value = policy(getattr(settings, "SECURE_CSP", {}))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.value and HEADER not in response:
            response[HEADER] = self.value
        return response
