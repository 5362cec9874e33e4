"""Every classroom URL, asked by each role: a teacher reaches only their own classes and
library, a student only their own assignments; anyone else's ids answer 404 (IDOR)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.urls import reverse

from classroom.models import Assignment, LibraryPuzzle, Membership
from lessons.models import Attempt
from tests.classroom.conftest import World, logged_in

ROLES = ("anonymous", "student", "other_student", "teacher", "other_teacher")


def user_of(world: World, role: str) -> object:
    return None if role == "anonymous" else getattr(world, role)


def class_url(name: str, *extra: Callable[[World], int]) -> Callable[[World], str]:
    return lambda w: reverse(f"classroom:{name}", args=[w.classroom.pk, *(get(w) for get in extra)])


STUDENT = lambda w: w.student.pk  # noqa: E731
ASSIGNMENT = lambda w: w.assignment.pk  # noqa: E731

# The teacher's pages of class one: Ann's alone.
TEACHER_PAGES = {
    "class": class_url("class"),
    "class_edit": class_url("class_edit"),
    "mistakes": class_url("mistakes"),
    "students_add": class_url("students_add"),
    "student": class_url("student", STUDENT),
    "student_remove": class_url("student_remove", STUDENT),
    "student_password": class_url("student_password", STUDENT),
    "export_grid": class_url("export_grid"),
    "export_attempts": class_url("export_attempts"),
    "assignment_new": class_url("assignment_new"),
    "assignment": class_url("assignment", ASSIGNMENT),
    "assignment_edit": class_url("assignment_edit", ASSIGNMENT),
    "assignment_delete": class_url("assignment_delete", ASSIGNMENT),
    "assignment_preview": class_url("assignment_preview", ASSIGNMENT, lambda w: 1),
    "library_puzzle": lambda w: reverse("classroom:library_puzzle", args=[w.library.pk]),
    "editor_edit": lambda w: reverse("classroom:editor_edit", args=[w.library.pk]),
    "library_delete": lambda w: reverse("classroom:library_delete", args=[w.library.pk]),
}
# The student's pages of class one's assignment: Bea's alone.
STUDENT_PAGES = {
    "my_assignment": lambda w: reverse("classroom:my_assignment", args=[w.assignment.pk]),
    "item": lambda w: reverse("classroom:item", args=[w.assignment.pk, 1]),
}
# Pages for any teacher, with no id in them.
ANY_TEACHER_PAGES = ("class_new", "library", "editor")

OWNER = {"teacher": 200, "other_teacher": 404, "student": 404, "other_student": 404}
MEMBER = {"student": 200, "other_student": 404, "teacher": 404, "other_teacher": 404}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", sorted(TEACHER_PAGES))
def test_a_class_page_answers_only_its_teacher(world: World, page: str, role: str) -> None:
    response = logged_in(user_of(world, role)).get(TEACHER_PAGES[page](world))
    if role == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == OWNER[role], (page, role)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", sorted(STUDENT_PAGES))
def test_an_assignment_page_answers_only_the_students_of_its_class(
    world: World, page: str, role: str
) -> None:
    response = logged_in(user_of(world, role)).get(STUDENT_PAGES[page](world))
    if role == "anonymous":
        assert response.status_code == 302
    else:
        assert response.status_code == MEMBER[role], (page, role)


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", ANY_TEACHER_PAGES)
def test_a_teachers_page_tells_a_student_why_it_is_closed(
    world: World, page: str, role: str
) -> None:
    response = logged_in(user_of(world, role)).get(reverse(f"classroom:{page}"))
    expected = {"anonymous": 302, "student": 403, "other_student": 403}.get(role, 200)
    assert response.status_code == expected
    if expected == 403:
        assert "insegnante" in response.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_the_classes_page_and_the_join_pages_open_to_every_account(world: World, role: str) -> None:
    client = logged_in(user_of(world, role))
    assert client.get("/classes/").status_code == 200
    join = client.get(reverse("classroom:join"))
    link = client.get(reverse("classroom:join_link", args=[world.classroom.code]))
    expected = 302 if role == "anonymous" else 200
    assert (join.status_code, link.status_code) == (expected, expected)


@pytest.mark.parametrize(
    "url",
    [
        # Class one with a student of class two, or class two's assignment.
        lambda w: reverse("classroom:student", args=[w.classroom.pk, w.other_student.pk]),
        lambda w: reverse("classroom:student_remove", args=[w.classroom.pk, w.other_student.pk]),
        lambda w: reverse("classroom:assignment", args=[w.classroom.pk, w.other_assignment.pk]),
        lambda w: reverse(
            "classroom:assignment_edit", args=[w.classroom.pk, w.other_assignment.pk]
        ),
        lambda w: (
            reverse("classroom:student", args=[w.classroom.pk, w.student.pk])
            + f"?assignment={w.other_assignment.pk}"
        ),
        lambda w: reverse("classroom:library_puzzle", args=[w.other_library.pk]),
        lambda w: reverse("classroom:class", args=[w.other_classroom.pk]),
        lambda w: reverse("classroom:class", args=[999_999]),
        lambda w: (
            reverse("classroom:student", args=[w.classroom.pk, w.student.pk]) + "?assignment=x1"
        ),
    ],
)
def test_a_teacher_given_anothers_ids_gets_404(world: World, url: Callable[[World], str]) -> None:
    assert logged_in(world.teacher).get(url(world)).status_code == 404


def test_a_student_cannot_open_another_classes_assignment_or_a_puzzle_beyond_it(
    world: World,
) -> None:
    client = logged_in(world.student)
    assert client.get(f"/classes/assignments/{world.other_assignment.pk}/").status_code == 404
    assert client.get(f"/classes/assignments/{world.assignment.pk}/2/").status_code == 404
    assert client.get(f"/classes/assignments/{world.other_assignment.pk}/1/").status_code == 404


def test_another_teacher_changes_nothing_by_posting_to_a_class_that_is_not_theirs(
    world: World,
) -> None:
    client = logged_in(world.other_teacher)
    c, s, a = world.classroom.pk, world.student.pk, world.assignment.pk
    password = world.student.password
    for url, data in [
        (f"/classes/{c}/archive/", {"archive": "1"}),
        (f"/classes/{c}/edit/", {"name": "Mine now", "rules": "standard"}),
        (f"/classes/{c}/students/{s}/remove/", {}),
        (f"/classes/{c}/students/{s}/password/", {}),
        (f"/classes/{c}/students/add/", {"names": "Eve", "token": "x"}),
        (f"/classes/{c}/assignments/{a}/delete/", {}),
        (f"/classes/{c}/assignments/{a}/edit/", {"title": "X", "due_at": "2030-01-01T10:00"}),
        (f"/classes/library/{world.library.pk}/delete/", {}),
        (f"/classes/library/{world.library.pk}/edit/", {"op": "save"}),
    ]:
        assert client.post(url, data).status_code == 404, url
    world.classroom.refresh_from_db()
    world.student.refresh_from_db()
    assert world.classroom.name == "Tuesday club" and not world.classroom.archived
    assert world.student.password == password
    assert Membership.objects.filter(classroom=world.classroom).count() == 1
    assert Assignment.objects.filter(pk=a).exists()
    assert LibraryPuzzle.objects.filter(pk=world.library.pk).exists()


def test_a_student_of_another_class_cannot_answer_its_puzzles(world: World) -> None:
    client = logged_in(world.other_student)
    response = client.post(f"/classes/assignments/{world.assignment.pk}/1/", {"none": "1"})
    assert response.status_code == 404
    assert not Attempt.objects.exists()


def test_a_student_cannot_post_to_the_teachers_pages_of_their_own_class(world: World) -> None:
    client = logged_in(world.student)
    response = client.post(f"/classes/{world.classroom.pk}/archive/", {"archive": "1"})
    assert response.status_code == 404
    world.classroom.refresh_from_db()
    assert not world.classroom.archived


def test_an_archived_class_hides_its_assignments_from_its_students(world: World) -> None:
    world.classroom.archived_at = world.classroom.created_at
    world.classroom.save()
    client = logged_in(world.student)
    assert client.get(f"/classes/assignments/{world.assignment.pk}/").status_code == 404
    assert client.get(f"/classes/{world.classroom.pk}/").status_code == 404
