"""Delete my account: the password again and a confirmation, then the account and its data go."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Profile
from lessons.models import Attempt, LearnerRating, ReviewCard
from tests.factories import AttemptFactory, ProfileFactory, PuzzleFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def test_the_page_asks_for_the_password_and_a_confirmation() -> None:
    client = Client()
    client.force_login(ProfileFactory().user)
    html = client.get("/accounts/delete/").content.decode()
    assert 'type="password"' in html and 'name="confirm"' in html
    assert 'action="/accounts/delete/"' in html


@pytest.mark.parametrize(
    "data",
    [{"password": "wrong", "confirm": "on"}, {"password": PASSWORD}],
    ids=["wrong", "unticked"],
)
def test_without_the_right_password_and_the_tick_nothing_is_deleted(data: dict[str, str]) -> None:
    profile = ProfileFactory()
    client = Client()
    client.force_login(profile.user)
    response = client.post("/accounts/delete/", data)
    assert response.status_code == 200
    assert get_user_model().objects.filter(pk=profile.user.pk).exists()


def test_deleting_removes_the_account_and_everything_kept_about_it_but_no_one_elses() -> None:
    profile = ProfileFactory()
    other = AttemptFactory()
    client = Client()
    client.force_login(profile.user)
    answer(client, PuzzleFactory(), right=False)
    response = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 302 and response.url == "/"
    assert not get_user_model().objects.filter(pk=profile.user.pk).exists()
    assert not Profile.objects.filter(pk=profile.pk).exists()
    assert list(Attempt.objects.all()) == [other]
    assert not LearnerRating.objects.exists() and not ReviewCard.objects.exists()
    assert "_auth_user_id" not in client.session
