"""The curriculum as shipped: every rule taught, the path in the planned order, no
concept used before the lesson that teaches it, and the numbers a learner is quizzed on taught
as the engine has them. Read from the YAML files: no database needed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.cli import judge
from engine.puzzles import RULE_IDS
from lessons.content import CONTENT, correct_choice

LESSONS = sorted((CONTENT / "lessons").glob("*.yaml"))

#: The plan's lessons that exist in this tree, by order (the common brief's table).
PLAN = {
    1: "what-burraco-is-for",
    2: "the-deck-and-the-deal",
    3: "the-turn",
    4: "sets",
    5: "sequences-and-the-ace",
    6: "attaching",
    7: "wildcards",
    8: "burraco",
    9: "the-pozzetto",
    10: "closing",
    11: "the-end-by-the-stock-and-the-stall",
    12: "scoring-a-hand",
    14: "the-game",
    15: "four-players-and-partnerships",
    17: "three-five-and-six-players",
    18: "the-natural-2",
    19: "how-wildcards-move",
    20: "variants",
}
ATTACHING = 6
#: The fine points of wildcards: the natural 2 (R20), free and bound wildcards (R22, R23),
#: replaced wildcards (R24) and the pinella going home (R25).
FINE_POINTS = {"R20", "R22", "R23", "R24", "R25"}
ADVANCED = 18


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def lessons() -> list[dict[str, Any]]:
    return [load(path) for path in LESSONS]


def planned() -> list[dict[str, Any]]:
    return [lesson for lesson in lessons() if PLAN.get(lesson["order"]) == lesson["slug"]]


def test_every_rule_is_taught_by_some_lesson_step() -> None:
    taught = {rule for lesson in lessons() for step in lesson["steps"] for rule in step["rules"]}
    missing = [rule for rule in RULE_IDS if rule not in taught]
    assert not missing, f"taught in no lesson step: {missing}"


def test_the_lesson_files_follow_the_plan() -> None:
    for path in LESSONS:
        lesson = load(path)
        assert path.name == f"{lesson['order']:02d}-{lesson['slug']}.yaml"
        if lesson["order"] in PLAN:
            assert lesson["slug"] == PLAN[lesson["order"]], path.name
    orders = {lesson["order"]: lesson for lesson in lessons()}
    assert set(PLAN) <= set(orders), "a planned lesson is missing"
    advanced = sorted(o for o, lesson in orders.items() if lesson.get("level") == "advanced")
    assert advanced == [18, 19]


def _attaches(step: dict[str, Any]) -> bool:
    puzzle = step.get("puzzle") or {}
    compute = (step.get("choice") or {}).get("compute") or {}
    actions = [*(puzzle.get("answer") or {}).get("actions", []), *compute.get("actions", [])]
    return (
        puzzle.get("kind") in ("attach", "wildcard")
        or compute.get("op") == "attach"
        or any(action.startswith("attach") for action in actions)
    )


@pytest.mark.parametrize("lesson", planned(), ids=lambda lesson: lesson["slug"])
def test_no_step_uses_a_concept_before_its_lesson(lesson: dict[str, Any]) -> None:
    order = lesson["order"]
    for number, step in enumerate(lesson["steps"], start=1):
        where = f"{lesson['slug']} step {number}"
        if order < ATTACHING:
            assert not _attaches(step), f"{where} attaches before lesson {ATTACHING}"
        if order < ADVANCED:
            fine = FINE_POINTS & set(step["rules"])
            assert not fine, f"{where} teaches {fine} before the advanced lessons"
        if order < 4:
            text = " ".join(step["text"].values())
            assert not re.search(r"\btris\b", text, re.IGNORECASE), f"{where} says tris"
    if order < ADVANCED:
        assert not FINE_POINTS & set(lesson["rules"]), lesson["slug"]


@pytest.mark.parametrize("lesson", lessons(), ids=lambda lesson: lesson["slug"])
def test_every_wrong_option_says_why_and_every_lesson_sums_up(lesson: dict[str, Any]) -> None:
    assert set(lesson.get("recap", {})) == {"it", "en"}, f"{lesson['slug']} has no recap"
    for number, step in enumerate(lesson["steps"], start=1):
        choice = step.get("choice")
        if choice is None:
            continue
        right = correct_choice(choice)
        for index, option in enumerate(choice["options"]):
            if index != right:
                assert isinstance(option, dict) and set(option.get("why", {})) == {"it", "en"}, (
                    f"{lesson['slug']} step {number}: option {index + 1} says not why it is wrong"
                )


@pytest.mark.parametrize("hands", [3, 4])
def test_the_victory_point_tables_taught_are_the_engines(hands: int) -> None:
    lesson = load(CONTENT / "lessons" / "14-the-game.yaml")
    step = next(
        step
        for step in lesson["steps"]
        if "R38" in step["rules"] and f"Over **{hands} hands**" in step["text"]["en"]
    )
    rows = re.findall(r"^- (\d+) to (\d+): (\d+)-(\d+)$", step["text"]["en"], re.MULTILINE)
    over = re.search(r"^- over (\d+): 20-0$", step["text"]["en"], re.MULTILINE)
    assert len(rows) == 10 and over is not None
    for low, high, mine, theirs in rows:
        for lead in (int(low), int(high)):
            vp = judge.answer({"op": "victory_points", "match_points": lead, "hands": hands})
            assert vp["vp"] == [int(mine), int(theirs)], (lead, vp)
    beyond = int(over.group(1)) + 5
    vp = judge.answer({"op": "victory_points", "match_points": beyond, "hands": hands})
    assert vp["vp"] == [20, 0]
    italian = re.findall(r"^- da (\d+) a (\d+): (\d+) a (\d+)$", step["text"]["it"], re.MULTILINE)
    assert italian == rows, "the Italian table says what the English one does"


def test_the_stall_limit_taught_is_the_engines() -> None:
    lesson = load(CONTENT / "lessons" / "11-the-end-by-the-stock-and-the-stall.yaml")
    limit = judge.answer({"op": "facts"})["stall_limit"]
    words = {3: ("tre volte", "three times")}[limit]
    stall = next(s for s in lesson["steps"] if s["kind"] == "explain" and "R34" in s["rules"])
    assert words[0] in stall["text"]["it"] and words[1] in stall["text"]["en"]


def italian_texts(value: Any) -> list[str]:
    """Every Italian text in a lesson or rulebook file: the ``it`` of each text pair."""
    if isinstance(value, dict):
        own = [value["it"]] if isinstance(value.get("it"), str) else []
        return own + [text for item in value.values() for text in italian_texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in italian_texts(item)]
    return []


def test_a_bound_wildcard_has_one_italian_name() -> None:
    # The rulebook's R23 and the rule's title say "vincolata"; lesson 19 said "bloccata".
    rulebook = CONTENT.parent.parent / "rulebook" / "content" / "rules.yaml"
    files = [*LESSONS, *sorted((CONTENT / "puzzles").glob("*.yaml")), rulebook]
    texts = [text for path in files for text in italian_texts(load(path))]
    assert any("vincolat" in text for text in texts)
    other = [text for text in texts if re.search(r"\bbloccat[aoie]\b", text)]
    assert not other, other


def english_texts(value: Any) -> list[str]:
    """Every English text in a lesson or rulebook file: the ``en`` of each text pair."""
    if isinstance(value, dict):
        own = [value["en"]] if isinstance(value.get("en"), str) else []
        return own + [text for item in value.values() for text in english_texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in english_texts(item)]
    return []


def test_a_side_has_one_word_and_the_pile_is_never_the_pozzo() -> None:
    """A side is a squadra / side (docs/content.md): never coppia, parte, partnership or pair, in
    the lessons, the puzzles or the rules (the glossary's squadra alone says what other texts
    call it). The pile is never the "pozzo", which a learner takes for the pozzetto."""
    rulebook = load(CONTENT.parent.parent / "rulebook" / "content" / "rules.yaml")
    files = [load(path) for path in [*LESSONS, *sorted((CONTENT / "puzzles").glob("*.yaml"))]]
    files.append(rulebook["rules"])
    italian = [text for data in files for text in italian_texts(data)]
    english = [text for data in files for text in english_texts(data)]
    assert not [text for text in italian if re.search(r"\bcoppi[ae]\b|\bpozzo\b", text)]
    # Nor "la tua parte" or "ogni parte" for a side (docs/content.md); "the other end" of a
    # sequence ("dall'altra parte") is another word.
    assert not [text for text in italian if re.search(r"\b(?:tua|sua|ogni|nostra) parte\b", text)]
    assert not [text for text in english if re.search(r"\bpartnerships?\b|\bpairs?\b", text)]
    glossary = " ".join(italian_texts(rulebook["glossary"]))
    assert "pozzo " not in glossary and "pozzo," not in glossary


def _players(step: dict[str, Any]) -> int | None:
    for position in (step.get("position"), (step.get("puzzle") or {}).get("position")):
        if isinstance(position, dict):
            players = position.get("players")
            return int(players) if players is not None else None
    return None


def test_a_two_player_step_speaks_to_the_player_not_to_a_side() -> None:
    """Head to head the side is the learner: a step on a two-player board says "you", and
    names the side only to say what changes with four players."""
    found = []
    for lesson in lessons():
        for number, step in enumerate(lesson["steps"], start=1):
            if _players(step) != 2:
                continue
            for field in ("text", "explain"):
                it, en = step.get(field, {}).get("it", ""), step.get(field, {}).get("en", "")
                if "tua squadra" in it and "in quattro" not in it:
                    found.append((lesson["slug"], number, it))
                if "your side" in en.lower() and "four players" not in en:
                    found.append((lesson["slug"], number, en))
    assert not found, found


#: How a text names the opponents as several, or as a side: wrong head to head (issue 27).
MANY_OPPONENTS = re.compile(
    r"\bother side\b|\bopponents\b|\bavversari\b|\baltra squadra\b|\baltra parte\b", re.I
)


def test_a_two_player_puzzle_names_one_opponent_not_the_other_side() -> None:
    """Head to head there is one opponent: a two-player puzzle says "your opponent" ("il tuo
    avversario"), never "your opponents", "the other side", "gli avversari" or "l'altra
    squadra" (a sequence's "other side", "l'altra parte" of a run, is no player: see the
    exception)."""
    found = []
    for path in sorted((CONTENT / "puzzles").glob("*.yaml")):
        for item in load(path):
            if (item.get("position") or {}).get("players") != 2:
                continue
            for text in [*italian_texts(item), *english_texts(item)]:
                if MANY_OPPONENTS.search(text) and "[AC] [2C] [3C] [4C]" not in text:
                    found.append((item["id"], text))
    assert not found, found


def test_one_kind_of_apostrophe_everywhere() -> None:
    # The straight one ('), as the keyboard types it: the lessons, the puzzles, the rules
    # and both catalogues never mix in the typographic one (’ or ‘).
    root = CONTENT.parent.parent
    files = [*LESSONS, *sorted((CONTENT / "puzzles").glob("*.yaml"))]
    files.append(root / "rulebook" / "content" / "rules.yaml")
    files += [root / "locale" / lang / "LC_MESSAGES" / "django.po" for lang in ("it", "en")]
    curly = [path.name for path in files if re.search("[\u2018\u2019]", path.read_text("utf-8"))]
    assert len(files) > 20 and not curly


def test_a_score_question_shows_the_cards_the_engine_scores() -> None:
    # A question that writes the side's cards in its text asks about those cards: every card
    # it shows is one the engine scores (compute: score), in both languages; the text may
    # shorten a run ("[4H] … [10H]") or name a card in words ("the joker").
    checked = 0
    for lesson in lessons():
        for number, step in enumerate(lesson["steps"], start=1):
            compute = (step.get("choice") or {}).get("compute") or {}
            if compute.get("op") != "score":
                continue
            scored = sorted(
                [card for meld in compute.get("melds", []) for card in meld]
                + list(compute.get("hand", []))
            )
            for language in ("it", "en"):
                shown = re.findall(r"\[([^\]\s]{1,6})\]", step["text"][language])
                if shown:
                    rest = list(scored)
                    for card in shown:
                        assert card in rest, (lesson["slug"], number, language, card)
                        rest.remove(card)
                    checked += 1
    assert checked >= 6


@pytest.mark.parametrize(
    ("slug", "rule"),
    [("burraco", "R28"), ("how-wildcards-move", "R20"), ("variants", "R22")],
)
def test_the_lesson_that_teaches_a_reading_of_the_site_says_so(slug: str, rule: str) -> None:
    # The semi-clean off by default although FIBur admits it, a natural 2 leaving its
    # place, wildcards that never move: a step on the rule says it is this site's.
    lesson = next(lesson for lesson in lessons() if lesson["slug"] == slug)
    steps = [step for step in lesson["steps"] if rule in step.get("rules", [])]
    assert any("sito" in step["text"]["it"] and "site" in step["text"]["en"] for step in steps), (
        slug,
        rule,
    )
