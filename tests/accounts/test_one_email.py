"""One e-mail address, one account: the database refuses a second (case aside), and a
sign-up that loses the race to another gets a sentence, not a 500."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.test import Client

from accounts.forms import SignUpForm
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
PASSWORD = "a-long-test-password"


def form(**changes: str) -> dict[str, str]:
    data = {
        "username": "giulia",
        "email": "giulia@example.org",
        "language": "it",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    data.update(changes)
    return data


def test_the_database_refuses_a_second_account_with_the_same_address_in_any_case() -> None:
    UserFactory(email="Giulia@Example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="other", email="giulia@example.ORG")


def test_accounts_without_an_address_are_not_held_to_it() -> None:
    User.objects.create(username="made-1", email="")
    User.objects.create(username="made-2", email="")
    assert User.objects.filter(email="").count() == 2


def test_a_sign_up_that_loses_the_race_gets_a_sentence_and_no_second_account(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The other sign-up commits between this one's check and its insert: the check passes.
    checked = SignUpForm.clean_email

    def raced(self: SignUpForm) -> str:
        email = checked(self)
        if not User.objects.filter(username="first").exists():
            User.objects.create(username="first", email="GIULIA@example.org")
        return email

    monkeypatch.setattr(SignUpForm, "clean_email", raced)
    response = Client().post("/accounts/signup/", form())
    monkeypatch.setattr(SignUpForm, "clean_email", checked)
    assert response.status_code == 200
    assert "Esiste già un account con questo indirizzo e-mail" in response.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["first"]


def test_the_form_still_says_so_before_any_race() -> None:
    UserFactory(email="giulia@example.org")
    response = Client().post("/accounts/signup/", form(email="Giulia@example.org"))
    assert response.status_code == 200
    assert "Esiste già un account con questo indirizzo e-mail" in response.content.decode()


def test_the_admin_says_so_too_rather_than_failing() -> None:
    UserFactory(username="first", email="giulia@example.org")
    second = UserFactory(username="second")
    staff = User.objects.create_superuser("boss", "boss@example.org", PASSWORD)
    client = Client()
    client.force_login(staff)
    url = f"/admin/auth/user/{second.pk}/change/"
    data = {
        "username": "second",
        "email": "GIULIA@example.org",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
        "profile-TOTAL_FORMS": "0",
        "profile-INITIAL_FORMS": "0",
    }
    response = client.post(url, data)
    assert response.status_code == 200
    assert "Esiste già un account con questo indirizzo e-mail" in response.content.decode()
