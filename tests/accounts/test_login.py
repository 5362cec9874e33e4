"""Logging in: the password checked, the account's language applied, the progress merged."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from lessons.models import Attempt
from tests.factories import ProfileFactory, PuzzleFactory, UserFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def test_the_login_page_has_a_real_form_and_the_links_around_it() -> None:
    html = Client().get("/accounts/login/?next=/lessons/").content.decode()
    assert 'action="/accounts/login/"' in html and 'value="/lessons/"' in html
    assert 'href="/accounts/password/reset/"' in html and "/accounts/signup/" in html


def test_logging_in_applies_the_profiles_language() -> None:
    profile = ProfileFactory(language="en", display_name="Marco")
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": profile.user.username, "password": PASSWORD}
    )
    assert response.status_code == 302 and response.url == "/progress/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get("/progress/").content.decode()
    assert "Your progress" in page and "Marco" in page


def test_a_wrong_password_is_refused_and_nothing_moves() -> None:
    user = UserFactory()
    client = Client()
    answer(client, PuzzleFactory())
    response = client.post("/accounts/login/", {"username": user.username, "password": "nope"})
    assert response.status_code == 200 and response.context["form"].errors
    assert Attempt.objects.get().user is None


def test_the_session_key_changes_and_the_old_sessions_answers_follow_the_user() -> None:
    user = UserFactory()
    client = Client()
    answer(client, PuzzleFactory())
    anonymous_key = client.session.session_key
    client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert client.session.session_key != anonymous_key
    assert Attempt.objects.get().user == user


def test_a_user_made_in_the_admin_without_a_profile_can_log_in() -> None:
    user = UserFactory()
    response = Client().post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 302
    assert user.profile.language == "it"


def test_a_page_reads_the_account_with_its_profile_in_one_query() -> None:
    """accounts.backends.ProfileBackend: every page shows the display name."""
    profile = ProfileFactory(display_name="Zoe")
    client = Client()
    client.force_login(profile.user)
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/lessons/").content.decode()
    assert "Zoe" in html
    reads = [q["sql"] for q in queries.captured_queries if '"accounts_profile"' in q["sql"]]
    assert len(reads) == 1 and '"auth_user"' in reads[0]
