"""The review as a session: the puzzle page names the rule under review and how
many are left, its next link is the next review, and the end of the queue says so."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from lessons.models import ReviewCard, Theme
from tests.factories import PuzzleFactory
from tests.lessons.progress_helpers import RIGHT, answer

pytestmark = pytest.mark.django_db
EN = {"accept-language": "en"}
HTMX = {"HX-Request": "true", **EN}


def due_now() -> None:
    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))


def test_a_review_puzzle_names_its_rule_and_what_is_left_and_leads_to_the_next_review() -> None:
    client = Client()
    failed = PuzzleFactory()
    answer(client, failed, right=False)
    due_now()
    url = client.get("/progress/review/next/")["Location"]
    assert url == f"/puzzles/{failed.slug}/?theme=R23"
    html = client.get(url, headers=EN).content.decode()
    assert "Review: R23 · A bound wildcard" in html and "1 rule left" in html
    assert 'href="/progress/review/next/"' in html and "Next review" in html
    assert 'href="/puzzles/next/' not in html, "the review goes on, not a random puzzle"
    assert "Practising:" not in html
    html = client.post(url, RIGHT, headers=HTMX).content.decode()
    assert "Correct!" in html and "nothing else is due" in html
    assert 'href="/progress/review/next/"' in html


def test_the_italian_header_reads_as_italian() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=False)
    ReviewCard.objects.create(
        session_key=client.session.session_key, rule="R19", due=timezone.now()
    )
    due_now()
    html = client.get(client.get("/progress/review/next/")["Location"]).content.decode()
    assert "Ripasso: R19 · Una matta per gioco" in html and "ne restano 2" in html


def test_with_nothing_due_the_next_review_says_so_and_when_the_next_one_comes() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=False)
    response = client.get("/progress/review/next/", headers=EN)
    html = response.content.decode()
    assert response.status_code == 200, "a page that says so, not a silent redirect"
    assert "Nothing is due for review now. Well done!" in html
    assert "The next one, R23 · A bound wildcard, comes back in" in html


def test_a_puzzle_opened_on_a_theme_says_which_and_keeps_it_after_the_answer() -> None:
    client = Client()
    puzzle = PuzzleFactory()
    puzzle.themes.add(Theme.objects.get_or_create(name="wildcards")[0])
    url = f"/puzzles/{puzzle.slug}/?theme=R23,wildcards"
    html = client.get(url, headers=EN).content.decode()
    assert "Practising: R23 · A bound wildcard, Wildcards" in html
    assert 'hx-post="/puzzles/' + puzzle.slug + '/?theme=R23%2Cwildcards"' in html
    html = client.post(url, RIGHT, headers=HTMX).content.decode()
    assert "Practising: R23 · A bound wildcard, Wildcards" in html
    assert 'href="/puzzles/next/?theme=R23%2Cwildcards"' in html
    response = Client().post(url, RIGHT)
    assert "theme=R23%2Cwildcards" in response["Location"]
    html = Client().get(f"/puzzles/{puzzle.slug}/?theme=<b>nothing</b>", headers=EN)
    assert "Practising" not in html.content.decode()


def test_a_review_due_within_the_minute_is_not_said_to_come_back_in_0_minutes() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=False)
    ReviewCard.objects.update(due=timezone.now() + timedelta(seconds=40))
    for url in ("/progress/", "/progress/review/next/"):
        html = client.get(url, headers=EN).content.decode()
        assert "comes back in 1\xa0minute." in html, url
        assert "0\xa0minutes" not in html, url
    ReviewCard.objects.update(due=timezone.now() + timedelta(minutes=9, seconds=30))
    assert "comes back in 10\xa0minutes." in client.get("/progress/", headers=EN).content.decode()
