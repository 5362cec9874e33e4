"""The home page: what the site teaches, where to start, and the notation box."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_it_speaks_italian_by_default(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="it">' in html
    assert "Impara il Burraco" in html
    assert 'href="/lessons/"' in html
    assert 'href="/puzzles/"' in html


def test_it_speaks_english_to_an_english_browser(client: Client) -> None:
    html = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert '<html lang="en">' in html
    assert "Learn Burraco, one hand at a time" in html
    assert "ace of spades" in html


def test_the_language_cookie_wins_over_the_browser(client: Client) -> None:
    client.cookies["django_language"] = "it"
    html = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert "asso di picche" in html


def test_the_language_switch_posts_to_set_language_and_comes_back(client: Client) -> None:
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/?cards=JK"})
    assert response.status_code == 302
    assert response["Location"] == "/?cards=JK"
    assert "joker" in client.get(response["Location"]).content.decode()


def test_the_page_has_one_live_region_a_skip_link_and_the_csrf_header(client: Client) -> None:
    html = client.get("/").content.decode()
    assert len(re.findall(r"aria-live=", html)) == 1
    assert 'href="#main"' in html
    assert 'id="main"' in html
    assert re.search(r"<body hx-headers='\{\"x-csrftoken\": \"[^\"]+\"\}'>", html)


def test_it_offers_log_in_to_visitors_and_a_log_out_form_to_learners(client: Client) -> None:
    assert 'href="/accounts/login/?next=/"' in client.get("/").content.decode()
    client.force_login(UserFactory())
    html = client.get("/").content.decode()
    assert re.search(r'<form action="/accounts/logout/" method="post">', html)


def test_the_notation_box_shows_the_typed_cards_on_the_full_page(client: Client) -> None:
    html = client.get("/", {"cards": "10h, jk"}).content.decode()
    assert '<html lang="it">' in html
    assert "10 di cuori, jolly" in html


def test_the_notation_box_answers_htmx_with_its_fragment_only(client: Client) -> None:
    response = client.get("/", {"cards": "QD 2C"}, headers={"hx-request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="notation"')
    assert "<html" not in html
    assert "<nav" not in html
    assert "donna di quadri, 2 di fiori" in html
    assert "HX-Request" in response["Vary"]


def test_the_notation_box_names_the_word_that_is_not_a_card(client: Client) -> None:
    response = client.get(
        "/", {"cards": "10H 11H"}, headers={"hx-request": "true", "accept-language": "en"}
    )
    assert "“11H” is not a card" in response.content.decode()


def test_the_notation_box_refuses_more_copies_than_the_deck_holds(client: Client) -> None:
    response = client.get("/", {"cards": "7C 7C 7C"}, headers={"hx-request": "true"})
    assert "Il 7 di fiori compare 3 volte, ma il mazzo ne contiene solo 2" in unescape(
        response.content.decode()
    )


def test_the_notation_box_asks_for_a_card_when_left_empty(client: Client) -> None:
    response = client.get("/", {"cards": " "}, headers={"hx-request": "true"})
    assert "Scrivi almeno una carta." in response.content.decode()


def test_a_learner_who_has_begun_sees_the_next_step(client: Client) -> None:
    from lessons.models import Lesson, Step

    lesson = Lesson.objects.create(
        slug="deck",
        order=1,
        title_it="Il mazzo",
        title_en="The deck",
        summary_it="…",
        summary_en="…",
        rules=["R1"],
    )
    for number in (1, 2):
        Step.objects.create(
            lesson=lesson, number=number, kind="explain", text_it="…", text_en="…", rules=["R1"]
        )
    assert "next-heading" not in client.get("/").content.decode(), (
        "a newcomer is told where to start"
    )
    client.get("/lessons/deck/1/")
    html = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert "What to do next" in html and "The deck" in html
    assert 'href="/lessons/deck/2/"' in html or 'href="/lessons/deck/"' in html
