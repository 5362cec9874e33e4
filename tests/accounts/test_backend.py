"""The account read on every request (accounts.backends): one query for the account and its
profile, the values as the ORM gives them, and nobody for an id that names no one."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.backends import ProfileBackend
from accounts.models import Profile
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_account_and_its_profile_come_in_one_query(
    django_assert_num_queries: Any,
) -> None:
    user = UserFactory()
    Profile.objects.create(user=user, display_name="Bea", is_teacher=True)
    with django_assert_num_queries(1):
        read = ProfileBackend().get_user(user.pk)
        assert read.profile.display_name == "Bea" and read.profile.is_teacher is True
        assert read.profile.user is read
    assert read.is_active is True and read.date_joined == user.date_joined
    assert read.check_password("a-long-test-password")


def test_an_account_without_a_profile_has_none_without_another_query(
    django_assert_num_queries: Any,
) -> None:
    user = UserFactory()
    with django_assert_num_queries(1):
        read = ProfileBackend().get_user(user.pk)
        with pytest.raises(Profile.DoesNotExist):
            read.profile  # noqa: B018


@pytest.mark.parametrize("user_id", ["nobody", None, "999999"])
def test_an_id_that_names_no_account_is_nobody(user_id: Any) -> None:
    assert ProfileBackend().get_user(user_id) is None


def test_an_inactive_account_is_nobody() -> None:
    user = UserFactory(is_active=False)
    assert ProfileBackend().get_user(user.pk) is None
