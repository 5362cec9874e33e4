"""Django's ``reverse``, each answer kept once a process: the URLs are fixed when the
process starts, and working one out again took Django 30 to 60 µs (four of them on every
answered puzzle, bench/profile.py answer).

:func:`reverse` takes ``reverse``'s arguments and gives its answer. What a URL depends on
beyond them is in the key too: the URLconf (the thread's, else ``ROOT_URLCONF``), the
script prefix the request was served under, and the active language (for
``i18n_patterns``). A change of ``ROOT_URLCONF`` (a test's override_settings) forgets
everything kept; arguments that cannot be a key (a list, a lazy string) are reversed each
time, and a ``NoReverseMatch`` is never kept. The template library ``kept_urls`` (a
builtin, settings.TEMPLATES) gives ``{% url %}`` the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import get_script_prefix, get_urlconf
from django.urls import reverse as django_reverse
from django.utils.translation import get_language

#: Distinct URLs kept at most (a few per puzzle, lesson step and rule).
KEPT = 4096


def reverse(
    viewname: str,
    urlconf: str | None = None,
    args: Sequence[Any] | None = None,
    kwargs: dict[str, Any] | None = None,
    current_app: str | None = None,
) -> str:
    """``django.urls.reverse(viewname, urlconf, args, kwargs, current_app)``, kept."""
    if not isinstance(viewname, str):
        return django_reverse(viewname, urlconf, args, kwargs, current_app)
    try:
        key = (
            viewname,
            tuple(args) if args else (),
            tuple(sorted(kwargs.items())) if kwargs else (),
            current_app,
            urlconf or get_urlconf() or settings.ROOT_URLCONF,
            get_script_prefix(),
            get_language(),
        )
        hash(key)
    except TypeError:
        return django_reverse(viewname, urlconf, args, kwargs, current_app)
    if not all(type(arg) in _PLAIN for arg in key[1]) or not all(
        type(value) in _PLAIN for _name, value in key[2]
    ):
        # A lazy string or a model hashes, but may not name the same URL next time.
        return django_reverse(viewname, urlconf, args, kwargs, current_app)
    return _kept(key)


#: Argument types whose value alone decides the URL.
_PLAIN = frozenset({str, int, bool})


@lru_cache(maxsize=KEPT)
def _kept(key: tuple[Any, ...]) -> str:
    viewname, args, kwargs, current_app, urlconf, _prefix, _language = key
    url: str = django_reverse(viewname, urlconf, list(args), dict(kwargs), current_app)
    return url


@receiver(setting_changed)
def _forget(setting: str, **kwargs: Any) -> None:
    if setting == "ROOT_URLCONF":
        _kept.cache_clear()
