"""``{% load dates %}``: ``{{ value|when:"j F Y, H:i" }}``, a date as the page's language writes it.

Django's ``date`` filter gives Italian month names capitalised ("10 Dicembre", "10 Dic"),
as English writes them; in running Italian text months are lower case ("10 dicembre").
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django import template
from django.template.defaultfilters import date as date_filter
from django.utils.dates import MONTHS, MONTHS_3
from django.utils.timesince import timeuntil
from django.utils.translation import get_language

register = template.Library()

#: Languages that write month names in lower case inside a sentence.
LOWER_CASE_MONTHS = ("it",)


@register.filter(expects_localtime=True)
def when(value: date | None, format: str) -> str:
    """The date in ``format`` (as the ``date`` filter takes it), months in the language's case.

    >>> from datetime import datetime
    >>> from django.utils import translation
    >>> with translation.override("it"):
    ...     when(datetime(2026, 12, 10, 14, 5), "j F Y, H:i"), when(datetime(2026, 12, 10), "j M")
    ('10 dicembre 2026, 14:05', '10 dic')
    >>> with translation.override("en"):
    ...     when(datetime(2026, 12, 10, 14, 5), "j F Y, H:i")
    '10 December 2026, 14:05'
    """
    text: str = date_filter(value, format)
    if value is None or not text or (get_language() or "").split("-")[0] not in LOWER_CASE_MONTHS:
        return text
    month = value.month
    for name in (str(MONTHS[month]), str(MONTHS_3[month]).title()):
        text = text.replace(name, name.lower())
    return text


@register.filter
def until_rounded_up(value: datetime | None) -> str:
    """``timeuntil`` rounded up to the minute: a review due in 40 seconds "comes back in
    1 minute", not "in 0 minutes" beside "0 rules to review now" (timeuntil rounds down)."""
    if value is None:
        return ""
    return timeuntil(value + timedelta(seconds=59))
