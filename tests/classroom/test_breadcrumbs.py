"""Every teacher's page under a class shows one breadcrumb trail, drawn by one template
(templates/classroom/breadcrumb.html): the classes, the class, the assignment when there is
one, then the page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db


def trail(html: str) -> list[tuple[str, str]]:
    """The breadcrumb's items as (href, text); the page itself has no href."""
    nav = re.search(r'<ol class="breadcrumb">(.*?)</ol>', html, re.S)
    assert nav is not None
    items = re.findall(r"<li[^>]*>(.*?)</li>", nav.group(1), re.S)
    found = []
    for item in items:
        link = re.fullmatch(r'<a href="([^"]*)">(.*)</a>', item.strip(), re.S)
        found.append((link.group(1), link.group(2)) if link else ("", item.strip()))
    return found


def test_each_page_of_a_class_has_its_trail(world: World) -> None:
    classroom, assignment = world.classroom.pk, world.assignment.pk
    classes = ("/classes/", "Classi")
    the_class = (f"/classes/{classroom}/", "Tuesday club")
    the_assignment = (f"/classes/{classroom}/assignments/{assignment}/", world.assignment.title)
    student = world.student.pk
    pages = {
        ("class", classroom): [classes, ("", "Tuesday club")],
        ("class_edit", classroom): [classes, the_class, ("", "Modifica")],
        ("class_new",): [classes, ("", "Nuova classe")],
        ("mistakes", classroom): [classes, the_class, ("", "Errori per regola")],
        ("students_add", classroom): [classes, the_class, ("", "Aggiungi studenti")],
        ("student", classroom, student): [classes, the_class, ("", "bea")],
        ("assignment_new", classroom): [classes, the_class, ("", "Nuovo compito")],
        ("assignment", classroom, assignment): [classes, the_class, ("", world.assignment.title)],
        ("assignment_edit", classroom, assignment): [
            classes,
            the_class,
            the_assignment,
            ("", "Modifica"),
        ],
        ("assignment_preview", classroom, assignment, 1): [
            classes,
            the_class,
            the_assignment,
            ("", "Che cosa vedono gli studenti"),
        ],
    }
    client = logged_in(world.teacher)
    for (name, *args), expected in pages.items():
        response = client.get(reverse(f"classroom:{name}", args=args))
        assert response.status_code == 200, name
        assert trail(response.content.decode()) == expected, name
