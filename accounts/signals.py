"""What accounts tells the other apps, so that identity depends on none of them.

The learning apps listen (their ``AppConfig.ready``): lessons moves an anonymous session's
progress into the account when its owner logs in, and each app adds what it keeps about a
person to "download my data". accounts never imports them.
"""

from __future__ import annotations

from typing import Any, cast

from django.dispatch import Signal
from django.http import HttpRequest

#: Sent by :func:`accounts.services.log_in` once the user is logged in, with ``request``,
#: ``user`` and ``previous_key``: the anonymous session's key from before ``login()`` changed
#: it ("" when the visitor was logged in already). A receiver that moved anything into the
#: account returns a true value, and the welcome says so.
logged_in = Signal()

#: Sent by the "download my data" page with ``request`` and ``user``. Each receiver returns
#: a dict of the file's sections; a ``"profile"`` section adds to the account's own fields.
data_requested = Signal()


def moved_progress(request: HttpRequest, user: Any, previous_key: str) -> bool:
    """Tell the listeners about the log-in; whether any of them moved progress across."""
    answers = logged_in.send(sender=None, request=request, user=user, previous_key=previous_key)
    return any(answer for _, answer in answers)


def collected_data(request: HttpRequest, user: Any, profile: dict[str, Any]) -> dict[str, Any]:
    """The account's fields with every app's sections, as "download my data" writes them."""
    data: dict[str, Any] = {"profile": dict(profile)}
    for _, answer in data_requested.send(sender=None, request=request, user=user):
        # django-stubs types a receiver's answer as str | None; these receivers return dicts.
        sections = dict(cast("dict[str, Any]", answer))
        data["profile"].update(sections.pop("profile", {}))
        data.update(sections)
    return data
