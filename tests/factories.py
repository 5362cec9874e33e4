"""factory-boy factories with sensible defaults, shared by all tests."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model


class UserFactory(factory.django.DjangoModelFactory):
    """A learner with an account; pass is_staff=True for a member of staff."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"learner{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    password = factory.django.Password("a-long-test-password")
