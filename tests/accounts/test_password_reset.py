"""Password reset: an e-mail with a one-time link (console backend by default), a new password."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_reset_link_is_mailed_and_sets_a_new_password() -> None:
    user = UserFactory(email="lia@example.org")
    client = Client()
    response = client.post("/accounts/password/reset/", {"email": "lia@example.org"})
    assert response.status_code == 302 and response.url == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["lia@example.org"]
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link is not None
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200 and 'name="new_password1"' in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "another-long-password", "new_password2": "another-long-password"},
    )
    assert done.url == "/accounts/password/reset/done/"
    user.refresh_from_db()
    assert user.check_password("another-long-password")


def test_an_unknown_address_gets_the_same_answer_and_no_mail() -> None:
    response = Client().post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response.url == "/accounts/password/reset/sent/"
    assert mail.outbox == []
