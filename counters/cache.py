"""Counters shared by every worker, for the rate limits: one statement a count.

django-ratelimit counts through a Django cache: ``add`` the key for its window, and when it
is there already, ``incr`` it. On Django's database cache that was five to eleven queries a
limit (each write counts the whole table's rows before it writes, and ``incr`` is a read and
a write in a transaction), so the two limits of an answer took 16 of its 37 queries, with the
table's count growing with every window of every learner. Here ``add`` is one INSERT … ON
CONFLICT that takes an expired row's place, and ``incr`` one UPDATE … RETURNING, atomic on
SQLite and PostgreSQL alike; expired rows are left to ``clear_expired``, which
``manage.py clear_anonymous`` runs daily. It holds whole numbers only, which is all counting
needs. (Redis would serve as well; the site keeps to the database it already has.)
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.db import connections, models, router
from django.utils import timezone

from counters.models import Counter


class CounterCache(BaseCache):
    """A cache of whole numbers in the ``counters_counter`` table."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)

    # --- what django-ratelimit and the cache API use ---------------------------------------

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        """Set the count if the key is missing or expired; True when it was set."""
        name = self.make_and_validate_key(key, version=version)
        table, column = self._names()
        sql = (
            f"INSERT INTO {table} ({column['name']}, {column['value']}, {column['expires']}) "  # nosec B608 - names from the model, values bound
            f"VALUES (%s, %s, %s) ON CONFLICT ({column['name']}) DO UPDATE SET "
            f"{column['value']} = excluded.{column['value']}, "
            f"{column['expires']} = excluded.{column['expires']} "
            f"WHERE {table}.{column['expires']} <= %s"
        )
        params = [name, _whole(value), self._adapt(self._expiry(timeout)), self._now()]
        return self._execute(sql, params, write=True) == 1

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        """Add ``delta`` to a live count and return it; ValueError when there is none."""
        name = self.make_and_validate_key(key, version=version)
        table, column = self._names()
        sql = (
            f"UPDATE {table} SET {column['value']} = {column['value']} + %s "  # nosec B608 - names from the model, values bound
            f"WHERE {column['name']} = %s AND {column['expires']} > %s RETURNING {column['value']}"
        )
        row = self._fetch(sql, [_whole(delta), name, self._now()], write=True)
        if row is None:
            raise ValueError(f"Key '{key}' not found.")
        return int(row[0])

    def count(self, windows: list[tuple[str, int]], by: int = 1) -> list[int]:
        """Count ``by`` more (one, or the milliseconds a request cost) in each of these
        keys, each live for its timeout in seconds from its first count, in one statement
        (an INSERT … ON CONFLICT … RETURNING of every row); the counts after it, in the
        keys' order. The rate limits of a flow (burraco_tutor.limits) are counted together
        with it, and a request's cost (burraco_tutor.cost) is charged with it."""
        if not windows:
            return []
        table, column = self._names()
        name, value, expires = column["name"], column["value"], column["expires"]
        rows = ", ".join(["(%s, %s, %s)"] * len(windows))
        sql = (
            f"INSERT INTO {table} ({name}, {value}, {expires}) VALUES {rows} "  # nosec B608 - names from the model, values bound
            f"ON CONFLICT ({name}) DO UPDATE SET "
            f"{value} = CASE WHEN {table}.{expires} <= %s THEN excluded.{value} "
            f"ELSE {table}.{value} + excluded.{value} END, "
            f"{expires} = CASE WHEN {table}.{expires} <= %s "
            f"THEN excluded.{expires} ELSE {table}.{expires} END "
            f"RETURNING {name}, {value}"
        )
        names = [self.make_and_validate_key(key) for key, _timeout in windows]
        params: list[Any] = []
        for named, (_key, timeout) in zip(names, windows, strict=True):
            params += [named, _whole(by), self._adapt(self._expiry(timeout))]
        now = self._now()
        params += [now, now]
        alias = router.db_for_write(Counter)
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            counts = {row[0]: int(row[1]) for row in cursor.fetchall()}
        return [counts[named] for named in names]

    def take_turn(
        self, key: Any, hold_ms: int, taker: int, version: int | None = None
    ) -> int | None:
        """Take the lane ``key`` for ``taker`` (0 to ``TAKERS`` - 1), busy for ``hold_ms``
        at most, if it is free: no row, an expired one, one whose "busy until" has passed,
        or one this taker held last while nobody else asked (its pause is for the others).
        The value it now holds, the taker's token for :meth:`hand_over`; None when it is
        busy, and the lane then notes that someone waits, so that its holder's pause holds
        for the holder too. The value is the moment in epoch milliseconds times ``LANE``,
        plus ``WAITING`` when someone waits, plus the taker: one statement to take, two to
        be refused."""
        name = self.make_and_validate_key(key, version=version)
        table, column = self._names()
        now_ms = int(time.time() * 1000)
        token = (now_ms + hold_ms) * LANE + taker
        value = f"{table}.{column['value']}"
        sql = (
            f"INSERT INTO {table} ({column['name']}, {column['value']}, {column['expires']}) "  # nosec B608 - names from the model, values bound
            f"VALUES (%s, %s, %s) ON CONFLICT ({column['name']}) DO UPDATE SET "
            f"{column['value']} = excluded.{column['value']}, "
            f"{column['expires']} = excluded.{column['expires']} "
            f"WHERE {table}.{column['expires']} <= %s OR {value} < %s OR {value} %% %s = %s"
        )
        expires = self._adapt(self._expiry(hold_ms // 1000 + 2))
        params = [name, token, expires, self._now(), (now_ms + 1) * LANE, LANE, taker]
        if self._execute(sql, params, write=True) == 1:
            return token
        waits = (
            f"UPDATE {table} SET {column['value']} = {column['value']} | %s "  # nosec B608 - names from the model, values bound
            f"WHERE {column['name']} = %s"
        )
        self._execute(waits, [WAITING, name], write=True)
        return None

    def hand_over(self, key: Any, token: int, free_in_ms: int, version: int | None = None) -> bool:
        """Let go of a lane taken with :meth:`take_turn` (and still held by this token):
        free for the others in ``free_in_ms`` milliseconds (0: at once), and for its taker
        now unless someone waited meanwhile."""
        name = self.make_and_validate_key(key, version=version)
        table, column = self._names()
        sql = (
            f"UPDATE {table} SET {column['value']} = %s + {column['value']} %% %s "  # nosec B608 - names from the model, values bound
            f"WHERE {column['name']} = %s AND {column['value']} | %s = %s"
        )
        free_at = (int(time.time() * 1000) + max(0, free_in_ms)) * LANE
        params = [free_at, LANE, name, WAITING, _whole(token) | WAITING]
        return self._execute(sql, params, write=True) == 1

    def release(self, key: Any, value: int, version: int | None = None) -> bool:
        """Delete the key if it still holds ``value``: a claim taken with ``add`` (and a
        token of its own) is let go by its holder only, never one taken after it expired."""
        name = self.make_and_validate_key(key, version=version)
        table, column = self._names()
        sql = f"DELETE FROM {table} WHERE {column['name']} = %s AND {column['value']} = %s"  # nosec B608 - names from the model, values bound
        return self._execute(sql, [name, _whole(value)], write=True) == 1

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        name = self.make_and_validate_key(key, version=version)
        table, column = self._names()
        sql = (
            f"SELECT {column['value']} FROM {table} "  # nosec B608 - names from the model, values bound
            f"WHERE {column['name']} = %s AND {column['expires']} > %s"
        )
        row = self._fetch(sql, [name, self._now()], write=False)
        return default if row is None else int(row[0])

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        name = self.make_and_validate_key(key, version=version)
        Counter.objects.update_or_create(
            name=name, defaults={"value": _whole(value), "expires": self._expiry(timeout)}
        )

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        name = self.make_and_validate_key(key, version=version)
        live = Counter.objects.filter(name=name, expires__gt=timezone.now())
        return bool(live.update(expires=self._expiry(timeout)))

    def delete(self, key: Any, version: int | None = None) -> bool:
        name = self.make_and_validate_key(key, version=version)
        return bool(Counter.objects.filter(name=name).delete()[0])

    def clear(self) -> None:
        Counter.objects.all().delete()

    def clear_expired(self) -> int:
        """Delete the counts whose window has passed; how many went."""
        return int(Counter.objects.filter(expires__lte=timezone.now()).delete()[0])

    # --- the table and the clock -------------------------------------------------------------

    def _names(self) -> tuple[str, dict[str, str]]:
        quote = connections[router.db_for_write(Counter)].ops.quote_name
        fields = {name: quote(_column(name)) for name in _FIELDS}
        return quote(Counter._meta.db_table), fields

    def _now(self) -> Any:
        """Now, as the database compares it in raw SQL."""
        return self._adapt(timezone.now().replace(microsecond=0))

    def _expiry(self, timeout: Any) -> datetime:
        when = self.get_backend_timeout(timeout)
        zone = UTC if settings.USE_TZ else None
        if when is None:
            return datetime.max.replace(microsecond=0, tzinfo=zone)
        return datetime.fromtimestamp(when, tz=zone).replace(microsecond=0)

    def _adapt(self, moment: datetime) -> Any:
        connection = connections[router.db_for_write(Counter)]
        return connection.ops.adapt_datetimefield_value(moment)

    def _execute(self, sql: str, params: list[Any], write: bool) -> int:
        alias = router.db_for_write(Counter) if write else router.db_for_read(Counter)
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            return int(cursor.rowcount)

    def _fetch(self, sql: str, params: list[Any], write: bool) -> tuple[Any, ...] | None:
        alias = router.db_for_write(Counter) if write else router.db_for_read(Counter)
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            row: tuple[Any, ...] | None = cursor.fetchone()
            return row


_FIELDS = ("name", "value", "expires")
#: A lane's value (CounterCache.take_turn) is a moment times LANE, plus WAITING when someone
#: was refused, plus its last taker, one of TAKERS: learners are told apart by a hash, so two
#: in five hundred share a number, and one may then skip the other's pause.
LANE = 1024
WAITING = 512
TAKERS = 512


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("a counter holds whole numbers only")
    return value


def _column(name: str) -> str:
    """The table column of one of Counter's fields (all of them concrete)."""
    field = Counter._meta.get_field(name)
    assert isinstance(field, models.Field) and field.column is not None
    return field.column
