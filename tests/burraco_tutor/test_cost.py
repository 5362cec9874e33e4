"""The limits by cost (burraco_tutor.cost): each visitor's budget of CPU a minute, charged
with what its requests cost, GETs included; one heavy request of a learner's at a time."""

from __future__ import annotations

import html
import time
from types import SimpleNamespace
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client

from burraco_tutor import cost
from counters.cache import LANE as MOMENT
from counters.models import Counter
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
BUDGET_IT = "Hai chiesto al sito molto lavoro nell'ultimo minuto"
BUSY_IT = "La tua richiesta precedente è ancora in lavorazione"


@pytest.fixture(autouse=True)
def frozen_minute(monkeypatch: pytest.MonkeyPatch) -> float:
    """The budgets count in windows of a minute: a test whose requests straddle a window's
    end would start afresh. Its wall clock stands still (the CPU clock runs); what the
    process knows to be spent is forgotten between tests (tests/conftest.py, fresh_budgets)."""
    frozen = time.time()
    monkeypatch.setattr(
        cost, "time", SimpleNamespace(time=lambda: frozen, thread_time=time.thread_time)
    )
    return frozen


def learner(**extra: Any) -> Client:
    client = Client(**extra)
    client.force_login(UserFactory())
    return client


def test_a_learner_past_the_budget_waits_with_a_sentence_and_retry_after(settings: Any) -> None:
    settings.CPU_MS_PER_LEARNER = 1  # every request costs at least a millisecond
    client = learner()
    assert client.get("/rules/").status_code == 200  # a GET is charged too
    refused = client.get("/rules/")
    assert refused.status_code == 429
    page = html.unescape(refused.content.decode())
    assert BUDGET_IT in page
    assert 1 <= int(refused["Retry-After"]) <= cost.PERIOD + 1
    assert f"Aspetta {refused['Retry-After']} second" in page
    client.cookies["django_language"] = "en"
    english = client.get("/rules/").content.decode()
    assert "You have asked the site for a lot of work in the last minute" in english


def test_learners_behind_one_address_have_a_budget_each(settings: Any) -> None:
    settings.CPU_MS_PER_LEARNER = 1
    first, second = learner(), learner()  # one school address
    first.get("/rules/")
    assert first.get("/rules/").status_code == 429
    assert second.get("/rules/").status_code == 200


def test_one_address_shedding_its_cookies_meets_the_address_budget(settings: Any) -> None:
    settings.CPU_MS_PER_ADDRESS = 1
    assert Client().get("/rules/").status_code == 200
    assert Client().get("/rules/").status_code == 429
    assert learner().get("/rules/").status_code == 429
    assert Client(REMOTE_ADDR="192.0.2.9").get("/rules/").status_code == 200


def test_each_request_is_charged_what_it_cost_to_learner_and_address(
    settings: Any, django_assert_num_queries: Any
) -> None:
    client = learner()
    client.get("/healthz")
    with django_assert_num_queries(3):  # the session, the account; the charge
        client.get("/accounts/login/")
    client.get("/rules/")
    charged = sorted(Counter.objects.values_list("value", flat=True))
    # Two rows (the learner's minute and the address's), each charged both requests.
    assert len(charged) == 2 and charged[0] == charged[1] >= 2


def test_a_workers_cheap_requests_are_charged_together_once_they_add_up(
    settings: Any, django_assert_num_queries: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.COST_BATCH_MS = 5_000
    monkeypatch.setattr(cost, "_PENDING", {})
    client = learner()
    client.get("/rules/")
    with django_assert_num_queries(2):  # the session, the account: no charge yet
        client.get("/accounts/login/")
    assert not Counter.objects.exists()
    settings.COST_BATCH_MS = 1  # what is owed has reached the batch: sent with this one
    with django_assert_num_queries(3):
        client.get("/accounts/login/")
    charged = sorted(Counter.objects.values_list("value", flat=True))
    assert len(charged) == 2 and charged[0] == charged[1] >= 3  # all three requests
    assert not cost._PENDING


def test_a_charge_a_second_old_is_sent_whatever_it_adds_up_to(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.COST_BATCH_MS = 5_000
    monkeypatch.setattr(cost, "_PENDING", {})
    client = learner()
    client.get("/rules/")
    for owed in cost._PENDING.values():
        owed[1] -= cost.BATCH_SECONDS + 1  # as if a second had gone by since
    client.get("/rules/")
    assert sorted(Counter.objects.values_list("value", flat=True))[0] >= 2


def test_a_budget_spent_in_another_worker_is_learnt_from_the_next_charge(
    settings: Any,
) -> None:
    client = learner()
    client.get("/rules/")
    settings.CPU_MS_PER_LEARNER = 1  # as if another worker had spent the rest meanwhile
    assert client.get("/rules/").status_code == 200  # this worker's charge tells it
    assert client.get("/rules/").status_code == 429


def test_a_refusal_reads_and_charges_nothing(settings: Any, django_assert_num_queries: Any) -> None:
    settings.CPU_MS_PER_ADDRESS = 1
    Client().get("/rules/")
    with django_assert_num_queries(0):
        assert Client().get("/rules/").status_code == 429


def test_for_htmx_the_refusal_is_a_fragment_for_the_pages_messages(settings: Any) -> None:
    settings.CPU_MS_PER_LEARNER = 1
    client = learner()
    client.get("/rules/")
    response = client.get("/rules/", headers={"HX-Request": "true"})
    fragment = html.unescape(response.content.decode())
    assert response.status_code == 429
    assert "<html" not in fragment and 'class="alert alert-warning' in fragment
    assert BUDGET_IT in fragment


def test_the_budgets_are_off_with_the_rate_limits(settings: Any) -> None:
    settings.RATELIMIT_ENABLE = False
    settings.CPU_MS_PER_LEARNER = 0
    assert learner().get("/rules/").status_code == 200
    assert not Counter.objects.exists()


def test_healthz_skips_the_budgets_and_the_rest_of_the_middleware(settings: Any) -> None:
    settings.CPU_MS_PER_ADDRESS = 0
    response = Client().get("/healthz")
    assert response.status_code == 200 and response.content == b"ok"
    assert "Content-Security-Policy" not in response and not response.cookies
    assert not Counter.objects.exists()


# --- one heavy request at a time -------------------------------------------------------------


def claim_of(client: Client) -> str:
    return f"heavy:user:{client.session['_auth_user_id']}"


def test_a_heavy_request_while_another_runs_is_refused_at_once() -> None:
    client = learner()
    counters = caches["counters"]
    assert counters.add(claim_of(client), 7, 30)  # the first, still running in another worker
    refused = client.get("/accounts/data/")
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert BUSY_IT in refused.content.decode()
    # Another learner's heavy request does not wait on it.
    assert learner().get("/accounts/data/").status_code == 200
    assert counters.release(claim_of(client), 7)
    assert client.get("/accounts/data/").status_code == 200


def test_a_heavy_request_lets_go_of_its_claim_when_done() -> None:
    def view(request: Any) -> Any:
        assert caches["counters"].get("heavy:user:6") is not None  # held while it runs
        return HttpResponse("done")

    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=6), method="POST")
    statuses = [cost.heavy()(view)(request).status_code for _ in range(3)]
    assert statuses == [200, 200, 200]
    assert caches["counters"].get("heavy:user:6") is None


def test_the_claim_of_a_crashed_worker_expires() -> None:
    client = learner()
    caches["counters"].add(claim_of(client), 7, 0)  # its worker died; the claim has expired
    assert client.get("/accounts/data/").status_code == 200


def test_a_heavy_view_that_raises_lets_go_of_its_claim(settings: Any) -> None:
    settings.HEAVY_REQUEST_SECONDS = 30

    def broken(request: Any) -> Any:
        raise RuntimeError("boom")

    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=5), method="GET")
    with pytest.raises(RuntimeError):
        cost.heavy()(broken)(request)
    assert caches["counters"].get("heavy:user:5") is None


def test_classmates_with_no_session_yet_do_not_refuse_each_other() -> None:
    def view(request: Any) -> Any:
        return str(caches["counters"].get("heavy:address:192.0.2.1"))

    request = SimpleNamespace(
        user=None, session=None, method="POST", META={"REMOTE_ADDR": "192.0.2.1"}
    )
    assert cost.heavy()(view)(request) == "None"  # no claim on the shared address


def test_only_the_named_methods_of_a_view_are_heavy() -> None:
    seen: list[str] = []

    def view(request: Any) -> Any:
        seen.append(str(caches["counters"].get("heavy:user:5")))
        return StreamingHttpResponse([])

    request = SimpleNamespace(user=SimpleNamespace(is_authenticated=True, pk=5), method="GET")
    cost.heavy("POST")(view)(request)
    assert seen == ["None"]


def test_a_streamed_response_lets_go_when_its_stream_ends_or_closes_unread() -> None:
    calls: list[str] = []
    read = StreamingHttpResponse(iter([b"a", b"b"]))
    cost._after(read, lambda: calls.append("read"))
    assert calls == []  # the export's cost is in its chunks: not made yet
    assert b"".join(read.streaming_content) == b"ab"  # type: ignore[arg-type]
    read.close()
    unread = StreamingHttpResponse(iter([b"a"]))
    cost._after(unread, lambda: calls.append("unread"))
    unread.close()
    assert calls == ["read", "unread"]


# --- the lane of an address's long requests --------------------------------------------------

LANE_IT = "Le richieste lunghe dal tuo indirizzo"
LANE = "lane:address:127.0.0.1"


def export(client: Client) -> int:
    """The learner's data export (a heavy view), read to its end as a browser would: its
    claims are let go when the stream ends."""
    response = client.get("/accounts/data/")
    if response.streaming:
        b"".join(response.streaming_content)  # type: ignore[arg-type]
    return response.status_code


def long_learner(client: Client) -> Client:
    """Mark the client's learner long, as a long heavy request of theirs would."""
    caches["counters"].set(f"long:user:{client.session['_auth_user_id']}", 1, cost.PERIOD)
    return client


def test_a_long_heavy_request_marks_its_learner_and_a_short_one_does_not(settings: Any) -> None:
    client = learner()
    long_key = f"long:user:{client.session['_auth_user_id']}"
    settings.EXPENSIVE_MS = 10**6  # nothing is long
    assert export(client) == 200
    assert caches["counters"].get(long_key) is None
    settings.EXPENSIVE_MS = 0  # everything is long
    assert export(client) == 200
    assert caches["counters"].get(long_key) == 1


def test_long_learners_of_one_address_take_turns_and_short_ones_pass(settings: Any) -> None:
    settings.EXPENSIVE_MS = 10**6
    settings.LANE_SHARE_PERCENT = 100  # no pause after a request: only the turns are tested
    first, second = long_learner(learner()), long_learner(learner())
    counters = caches["counters"]
    token = counters.take_turn(LANE, 30_000, taker=1)  # the first one's long request, running
    assert token is not None
    refused = second.get("/accounts/data/")
    assert refused.status_code == 429 and refused["Retry-After"] == "1"
    assert LANE_IT in html.unescape(refused.content.decode())
    second.cookies["django_language"] = "en"
    assert "Long requests from your address" in second.get("/accounts/data/").content.decode()
    # The refused learner let go of their own claim: another request is no "still running".
    assert counters.get(claim_of(second)) is None
    # A classmate whose requests are short is not in the lane; another address has its own.
    assert export(learner()) == 200
    assert export(long_learner(learner(REMOTE_ADDR="192.0.2.9"))) == 200
    assert counters.hand_over(LANE, token, 0)
    assert export(second) == 200
    assert export(first) == 200


def test_after_a_long_request_the_lane_stays_shut_to_the_others_as_long_again(
    settings: Any,
) -> None:
    settings.EXPENSIVE_MS = 10**6  # marked long, a learner's short requests shut it too
    settings.LANE_SHARE_PERCENT = 50
    client, classmate = long_learner(learner()), long_learner(learner())
    assert export(client) == 200
    free_at = Counter.objects.get(name__endswith=LANE).value // MOMENT
    now_ms = time.time() * 1000
    # Shut for the request's CPU time once more: some milliseconds, far less than the 30 s
    # for which a running request holds it.
    assert now_ms - 1000 < free_at < now_ms + 5_000
    # The one who left it comes back at once: their next move waits on nobody.
    assert export(client) == 200
    settings.LANE_SHARE_PERCENT = 1  # a pause of 99 times the request: the classmate waits
    assert export(client) == 200
    assert classmate.get("/accounts/data/").status_code == 429
    # Someone waits now: the pause holds for the one who left it too, so the two alternate.
    assert client.get("/accounts/data/").status_code == 429
    settings.LANE_SHARE_PERCENT = 100  # the whole core: no pause at all
    row = Counter.objects.get(name__endswith=LANE)
    caches["counters"].hand_over(LANE, row.value, 0)
    assert export(classmate) == 200
    assert export(client) == 200


def test_a_lane_is_let_go_only_by_its_taker_and_expires_with_a_dead_worker() -> None:
    counters = caches["counters"]
    token = counters.take_turn(LANE, 30_000, taker=1)
    assert token is not None and counters.take_turn(LANE, 30_000, taker=2) is None
    assert not counters.hand_over(LANE, token + 1, 0)  # not the taker's token
    assert counters.hand_over(LANE, token, 60_000)  # a pause of a minute, for the others
    assert counters.take_turn(LANE, 30_000, taker=2) is None
    # Taker 2 waited: taker 1 may not skip the pause either.
    assert counters.take_turn(LANE, 30_000, taker=1) is None
    alone = counters.take_turn("lane:address:192.0.2.7", 30_000, taker=3)
    assert alone is not None
    assert counters.hand_over("lane:address:192.0.2.7", alone, 60_000)
    # Nobody waited: the one who left it comes back at once, and the pause stays for others.
    again = counters.take_turn("lane:address:192.0.2.7", 0, taker=3)  # its worker then dies
    assert again is not None
    assert counters.take_turn("lane:address:192.0.2.7", 30_000, taker=4) is not None


def test_a_first_deal_with_no_session_takes_the_lane(settings: Any) -> None:
    settings.EXPENSIVE_MS = 10**6  # nothing is long: the lane is taken all the same
    seen: list[Any] = []

    def view(request: Any) -> Any:
        seen.append(caches["counters"].get("lane:address:192.0.2.1"))
        return HttpResponse("dealt")

    request = SimpleNamespace(
        user=None, session=None, method="POST", META={"REMOTE_ADDR": "192.0.2.1"}
    )
    assert cost.heavy()(view)(request).status_code == 200
    assert seen[0] is not None  # held while it ran
    assert caches["counters"].get("long:address:192.0.2.1") is None  # no mark: always


def anonymous(address: str = "127.0.0.1") -> Client:
    """A browser with a session and no account."""
    client = Client(REMOTE_ADDR=address)
    session = client.session
    session["seen"] = True
    session.save()
    client.cookies[django_settings.SESSION_COOKIE_NAME] = session.session_key or ""
    return client


def test_browsers_without_an_account_take_their_addresss_lane_from_their_first_request(
    settings: Any,
) -> None:
    # A visitor opens sessions for free: eight new ones would each run a first long request
    # outside the lane, all at once. Without an account, every heavy request takes it.
    settings.EXPENSIVE_MS = 10**6  # nothing is long
    settings.LANE_SHARE_PERCENT = 100
    counters = caches["counters"]
    token = counters.take_turn(LANE, 30_000, taker=1)  # one of the address's, running
    assert token is not None
    refused = anonymous().post("/play/", {})
    assert refused.status_code == 429 and LANE_IT in html.unescape(refused.content.decode())
    # A learner with an account whose requests are short is not held up, nor a browser
    # without one at another address.
    assert export(learner()) == 200
    assert anonymous("192.0.2.9").post("/play/", {}).status_code == 400
    assert counters.hand_over(LANE, token, 0)
    assert anonymous().post("/play/", {}).status_code == 400  # its turn: the form's answer
    # A short request frees the lane at once, even with a pause of 99 times its cost; a
    # long one shuts it to the address's other browsers.
    settings.LANE_SHARE_PERCENT = 1
    assert anonymous().post("/play/", {}).status_code == 400
    assert anonymous().post("/play/", {}).status_code == 400
    settings.EXPENSIVE_MS = 0
    assert anonymous().post("/play/", {}).status_code == 400
    assert anonymous().post("/play/", {}).status_code == 429
