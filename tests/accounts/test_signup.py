"""Signing up: a profile with the name, language and teacher flag; the browser's progress kept."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Profile
from lessons.models import Attempt
from tests.factories import PuzzleFactory, UserFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def form(**changes: str) -> dict[str, str]:
    data = {
        "username": "giulia",
        "email": "giulia@example.org",
        "display_name": "Giulia",
        "language": "en",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    data.update(changes)
    return data


def test_the_form_is_drawn_with_crispy_bootstrap_fields_and_i_teach() -> None:
    html = Client().get("/accounts/signup/", headers={"accept-language": "en"}).content.decode()
    assert "form-control" in html and 'name="display_name"' in html
    assert "I teach" in html and 'name="is_teacher"' in html
    assert 'action="/accounts/signup/"' in html


def test_signing_up_saves_the_profile_logs_in_and_applies_the_language() -> None:
    client = Client()
    response = client.post("/accounts/signup/", form(is_teacher="on"))
    # A teacher starts on the classes page; a learner on the progress page (below).
    assert response.status_code == 302 and response.url == "/classes/"
    user = get_user_model().objects.get(username="giulia")
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.language, profile.is_teacher) == ("Giulia", "en", True)
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert client.session["_auth_user_id"] == str(user.pk)


def test_a_learner_is_not_a_teacher_unless_they_say_so() -> None:
    response = Client().post("/accounts/signup/", form())
    assert not Profile.objects.get().is_teacher
    assert response.url == "/progress/"


def test_the_anonymous_answers_move_into_the_new_account() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=True)
    response = client.post("/accounts/signup/", form(), follow=True)
    assert Attempt.objects.get().user.username == "giulia"
    assert "now saved in your account" in response.content.decode()


def test_it_goes_back_to_a_next_page_on_this_site_only() -> None:
    response = Client().post("/accounts/signup/", form(next="/lessons/"))
    assert response.url == "/lessons/"
    response = Client().post(
        "/accounts/signup/",
        form(username="other", email="o@example.org", next="https://evil.example/"),
    )
    assert response.url == "/progress/"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"password2": "something-else-entirely"}, "password2"),
        ({"email": "not-an-address"}, "email"),
        ({"username": "taken"}, "username"),
        ({"email": "taken@example.org"}, "email"),
        ({"password1": "12345678", "password2": "12345678"}, "password2"),
    ],
)
def test_it_refuses_a_form_with_a_problem(changes: dict[str, str], field: str) -> None:
    UserFactory(username="taken", email="taken@example.org")
    response = Client().post("/accounts/signup/", form(**changes))
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not get_user_model().objects.filter(username="giulia").exists()


def test_the_username_help_and_error_read_as_italian_sentences() -> None:
    # Django's own Italian runs "meno.Solo" together and puts a space before a stop.
    html = Client().get("/accounts/signup/", headers={"accept-language": "it"}).content.decode()
    assert "al massimo 150 caratteri" in html and "meno.Solo" not in html
    response = Client().post(
        "/accounts/signup/", form(username="a b"), headers={"accept-language": "it"}
    )
    html = response.content.decode()
    assert "Scegli un nome utente valido" in html and "@/./+/-/_ ." not in html
