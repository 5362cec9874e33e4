"""Who is answering: an account, or an anonymous visitor known by their session."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.http import HttpRequest

from burraco_tutor.http import client_address

#: Whose rows, as learner_fields gives them: {"user": an account or None, "session_key": …}.
Owner = Mapping[str, Any]


def learner_filter(request: HttpRequest) -> Q:
    """A filter for the rows that belong to this learner (attempts, progress)."""
    return owner_filter(learner_fields(request))


def owner_filter(owner: Owner) -> Q:
    """The rows of this learner, given as learner_fields gives one."""
    if owner.get("user") is not None:
        return Q(user=owner["user"])
    return Q(user=None, session_key=owner["session_key"])


def create_or_lock(
    model: type[models.Model], owner: Owner, key: dict[str, Any], **defaults: Any
) -> Any:
    """A new row of this learner's (``key`` and ``defaults`` its other fields), or, when
    another request made it first and the unique constraint stops this one, that row,
    locked until the transaction ends. For rows made on first use: a rating, a review card.
    """
    try:
        with transaction.atomic():
            return model._default_manager.create(
                user=owner.get("user"),
                session_key=owner.get("session_key") or "",
                **key,
                **defaults,
            )
    except IntegrityError:
        return model._default_manager.select_for_update().get(owner_filter(owner), **key)


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


def visitor_key(request: HttpRequest) -> str:
    """Who is answering, by the address the request came from: a keyed hash of it, so the
    address itself is never kept, and the same address gives the same key. An anonymous
    visitor who throws the session cookie away is still the same visitor (a puzzle's
    rating moves once per visitor: lessons.quiz.record)."""
    address = client_address(request)
    if not address:
        return ""
    key = f"lessons.visitor:{settings.SECRET_KEY}".encode()
    return hmac.new(key, address.encode(), hashlib.sha256).hexdigest()[:32]


def has_begun(request: HttpRequest) -> bool:
    """Has this learner answered anything or taken a lesson step? Never makes a session."""
    from lessons.models import Attempt, StepProgress

    if not request.user.is_authenticated and request.session.session_key is None:
        return False
    mine = learner_filter(request)
    return Attempt.objects.filter(mine).exists() or StepProgress.objects.filter(mine).exists()
