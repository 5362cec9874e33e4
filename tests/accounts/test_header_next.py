"""The header's log-in and sign-up links keep where the visitor was going."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_on_the_log_in_page_the_headers_sign_up_keeps_the_join_link_as_next() -> None:
    # A student sent from a class's join link to log in, who chose "Sign up" in the header,
    # lost the class: the link's next was the log-in page itself.
    html = Client().get("/accounts/login/?next=/classes/join/ABCD2345/").content.decode()
    assert 'href="/accounts/signup/?next=/classes/join/ABCD2345/"' in html
    assert 'href="/accounts/login/?next=/classes/join/ABCD2345/"' in html


def test_elsewhere_the_header_links_come_back_to_the_page() -> None:
    html = Client().get("/lessons/").content.decode()
    assert 'href="/accounts/signup/?next=/lessons/"' in html


def test_someone_logged_in_who_opens_the_log_in_page_goes_on_where_they_were_going() -> None:
    # A student who signed up from a join link landed on a log-in form, logged in already.
    user = UserFactory()
    client = Client()
    client.force_login(user)
    response = client.get("/accounts/login/?next=/classes/join/ABCD2345/")
    assert response.status_code == 302 and response["Location"] == "/classes/join/ABCD2345/"


def test_a_new_teacher_starts_on_the_classes_page_with_a_word_on_what_to_do() -> None:
    # A teacher landed on the learner's progress page with no word about classes.
    data = {
        "username": "anna",
        "email": "anna@example.org",
        "language": "it",
        "is_teacher": "on",
        "password1": "a-long-test-password",
        "password2": "a-long-test-password",
    }
    client = Client()
    response = client.post("/accounts/signup/", data, follow=True)
    assert response.redirect_chain[0][0] == "/classes/"
    assert "Benvenuto! Crea qui la tua prima classe." in response.content.decode()
