"""Generated sets cannot be gamed: each kind's answers are balanced within a set ("it
cannot be done" about as often as a move; clean, dirty and no burraco alike), and a class
is offered only themes its rules have."""

from __future__ import annotations

from collections import Counter

import pytest

from classroom.assignments import SetSpec, answer_class
from classroom.models import Assignment
from tests.classroom.conftest import World, logged_in
from tests.factories import ClassroomFactory

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("theme", ["R11", "R17", "R23"])
@pytest.mark.parametrize("seed", SEEDS)
def test_an_attach_set_has_about_as_many_no_answers_as_moves(theme: str, seed: int) -> None:
    made = SetSpec(theme, "attach", 1300, 12, "standard").make(seed)
    answers = Counter(answer_class(generated) for generated in made)
    assert len(made) == 12
    assert answers["none"] >= 4 and answers["some"] >= 4, answers


@pytest.mark.parametrize("seed", SEEDS)
def test_a_classify_set_is_balanced_across_clean_dirty_and_none(seed: int) -> None:
    made = SetSpec("burraco", "classify", 1300, 9, "standard").make(seed)
    answers = Counter(answer_class(generated) for generated in made)
    assert {answers["clean"], answers["dirty"], answers["none"]} <= {2, 3, 4}, answers


@pytest.mark.parametrize("seed", SEEDS)
def test_a_standard_class_never_gets_a_semi_clean_item(seed: int) -> None:
    for kind in ("classify", "score"):
        made = SetSpec("burraco", kind, 1500, 8, "standard").make(seed)
        assert made
        assert not [g.key for g in made if "R28" in g.themes]


@pytest.mark.parametrize(
    ("rules", "offered", "refused"),
    [
        ("standard", ["R22", "R23"], ["R28"]),
        ("strict", ["R23"], ["R22", "R28"]),
        ("semi-clean", ["R22", "R28"], []),
    ],
)
@pytest.mark.django_db
def test_the_form_offers_only_the_themes_the_class_rules_have(
    world: World, rules: str, offered: list[str], refused: list[str]
) -> None:
    classroom = ClassroomFactory(teacher=world.teacher, rules=rules)
    client = logged_in(world.teacher)
    url = f"/classes/{classroom.pk}/assignments/new/"
    html = client.get(url).content.decode()
    for theme in offered:
        assert f'value="{theme}"' in html
    for theme in refused:
        assert f'value="{theme}"' not in html
        data = {
            "title": "Burraco",
            "due_at": "2031-03-04T20:00",
            "content": "generated",
            "theme": theme,
            "rating": "1300",
            "count": "4",
        }
        assert client.post(url, data).status_code == 400
        assert not Assignment.objects.filter(classroom=classroom).exists()
