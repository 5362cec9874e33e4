"""Who is answering: an account, or an anonymous visitor known by their session."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.db.models.base import ModelBase
from django.http import HttpRequest

from burraco_tutor.http import client_address


@dataclass(frozen=True)
class Learner:
    """Whose rows: an account (``user``), or an anonymous visitor known by the key of their
    session (``session_key``, with ``user`` None). The rows of a :class:`LearnerOwned`
    model say the same in their two columns."""

    user: Any = None
    session_key: str = ""

    def __post_init__(self) -> None:
        if self.user is None and not self.session_key:
            raise ValueError("a learner is an account or a session")
        if self.user is not None and self.session_key:
            raise ValueError("an account's rows keep no session key")

    @classmethod
    def of(cls, request: HttpRequest) -> Learner:
        """Who is asking: the account logged in, else the visitor's session (made now, on
        first use)."""
        if request.user.is_authenticated:
            return cls(user=request.user)
        return cls(session_key=session_key(request))

    @classmethod
    def account(cls, user: Any) -> Learner:
        return cls(user=user)

    @classmethod
    def visitor(cls, key: str) -> Learner:
        return cls(session_key=key)

    @property
    def is_account(self) -> bool:
        return self.user is not None

    def rows(self) -> Q:
        """A filter for this learner's rows of a :class:`LearnerOwned` model."""
        if self.user is not None:
            return Q(user=self.user)
        return Q(user=None, session_key=self.session_key)

    def fields(self) -> dict[str, Any]:
        """The columns that say a new row is this learner's."""
        return {"user": self.user, "session_key": self.session_key}


class _LearnerOwnedBase(ModelBase):
    """Makes a :class:`LearnerOwned` model's ``user`` field and its unique constraints from
    the class's keywords (see :class:`LearnerOwned`)."""

    def __new__(
        mcs,
        name: str,
        bases: tuple[type, ...],
        attrs: dict[str, Any],
        *,
        related_name: str | None = None,
        one_to_one: bool = False,
        unique_as: str = "",
        unique_with: Sequence[str] = (),
        **kwargs: Any,
    ) -> ModelBase:
        # A class body's Meta: any class, with whatever attributes it was given.
        meta: Any = attrs.get("Meta")
        if not getattr(meta, "abstract", False):
            if related_name is not None or one_to_one:
                attrs["user"] = _user_field(related_name, one_to_one)
            if unique_as:
                if meta is None:
                    meta = attrs["Meta"] = type("Meta", (), {})
                own = list(getattr(meta, "constraints", []))
                meta.constraints = [
                    *_one_per_learner(unique_as, tuple(unique_with), user=not one_to_one),
                    *own,
                ]
        return super().__new__(mcs, name, bases, attrs, **kwargs)

    def __init__(cls, name: str, bases: tuple[type, ...], attrs: dict[str, Any], **kwargs: Any):
        super().__init__(name, bases, attrs)


def _user_field(related_name: str | None, one_to_one: bool) -> models.ForeignKey[Any, Any]:
    kind = models.OneToOneField if one_to_one else models.ForeignKey
    return kind(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name=related_name,
    )


def _one_per_learner(
    noun: str, fields: tuple[str, ...], *, user: bool
) -> list[models.UniqueConstraint]:
    """One row per learner (and per ``fields``): for an account, and for a session without
    one. Named ``one_<noun>_per_user_<fields>`` and ``one_<noun>_per_session_<fields>``."""
    of = "".join(f"_{field}" for field in fields)
    by_session = models.UniqueConstraint(
        fields=["session_key", *fields],
        condition=Q(user__isnull=True),
        name=f"one_{noun}_per_session{of}",
    )
    if not user:  # a one-to-one user is unique already
        return [by_session]
    by_user = models.UniqueConstraint(
        fields=["user", *fields],
        condition=Q(user__isnull=False),
        name=f"one_{noun}_per_user{of}",
    )
    return [by_user, by_session]


class LearnerOwned(models.Model, metaclass=_LearnerOwnedBase):
    """A row that belongs to a learner (:class:`Learner`): an account, or an anonymous
    session until it logs in (lessons.merge moves the rows then).

    A model says in its class keywords what differs::

        class ReviewCard(LearnerOwned, related_name="review_cards",
                         unique_as="review_card", unique_with=("rule",)): ...

    ``related_name`` names the account's rows (``user.review_cards``); ``one_to_one`` makes
    it one row per account; ``unique_as`` and ``unique_with`` make one row per learner and
    per those fields, for an account and for a session alike (constraints named
    ``one_review_card_per_user_rule`` and ``one_review_card_per_session_rule``).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)

    class Meta:
        abstract = True


def learner_filter(request: HttpRequest) -> Q:
    """A filter for the rows that belong to this learner (attempts, progress)."""
    return Learner.of(request).rows()


def owner_filter(owner: Learner | Mapping[str, Any]) -> Q:
    """The rows of this learner (or of one given as :func:`learner_fields` gives it)."""
    return _learner(owner).rows()


def _learner(owner: Learner | Mapping[str, Any]) -> Learner:
    if isinstance(owner, Learner):
        return owner
    if owner.get("user") is not None:
        return Learner(user=owner["user"])
    return Learner(session_key=owner["session_key"])


def create_or_lock(
    model: type[models.Model], owner: Learner, key: dict[str, Any], **defaults: Any
) -> Any:
    """A new row of this learner's (``key`` and ``defaults`` its other fields), or, when
    another request made it first and the unique constraint stops this one, that row,
    locked until the transaction ends. For rows made on first use: a rating, a review card.
    """
    try:
        with transaction.atomic():
            return model._default_manager.create(**owner.fields(), **key, **defaults)
    except IntegrityError:
        return model._default_manager.select_for_update().get(owner.rows(), **key)


def learner_fields(request: HttpRequest) -> dict[str, Any]:
    """The fields that say whose a new row is (:meth:`Learner.fields` of the asker)."""
    return Learner.of(request).fields()


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
    rating moves once per visitor: lessons.answering.finish)."""
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
