"""Django's database sessions (settings.SESSION_ENGINE), read in a written-out query: every
request with a session cookie reads its session first, and the ORM took longer to build that
one query than the database took to run it (bench/profile.py account). Saving, creating
and deleting a session are Django's own."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def load(self) -> dict[str, Any]:
        """The session's data if its key names a live session, else nothing (and the key is
        forgotten, as Django's own store does)."""
        key = self.session_key
        if key is None:
            return {}
        model = self.model
        database = router.db_for_read(model)
        connection = connections[database]
        name = connection.ops.quote_name
        column = {f.name: name(str(f.column)) for f in model._meta.concrete_fields}
        sql = (
            f"SELECT {column['session_data']} FROM {name(model._meta.db_table)} "  # nosec B608 - names from the model, values bound
            f"WHERE {column['session_key']} = %s AND {column['expire_date']} > %s"
        )
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(sql, [key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        data: dict[str, Any] = self.decode(row[0])
        return data
