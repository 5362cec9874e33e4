"""/classes/new/: a teacher makes a class with a name and a rules preset."""

from __future__ import annotations

import pytest

from classroom.models import CODE_ALPHABET, Classroom
from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db


def test_a_teacher_makes_a_class_and_lands_on_its_page(world: World) -> None:
    client = logged_in(world.teacher)
    response = client.post("/classes/new/", {"name": "Thursday night", "rules": "strict"})
    classroom = Classroom.objects.get(name="Thursday night")
    assert response.status_code == 302
    assert response["Location"] == f"/classes/{classroom.pk}/"
    assert classroom.teacher == world.teacher
    assert classroom.rules == "strict"
    assert len(classroom.code) == 8 and set(classroom.code) <= set(CODE_ALPHABET)
    page = client.get(response["Location"]).content.decode()
    assert classroom.code in page
    assert f"/classes/join/{classroom.code}/" in page


@pytest.mark.parametrize(
    "data",
    [
        {"name": "", "rules": "standard"},
        {"name": "x" * 81, "rules": "standard"},
        {"name": "Club", "rules": "tournament"},
        {"name": "Club", "rules": "<script>"},
    ],
)
def test_a_class_without_a_name_or_with_unknown_rules_is_refused_with_400(
    world: World, data: dict[str, str]
) -> None:
    response = logged_in(world.teacher).post("/classes/new/", data)
    assert response.status_code == 400
    assert "invalid-feedback" in response.content.decode()
    assert Classroom.objects.count() == 2


def test_a_class_may_play_any_preset_of_the_engine_even_the_international_variant(
    world: World,
) -> None:
    # The classroom's own list of presets had left out the engine's international.
    client = logged_in(world.teacher)
    response = client.post("/classes/new/", {"name": "Tornei", "rules": "international"})
    assert response.status_code == 302
    assert Classroom.objects.get(name="Tornei").rules == "international"


def test_two_classes_get_different_codes(world: World) -> None:
    assert world.classroom.code != world.other_classroom.code


def test_a_class_may_play_a_federations_code_named_in_the_page_s_language(world: World) -> None:
    client = logged_in(world.teacher)
    form = client.get("/classes/new/", headers={"Accept-Language": "it"}).content.decode()
    assert "Codice F.It.AB" in form and "Burraco Champion" in form
    response = client.post("/classes/new/", {"name": "Torneo", "rules": "champion"})
    assert response.status_code == 302
    assert Classroom.objects.get(name="Torneo").rules == "champion"
