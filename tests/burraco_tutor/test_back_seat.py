"""The back seat (burraco_tutor.cost.BackSeat): a learner who has spent BACK_SEAT_MS of CPU
this minute is served by a thread at the lowest CPU priority, one request of their
address's at a time, and is charged what that thread spent.

The back seat's thread has a database connection of its own, which sees only what is
committed: these tests run in transactions of their own (``transaction=True``)."""

from __future__ import annotations

import html
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.test import Client
from django.urls import include, path
from django.utils.translation import get_language

from burraco_tutor import cost
from counters.cache import LANE as MOMENT
from counters.models import Counter
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
SEAT = "back:address:127.0.0.1"
TAKEN_IT = "le tue richieste ora aspettano quelle di tutti gli altri"
TAKEN_EN = "so your requests now wait for everyone else's and run one at a time"


def where(request: HttpRequest) -> HttpResponse:
    """The thread that serves the request, its niceness, the language and what the database
    shows it; with ``?burn=MS``, that many milliseconds of CPU spent first."""
    burn = int(request.GET.get("burn", 0)) / 1000
    began = time.thread_time()
    while time.thread_time() - began < burn:
        pass
    return JsonResponse(
        {
            "thread": threading.current_thread().name,
            "nice": os.getpriority(os.PRIO_PROCESS, threading.get_native_id()),
            "language": get_language(),
            "users": get_user_model().objects.count(),
        }
    )


def fails(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the view broke")


urlpatterns = [
    path("where/", where),
    path("fails/", fails),
    path("", include("burraco_tutor.urls")),
]


@pytest.fixture(autouse=True)
def here(settings: Any) -> None:
    settings.ROOT_URLCONF = __name__
    # Every request costs a millisecond at least: the next one sits in the back seat.
    settings.BACK_SEAT_MS = 1
    # The seat is free again as a request ends (on a loaded machine a request in it can take
    # long enough that the next one, its pause not over, was refused): the tests of the
    # pause set their share.
    settings.BACK_SEAT_SHARE_PERCENT = 100


def learner(**extra: Any) -> Client:
    client = Client(**extra)
    client.force_login(UserFactory())
    client.cookies["django_language"] = "it"
    return client


def served(client: Client, url: str = "/where/") -> dict[str, Any]:
    response = client.get(url)
    assert response.status_code == 200, response.content
    answer: dict[str, Any] = response.json()
    return answer


def test_past_the_threshold_a_learner_is_served_by_the_back_seat_at_the_lowest_priority() -> None:
    client = learner()
    first = served(client)
    assert first["thread"] == threading.current_thread().name  # the worker's own thread
    behind = served(client)
    assert behind["thread"].startswith("back-seat")
    assert behind["nice"] == cost.BACK_SEAT_NICE
    assert first["nice"] == os.getpriority(os.PRIO_PROCESS, 0)  # the worker's own
    # The request's language and what the database holds went with it.
    assert behind["language"] == "it" and behind["users"] == first["users"] == 1
    # The seat was let go: the next request sits there again.
    assert served(client)["thread"].startswith("back-seat")


def test_the_back_seats_cpu_is_charged_to_the_learner() -> None:
    client = learner()
    served(client)

    def charged() -> int:
        # The learner's minute and the address's, charged alike: the larger of the rows.
        return max(Counter.objects.values_list("value", flat=True))

    before = charged()
    assert served(client, "/where/?burn=40")["thread"].startswith("back-seat")
    assert charged() - before >= 40


def test_under_the_threshold_or_with_it_off_a_learner_stays_in_front(settings: Any) -> None:
    settings.BACK_SEAT_MS = 10**6
    client = learner()
    assert not served(client)["thread"].startswith("back-seat")
    assert not served(client)["thread"].startswith("back-seat")
    settings.BACK_SEAT_MS = 0
    for _ in range(2):
        assert not served(client)["thread"].startswith("back-seat")


def test_one_request_of_an_address_in_the_back_seat_at_a_time() -> None:
    client = learner()
    served(client)
    counters: Any = caches["counters"]
    token = counters.take_turn(SEAT, 30_000, taker=7)  # another of the address's sits there
    assert token is not None
    refused = client.get("/where/")
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert TAKEN_IT in html.unescape(refused.content.decode())
    client.cookies["django_language"] = "en"
    assert TAKEN_EN in html.unescape(client.get("/where/").content.decode())
    # A learner of another address, or one under the threshold here, is not held up.
    assert served(learner(REMOTE_ADDR="192.0.2.9"))["thread"] == threading.current_thread().name
    assert served(learner())["thread"] == threading.current_thread().name
    assert counters.hand_over(SEAT, token, 0)
    assert served(client)["thread"].startswith("back-seat")


def test_a_view_that_raises_in_the_back_seat_lets_go_of_the_seat() -> None:
    client = learner()
    served(client)
    client.raise_request_exception = False
    assert client.get("/fails/").status_code == 500
    assert served(client)["thread"].startswith("back-seat")


def test_after_a_fork_the_back_seat_starts_a_thread_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = learner()
    served(client)
    first = served(client)["thread"]
    old = cost.BACK_SEAT.executor
    monkeypatch.setattr(cost.BACK_SEAT, "pid", -1)  # as in a worker gunicorn forked
    assert served(client)["thread"].startswith("back-seat")
    assert cost.BACK_SEAT.executor is not old and first.startswith("back-seat")


def anonymous() -> Client:
    """A browser with a session and no account."""
    client = Client()
    session = client.session
    session["seen"] = True
    session.save()
    client.cookies[django_settings.SESSION_COOKIE_NAME] = session.session_key or ""
    return client


def test_browsers_without_an_account_share_their_addresss_way_to_the_back_seat() -> None:
    # A visitor opens sessions for free: past BACK_SEAT_MS between them, every session of
    # the address without an account is served in the back seat, a new one too.
    first = anonymous()
    assert served(first)["thread"] == threading.current_thread().name
    assert served(first)["thread"].startswith("back-seat")
    assert served(anonymous())["thread"].startswith("back-seat")
    # A logged-in learner of this address is not.
    assert served(learner())["thread"] == threading.current_thread().name


def test_after_a_request_in_the_back_seat_the_seat_stays_shut_to_the_others_a_while(
    settings: Any,
) -> None:
    # At 50%, shut for as long as the request held its worker: an address over its budget
    # holds a worker at most half the time, however many sessions it opens.
    settings.BACK_SEAT_SHARE_PERCENT = 50
    client, classmate = learner(), learner()
    served(classmate)  # in front: the classmate's first request
    served(client)
    began = time.time() * 1000
    assert served(client, "/where/?burn=150")["thread"].startswith("back-seat")
    free_at = Counter.objects.get(name__endswith=SEAT).value // MOMENT
    assert free_at >= began + 2 * 150  # the request's 150 ms and as long again after it
    refused = classmate.get("/where/")
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    # Nobody else is shut out: a learner under the threshold, or at another address.
    assert served(learner())["thread"] == threading.current_thread().name
    assert served(learner(REMOTE_ADDR="192.0.2.9"))["thread"] == threading.current_thread().name


def test_at_a_share_of_100_percent_the_seat_is_free_at_once(settings: Any) -> None:
    settings.BACK_SEAT_SHARE_PERCENT = 100
    client, classmate = learner(), learner()
    served(classmate)
    served(client)
    assert served(client, "/where/?burn=50")["thread"].startswith("back-seat")
    assert served(classmate)["thread"].startswith("back-seat")


def test_a_burst_sends_to_the_back_seat_before_the_minutes_allowance_is_spent(
    settings: Any,
) -> None:
    settings.BACK_SEAT_MS = 10**6  # the minute's allowance, far off
    settings.BACK_SEAT_BURST_MS = 30
    client = learner()
    assert served(client, "/where/?burn=40")["thread"] == threading.current_thread().name
    assert served(client)["thread"].startswith("back-seat")
    settings.BACK_SEAT_BURST_MS = 0  # off
    cost._BACK.clear()
    assert served(client)["thread"] == threading.current_thread().name


@pytest.fixture
def queue(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int], None]]:
    """A listening socket as gunicorn's workers share, in the place gunicorn.conf.py puts
    it; ``queue(n)`` leaves n connections waiting in its accept queue."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    monkeypatch.setattr(cost, "LISTENERS", [listener])
    waiting: list[socket.socket] = []

    def connect(count: int) -> None:
        waiting.extend(socket.create_connection(listener.getsockname()) for _ in range(count))
        deadline = time.monotonic() + 5
        while cost.waiting() < len(waiting) and time.monotonic() < deadline:
            time.sleep(0.01)

    yield connect
    for each in waiting:
        each.close()
    listener.close()


@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="TCP_INFO is Linux's")
def test_waiting_reads_the_accept_queue(queue: Callable[[int], None]) -> None:
    assert cost.waiting() == 0
    queue(3)
    assert cost.waiting() == 3


@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="TCP_INFO is Linux's")
def test_while_anyone_waits_for_a_worker_the_back_seat_takes_none(
    queue: Callable[[int], None],
) -> None:
    client = learner()
    served(client)
    assert served(client)["thread"].startswith("back-seat")  # nobody waits
    queue(1)
    refused = client.get("/where/")
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert TAKEN_IT in html.unescape(refused.content.decode())
    # A learner under the threshold is served as usual: the queue is for them.
    assert served(learner())["thread"] == threading.current_thread().name
