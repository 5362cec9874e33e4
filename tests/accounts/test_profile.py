"""The profile page: the display name and language saved, post/redirect/get."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import ProfileFactory

pytestmark = pytest.mark.django_db


def test_it_needs_a_login() -> None:
    response = Client().get("/accounts/profile/")
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")


def test_saving_the_name_and_language_redirects_and_sets_the_language() -> None:
    profile = ProfileFactory()
    client = Client()
    client.force_login(profile.user)
    response = client.post("/accounts/profile/", {"display_name": "Bea", "language": "en"})
    assert response.status_code == 302 and response.url == "/accounts/profile/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    profile.refresh_from_db()
    assert (profile.display_name, profile.language) == ("Bea", "en")


def test_the_teacher_flag_is_not_on_the_profile_form() -> None:
    profile = ProfileFactory()
    client = Client()
    client.force_login(profile.user)
    client.post("/accounts/profile/", {"display_name": "", "language": "it", "is_teacher": "on"})
    profile.refresh_from_db()
    assert not profile.is_teacher
    assert 'name="is_teacher"' not in client.get("/accounts/profile/").content.decode()


def test_the_navbar_language_switch_is_kept_for_the_next_log_in() -> None:
    profile = ProfileFactory(language="it")
    client = Client()
    client.force_login(profile.user)
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    profile.refresh_from_db()
    assert profile.language == "en"
    # A language the site does not have changes nothing.
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    profile.refresh_from_db()
    assert profile.language == "en"
