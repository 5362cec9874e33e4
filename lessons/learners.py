"""Who is answering: an account, or an anonymous visitor known by their session."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpRequest


def learner_filter(request: HttpRequest) -> Q:
    """A filter for the rows that belong to this learner (attempts, progress)."""
    if request.user.is_authenticated:
        return Q(user=request.user)
    return Q(user=None, session_key=session_key(request))


def learner_fields(request: HttpRequest) -> dict[str, Any]:
    """The fields that say whose a new row is."""
    if request.user.is_authenticated:
        return {"user": request.user, "session_key": ""}
    return {"user": None, "session_key": session_key(request)}


def session_key(request: HttpRequest) -> str:
    """The anonymous learner's session key, creating the session on first use."""
    if request.session.session_key is None:
        request.session.save()
    key = request.session.session_key
    assert key is not None
    return key


def has_begun(request: HttpRequest) -> bool:
    """Has this learner answered anything or taken a lesson step? Never makes a session."""
    from lessons.models import Attempt, StepProgress

    if not request.user.is_authenticated and request.session.session_key is None:
        return False
    mine = learner_filter(request)
    return Attempt.objects.filter(mine).exists() or StepProgress.objects.filter(mine).exists()
