"""Limits by cost: each visitor's CPU time a minute, and one heavy request at a time.

The rate limits (burraco_tutor.limits) count requests, but requests differ by a hundred
times in what they cost: a table's frame is a few milliseconds of CPU, an expert bots' turn
with the coach on full up to 340. So one address could stay inside every count and still
take the workers from everyone else. Here each request is charged with the CPU it actually
took (``time.thread_time`` around it: gunicorn's sync workers serve a request on one thread,
and the bots and the coach run on it), GETs included, to its learner (the account, else the
session, else the address) and to its address, in one statement after the response is made
(:class:`CostMiddleware`). The count that statement returns tells the worker when a budget is
spent; from then until its window ends the visitor gets a 429 with a sentence and
``Retry-After``, before anything is read. Each other worker learns it from its own next
charge, so a budget is overrun by at most a request a worker, each within the 0.5 s cap.
A worker adds up a visitor's cheap requests and sends them as one charge once they reach
``COST_BATCH_MS`` or are a second old (:data:`BATCH_SECONDS`): an answer costs about two
milliseconds, and a statement a request was a sixth of its time on SQLite. So a budget is
also overrun by at most ``COST_BATCH_MS`` a worker, and a visitor who never comes back to a
worker leaves at most that much uncharged there.

And a heavy request (the bots' moves, the coach, a review, the data export: :func:`heavy`)
waits on nobody: while one of a learner's is in flight, a second gets a 429 at once rather
than a second worker. The claim is a row of the counters table, shared by every worker,
taken in one statement, let go in ``finally`` (for a streamed response, when the stream
closes), and expiring by itself after ``HEAVY_REQUEST_SECONDS`` should its worker die.
"""

from __future__ import annotations

import contextvars
import functools
import logging
import math
import os
import secrets
import socket
import struct
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import caches
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from burraco_tutor.limits import by_address, by_learner, window
from counters.cache import TAKERS

View = TypeVar("View", bound=Callable[..., HttpResponseBase])

#: The budgets' window, in seconds: a budget is CPU time a minute.
PERIOD = 60
#: The back seat's shorter window, in seconds (``BACK_SEAT_BURST_MS``).
BURST_SECONDS = 10


@dataclass(frozen=True, slots=True)
class Budget:
    """One budget of CPU: whose (a key function, as the rate limits'), and the setting
    that holds its milliseconds a minute."""

    name: str
    key: Callable[[str, HttpRequest], str]
    setting: str


BUDGETS = (
    Budget("cpu-learner", by_learner, "CPU_MS_PER_LEARNER"),
    Budget("cpu-address", by_address, "CPU_MS_PER_ADDRESS"),
)


def _counters() -> Any:
    """The counters cache (counters.cache.CounterCache), or None when the limits are off."""
    if not getattr(settings, "RATELIMIT_ENABLE", True):
        return None
    return caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]


#: The windows this process knows to be spent, and when each ends (``time.time()``): each
#: worker learns it from the count its own charge returns, so the check before a request
#: costs no statement. A visitor past a budget is served at most one more request by each
#: worker (the one whose charge tells it), each within the 0.5 s cap.
_SPENT: dict[str, float] = {}
#: Spent windows kept at most: one a visitor over a budget this minute.
SPENT_KEPT = 10_000


#: The learners this process knows to have spent ``BACK_SEAT_MS`` this minute (or
#: ``BACK_SEAT_BURST_MS`` in a window of ``BURST_SECONDS``), and when their window ends:
#: their requests run in the back seat (:class:`BackSeat`) until then.
_BACK: dict[str, float] = {}


def _mark_spent(key: str, until: float, now: float, known: dict[str, float] = _SPENT) -> None:
    if len(known) >= SPENT_KEPT:
        for old in [old for old, end in known.items() if end <= now]:
            del known[old]
        if len(known) >= SPENT_KEPT:
            known.clear()  # a flood of spent visitors: they are counted again from the table
    known[key] = until


#: A visitor's charges not sent yet, by the windows they go to: [milliseconds, since when].
_PENDING: dict[tuple[str, ...], list[float]] = {}
_pending_lock = threading.Lock()
#: Charges older than this are sent with the visitor's next request, whatever they add up to.
BATCH_SECONDS = 1.0


def _due(keys: tuple[str, ...], cost: int, now: float) -> int:
    """Add ``cost`` to what these windows are owed; what to charge them now (0: not yet)."""
    batch = int(getattr(settings, "COST_BATCH_MS", 0))
    with _pending_lock:
        owed = _PENDING.get(keys)
        if owed is None:
            if len(_PENDING) >= SPENT_KEPT:
                _PENDING.clear()  # a flood of visitors: at most a batch each goes uncharged
            owed = _PENDING[keys] = [0.0, now]
        owed[0] += cost
        if owed[0] < batch and now - owed[1] < BATCH_SECONDS:
            return 0
        del _PENDING[keys]
        return int(owed[0])


class CostMiddleware:
    """Refuse a visitor whose budget of CPU is spent; charge every other request with the
    CPU it took, in one statement, once its response is made."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        counters = _counters()
        if counters is None:
            return self.get_response(request)
        # The clock starts first: reading the session and the account for the keys is part
        # of what the request costs.
        started = time.thread_time()
        now = time.time()
        # The windows are fixed before the view runs: a log-in does not move the charge.
        windows = [
            (
                *window(f"{budget.name}:{budget.key(budget.name, request)}", PERIOD, now),
                int(getattr(settings, budget.setting)),
            )
            for budget in BUDGETS
        ]
        ends = [_SPENT.get(key, 0.0) for key, _left, _ceiling in windows]
        if max(ends) > now:
            # Refused before anything is read: no cheaper than a 404, so not charged.
            return over_budget(request, max(1, math.ceil(max(ends) - now)))

        behind = 0.0  # CPU seconds the back seat's thread spent on the request
        # Whose spending sends to the back seat: the learner's, but the browsers without an
        # account share their address's (a visitor opens sessions for free; a class plays
        # logged in). Two windows: BACK_SEAT_MS in the minute, and BACK_SEAT_BURST_MS in
        # BURST_SECONDS, so that a minute's allowance cannot go in the first seconds.
        whose = by_learner("back", request)
        anonymous = whose.startswith("session:")
        seat_whose = "back-anonymous:" + by_address("back", request) if anonymous else whose
        minute = window(seat_whose, PERIOD, now) if anonymous else windows[0][:2]
        seats = [
            (*minute, int(settings.BACK_SEAT_MS)),
            (*window("burst:" + seat_whose, BURST_SECONDS, now), int(settings.BACK_SEAT_BURST_MS)),
        ]
        # The learner's minute is charged already; a window whose threshold is 0 is off.
        seats = [seat for seat in seats if seat[2] > 0]
        charged = [(key, left) for key, left, _ceiling in windows]
        charged += [(key, left) for key, left, _ceiling in seats if key != windows[0][0]]

        def charge() -> None:
            cost = max(1, round((time.thread_time() - started + behind) * 1000))
            due = _due(tuple(key for key, _left in charged), cost, now)
            if not due:
                return
            keys = [key for key, _left in charged]
            counts = dict(zip(keys, counters.count(charged, by=due), strict=True))
            for key, left, ceiling in windows:
                if counts[key] >= ceiling:
                    _mark_spent(key, now + left, now)
            for key, left, ceiling in seats:
                if counts[key] >= ceiling:
                    _mark_spent(key, now + left, now, _BACK)

        if max((_BACK.get(key, 0.0) for key, _left, _ceiling in seats), default=0.0) <= now:
            return _after(self.get_response(request), charge)
        # A learner who has spent BACK_SEAT_MS this minute (or BACK_SEAT_BURST_MS in the last
        # BURST_SECONDS): one request of their address's at a time in the back seat, the
        # others refused at once, and after each the seat stays shut to the others long
        # enough that the address holds a worker there at most BACK_SEAT_SHARE_PERCENT of
        # the time.
        if waiting():
            # Someone waits for a worker: the back seat does not take one from them.
            return _after(back_seat_taken(request), charge)
        seat = "back:" + by_address("back", request)
        taker = zlib.crc32(whose.encode()) % TAKERS
        turn = counters.take_turn(seat, int(settings.HEAVY_REQUEST_SECONDS) * 1000, taker)
        if turn is None:
            return _after(back_seat_taken(request), charge)
        held = time.monotonic()

        def leave() -> None:
            wall = round((time.monotonic() - held) * 1000)
            counters.hand_over(seat, turn, _pause(wall, settings.BACK_SEAT_SHARE_PERCENT))

        try:
            response, behind = BACK_SEAT.run(self.get_response, request)
        except BaseException:
            leave()
            raise

        def charge_and_leave() -> None:
            try:
                charge()
            finally:
                leave()

        return _after(response, charge_and_leave)


#: The sockets this worker accepts connections on, set by gunicorn.conf.py once gunicorn
#: has forked it (``post_worker_init``): their accept queues hold the visitors who wait
#: for a worker.
LISTENERS: list[Any] = []


def waiting() -> int:
    """How many connections wait for a worker to accept them: on Linux a listening TCP
    socket's ``TCP_INFO`` holds its accept queue's length where a connection's holds its
    unacknowledged segments (``tcpi_unacked``, the sixth 32-bit field after eight bytes).
    0 where no listener is known (``runserver``, the tests) or it cannot be read."""
    total = 0
    for listener in LISTENERS:
        try:
            info = listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, TCP_INFO_SIZE)
        except (AttributeError, OSError):  # not Linux, or not a TCP socket
            continue
        if len(info) >= TCP_INFO_UNACKED + 4:
            total += struct.unpack_from("I", info, TCP_INFO_UNACKED)[0]
    return total


#: The bytes of ``struct tcp_info`` read, and where ``tcpi_unacked`` sits in it.
TCP_INFO_SIZE = 104
TCP_INFO_UNACKED = 24


class BackSeat:
    """A thread of each worker's, at the lowest CPU priority (nice 19), that serves the
    requests of the learners who have spent ``BACK_SEAT_MS`` of CPU this minute, while the
    worker's own thread waits for it. The kernel then gives the other workers' requests
    the processor first: a player's move at a table is not slowed by an expert match
    running beside it, which takes only what is left over. One a process, started on the
    first request that needs it (after gunicorn forks), with its own database connection,
    closed when it is too old or broken as Django closes a request's. The request's
    translation and time zone go with it (they are context variables). A seat of the
    visitor's address (a row of the counters table) lets one such request in at a time, so
    that a visitor in the back seat never holds more than one worker waiting.

    Where the thread's priority cannot be lowered (not Linux), it still runs the request,
    at the worker's own priority."""

    def __init__(self) -> None:
        self.pid = 0
        self.executor: ThreadPoolExecutor | None = None
        self.lock = threading.Lock()

    def run(
        self, get_response: Callable[[HttpRequest], HttpResponseBase], request: HttpRequest
    ) -> tuple[HttpResponseBase, float]:
        """The response, and the CPU seconds the back seat's thread spent making it."""
        context = contextvars.copy_context()

        def job() -> tuple[HttpResponseBase, float]:
            close_old_connections()
            began = time.thread_time()
            try:
                return context.run(get_response, request), time.thread_time() - began
            finally:
                close_old_connections()

        return self._executor().submit(job).result()

    def _executor(self) -> ThreadPoolExecutor:
        with self.lock:
            if self.executor is None or self.pid != os.getpid():
                self.pid = os.getpid()
                self.executor = ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="back-seat", initializer=_lowest
                )
            return self.executor


def _lowest() -> None:
    """The calling thread at the lowest priority (on Linux a thread has a nice of its own)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACK_SEAT_NICE)
    except (AttributeError, OSError):
        logging.getLogger(__name__).warning("the back seat runs at the worker's priority")


#: The back seat's niceness: the lowest priority there is.
BACK_SEAT_NICE = 19
BACK_SEAT = BackSeat()


def heavy(*methods: str) -> Callable[[View], View]:
    """The decorator of a heavy view (of its requests by these methods; by any, without
    one): one of a learner's at a time, across every worker, and a long one in its
    address's :class:`Lane`. A second one while the first runs, or a long one while the lane
    is busy, is answered 429 at once. Place it under ``@limited``, so a request the rate
    limits refuse never takes a claim."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def one_at_a_time(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if methods and request.method not in methods:
                return view(request, *args, **kwargs)
            counters: Any = caches[getattr(settings, "RATELIMIT_USE_CACHE", "default")]
            whose = by_learner("heavy", request)
            # A visitor with no account and no session yet (a first deal) is known only by
            # the address, which classmates share: no claim of one at a time, but the lane
            # (after a long first deal there, the address's first deals take turns).
            claim = "" if whose.startswith("address:") else "heavy:" + whose
            token = secrets.randbelow(2**62) + 1
            if claim and not counters.add(claim, token, int(settings.HEAVY_REQUEST_SECONDS)):
                return busy(request)
            lane = Lane.enter(counters, whose, request)
            if lane is None:
                if claim:
                    counters.release(claim, token)
                return waiting_turn(request)
            started = time.thread_time()

            def done() -> None:
                lane.leave(round((time.thread_time() - started) * 1000))
                if claim:
                    counters.release(claim, token)

            try:
                response = view(request, *args, **kwargs)
            except BaseException:
                done()
                raise
            return _after(response, done)

        return one_at_a_time  # type: ignore[return-value]

    return decorate


@dataclass(frozen=True, slots=True)
class Lane:
    """An address's lane for long requests. Its learners whose last heavy request was long
    (``EXPENSIVE_MS`` of CPU or more: expert bots, the full coach, a long review, the export)
    run their heavy requests one at a time, and after each the lane stays shut to the others
    for as long as that request took, times ``100 / LANE_SHARE_PERCENT - 1`` (one, at 50):
    so one address's long work takes at most ``LANE_SHARE_PERCENT`` of one core and never
    more than one worker, however many sessions it opens. The learner who just left it may
    come back at once (their next move is not held up by their own last one); one session
    alone is bounded by its own budget, ``CPU_MS_PER_LEARNER``. A class at club tables
    behind one school address is not in it: their moves take a few tens of milliseconds.

    A learner with an account is marked long for ``PERIOD`` seconds after a long request (a
    row of the counters table), so their first long request runs outside the lane. A
    browser without an account takes the lane for every heavy request, from its first: a
    visitor opens sessions for free, and eight new sessions would otherwise each start a
    long request at once. Their short requests free the lane at once, so browsers without
    an account at one address (a family, a café) wait on each other only while one of
    their requests is running; their long ones, and every request of a learner marked
    long, shut it for a while."""

    counters: Any
    whose: str
    key: str
    token: int

    @classmethod
    def enter(cls, counters: Any, whose: str, request: HttpRequest) -> Lane | _Outside | None:
        """The lane taken (or the learner outside it: not long), or None: the lane is busy.
        Browsers without an account always take the lane: a visitor opens sessions for
        free, and each new session's first long request would otherwise run outside it."""
        anonymous = not whose.startswith("user:")
        if not anonymous and not counters.get("long:" + whose):
            return _Outside(counters, whose)
        key = "lane:" + by_address("lane", request)
        taker = zlib.crc32(whose.encode()) % TAKERS
        token = counters.take_turn(key, int(settings.HEAVY_REQUEST_SECONDS) * 1000, taker)
        return None if token is None else cls(counters, whose, key, token)

    def leave(self, cost_ms: int) -> None:
        """Let the lane go, shut to the others for a while; after a short request of a
        browser without an account (one at a club table, not known to be long), at once."""
        _mark(self.counters, self.whose, cost_ms)
        pause = _pause(cost_ms, settings.LANE_SHARE_PERCENT)
        marked = self.whose.startswith("user:")  # in the lane only once marked long
        self.counters.hand_over(self.key, self.token, pause if marked or _long(cost_ms) else 0)


@dataclass(frozen=True, slots=True)
class _Outside:
    """A learner whose heavy requests are short: no lane to leave, only the mark to set."""

    counters: Any
    whose: str

    def leave(self, cost_ms: int) -> None:
        _mark(self.counters, self.whose, cost_ms)


def _pause(held_ms: int, percent: int) -> int:
    """How long a lane or a seat stays shut after it was held ``held_ms``, so that it is
    held at most ``percent`` of the time: as long again at 50, not at all at 100."""
    return held_ms * (100 - int(percent)) // int(percent)


def _long(cost_ms: int) -> bool:
    return cost_ms >= int(settings.EXPENSIVE_MS)


def _mark(counters: Any, whose: str, cost_ms: int) -> None:
    """After a heavy request: a long one marks its learner long for ``PERIOD`` seconds
    (a browser without an account is in the lane anyway)."""
    if _long(cost_ms) and whose.startswith("user:"):
        counters.set("long:" + whose, 1, PERIOD)


def _after(response: HttpResponseBase, then: Callable[[], None]) -> HttpResponseBase:
    """The response, with ``then`` called once it is made: now, or for a streamed one when
    its stream ends or is closed, read or not (the export's cost is in its chunks)."""
    chunks = response.streaming_content if isinstance(response, StreamingHttpResponse) else None
    if not isinstance(chunks, Iterable):  # a whole response (or an async stream: no ASGI here)
        then()
        return response
    assert isinstance(response, StreamingHttpResponse)
    response.streaming_content = _Closing(chunks, then)
    return response


class _Closing:
    """A stream that calls ``then`` once, at its end or when the server closes it (Django
    calls ``close`` on the content it was given; a generator that never started would not
    run its ``finally``)."""

    def __init__(self, chunks: Iterable[Any], then: Callable[[], None]) -> None:
        self.chunks, self.then, self.done = chunks, then, False

    def __iter__(self) -> Iterator[Any]:
        try:
            yield from self.chunks
        finally:
            self.close()

    def close(self) -> None:
        if not self.done:
            self.done = True
            self.then()


def over_budget(request: HttpRequest, seconds: int) -> HttpResponse:
    """The 429 of a spent budget: the sentence says how long to wait, as Retry-After does."""
    sentence = ngettext(
        "You have asked the site for a lot of work in the last minute. Wait %(seconds)d"
        " second, then try again.",
        "You have asked the site for a lot of work in the last minute. Wait %(seconds)d"
        " seconds, then try again.",
        seconds,
    ) % {"seconds": seconds}
    response = _refusal(request, sentence)
    response["Retry-After"] = str(seconds)
    return response


def busy(request: HttpRequest) -> HttpResponse:
    """The 429 of a heavy request while another of the visitor's runs."""
    sentence = _(
        "Your previous request is still being worked on. Wait for it to finish, then try again."
    )
    response = _refusal(request, sentence)
    response["Retry-After"] = "1"
    return response


def waiting_turn(request: HttpRequest) -> HttpResponse:
    """The 429 of a long request while another of the same address's long requests runs
    (:class:`Lane`)."""
    sentence = _(
        "Long requests from your address (the expert bots, the full coach, a review) take"
        " turns, with a pause between them so that other players are served too. Wait a"
        " second, then try again."
    )
    response = _refusal(request, sentence)
    response["Retry-After"] = "1"
    return response


def back_seat_taken(request: HttpRequest) -> HttpResponse:
    """The 429 of a request in the back seat while another of the same address's runs."""
    sentence = _(
        "You have asked the site for a lot of work in the last minute, so your requests now"
        " wait for everyone else's and run one at a time. Wait a second, then try again."
    )
    response = _refusal(request, sentence)
    response["Retry-After"] = "1"
    return response


def _refusal(request: HttpRequest, sentence: str) -> HttpResponse:
    template = "429.html#message" if getattr(request, "htmx", False) else "429.html"
    return render(request, template, {"sentence": sentence}, status=429)
