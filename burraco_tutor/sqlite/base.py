"""SQLite as Django's backend has it, with the workers' writes taking turns on a lock file.

SQLite lets one connection write at a time. A worker that finds another writing waits in
SQLite's busy handler, which sleeps and tries again (1 ms, then 2, 5, 10 ms…), so a write
lock held for a fraction of a millisecond costs the next writer a millisecond or more, and
under load the waits grow. Here a connection to a database file first takes an exclusive
``flock`` on ``<database>-writer`` for each write: for a transaction (``atomic``: BEGIN
IMMEDIATE, which takes SQLite's write lock at once) from BEGIN to COMMIT or ROLLBACK, and
for a write statement outside one (INSERT, UPDATE, DELETE, REPLACE) for that statement.
The kernel hands the file to the next writer waiting the moment it is let go: the writers
queue instead of polling. SQLite's own locking is unchanged underneath, and decides alone
for a writer that does not use the file (another program, a database in memory). A writer
that never ends its transaction would keep the others waiting here, where SQLite alone
would fail them after its timeout; under gunicorn such a worker is killed after its
timeout, and the file is let go with its descriptor. Reads never wait for it (WAL).
"""

from __future__ import annotations

import fcntl
import os
from typing import Any

from django.db.backends.sqlite3 import base

_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class DatabaseWrapper(base.DatabaseWrapper):
    _writer: Any = None
    _holding = False

    def get_new_connection(self, conn_params: Any) -> Any:
        connection = super().get_new_connection(conn_params)
        name = str(self.settings_dict["NAME"])
        if not self.is_in_memory_db():
            self._writer = os.open(f"{name}-writer", os.O_RDWR | os.O_CREAT, 0o600)
        return connection

    def create_cursor(self, name: str | None = None) -> Any:
        cursor = self.connection.cursor(factory=QueuedCursor)
        cursor.wrapper = self
        return cursor

    def take_writer(self) -> bool:
        """Take the lock file, waiting in the kernel's queue for it; False when there is
        none or this connection holds it already."""
        if self._writer is None or self._holding:
            return False
        fcntl.flock(self._writer, fcntl.LOCK_EX)
        self._holding = True
        return True

    def let_writer_go(self) -> None:
        if self._holding:
            self._holding = False
            fcntl.flock(self._writer, fcntl.LOCK_UN)

    def _start_transaction_under_autocommit(self) -> None:
        took = self.take_writer()
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]  # Django's, not in its stubs
        except BaseException:
            if took:
                self.let_writer_go()
            raise

    def _commit(self) -> None:
        try:
            super()._commit()  # type: ignore[misc]  # Django's, not in its stubs
        finally:
            self.let_writer_go()

    def _rollback(self) -> None:
        try:
            super()._rollback()  # type: ignore[misc]  # Django's, not in its stubs
        finally:
            self.let_writer_go()

    def _close(self) -> None:
        try:
            super()._close()  # type: ignore[misc]  # Django's, not in its stubs
        finally:
            self.let_writer_go()
            if self._writer is not None:
                os.close(self._writer)
                self._writer = None


class QueuedCursor(base.SQLiteCursorWrapper):
    """Django's cursor; a write statement outside a transaction takes the lock file."""

    wrapper: DatabaseWrapper

    def execute(self, query: str, params: Any = None) -> Any:
        if self.wrapper._holding or not query.lstrip()[:7].upper().startswith(_WRITES):
            return super().execute(query, params)
        took = self.wrapper.take_writer()
        try:
            return super().execute(query, params)
        finally:
            if took:
                self.wrapper.let_writer_go()
