"""Django's database sessions (settings.SESSION_ENGINE), read in a written-out query: every
request with a session cookie reads its session first, and the ORM took longer to build that
one query than the database took to run it (bench/profile.py account). The session's
signed text is checked once a process: a session read again unchanged (every request of a
learner who is not logging in or out) is only parsed (:func:`_verified`). Saving, creating
and deleting a session are Django's own."""

from __future__ import annotations

import logging
import zlib
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.contrib.sessions.backends import db
from django.core import signing
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

    def decode(self, session_data: bytes | str) -> dict[str, Any]:
        """As Django's: the session's data, or nothing (and a warning logged) when its
        signature is wrong. The signature is checked once for each text, key and salt
        (:func:`_verified`); the data is parsed afresh each time, so no two requests share
        a value."""
        if not isinstance(session_data, str):
            return super().decode(session_data)
        keys = (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS)
        try:
            data = _verified(session_data, self.key_salt, keys)
            decoded: dict[str, Any] = self.serializer().loads(data)
            return decoded
        except signing.BadSignature:
            logging.getLogger("django.security.SuspiciousSession").warning("Session data corrupted")
        except Exception:  # noqa: BLE001 - as Django's: any unreadable session is empty
            return {}
        return {}


@lru_cache(maxsize=4096)
def _verified(session_data: str, salt: str, keys: tuple[str, ...]) -> bytes:
    """The serialized data in a signed session text, once its signature checks against one
    of ``keys`` (settings.SECRET_KEY and its fallbacks): signing.loads without the last
    step. A text is the same data signed the same way each time it is read, so its check is
    kept (for each key and salt); a bad signature raises BadSignature and is not kept."""
    signer = signing.TimestampSigner(key=keys[0], salt=salt, fallback_keys=list(keys[1:]))
    base64d = signer.unsign(session_data).encode()
    if base64d[:1] == b".":
        return zlib.decompress(signing.b64_decode(base64d[1:]))
    return signing.b64_decode(base64d)
