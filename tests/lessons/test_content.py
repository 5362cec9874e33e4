"""load_content: every question is put to the engine; wrong content is refused whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from engine.puzzles import Kind
from lessons.content import CONTENT, ContentError, load_all
from lessons.models import Attempt, Lesson, Puzzle, Step
from lessons.templatetags.content import rich

pytestmark = pytest.mark.django_db

PUZZLE = """
- id: bound-joker
  kind: attach
  themes: [R23, wildcards]
  difficulty: 1300
  prompt: {it: "Puoi attaccare il [10C]?", en: "Can you attach the [10C]?"}
  hint: {it: "Guarda il jolly.", en: "Look at the joker."}
  position:
    players: 2
    to_move: 0
    phase: play
    hands: [[10C, KD], {count: 9}]
    melds: [[[6C, JK, 8C]], []]
    discard: [4H]
    stock: 40
    pozzetti_taken: [false, false]
  focus: [10C]
  answer: ANSWER
"""

LESSON = """
slug: jokers
order: 1
title: {it: I jolly, en: Jokers}
summary: {it: Quanto valgono., en: What they are worth.}
rules: [R2]
steps:
  - kind: ask
    rules: [R2]
    text: {it: "Quanto vale il jolly?", en: "What is the joker worth?"}
    choice:
      options: [15, 20, 30]
      compute: {op: points, cards: [JK]}
      field: points
      answer: ANSWER
"""


def write(root: Path, puzzle_answer: str = "{none: true}", lesson_answer: str = "30") -> Path:
    (root / "puzzles").mkdir(parents=True)
    (root / "lessons").mkdir()
    (root / "puzzles" / "a.yaml").write_text(PUZZLE.replace("ANSWER", puzzle_answer))
    (root / "lessons" / "01-jokers.yaml").write_text(LESSON.replace("ANSWER", lesson_answer))
    return root


def test_it_loads_puzzles_and_lessons(tmp_path: Path) -> None:
    loaded = load_all(write(tmp_path))
    assert (loaded.lessons, loaded.steps, loaded.puzzles) == (1, 1, 1)
    puzzle = Puzzle.objects.get(slug="bound-joker")
    assert puzzle.rating == 1300 and puzzle.params == {"focus": ["10C"]}
    assert sorted(puzzle.themes.values_list("name", flat=True)) == ["R23", "wildcards"]


def test_it_refuses_a_puzzle_whose_stated_answer_the_engine_rejects(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as refused:
        load_all(write(tmp_path, puzzle_answer="{meld: 0, cards: [10C]}"))
    message = str(refused.value)
    assert "a.yaml: puzzle bound-joker" in message
    assert "R23" in message, "the engine's reason is given"
    assert not Puzzle.objects.exists(), "nothing is written"


def test_it_refuses_a_lesson_whose_answer_the_engine_computes_otherwise(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as refused:
        load_all(write(tmp_path, lesson_answer="20"))
    assert "01-jokers.yaml: step 1" in str(refused.value)
    assert not Lesson.objects.exists() and not Puzzle.objects.exists()


def test_loading_twice_changes_nothing_and_keeps_attempts(tmp_path: Path) -> None:
    root = write(tmp_path)
    load_all(root)
    puzzle = Puzzle.objects.get()
    Attempt.objects.create(puzzle=puzzle, session_key="s", answer={}, correct=True, code="c")
    puzzle.rating = 1411.0  # learners have moved it since
    puzzle.save()
    load_all(root)
    assert Puzzle.objects.count() == 1 and Step.objects.count() == 1
    assert Attempt.objects.count() == 1
    assert Puzzle.objects.get().rating == 1411.0


def test_a_changed_step_is_updated_and_a_removed_one_deleted(tmp_path: Path) -> None:
    root = write(tmp_path)
    load_all(root)
    path = root / "lessons" / "01-jokers.yaml"
    path.write_text(path.read_text().replace("Quanto vale il jolly?", "E il jolly?"))
    load_all(root)
    assert Step.objects.get().text_it == "E il jolly?"


def test_the_command_says_what_it_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = write(tmp_path, puzzle_answer="{meld: 0, cards: [10C]}")
    monkeypatch.setattr("lessons.content.CONTENT", root)
    monkeypatch.setattr("lessons.management.commands.load_content.load_all", lambda: load_all(root))
    with pytest.raises(CommandError, match="nothing loaded"):
        call_command("load_content")


def test_markdown_is_sanitised_and_cards_are_drawn() -> None:
    html = str(rich('**Il** [10H] <script>alert(1)</script> <a href="x">y</a> [ZZ]'))
    assert "<script" not in html and "<a " not in html
    assert "<strong>Il</strong>" in html
    assert "playing-card-red" in html and "[ZZ]" in html


def test_the_real_content_loads_and_covers_every_rule(tmp_path: Path) -> None:
    """The curriculum and the curated puzzles, as shipped."""
    shutil.copytree(CONTENT, tmp_path / "content")
    load_all(tmp_path / "content")
    out = tmp_path / "report.json"
    with out.open("w") as stream:
        call_command("content_report", "--json", stdout=stream)
    report = json.loads(out.read_text())
    assert report["lessons"] >= 15 and report["puzzles"] >= 200
    for rule, counts in report["rules"].items():
        assert counts["steps"] >= 1, f"{rule} is taught in no step"
        number = int(rule[1:])
        if 7 <= number <= 38:
            assert counts["puzzles"] >= 3, f"{rule} has {counts['puzzles']} puzzles"
    for lesson in Lesson.objects.all():
        assert lesson.steps.filter(kind="ask").count() >= 3, lesson.slug
    assert report["languages"] == {"it": {"missing": 0}, "en": {"missing": 0}}
    assert set(report["by_kind"]) == {kind.value for kind in Kind}  # every kind has puzzles
    assert report["by_theme"]["strategy"] >= 40


def test_italian_calls_the_totals_punti_partita_and_their_difference_match_point() -> None:
    # "Punti partita" named the difference: an Italian player answered 2280 (their total,
    # which is what the words mean in Italian scoring) and was marked wrong.
    from django.utils import translation

    from engine.messages import render

    with translation.override("it"):
        said = render("wrong_match_points", {"expected": 430}, translation.gettext)
        titles = [translation.gettext("Match points"), translation.gettext("Victory points")]
    assert "match point" in said and "punti partita" not in said
    assert titles == ["Match point (MP)", "Punti vittoria (VP)"]
    lesson = (CONTENT / "lessons" / "14-the-game.yaml").read_text(encoding="utf-8")
    assert "Quanti punti partita" not in lesson and "Di quanti match point" in lesson


def test_a_lesson_keeps_its_level_recap_and_each_options_why(tmp_path: Path) -> None:
    root = write(tmp_path)
    path = root / "lessons" / "01-jokers.yaml"
    text = path.read_text().replace(
        "rules: [R2]\nsteps:",
        "level: advanced\nrecap: {it: In breve., en: In short.}\nrules: [R2]\nsteps:",
    )
    text = text.replace(
        "options: [15, 20, 30]",
        "options: [{value: 15, why: {it: L'asso., en: The ace.}}, 20, 30]",
    )
    path.write_text(text)
    load_all(root)
    lesson = Lesson.objects.get(slug="jokers")
    assert lesson.advanced and lesson.recap_en == "In short."
    options = lesson.steps.get().question["choice"]["options"]
    assert options[0] == {"value": 15, "why": {"it": "L'asso.", "en": "The ace."}}


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("rules: [R2]\nsteps:", "level: expert\nrules: [R2]\nsteps:", "level is core or advanced"),
        ("options: [15, 20, 30]", "options: [{value: 15, why: {it: Solo.}}, 20, 30]", "why"),
        ("options: [15, 20, 30]", "options: [{value: 15, label: x}, 20, 30]", "option 1"),
        ("options: [15, 20, 30]", "options: [{value: 15, it: Quindici}, 20, 30]", "option 1"),
    ],
)
def test_it_refuses_a_bad_level_or_why(tmp_path: Path, old: str, new: str, said: str) -> None:
    root = write(tmp_path)
    path = root / "lessons" / "01-jokers.yaml"
    path.write_text(path.read_text().replace(old, new))
    with pytest.raises(ContentError) as refused:
        load_all(root)
    assert said in str(refused.value)
