"""The names form's one-time token is used once, even by two requests at the same moment
(a double click): the accounts are made for the names once."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections
from django.test import Client

from accounts.models import Profile
from classroom.class_views import NAMES_TOKEN
from tests.classroom.conftest import World, logged_in
from tests.factories import ClassroomFactory, TeacherFactory

User = get_user_model()
NAMES = "Ada\nBruno"


def test_a_replay_with_a_session_read_before_the_first_was_saved_makes_nothing(
    world: World,
) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/add/"
    client.get(url)
    token = client.session[NAMES_TOKEN]
    assert client.post(url, {"names": NAMES, "token": token}).status_code == 200
    # The double click's second request read the session while the first was working:
    # its copy still holds the token.
    session = client.session
    session[NAMES_TOKEN] = token
    session.save()
    again = client.post(url, {"names": NAMES, "token": token})
    assert again.status_code == 400
    assert User.objects.filter(username__startswith="ada").count() == 1
    assert User.objects.filter(username__startswith="bruno").count() == 1


def test_the_accounts_record_the_teacher_who_made_them(world: World) -> None:
    client = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/students/add/"
    client.get(url)
    client.post(url, {"names": NAMES, "token": client.session[NAMES_TOKEN]})
    made = Profile.objects.filter(made_by=world.teacher)
    assert sorted(made.values_list("user__username", flat=True)) == ["ada", "bruno"]
    assert {p.made_by_name for p in made} == {world.teacher.username}


@pytest.mark.django_db(transaction=True)
def test_two_posts_at_the_same_moment_make_the_accounts_once() -> None:
    if connection.vendor == "sqlite":
        pytest.skip(
            "SQLite's in-memory test database refuses concurrent writers; CI runs this on "
            "PostgreSQL (DATABASE_URL=postgres://...)"
        )
    teacher = TeacherFactory()
    classroom = ClassroomFactory(teacher=teacher)
    first = Client()
    first.force_login(teacher)
    url = f"/classes/{classroom.pk}/students/add/"
    first.get(url)
    token = first.session[NAMES_TOKEN]
    second = Client()
    second.cookies = first.cookies  # two requests of one browser
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def post(client: Client) -> None:
        try:
            barrier.wait(timeout=10)
            statuses.append(client.post(url, {"names": NAMES, "token": token}).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(c,)) for c in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(statuses) == [200, 400]
    assert User.objects.filter(profile__made_by=teacher).count() == 2
