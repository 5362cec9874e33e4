"""classroom.assignments: generated sets are made per student, differ between students
and come back the same from the same seed; hand-picked and lesson assignments."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.assignments import (
    SetSpec,
    create_assignment,
    items_for,
    make_set,
    student_seed,
)
from classroom.models import Assignment, AssignmentItem
from lessons.generated import slug_for
from tests.factories import ClassroomFactory, MembershipFactory, PuzzleFactory

pytestmark = pytest.mark.django_db
R23 = SetSpec("R23", "attach", 1200, 6, "strict")


def test_the_same_seed_makes_the_same_set_and_another_seed_another() -> None:
    first, again, other = R23.make(7), R23.make(7), R23.make(8)
    assert [g.key for g in first] == [g.key for g in again]
    assert len(first) == 6
    assert {g.key for g in first} != {g.key for g in other}


def test_a_set_is_on_its_theme_under_the_class_rules_and_holds_no_puzzle_twice() -> None:
    # Each puzzle is made on its own when first opened, so a set is no longer sorted
    # easiest first; each is the nearest the rating of its own candidates.
    made = R23.make(11)
    assert all("R23" in g.themes for g in made)
    assert all(g.fields["rules"] == "strict" for g in made)
    assert len({g.key for g in made}) == len(made) == 6


def test_a_puzzle_of_a_set_is_the_same_whichever_order_the_student_opens_them() -> None:
    in_order = R23.make(11)
    assert R23.item(11, 4, {slug_for(g) for g in in_order[:3]}) == in_order[3]
    assert R23.item(11, 4) == in_order[3]


def test_a_set_stays_near_the_rating_asked() -> None:
    easy = SetSpec("wildcards", "", 900, 8, "standard").make(3)
    hard = SetSpec("wildcards", "", 2000, 8, "standard").make(3)
    mean = lambda made: sum(g.difficulty for g in made) / len(made)  # noqa: E731
    assert mean(easy) < mean(hard)


@pytest.fixture
def generated() -> Assignment:
    classroom = ClassroomFactory(rules="strict")
    return create_assignment(
        classroom,
        title="Bound wildcards",
        content="generated",
        due_at=timezone.now() + timedelta(days=3),
        spec=R23,
    )


def test_each_student_gets_their_own_positions_of_the_same_kind(generated: Assignment) -> None:
    ann = MembershipFactory(classroom=generated.classroom).student
    bob = MembershipFactory(classroom=generated.classroom).student
    anns, bobs = make_set(generated, ann.pk), make_set(generated, bob.pk)
    assert [item.number for item in anns] == [1, 2, 3, 4, 5, 6]
    assert {item.puzzle.kind for item in anns + bobs} == {"attach"}
    assert {item.puzzle.rules for item in anns + bobs} == {"strict"}
    assert {item.puzzle_id for item in anns} != {item.puzzle_id for item in bobs}


def test_a_students_set_is_made_once_and_can_be_made_again_from_its_seed(
    generated: Assignment,
) -> None:
    student = MembershipFactory(classroom=generated.classroom).student
    first = make_set(generated, student.pk)
    assert [item.pk for item in make_set(generated, student.pk)] == [item.pk for item in first]
    assert AssignmentItem.objects.filter(assignment=generated).count() == 6
    replayed = SetSpec.of(generated).make(student_seed(generated, student.pk))
    assert [slug_for(g) for g in replayed] == [item.puzzle.slug for item in first]


def test_the_seed_of_a_student_depends_on_the_assignment_and_the_student(
    generated: Assignment,
) -> None:
    assert student_seed(generated, 1) != student_seed(generated, 2)
    other = Assignment(seed=generated.seed + 1)
    assert student_seed(generated, 1) != student_seed(other, 1)


def test_hand_picked_puzzles_are_the_same_for_everyone_in_the_order_chosen() -> None:
    classroom = ClassroomFactory()
    chosen = [PuzzleFactory(), PuzzleFactory(), PuzzleFactory()]
    assignment = create_assignment(
        classroom,
        title="Three",
        content="puzzles",
        due_at=timezone.now(),
        puzzles=[chosen[2], chosen[0], chosen[1]],
    )
    assert assignment.count == 3
    assert assignment.rules == "standard"
    for student_id in (1, 2):
        assert [i.puzzle for i in items_for(assignment, student_id)] == [
            chosen[2],
            chosen[0],
            chosen[1],
        ]


@pytest.mark.parametrize(
    ("rules", "theme", "kind"),
    [("champion", "closing", ""), ("champion", "R7", "pile"), ("f-it-ab", "burraco", "")],
)
def test_a_class_under_a_federations_code_gets_its_generated_sets(
    rules: str, theme: str, kind: str
) -> None:
    made = SetSpec(theme, kind, 1200, 3, rules).make(5)
    assert made and all(g.fields["rules"] == rules for g in made)


def test_a_champion_class_is_not_offered_the_one_burraco_closing_theme() -> None:
    from classroom.assignments import generated_themes
    from engine.rules import PRESETS

    assert "R30" in generated_themes(PRESETS["f-it-ab"])
    assert "R30" not in generated_themes(PRESETS["champion"])
    assert "closing" in generated_themes(PRESETS["champion"])
