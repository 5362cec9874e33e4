"""/classes/<id>/students/add/: accounts made from a list of names, passwords shown once."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.test import Client

from accounts.models import Profile
from classroom.class_views import NAMES_TOKEN
from classroom.models import Membership
from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db
User = get_user_model()


def send(client: Client, url: str, names: str) -> tuple[int, str]:
    """Open the form (which hands out a one-time token), then send the names with it."""
    client.get(url)
    token = client.session[NAMES_TOKEN]
    response = client.post(url, {"names": names, "token": token})
    return response.status_code, response.content.decode()


def sheet(html: str) -> list[tuple[str, str]]:
    """The (username, password) pairs printed on the sheet."""
    pairs = re.findall(r'<dd class="font-monospace">([^<]+)</dd>', html)
    return list(zip(pairs[::2], pairs[1::2], strict=True))


def test_a_list_of_names_makes_accounts_in_the_class_with_passwords_shown_once(
    world: World,
) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/add/"
    status, html = send(client, url, "Giulia Rossi\n\n  Niccolò Bianchi  \nMarco\nMarco\n")
    assert status == 200
    accounts = sheet(html)
    assert [username for username, _ in accounts] == [
        "giulia.rossi",
        "niccolo.bianchi",
        "marco",
        "marco2",
    ]
    for username, password in accounts:
        user = User.objects.get(username=username)
        # Only the hash is kept: the password is nowhere in the database in the clear.
        assert password not in user.password
        assert authenticate(username=username, password=password) == user
        assert re.fullmatch(r"[a-z]{8}-\d{4}", password)
        membership = Membership.objects.get(student=user)
        assert membership.classroom == world.classroom and membership.created_by_teacher
        profile = Profile.objects.get(user=user)
        assert not profile.is_teacher and profile.language == "it"
    assert Profile.objects.get(user__username="niccolo.bianchi").display_name == "Niccolò Bianchi"
    assert "Giulia Rossi" in html and "Stampa il foglio" in html


def test_the_sheet_is_never_cached_and_prints_without_the_navigation(world: World) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/add/"
    client.get(url)
    response = client.post(url, {"names": "Ada", "token": client.session[NAMES_TOKEN]})
    assert "no-store" in response["Cache-Control"]
    assert "classroom/classroom.css" in response.content.decode()


def test_sending_the_same_list_again_makes_no_more_accounts(world: World) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/add/"
    client.get(url)
    token = client.session[NAMES_TOKEN]
    assert client.post(url, {"names": "Ada\nBruno", "token": token}).status_code == 200
    again = client.post(url, {"names": "Ada\nBruno", "token": token})
    assert again.status_code == 400
    assert User.objects.filter(username__in=["ada", "bruno"]).count() == 2
    assert User.objects.filter(username__in=["ada2", "bruno2"]).count() == 0


def test_usernames_stay_unique_across_the_site(world: World) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/add/"
    status, html = send(client, url, "Bea\nDan\n李")
    assert [username for username, _ in sheet(html)] == ["bea2", "dan2", "student"]


@pytest.mark.parametrize(
    ("names", "why"),
    [
        ("", "nome"),
        ("\n \n", "nome"),
        ("x" * 61, "60"),
        ("\n".join(f"Student {n}" for n in range(41)), "40"),
        ("y" * 4001, "4000"),
    ],
)
def test_a_bad_list_is_refused_with_a_sentence_and_makes_nothing(
    world: World, names: str, why: str
) -> None:
    client = logged_in(world.teacher)
    before = User.objects.count()
    status, html = send(client, f"/classes/{world.classroom.pk}/students/add/", names)
    assert status == 400
    assert why in html
    assert User.objects.count() == before


def test_a_new_password_replaces_the_old_one_for_an_account_the_teacher_made(
    world: World,
) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/password/"
    response = client.post(url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    [(username, password)] = sheet(response.content.decode())
    assert username == "bea"
    assert authenticate(username="bea", password=password) == world.student
    assert authenticate(username="bea", password="a-long-test-password") is None


def test_a_student_who_made_their_own_account_resets_it_by_email(world: World) -> None:
    membership = world.classroom.memberships.get()
    membership.created_by_teacher = False
    membership.save()
    url = f"/classes/{world.classroom.pk}/students/{world.student.pk}/password/"
    response = logged_in(world.teacher).post(url)
    assert response.status_code == 400
    assert authenticate(username="bea", password="a-long-test-password") == world.student
