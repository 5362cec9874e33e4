"""The log-in lock-out: django-axes, with the site's rules.

Every log-in (the site's page, the admin's, any ``authenticate()`` given a request) passes
:class:`LockoutBackend` before the password is hashed. Two counts, both in the database
cache (settings.CACHES, shared by every worker), both over ``AXES_COOLOFF_TIME``:

- failed tries for one username from one address (``AXES_FAILURE_LIMIT``), cleared by the
  right password: someone who mistyped waits, and nobody elsewhere can lock them out, since
  a lock on the username alone would let anyone lock a victim out by failing on purpose;
- failed tries from one address across every username (``LOGIN_FAILURES_PER_ADDRESS``),
  never cleared by a success: a spray of many names is stopped before each costs a hash.

The username is counted as Django reads it, NFKC-normalised (``ｖictim`` logs in as
``victim``) and case-folded; the address is :func:`burraco_tutor.http.client_address`.
"""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.handlers.cache import AxesCacheHandler
from axes.helpers import get_cache, get_cache_timeout
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from accounts.forms import LoginForm
from burraco_tutor.http import client_address


def username_key(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The username as the lock-out counts it: the one Django would look up (NFKC, as
    ``UsernameField`` normalises it), case-folded, so no look-alike spelling gets fresh tries."""
    raw = (credentials or {}).get("username")
    if raw is None:
        raw = request.POST.get("username", "") if request is not None else ""
    name = unicodedata.normalize("NFKC", str(raw)).strip()
    return unicodedata.normalize("NFKC", name.casefold())


def _address_key(request: HttpRequest) -> str:
    raw = client_address(request).encode("utf-8", "replace")
    return "login-failures-address:" + hashlib.sha256(raw).hexdigest()


def address_capped(request: HttpRequest) -> bool:
    """Has this address used up its failed tries, whatever the usernames?"""
    cap: int = settings.LOGIN_FAILURES_PER_ADDRESS
    return int(get_cache().get(_address_key(request), 0)) >= cap


class LoginFailures(AxesCacheHandler):
    """axes' cache handler, plus the cap on failed tries from one address."""

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        return super().is_locked(request, credentials) or address_capped(request)

    def user_login_failed(
        self,
        sender: Any,
        credentials: dict[str, Any],
        request: HttpRequest | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:  # authenticate() without a request: no web log-in to count
            return
        refused = getattr(request, "axes_locked_out", False)
        super().user_login_failed(sender, credentials, request, **kwargs)
        if refused or self.is_whitelisted(request, credentials):
            return  # a try refused while locked out is not counted (the wait stays as said)
        key = _address_key(request)
        if self.cache.add(key, 1, get_cache_timeout(request)):
            return
        try:
            failures = self.cache.incr(key)
        except ValueError:  # expired between the two calls
            self.cache.set(key, 1, get_cache_timeout(request))
            return
        if failures >= settings.LOGIN_FAILURES_PER_ADDRESS:
            request.axes_locked_out = True  # type: ignore[attr-defined]
            request.axes_credentials = credentials  # type: ignore[attr-defined]


class LockoutBackend(AxesStandaloneBackend):
    """axes' check, for log-ins that come with a request. ``authenticate()`` without one
    (a script, a test's ``Client.login``) is no web log-in: it goes on to the next backend
    rather than failing."""

    def authenticate(self, request: HttpRequest | None, *args: Any, **kwargs: Any) -> None:
        if request is None:
            return None
        return super().authenticate(request, *args, **kwargs)  # type: ignore[no-any-return]


def locked_out(
    request: HttpRequest, response: HttpResponse | None, credentials: dict[str, Any] | None
) -> HttpResponse:
    """The 429 for a locked-out log-in (the site's or the admin's): the log-in page with a
    sentence in the visitor's language, the form empty."""
    if address_capped(request):
        sentence = _(
            "Too many failed attempts to log in from this connection. "
            "Wait a quarter of an hour, then try again."
        )
    else:
        sentence = _(
            "Too many failed attempts to log in with this name. "
            "Wait a quarter of an hour, then try again."
        )
    context = {
        "form": LoginForm(request),
        "next": request.POST.get("next") or request.GET.get("next") or "",
        "throttled": sentence,
    }
    response = render(request, "accounts/login.html", context, status=429)
    response["Retry-After"] = str(get_cache_timeout(request))
    return response
