"""The log-in backend: Django's, reading the account's profile with the account."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.db import connections, router

from accounts.models import Profile


class ProfileBackend(ModelBackend):
    """Every page shows the learner's display name and asks whether they teach: the profile
    comes in the query that reads the account on each request, not in a second one."""

    def get_user(self, user_id: Any) -> Any:
        user = account_with_profile(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


def account_with_profile(user_id: Any) -> Any:
    """The account ``user_id`` names with its profile (as ``select_related("profile")``
    reads them: ``user.profile`` costs no query, and raises as usual when there is none),
    or None. Written out: every request of a logged-in visitor reads its account, and the
    ORM took longer to build that one query than the database took to run it
    (bench/profile.py account); the statement and the columns' converters are worked out
    once for each connection (:func:`_plan`)."""
    model = get_user_model()
    key = model._meta.pk
    assert key is not None
    try:
        pk = key.to_python(user_id)
    except Exception:  # noqa: BLE001 - whatever the session held, it names no account
        return None
    database = router.db_for_read(model)
    connection = connections[database]
    plan = _plan(connection, model)
    with connection.cursor() as cursor:
        cursor.execute(plan.sql, [pk])
        row = cursor.fetchone()
    if row is None:
        return None
    split = len(plan.users)
    user = model.from_db(
        database, plan.users, _values(connection, plan.user_converters, row[:split])
    )
    values = row[split:]
    profile = None
    if values[0] is not None:
        profile = Profile.from_db(
            database, plan.profiles, _values(connection, plan.profile_converters, values)
        )
        profile._state.fields_cache["user"] = user
    user._state.fields_cache["profile"] = profile
    return user


@dataclass(frozen=True)
class _Plan:
    """The account's read, for one connection and user model: the statement, the fields'
    names in its order, and each column's converters (as the ORM would apply them)."""

    sql: str
    users: list[str]
    profiles: list[str]
    user_converters: tuple[tuple[Any, tuple[Any, ...]], ...]
    profile_converters: tuple[tuple[Any, tuple[Any, ...]], ...]


@lru_cache(maxsize=16)
def _plan(connection: Any, model: Any) -> _Plan:
    key = model._meta.pk
    users, profiles = model._meta.concrete_fields, Profile._meta.concrete_fields
    name = connection.ops.quote_name
    columns = [f"u.{name(str(field.column))}" for field in users]
    columns += [f"p.{name(str(field.column))}" for field in profiles]
    owner = name(str(Profile._meta.get_field("user").column))
    sql = (
        f"SELECT {', '.join(columns)} FROM {name(model._meta.db_table)} u "  # nosec B608 - names from the models, the value bound
        f"LEFT JOIN {name(Profile._meta.db_table)} p ON p.{owner} = u.{name(str(key.column))} "
        f"WHERE u.{name(str(key.column))} = %s"
    )
    return _Plan(
        sql,
        [field.attname for field in users],
        [field.attname for field in profiles],
        _converters(connection, users),
        _converters(connection, profiles),
    )


def _converters(connection: Any, fields: Any) -> tuple[tuple[Any, tuple[Any, ...]], ...]:
    """Each field's column and its converters, as the ORM finds them."""
    found = []
    for field in fields:
        column = field.get_col(field.model._meta.db_table)
        found.append(
            (
                column,
                tuple(
                    connection.ops.get_db_converters(column) + field.get_db_converters(connection)
                ),
            )
        )
    return tuple(found)


def _values(
    connection: Any, converters: tuple[tuple[Any, tuple[Any, ...]], ...], raw: tuple[Any, ...]
) -> list[Any]:
    """The row's values as the ORM would give them (a SQLite boolean or date, converted)."""
    values = list(raw)
    for index, (column, functions) in enumerate(converters):
        for converter in functions:
            values[index] = converter(values[index], column, connection)
    return values
