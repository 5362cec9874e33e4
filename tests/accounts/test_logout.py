"""Logging out is a POST (the navbar's button); a GET only shows the button."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_post_logs_out_and_goes_home() -> None:
    client = Client()
    client.force_login(UserFactory())
    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response.url == "/"
    assert "_auth_user_id" not in client.session


def test_a_get_does_not_log_out() -> None:
    client = Client()
    client.force_login(UserFactory())
    response = client.get("/accounts/logout/")
    assert response.status_code == 200 and 'action="/accounts/logout/"' in response.content.decode()
    assert "_auth_user_id" in client.session


def test_the_navbar_shows_log_out_to_a_user_and_log_in_and_sign_up_to_a_visitor() -> None:
    visitor = Client().get("/").content.decode()
    assert "/accounts/login/?next=/" in visitor and "/accounts/signup/?next=/" in visitor
    client = Client()
    client.force_login(UserFactory(username="anna"))
    page = client.get("/").content.decode()
    assert 'action="/accounts/logout/"' in page and ">anna<" in page
