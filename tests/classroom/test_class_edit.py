"""/classes/<id>/edit/ and /archive/: rename, change the rules, a new code, archive."""

from __future__ import annotations

import pytest

from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db


def test_the_teacher_renames_the_class_and_changes_its_rules(world: World) -> None:
    url = f"/classes/{world.classroom.pk}/edit/"
    response = logged_in(world.teacher).post(url, {"name": "Wednesday", "rules": "semi-clean"})
    assert response.status_code == 302
    world.classroom.refresh_from_db()
    assert (world.classroom.name, world.classroom.rules) == ("Wednesday", "semi-clean")


def test_a_new_code_stops_the_old_link_from_working(world: World) -> None:
    old = world.classroom.code
    client = logged_in(world.teacher)
    client.post(f"/classes/{world.classroom.pk}/edit/", {"op": "new_code"})
    world.classroom.refresh_from_db()
    assert world.classroom.code != old
    newcomer = logged_in(world.other_student)
    assert newcomer.get(f"/classes/join/{old}/").status_code == 404
    assert newcomer.get(f"/classes/join/{world.classroom.code}/").status_code == 200


def test_an_old_link_says_why_it_no_longer_works_and_offers_the_code_form(world: World) -> None:
    # It was a bare "not found", with no word of what had happened or what to do.
    response = logged_in(world.other_student).get("/classes/join/ZZZZ9999/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "Questo link della classe non funziona più" in html
    assert 'action="/classes/join/"' in html and 'name="code"' in html


def test_archiving_hides_the_class_from_students_and_bringing_it_back_shows_it(
    world: World,
) -> None:
    teacher, student = logged_in(world.teacher), logged_in(world.student)
    url = f"/classes/{world.classroom.pk}/archive/"
    assert teacher.post(url, {"archive": "1"})["Location"] == "/classes/"
    assert world.assignment.title not in student.get("/classes/").content.decode()
    assert teacher.get(url).status_code == 405
    teacher.post(url, {"archive": "0"})
    assert world.assignment.title in student.get("/classes/").content.decode()


def test_nobody_joins_an_archived_class(world: World) -> None:
    logged_in(world.teacher).post(f"/classes/{world.classroom.pk}/archive/", {"archive": "1"})
    response = logged_in(world.other_student).post("/classes/join/", {"code": world.classroom.code})
    assert response.status_code == 400
    assert not world.classroom.memberships.filter(student=world.other_student).exists()
