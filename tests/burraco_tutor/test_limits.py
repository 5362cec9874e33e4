"""The rate limits (burraco_tutor.limits): each flow's limit bites, with a 429 in the
visitor's language; learners behind one address are counted apart."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django_ratelimit import core as ratelimit_core

from burraco_tutor import limits
from tests.factories import PuzzleFactory, TeacherFactory, UserFactory

pytestmark = pytest.mark.django_db
SENTENCE_IT = "Hai inviato questa richiesta troppe volte"


def lower(monkeypatch: pytest.MonkeyPatch, name: str, rate: str = "2/h") -> None:
    assert name in limits.RATES
    monkeypatch.setitem(limits.RATES, name, rate)
    # django-ratelimit counts in windows of the rate's period: a test whose posts straddle a
    # window's end (a slow machine, "3/m") would start counting afresh. Its clock stands still.
    frozen = time.time()
    monkeypatch.setattr(ratelimit_core, "time", SimpleNamespace(time=lambda: frozen))


def client_for(who: str, **extra: Any) -> Client:
    client = Client(**extra)
    if who == "learner":
        client.force_login(UserFactory())
    elif who == "teacher":
        client.force_login(TeacherFactory())
    return client


def statuses(
    client: Client, url: str, data: dict[str, str], times: int, **headers: Any
) -> list[int]:
    return [client.post(url, data, **headers).status_code for _ in range(times)]


FLOWS = [
    # (limit, who, url, data)
    ("signup-address", "anonymous", "/accounts/signup/", {"username": "x"}),
    ("password-reset-address", "anonymous", "/accounts/password/reset/", {"email": "a@b.org"}),
    ("join-learner", "learner", "/classes/join/", {"code": "NOPE"}),
    ("join-learner", "learner", "/classes/join/ABCDEFGH/", {}),
    ("editor-teacher", "teacher", "/classes/library/new/", {"op": "check"}),
    ("editor-teacher", "teacher", "/classes/library/999999/edit/", {"op": "save"}),
    ("answer-learner", "anonymous", "/puzzles/{puzzle}/", {"meld": "0", "cards": "10C"}),
    ("answer-learner", "learner", "/lessons/no-such-lesson/1/", {"choice": "0"}),
    ("answer-learner", "learner", "/classes/assignments/999999/1/", {"meld": "0"}),
    ("play-learner", "learner", "/play/", {"players": "9"}),
    ("play-learner", "anonymous", "/play/999999/", {"do": "draw", "version": "0"}),
    ("play-learner", "learner", "/play/999999/review/", {"decision": "1", "do": "draw"}),
]


@pytest.mark.parametrize(("name", "who", "url", "data"), FLOWS, ids=[f[2] for f in FLOWS])
def test_each_limit_bites_with_a_sentence_in_the_visitors_language(
    monkeypatch: pytest.MonkeyPatch, name: str, who: str, url: str, data: dict[str, str]
) -> None:
    lower(monkeypatch, name)
    url = url.format(puzzle=PuzzleFactory().slug)
    client = client_for(who)
    if not url.startswith("/classes/join/"):
        client.get(url)  # reading a page is not counted
    first = statuses(client, url, data, 2)
    assert 429 not in first
    response = client.post(url, data)
    assert response.status_code == 429
    assert SENTENCE_IT in response.content.decode()
    client.cookies["django_language"] = "en"
    assert "You have sent this too many times" in client.post(url, data).content.decode()


def test_for_htmx_the_429_is_a_fragment_for_the_pages_messages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lower(monkeypatch, "answer-learner", "1/m")
    url = f"/puzzles/{PuzzleFactory().slug}/"
    client = Client()
    client.post(url, {"meld": "0"}, headers={"HX-Request": "true"})
    response = client.post(url, {"meld": "0"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 429
    assert "<html" not in html and 'class="alert alert-warning' in html and SENTENCE_IT in html
    # base.html's htmx config swaps a 429 into #messages instead of dropping it.
    page = client.get(url).content.decode()
    assert '{"code": "429", "swap": true, "error": false, "target": "#messages"' in page


def test_a_class_behind_one_address_answers_each_at_their_own_pace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lower(monkeypatch, "answer-learner", "2/m")
    url = f"/puzzles/{PuzzleFactory().slug}/"
    learners = [client_for("learner") for _ in range(5)]  # one school address
    for learner in learners:
        assert 429 not in statuses(learner, url, {"meld": "0"}, 2)
    assert statuses(learners[0], url, {"meld": "0"}, 1) == [429]
    assert statuses(learners[1], url, {"meld": "0"}, 0) == []


def test_one_address_shedding_its_cookies_meets_the_ceiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lower(monkeypatch, "answer-address", "3/m")
    url = f"/puzzles/{PuzzleFactory().slug}/"
    fresh = [Client().post(url, {"meld": "0"}).status_code for _ in range(4)]
    assert 429 not in fresh[:3] and fresh[3] == 429
    elsewhere = Client(REMOTE_ADDR="192.0.2.9")
    assert elsewhere.post(url, {"meld": "0"}).status_code != 429


def test_password_reset_is_limited_per_email_from_any_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lower(monkeypatch, "password-reset-email")
    url = "/accounts/password/reset/"
    codes = [
        Client(REMOTE_ADDR=f"192.0.2.{n}").post(url, {"email": email}).status_code
        for n, email in enumerate(["Ann@example.org", "ann@example.org", " ANN@example.org"])
    ]
    assert codes[:2] == [302, 302] and codes[2] == 429
    assert Client().post(url, {"email": "bob@example.org"}).status_code == 302


def test_behind_a_proxy_the_limits_count_the_address_the_proxy_saw(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.PROXY_COUNT = 1
    lower(monkeypatch, "signup-address")
    client = Client()
    url = "/accounts/signup/"
    for forged in range(2):
        client.post(url, {}, HTTP_X_FORWARDED_FOR=f"10.0.0.{forged}, 198.51.100.7")
    assert client.post(url, {}, HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == 429
    assert client.post(url, {}, HTTP_X_FORWARDED_FOR="198.51.100.8").status_code == 200


def test_every_flow_has_rates_a_learner_never_meets() -> None:
    assert limits.RATES["answer-learner"] == "60/m"
    assert limits.RATES["answer-address"] == "900/m"
    assert set(limits.LIMITS) == {"signup", "password-reset", "join", "editor", "answer", "play"}
    assert limits.RATES["play-learner"] == "120/m"


def test_join_links_opened_by_guessing_codes_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    lower(monkeypatch, "join-learner")
    client = client_for("learner")
    assert [client.get(f"/classes/join/GUESS{n}AB/").status_code for n in range(3)] == [
        404,
        404,
        429,
    ]
