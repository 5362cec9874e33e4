"""Garbage into every classroom URL with real ids, as their rightful owner: the teacher on
the class's pages, the student on their assignment. Nothing answers 500; forms refuse what
they cannot read with a 4xx, and the pages that show a form keep working."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.classroom.conftest import World, logged_in
from tests.test_garbage_sweep import field_names, payloads

pytestmark = pytest.mark.django_db


def teacher_urls(w: World) -> list[str]:
    c, s, a, lib = w.classroom.pk, w.student.pk, w.assignment.pk, w.library.pk
    return [
        "/classes/",
        "/classes/new/",
        f"/classes/{c}/",
        f"/classes/{c}/edit/",
        f"/classes/{c}/mistakes/",
        f"/classes/{c}/students/add/",
        f"/classes/{c}/students/{s}/",
        f"/classes/{c}/export/grid.csv",
        f"/classes/{c}/export/attempts.csv",
        f"/classes/{c}/assignments/new/",
        f"/classes/{c}/assignments/{a}/",
        f"/classes/{c}/assignments/{a}/edit/",
        "/classes/library/",
        "/classes/library/new/",
        f"/classes/library/{lib}/",
        f"/classes/library/{lib}/edit/",
    ]


def student_urls(w: World) -> list[str]:
    return [
        "/classes/",
        "/classes/join/",
        f"/classes/join/{w.classroom.code}/",
        f"/classes/assignments/{w.assignment.pk}/",
        f"/classes/assignments/{w.assignment.pk}/1/",
    ]


def sweep(client: Client, urls: list[str]) -> list[str]:
    problems = []
    for url in urls:
        page = client.get(url)
        names = field_names(page.content.decode(errors="replace")) | {"op", "pick", "target"}
        for number, data in enumerate(payloads(names)):
            headers: dict[str, Any] = {"HTTP_HX_REQUEST": "true"} if number % 2 else {}
            for response in (client.post(url, data, **headers), client.get(url, data, **headers)):
                if response.status_code >= 500:
                    problems.append(f"{url} {str(data)[:80]} answered {response.status_code}")
    return problems


@pytest.mark.slow
def test_the_teachers_pages_take_garbage_without_a_500(world: World) -> None:
    client = logged_in(world.teacher)
    client.raise_request_exception = False
    assert sweep(client, teacher_urls(world)) == []


@pytest.mark.slow
def test_the_students_pages_take_garbage_without_a_500(world: World) -> None:
    client = logged_in(world.student)
    client.raise_request_exception = False
    assert sweep(client, student_urls(world)) == []


def test_garbage_in_the_archive_button_is_refused_and_archives_nothing(world: World) -> None:
    response = logged_in(world.teacher).post(
        f"/classes/{world.classroom.pk}/archive/", {"archive": "yes please"}
    )
    assert response.status_code == 400
    world.classroom.refresh_from_db()
    assert not world.classroom.archived
