"""The assignment form's trial run of a generated set: refuses a theme that runs dry, and
never keeps the teacher waiting (a set of 30 took 0.9 s of CPU to make whole)."""

from __future__ import annotations

from typing import Any

import pytest

from classroom import assignments
from classroom.models import Assignment
from tests.classroom.conftest import World, logged_in

pytestmark = pytest.mark.django_db
FORM = {
    "title": "Jokers",
    "due_at": "2031-03-04T20:00",
    "content": "generated",
    "theme": "R23",
    "puzzle_kind": "attach",
    "rating": "1200",
    "count": "10",
}


def test_a_theme_that_runs_dry_is_refused_with_how_many_could_be_made(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = assignments.SetSpec.item

    def dry_after_three(self: Any, seed: int, number: int, taken: Any = ()) -> Any:
        return real(self, seed, number, taken) if number <= 3 else None

    monkeypatch.setattr(assignments.SetSpec, "item", dry_after_three)
    url = f"/classes/{world.classroom.pk}/assignments/new/"
    response = logged_in(world.teacher).post(url, FORM)
    assert response.status_code == 400
    assert "si possono creare solo 3 esercizi diversi" in response.content.decode()
    assert not Assignment.objects.filter(title="Jokers").exists()


def test_the_trial_stops_when_its_time_is_up_and_takes_the_theme_as_able() -> None:
    calls = []
    spec = assignments.SetSpec("R7", "", 1200, 30, "standard")
    real = spec.item

    class Counting(assignments.SetSpec):
        def item(self, seed: int, number: int, taken: Any = ()) -> Any:
            calls.append(number)
            return real(seed, number, taken)

    counting = Counting(spec.theme, spec.kind, spec.rating, spec.count, spec.rules)
    assert counting.runs_dry(7, seconds=0.0) is None
    assert len(calls) <= 1
    calls.clear()
    assert counting.runs_dry(7, seconds=60.0) is None  # R7 fills a set of 30
    assert calls == list(range(1, 31))
