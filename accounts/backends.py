"""The log-in backend: Django's, reading the account's profile with the account."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class ProfileBackend(ModelBackend):
    """Every page shows the learner's display name and asks whether they teach: the profile
    comes in the query that reads the account on each request, not in a second one."""

    def get_user(self, user_id: Any) -> Any:
        users = get_user_model()._default_manager.select_related("profile")
        try:
            user = users.get(pk=user_id)
        except get_user_model().DoesNotExist:
            return None
        return user if self.user_can_authenticate(user) else None
