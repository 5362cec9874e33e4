"""The error pages speak the visitor's language, and the site's look where they can."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"), [("it", "Pagina non trovata"), ("en", "Page not found")]
)
def test_a_missing_page_is_a_404_in_the_visitors_language(language: str, words: str) -> None:
    client = Client()
    client.cookies["django_language"] = language
    response = client.get("/puzzles/no-such-puzzle/")
    assert response.status_code == 404
    html = response.content.decode()
    assert words in html and f'<html lang="{language}">' in html
    assert 'href="/lessons/"' in html, "with the site's navigation"


def test_an_expired_form_is_a_403_that_says_nothing_was_saved() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "x", "password": "y"})
    assert response.status_code == 403
    assert "Nulla è stato salvato" in response.content.decode()


def test_an_unreadable_request_is_a_400_in_the_visitors_language(settings) -> None:  # type: ignore[no-untyped-def]
    settings.ALLOWED_HOSTS = ["testserver"]
    response = Client().get("/", headers={"host": "evil.example"})
    assert response.status_code == 400
    assert "La richiesta non si è potuta leggere" in response.content.decode()


def test_the_server_error_page_needs_no_request_and_is_translated() -> None:
    with translation.override("it"):
        html = render_to_string("500.html")
    assert "Qualcosa è andato storto" in html and '<html lang="it">' in html
