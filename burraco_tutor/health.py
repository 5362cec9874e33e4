"""/healthz ahead of everything else: the first middleware answers it.

A load balancer's probe should learn whether a worker and the database answer, not wait
for sessions, gzip, the content-security policy or the limits by cost (a probe is no
visitor, and a limit must never mark the site down). The URL stays in the URLconf too
(``reverse("healthz")``, and a site run without this middleware).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase

from burraco_tutor.views import healthz


class HealthMiddleware:
    """Answer ``/healthz`` at once, before the rest of the middleware runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info == "/healthz":
            return healthz(request)
        return self.get_response(request)
