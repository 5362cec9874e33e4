"""Log-in throttling: a few failed tries per address and username, then a pause.

The counts live in Django's cache, which is the database cache (settings.CACHES), so every
gunicorn worker and every machine behind the load balancer sees the same counts. A right
password clears the count; a blocked try is answered without checking the password at all.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import HttpRequest

from burraco_tutor.http import client_address

#: Failed tries allowed in one window, and the window's length in seconds.
LIMIT = 10
WINDOW = 15 * 60


def _key(request: HttpRequest, username: str) -> str:
    # Hashed: a cache key is short ASCII, and usernames are neither.
    raw = f"{client_address(request)}\n{username.strip().casefold()}".encode("utf-8", "replace")
    return "login-failures:" + hashlib.sha256(raw).hexdigest()


def blocked(request: HttpRequest, username: str) -> bool:
    """Has this address used up its failed tries for this username?"""
    return int(cache.get(_key(request, username), 0)) >= LIMIT


def failed(request: HttpRequest, username: str) -> None:
    """Count one failed try; the window starts at the first."""
    key = _key(request, username)
    if not cache.add(key, 1, WINDOW):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.set(key, 1, WINDOW)


def succeeded(request: HttpRequest, username: str) -> None:
    cache.delete(_key(request, username))
