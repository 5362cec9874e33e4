"""The session store (burraco_tutor/sessions.py): Django's database sessions, read in one
written-out query; a key that names no live session is nothing, and is forgotten."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.utils import timezone

from burraco_tutor.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_a_saved_session_is_read_back_in_one_query(django_assert_num_queries: Any) -> None:
    saved = SessionStore()
    saved["theme"] = "R23"
    saved.save()
    with django_assert_num_queries(1):
        read = SessionStore(saved.session_key)
        assert read["theme"] == "R23"
    assert read.session_key == saved.session_key


def test_an_expired_or_unknown_session_is_empty_and_its_key_forgotten() -> None:
    old = SessionStore()
    old["theme"] = "R23"
    old.save()
    Session.objects.filter(pk=old.session_key).update(expire_date=timezone.now() - timedelta(1))
    for key in (old.session_key, "x" * 32, None):
        read = SessionStore(key)
        assert dict(read.items()) == {}
        assert read.session_key is None


def test_a_session_read_twice_gives_each_request_its_own_data() -> None:
    """The signature of a session's text is checked once a process; its data is parsed
    again on each read, so one request's change is not another's."""
    saved = SessionStore()
    saved["themes"] = ["R23"]
    saved.save()
    first = SessionStore(saved.session_key)
    first["themes"].append("R7")
    assert SessionStore(saved.session_key)["themes"] == ["R23"]


def test_a_session_signed_with_another_key_is_empty_even_once_read(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A text checked under one SECRET_KEY is checked again under another: the kept check
    is the key's too."""
    saved = SessionStore()
    saved["theme"] = "R23"
    saved.save()
    assert SessionStore(saved.session_key)["theme"] == "R23"
    settings.SECRET_KEY = "another-secret-key-for-this-test-only-0123456789"
    read = SessionStore(saved.session_key)
    assert dict(read.items()) == {}
    assert "Session data corrupted" in caplog.text
