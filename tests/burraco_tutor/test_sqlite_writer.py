"""The SQLite backend's writer queue (burraco_tutor/sqlite/base.py): on a database file, a
transaction holds the lock file from BEGIN to COMMIT or ROLLBACK, a write outside one for
its statement, and a second connection's write waits for it in the kernel's queue."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from burraco_tutor.sqlite.base import DatabaseWrapper


def _wrapper(path: Path) -> DatabaseWrapper:
    settings = {
        "NAME": str(path),
        "ENGINE": "burraco_tutor.sqlite",
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        "TIME_ZONE": None,
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "AUTOCOMMIT": True,
        "ATOMIC_REQUESTS": False,
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
        "TEST": {},
    }
    wrapper = DatabaseWrapper(settings, alias=f"writer-{id(settings)}")
    wrapper.ensure_connection()
    return wrapper


def _held(path: Path) -> bool:
    """Is the lock file taken? (Asked through a descriptor of its own.)"""
    probe = os.open(f"{path}-writer", os.O_RDWR)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(probe)
    return False


@pytest.fixture(autouse=True)
def _own_databases(django_db_blocker: Any) -> Any:
    """These tests open databases of their own, in files, not the test database."""
    with django_db_blocker.unblock():
        yield


@pytest.fixture
def database(tmp_path: Path) -> Any:
    path = tmp_path / "db.sqlite3"
    first = _wrapper(path)
    with first.cursor() as cursor:
        cursor.execute("CREATE TABLE t (n INTEGER)")
    yield path, first
    first.close()


def test_a_transaction_holds_the_writer_until_it_ends(database: Any) -> None:
    path, connection = database
    assert not _held(path)
    connection._start_transaction_under_autocommit()
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO t VALUES (%s)", [1])
    assert _held(path)
    connection._commit()
    assert not _held(path)
    connection._start_transaction_under_autocommit()
    assert _held(path)
    connection._rollback()
    assert not _held(path)


def test_a_write_outside_a_transaction_takes_it_for_its_statement(database: Any) -> None:
    path, connection = database
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO t VALUES (%s)", [2])
        assert not _held(path)
        cursor.execute("SELECT count(*) FROM t")
        assert cursor.fetchone() == (1,)


def test_closing_a_connection_lets_the_writer_go(database: Any) -> None:
    path, connection = database
    connection._start_transaction_under_autocommit()
    assert _held(path)
    connection.close()
    assert not _held(path)


def test_another_connection_s_write_waits_for_the_transaction(database: Any) -> None:
    path, first = database
    order: list[str] = []
    first._start_transaction_under_autocommit()

    def write() -> None:
        second = _wrapper(path)
        try:
            with second.cursor() as cursor:
                cursor.execute("INSERT INTO t VALUES (%s)", [3])
            order.append("second wrote")
        finally:
            second.close()

    thread = threading.Thread(target=write)
    thread.start()
    time.sleep(0.2)
    order.append("first commits")
    first._commit()
    thread.join(10)
    assert order == ["first commits", "second wrote"]


def test_a_database_in_memory_takes_no_lock_file() -> None:
    wrapper = _wrapper(Path(":memory:"))
    try:
        wrapper._start_transaction_under_autocommit()
        assert wrapper._writer is None
        wrapper._rollback()
    finally:
        wrapper.close()
