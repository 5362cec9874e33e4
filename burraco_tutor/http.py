"""Request typing shared by the apps' views."""

from django.conf import settings
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request after django-htmx's middleware: ``request.htmx`` is truthy for htmx requests."""

    htmx: HtmxDetails


def small_int(text: str, digits: int) -> int | None:
    """The number a form field or query value says when it is 1 to ``digits`` ASCII digits,
    else None. (``str.isdigit`` also takes "²" or "٣", which ``int`` refuses: a hand-made
    request would have been a 500.)"""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or with ``PROXY_COUNT`` proxies in front, the
    address the outermost of them saw (the rest of X-Forwarded-For can be forged)."""
    proxies: int = getattr(settings, "PROXY_COUNT", 0)
    header: str = request.META.get("HTTP_X_FORWARDED_FOR", "")
    forwarded = [part.strip() for part in header.split(",")]
    if proxies and len(forwarded) >= proxies and forwarded[-proxies]:
        return forwarded[-proxies]
    return str(request.META.get("REMOTE_ADDR", ""))
