"""/classes/join/ and /classes/join/<code>/: a student joins by code or by link."""

from __future__ import annotations

import pytest

from classroom.models import Membership
from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("typed", ["{code}", "{lower}", " {first}-{rest} "])
def test_a_student_joins_with_the_code_however_it_is_typed(world: World, typed: str) -> None:
    code = world.classroom.code
    text = typed.format(code=code, lower=code.lower(), first=code[:4], rest=code[4:])
    response = logged_in(world.other_student).post("/classes/join/", {"code": text})
    assert response.status_code == 302
    assert Membership.objects.filter(
        classroom=world.classroom, student=world.other_student
    ).exists()


@pytest.mark.parametrize("code", ["", "NOPE0000", "x" * 21, "ÀÈÌÒÙ", "1 OR 1=1"])
def test_a_wrong_code_is_refused_with_a_sentence(world: World, code: str) -> None:
    response = logged_in(world.other_student).post("/classes/join/", {"code": code})
    assert response.status_code == 400
    assert "invalid-feedback" in response.content.decode()
    assert Membership.objects.filter(student=world.other_student).count() == 1


def test_the_link_names_the_class_and_joins_it_on_the_button(world: World) -> None:
    client = logged_in(world.other_student)
    url = f"/classes/join/{world.classroom.code}/"
    assert "Tuesday club" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert world.classroom.memberships.filter(student=world.other_student).exists()


def test_joining_twice_keeps_one_membership(world: World) -> None:
    client = logged_in(world.student)
    client.post(f"/classes/join/{world.classroom.code}/")
    assert world.classroom.memberships.filter(student=world.student).count() == 1


def test_the_teacher_cannot_join_their_own_class(world: World) -> None:
    logged_in(world.teacher).post(f"/classes/join/{world.classroom.code}/")
    assert not world.classroom.memberships.filter(student=world.teacher).exists()


def test_the_link_asks_a_visitor_to_log_in_first_and_comes_back(world: World) -> None:
    response = logged_in(None).get(f"/classes/join/{world.classroom.code}/")
    assert response.status_code == 302
    assert response["Location"] == (f"/accounts/login/?next=/classes/join/{world.classroom.code}/")
