"""IDOR: no URL shows one learner another learner's answers, rating, review or data."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories import PuzzleFactory, UserFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice() -> Client:
    """A learner with an account, a mistake on R23 and a rating: the data to protect."""
    client = Client()
    client.force_login(UserFactory(username="alice"))
    answer(client, PuzzleFactory(slug="alices-puzzle", prompt_en="Alice's own puzzle"), right=False)
    return client


def names(patterns: list[URLPattern | URLResolver]) -> set[str]:
    found: set[str] = set()
    for pattern in patterns:
        found.update(re.findall(r"<(?:\w+:)?(\w+)>", str(pattern.pattern)))
        if isinstance(pattern, URLResolver):
            found.update(names(pattern.url_patterns))
    return found


def test_no_url_of_the_site_takes_a_learners_id() -> None:
    """Progress pages work on the requesting learner alone; there is no id to change."""
    # /classes/ names classes, assignments and students by id on purpose: each of its URLs
    # is asked by every role in tests/classroom/test_permissions.py (anyone else's: 404).
    # /play/<id>/ names a game (ARCHITECTURE.md's URL map): anyone else's game is a 404,
    # tests/play/test_table_views.py and test_review_views.py.
    skipped = ("admin", "classes/", "play/")
    project = [p for p in get_resolver().url_patterns if not str(p.pattern).startswith(skipped)]
    # rule_id: the rules reference's /rules/R23/, the same page for everyone.
    assert names(project) <= {"slug", "number", "uidb64", "token", "rule_id"}


@pytest.mark.parametrize("who", ["anonymous", "bob"])
def test_another_learner_sees_nothing_of_alices(alice: Client, who: str) -> None:
    other = Client()
    if who == "bob":
        other.force_login(UserFactory(username="bob"))
    attempt_id = alice.get("/progress/").context["recent"][0].pk
    progress = other.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert "Alice" not in progress and "No rating yet" in progress
    assert f"attempt={attempt_id}" not in progress
    review = other.get("/progress/review/", headers={"accept-language": "en"}).content.decode()
    assert "R23" not in review
    page = other.get(f"/puzzles/alices-puzzle/?attempt={attempt_id}")
    assert page.context["feedback"] is None, "someone else's attempt is never shown"


def test_the_review_never_brings_back_another_learners_failed_puzzle(alice: Client) -> None:
    bob = Client()
    bob.force_login(UserFactory(username="bob"))
    response = bob.get("/progress/review/next/", {"rule": "R23"})
    assert response.status_code == 302 and "alices-puzzle" not in response.url


def test_the_data_download_holds_only_the_learners_own_rows(alice: Client) -> None:
    bob = Client()
    bob.force_login(UserFactory(username="bob"))
    data = json.loads(bob.get("/accounts/data/").getvalue())
    assert data["profile"]["username"] == "bob"
    assert data["attempts"] == [] and data["rating"] is None and data["review"] == []
