"""Request typing shared by the apps' views."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request after django-htmx's middleware: ``request.htmx`` is truthy for htmx requests."""

    htmx: HtmxDetails
