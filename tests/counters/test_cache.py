"""counters.cache.CounterCache: the rate limits' counts, one statement each."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import RequestFactory
from django_ratelimit.core import get_usage

pytestmark = pytest.mark.django_db


@pytest.fixture
def counters() -> Any:
    return caches["counters"]


def test_add_sets_a_missing_or_expired_count_and_leaves_a_live_one(counters: Any) -> None:
    assert counters.add("tries", 1, 60)
    assert not counters.add("tries", 5, 60)
    assert counters.get("tries") == 1
    counters.add("old", 7, 0)  # a timeout of 0 has expired already
    assert counters.get("old") is None
    assert counters.add("old", 2, 60) and counters.get("old") == 2


def test_incr_counts_a_live_key_and_refuses_a_missing_one(counters: Any) -> None:
    counters.add("tries", 1, 60)
    assert counters.incr("tries") == 2
    assert counters.incr("tries", 3) == 5
    with pytest.raises(ValueError):
        counters.incr("never")
    counters.set("gone", 4, 0)
    with pytest.raises(ValueError):
        counters.incr("gone")


def test_set_delete_touch_and_clearing_the_expired(counters: Any) -> None:
    counters.set("a", 3, 60)
    counters.set("a", 4, 60)
    assert counters.get("a") == 4 and counters.has_key("a")
    assert counters.touch("a", 120) and not counters.touch("missing")
    assert counters.delete("a") and counters.get("a", "none") == "none"
    counters.set("b", 1, 0)
    counters.set("c", 1, 60)
    assert counters.clear_expired() == 1
    with pytest.raises(TypeError):
        counters.set("d", "text", 60)


def test_a_rate_limit_counts_in_one_statement_once_its_window_has_begun(
    django_assert_num_queries: Any,
) -> None:
    # On the database cache each count took five to eleven queries (a COUNT(*) of the
    # whole table before every write): the answer's two limits were 16 of its 37 queries.
    request = RequestFactory().post("/", REMOTE_ADDR="203.0.113.5")

    def count() -> Any:
        return get_usage(request, group="g", key="ip", rate="5/m", increment=True)

    with django_assert_num_queries(1):
        assert count()["count"] == 1
    with django_assert_num_queries(2):
        assert count()["count"] == 2
    for _ in range(3):
        count()
    assert count()["should_limit"]


def test_on_postgresql_the_counts_table_is_unlogged() -> None:
    # Each count was a commit that waited for the disk: the soak's learners lost a tenth of
    # their throughput to it.
    if connection.vendor != "postgresql":
        pytest.skip("UNLOGGED is PostgreSQL's; CI runs this on PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute("SELECT relpersistence FROM pg_class WHERE relname = 'counters_counter'")
        assert cursor.fetchone() == ("u",)


def test_count_adds_a_cost_in_one_statement(counters: Any, django_assert_num_queries: Any) -> None:
    with django_assert_num_queries(1):
        assert counters.count([("cpu", 60), ("cpu-address", 60)], by=120) == [120, 120]
    assert counters.count([("cpu", 60)], by=30) == [150]
    counters.count([("gone", 0)], by=5)  # its window has passed
    assert counters.count([("gone", 60)], by=2) == [2]  # an expired count starts afresh


def test_release_lets_go_of_a_claim_only_for_its_holder(counters: Any) -> None:
    assert counters.add("claim", 11, 60) and not counters.add("claim", 12, 60)
    assert not counters.release("claim", 12)
    assert counters.release("claim", 11) and counters.add("claim", 12, 60)
