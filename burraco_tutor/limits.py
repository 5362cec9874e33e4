"""Rate limits: every limit of the site, its rate and whom it counts, in one place.

django-ratelimit counts in the shared database cache (settings.RATELIMIT_USE_CACHE), so
every worker sees the same counts. Views take a flow's limits with ``@limited("answer")``;
a limit that bites raises ``Ratelimited``, which django-ratelimit's middleware hands to
:func:`too_many`: a 429 with a sentence in the visitor's language (for htmx, a fragment the
page shows in its messages). Only POSTs are counted, save on the join links, where a GET
already tells whether a code exists.

Rates are set so that a real learner never meets them: a learner answers a few puzzles a
minute, and a class of thirty behind one school address answers together, so answers are
counted per learner (the account, else the browser's session) with a generous ceiling per
address on top, which only a script reaches.
"""

from __future__ import annotations

import functools
import hashlib
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django_ratelimit import ALL
from django_ratelimit.decorators import ratelimit
from django_ratelimit.exceptions import Ratelimited

from burraco_tutor.http import client_address

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def by_address(group: str, request: HttpRequest) -> str:
    """The client's address (behind proxies, the one the outermost saw)."""
    return "address:" + client_address(request)


def by_learner(group: str, request: HttpRequest) -> str:
    """The account when logged in, else the browser's session, else the address."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        return f"session:{session.session_key}"
    return by_address(group, request)


def by_email(group: str, request: HttpRequest) -> str:
    """The e-mail address posted, as the database compares it (case aside)."""
    email = unicodedata.normalize("NFKC", request.POST.get("email", "")).strip().casefold()
    return "email:" + email[:254] if email else by_address(group, request)


@dataclass(frozen=True, slots=True)
class Limit:
    """One count: its name (the cache's group), how many requests per period, whose, and
    which methods it counts."""

    name: str
    rate: str
    key: Callable[[str, HttpRequest], str]
    #: "POST", or django-ratelimit's ALL
    method: str | tuple[None] = "POST"


#: Each flow's limits; a POST must pass all of them.
LIMITS: dict[str, tuple[Limit, ...]] = {
    # An account a minute per address is more than a club signing up together needs.
    "signup": (Limit("signup-address", "50/h", by_address),),
    # Each POST may send an e-mail: few per inbox, a few more per address.
    "password-reset": (
        Limit("password-reset-address", "20/h", by_address),
        Limit("password-reset-email", "5/h", by_email),
    ),
    # A student joins a class or two; a whole class may join from one school address. A
    # join link's page (GET) says whether its code exists, so opening one counts too.
    "join": (
        Limit("join-learner", "20/h", by_learner, ALL),
        Limit("join-address", "300/h", by_address, ALL),
    ),
    # Each pick of a card in the editor is a check by the engine: one a second on average.
    "editor": (Limit("editor-teacher", "300/5m", by_learner),),
    # A learner answers a few puzzles a minute (a played line is a few POSTs); thirty
    # learners behind one address stay far below the ceiling.
    "answer": (
        Limit("answer-learner", "60/m", by_learner),
        Limit("answer-address", "900/m", by_address),
    ),
    # A turn at the practice table is a few POSTs (draw, lay down, discard), and the bots'
    # turns that run past a request's deadline ask for one more each.
    "play": (
        Limit("play-learner", "120/m", by_learner),
        Limit("play-address", "1800/m", by_address),
    ),
}
#: The rates by limit name: read at each request, so a test may lower one.
RATES: dict[str, str] = {limit.name: limit.rate for flow in LIMITS.values() for limit in flow}


def _rate(group: str, request: HttpRequest) -> str:
    return RATES[group]


def limited(flow: str) -> Callable[[View], View]:
    """The decorator that applies a flow's limits to a view's POSTs: counted together, in
    one statement, where the counts are kept in the counters table (counters.cache); else
    by django-ratelimit, one limit after the other."""
    limits = LIMITS[flow]

    def decorate(view: View) -> View:
        counted = view
        for limit in reversed(limits):
            counted = ratelimit(group=limit.name, key=limit.key, rate=_rate, method=limit.method)(
                counted
            )

        @functools.wraps(view)
        def together(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            counters = caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]
            if not hasattr(counters, "count"):
                return counted(request, *args, **kwargs)
            if getattr(settings, "RATELIMIT_ENABLE", True):
                _count(counters, request, limits)
            return view(request, *args, **kwargs)

        return together  # type: ignore[return-value]

    return decorate


#: Seconds in each unit of a rate ("60/m", "300/5m").
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86_400}


def _split(rate: str) -> tuple[int, int]:
    """A rate as a count and a period in seconds: "300/5m" is (300, 300)."""
    count, period = rate.split("/")
    multiple = int(period[:-1]) if period[:-1] else 1
    return int(count), multiple * _UNITS[period[-1]]


def window(whose: str, period: int, now: float) -> tuple[str, int]:
    """The counter key of ``whose`` count in the window of ``period`` seconds that holds
    ``now``, and the seconds left until that window ends (at least one). The windows are
    staggered, as django-ratelimit's, so not every count starts afresh at once."""
    digest = hashlib.sha256(whose.encode()).hexdigest()
    offset = int(digest[:8], 16) % period
    start = int(now - offset) // period * period + offset
    return f"rlc:{digest}:{start}", int(start + period - now) + 1


def _count(counters: Any, request: HttpRequest, limits: tuple[Limit, ...]) -> None:
    """Count this request in each of the flow's limits that counts its method, in one
    statement; raises Ratelimited when any count is over its rate. Each count lives for
    its window (the period, from a start that differs by whom it counts)."""
    windows, ceilings = [], []
    now = time.time()
    for limit in limits:
        if limit.method != ALL and request.method != limit.method:
            continue
        rate = RATES[limit.name]
        ceiling, period = _split(rate)
        windows.append(window(f"{limit.name}:{rate}:{limit.key(limit.name, request)}", period, now))
        ceilings.append(ceiling)
    counts = counters.count(windows)
    if any(count > ceiling for count, ceiling in zip(counts, ceilings, strict=True)):
        raise Ratelimited()


def too_many(request: HttpRequest, exception: Any = None) -> HttpResponse:
    """The 429 a limit answers: a page, or for htmx the message the page shows."""
    template = "429.html#message" if getattr(request, "htmx", False) else "429.html"
    return render(request, template, status=429)
