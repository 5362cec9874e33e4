"""Classes on strict wildcards or the semi-clean burraco have curated puzzles of their own,
from easy to middling (lessons/content/puzzles/variants.yaml), each checked by the engine."""

from __future__ import annotations

import pytest

from classroom.assignments import usable_puzzles
from lessons.content import CONTENT, read_puzzles, save_puzzle
from tests.factories import ClassroomFactory


def curated(rules: str) -> list[dict[str, object]]:
    return [
        item
        for path in sorted((CONTENT / "puzzles").glob("*.yaml"))
        for item in read_puzzles(path)  # each one put to the engine
        if item.get("rules", "standard") == rules
    ]


@pytest.mark.parametrize("rules", ["strict", "semi-clean"])
def test_a_variant_has_puzzles_from_easy_to_middling(rules: str) -> None:
    ratings = sorted(int(item.get("difficulty", 1500)) for item in curated(rules))  # type: ignore[call-overload]
    below = [rating for rating in ratings if rating < 1600]
    assert len(below) >= 10, ratings
    assert below[0] <= 950
    # Spread: some in each band of the way up.
    for low, high in ((900, 1100), (1100, 1300), (1300, 1600)):
        assert sum(low <= rating < high for rating in below) >= 3, (low, high, ratings)


@pytest.mark.django_db
@pytest.mark.parametrize("rules", ["strict", "semi-clean"])
def test_a_class_on_the_variant_can_pick_them(rules: str) -> None:
    for item in read_puzzles(CONTENT / "puzzles" / "variants.yaml"):
        save_puzzle(item)
    classroom = ClassroomFactory(rules=rules)
    offered = list(usable_puzzles(classroom, classroom.teacher))
    assert len(offered) >= 10
    assert {puzzle.rules for puzzle in offered} == {rules}
