"""Loading lessons and curated puzzles from their YAML files (docs/content.md).

Every question is put to the engine while loading: a puzzle or step whose stated answer the
engine does not accept is refused, with the file, the item and the engine's reason, and
nothing is written. Loading again updates what changed and keeps learners' attempts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from django.db import transaction

from engine import puzzles as engine_puzzles
from engine.budget import Budget
from engine.cards import Card
from engine.cli import judge
from engine.errors import BurracoError
from engine.puzzles import RULE_IDS, TOPICS, Kind
from engine.puzzles.discard import kept_back
from engine.state import Position
from lessons import hands
from lessons.models import Lesson, Puzzle, Step, Theme

CONTENT = Path(__file__).resolve().parent / "content"
CARD_TOKEN = re.compile(r"\[([^\[\]\s]{2,4})\]")
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ContentError(Exception):
    """Content the loader refuses: names the file, the item and why."""


@dataclass(frozen=True)
class Loaded:
    lessons: int
    steps: int
    puzzles: int


def load_all(root: Path = CONTENT) -> Loaded:
    """Check every lesson and puzzle file under ``root``, then write them all in one
    transaction. Raises :class:`ContentError` before writing anything if any is wrong."""
    puzzles = [
        item for path in sorted((root / "puzzles").glob("*.yaml")) for item in read_puzzles(path)
    ]
    seen: set[str] = set()
    for item in puzzles:
        if item["id"] in seen:
            raise ContentError(f"puzzle {item['id']}: the id is used twice")
        seen.add(item["id"])
    lessons = [read_lesson(path) for path in sorted((root / "lessons").glob("*.yaml"))]
    with transaction.atomic():
        for item in puzzles:
            save_puzzle(item)
        for lesson in lessons:
            save_lesson(lesson)
    return Loaded(len(lessons), sum(len(lesson["steps"]) for lesson in lessons), len(puzzles))


# --- reading and checking -------------------------------------------------------------


def _yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ContentError(f"{path.name}: not valid YAML: {error}") from None


def read_puzzles(path: Path) -> list[dict[str, Any]]:
    data = _yaml(path)
    if not isinstance(data, list):
        raise ContentError(f"{path.name}: a puzzle file is a list of puzzles")
    return [
        check_puzzle(item, f"{path.name}: puzzle {_name(item, i)}") for i, item in enumerate(data)
    ]


def _name(item: Any, index: int) -> str:
    return str(item.get("id")) if isinstance(item, Mapping) and item.get("id") else f"#{index + 1}"


def check_puzzle(item: Any, where: str) -> dict[str, Any]:
    """Check one puzzle's fields and ask the engine whether its stated answer is right."""
    if not isinstance(item, Mapping):
        raise ContentError(f"{where}: a puzzle is a mapping of fields")
    allowed = engine_puzzles.FIELDS | {"id", "themes", "difficulty", "prompt", "hint", "answer"}
    unknown = set(item) - allowed
    if unknown:
        raise ContentError(f"{where}: unknown fields {', '.join(sorted(unknown))}")
    if not isinstance(item.get("id"), str) or not SLUG.match(item["id"]):
        raise ContentError(f"{where}: the id is lower case words joined by hyphens")
    _check_text(item.get("prompt"), f"{where}: prompt")
    _check_text(item.get("hint"), f"{where}: hint")
    _check_themes(item.get("themes"), where)
    difficulty = item.get("difficulty", 1500)
    if not isinstance(difficulty, int) or not 600 <= difficulty <= 2600:
        raise ContentError(f"{where}: difficulty is a rating from 600 to 2600")
    _check_answer(item, where)
    return dict(item)


def _engine_fields(item: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in item.items() if key in engine_puzzles.FIELDS}


def _check_answer(item: Mapping[str, Any], where: str) -> None:
    if "answer" not in item:
        raise ContentError(f"{where}: state the answer, so the engine can check it")
    try:
        puzzle = engine_puzzles.Puzzle.from_dict(_engine_fields(item))
        answer = engine_puzzles.read_answer(puzzle.kind, item["answer"])
        verdict = engine_puzzles.check(puzzle, answer)
    except BurracoError as error:
        raise ContentError(f"{where}: {error}") from None
    if not verdict.correct:
        raise ContentError(
            f"{where}: the engine does not accept the stated answer {item['answer']}:"
            f" {verdict.message} (a correct answer: {verdict.solution})"
        )
    if puzzle.kind is Kind.DISCARD:
        _check_nothing_kept_back(puzzle, where)


def _check_nothing_kept_back(puzzle: engine_puzzles.Puzzle, where: str) -> None:
    """A discard question comes after the learner's plays: no card it accepts may be one a
    legal attachment this turn would put on their own side's melds (engine.puzzles.discard,
    ``kept_back``). Such a card is attached and another thrown, so the question would teach
    the wrong play."""
    try:
        found = kept_back(puzzle, Budget())
    except BurracoError as error:
        raise ContentError(f"{where}: {error}") from None
    if found:
        card, meld = found[0]
        raise ContentError(
            f"{where}: the engine accepts discarding the {card}, but it could be attached to"
            f" the side's own meld number {meld + 1} this turn: a discard question comes after"
            " the plays, so attach it and ask about another card, or change the position"
        )


def _check_text(value: Any, where: str) -> None:
    if not isinstance(value, Mapping) or set(value) != {"it", "en"}:
        raise ContentError(f"{where}: give the text in Italian and English: {{it: ..., en: ...}}")
    for language, text in value.items():
        if not isinstance(text, str) or not text.strip():
            raise ContentError(f"{where}: the {language} text is missing")
        for token in CARD_TOKEN.findall(text):
            try:
                Card.parse(token)
            except BurracoError:
                raise ContentError(
                    f"{where}: [{token}] in the {language} text is no card"
                ) from None


def _check_themes(themes: Any, where: str) -> None:
    if not isinstance(themes, list) or not themes:
        raise ContentError(f"{where}: list the themes, rule ids first")
    for theme in themes:
        if theme not in RULE_IDS and theme not in TOPICS:
            raise ContentError(f"{where}: unknown theme {theme!r}")


def read_lesson(path: Path) -> dict[str, Any]:
    data = _yaml(path)
    where = path.name
    if not isinstance(data, Mapping):
        raise ContentError(f"{where}: a lesson is a mapping of fields")
    unknown = set(data) - {"slug", "order", "level", "title", "summary", "recap", "rules", "steps"}
    if unknown:
        raise ContentError(f"{where}: unknown fields {', '.join(sorted(unknown))}")
    if not isinstance(data.get("slug"), str) or not SLUG.match(data["slug"]):
        raise ContentError(f"{where}: the slug is lower case words joined by hyphens")
    if not isinstance(data.get("order"), int):
        raise ContentError(f"{where}: order is a whole number")
    if data.get("level", Lesson.Level.CORE) not in Lesson.Level.values:
        raise ContentError(f"{where}: level is {' or '.join(Lesson.Level.values)}")
    _check_text(data.get("title"), f"{where}: title")
    _check_text(data.get("summary"), f"{where}: summary")
    if "recap" in data:
        _check_text(data["recap"], f"{where}: recap")
    _check_rules(data.get("rules"), where)
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ContentError(f"{where}: a lesson has steps")
    made = []
    for number, step in enumerate(steps, start=1):
        if isinstance(step, Mapping) and step.get("kind") == "hand":
            made.extend(_hand_steps(step, f"{where}: step {number} (the hand)"))
            continue
        check_step(step, f"{where}: step {number}")
        made.append(step)
    return {**data, "steps": made}


def _hand_steps(step: Mapping[str, Any], where: str) -> list[dict[str, Any]]:
    """A guided hand's steps (lessons.hands), each checked as any step is, its turns' texts
    too; the engine's reason names the turn when the script is refused."""
    try:
        made = hands.hand_steps(step)
    except hands.HandError as error:
        raise ContentError(f"{where}: {error}") from None
    for number, turn in enumerate(step["turns"], start=1):
        for field in ("text", "nudge", "explain", "say"):
            if field in turn:
                _check_text(turn[field], f"{where}: turn {number}: {field}")
    for number, made_step in enumerate(made, start=1):
        check_step(made_step, f"{where}, made step {number}")
    return made


def _check_rules(rules: Any, where: str) -> None:
    if not isinstance(rules, list) or any(rule not in RULE_IDS for rule in rules):
        raise ContentError(f"{where}: rules is a list of rule ids such as [R1, R2]")


def check_step(step: Any, where: str) -> None:
    if not isinstance(step, Mapping):
        raise ContentError(f"{where}: a step is a mapping of fields")
    kind = step.get("kind")
    allowed = {"kind", "rules", "text", "position", "explain"}
    if kind == "ask":
        allowed |= {"puzzle", "choice", "hand"}
    elif kind != "explain":
        raise ContentError(f"{where}: kind is explain, ask or hand")
    unknown = set(step) - allowed
    if unknown:
        raise ContentError(f"{where}: unknown fields {', '.join(sorted(unknown))}")
    _check_rules(step.get("rules", []), where)
    _check_text(step.get("text"), f"{where}: text")
    if "explain" in step:
        _check_text(step["explain"], f"{where}: explain")
    if "hand" in step:
        _check_hand_turn(step, where)
    if step.get("position") is not None:
        try:
            Position.from_json(step["position"])
        except BurracoError as error:
            raise ContentError(f"{where}: position: {error}") from None
    if kind == "ask":
        if ("puzzle" in step) == ("choice" in step):
            raise ContentError(f"{where}: a question has a puzzle or a choice, not both")
        if "puzzle" in step:
            puzzle = step["puzzle"]
            if not isinstance(puzzle, Mapping) or not set(puzzle) <= engine_puzzles.FIELDS | {
                "answer"
            }:
                raise ContentError(f"{where}: puzzle has the engine fields and an answer")
            _check_answer(puzzle, where)
        else:
            check_choice(step["choice"], where)


def _check_hand_turn(step: Mapping[str, Any], where: str) -> None:
    """A guided hand's turn: a line question, the script's moves and perhaps a nudge."""
    turn = step["hand"]
    kind = step.get("puzzle", {}).get("kind")
    if not isinstance(turn, Mapping) or kind not in ("pile", "close"):
        raise ContentError(f"{where}: hand belongs to a close or pile question")
    script = turn.get("script")
    if not isinstance(script, list) or not all(isinstance(action, str) for action in script):
        raise ContentError(f"{where}: hand gives the script's moves")
    if "nudge" in turn:
        _check_text(turn["nudge"], f"{where}: nudge")


def check_choice(choice: Any, where: str) -> None:
    """A multiple choice: the engine computes the right option wherever it can."""
    if not isinstance(choice, Mapping) or not isinstance(choice.get("options"), list):
        raise ContentError(f"{where}: choice has options")
    options = choice["options"]
    if len(options) < 2:
        raise ContentError(f"{where}: a choice offers two options or more")
    values = []
    for number, option in enumerate(options, start=1):
        if isinstance(option, Mapping):
            label = {key: text for key, text in option.items() if key != "why"}
            if "value" not in label:
                _check_text(label, f"{where}: option {number}")
            elif set(label) - {"value", "it", "en"}:
                raise ContentError(f"{where}: option {number} has value, it, en and why")
            elif "it" in label or "en" in label:
                _check_text({k: label.get(k) for k in ("it", "en")}, f"{where}: option {number}")
            if "why" in option:
                _check_text(option["why"], f"{where}: option {number}: why")
            values.append(_value(option))
        else:
            values.append(option)
    if "compute" in choice:
        request = choice["compute"]
        answer = judge.answer(request)
        if not answer.get("ok") or choice.get("field") not in answer:
            raise ContentError(f"{where}: the engine cannot answer {request}: {answer}")
        right = answer[choice["field"]]
        if right not in values:
            raise ContentError(f"{where}: the engine says {right!r}, which is not an option")
        if "answer" in choice and choice["answer"] != right:
            raise ContentError(
                f"{where}: the stated answer {choice['answer']!r} is not the engine's {right!r}"
            )
    elif not isinstance(choice.get("answer"), int) or not 0 <= choice["answer"] < len(options):
        raise ContentError(f"{where}: without compute, answer is the index of the right option")


def correct_choice(choice: Mapping[str, Any]) -> int:
    """The index of the right option: computed by the engine when the step says how."""
    options = choice["options"]
    if "compute" not in choice:
        return int(choice["answer"])
    right = judge.answer(choice["compute"])[choice["field"]]
    values = [_value(o) if isinstance(o, Mapping) else o for o in options]
    return values.index(right)


def _value(option: Mapping[str, Any]) -> Any:
    """What an option stands for: its ``value``, else its labels (a choice without compute
    is marked by index)."""
    if "value" in option:
        return option["value"]
    return {key: text for key, text in option.items() if key != "why"}


# --- writing ------------------------------------------------------------------------------


def save_puzzle(item: Mapping[str, Any], source: str = Puzzle.Source.CURATED) -> Puzzle:
    puzzle, created = Puzzle.objects.update_or_create(
        slug=item["id"],
        defaults={
            **Puzzle.columns(_engine_fields(item)),
            "prompt_it": item["prompt"]["it"],
            "prompt_en": item["prompt"]["en"],
            "hint_it": item["hint"]["it"],
            "hint_en": item["hint"]["en"],
            "source": source,
        },
    )
    if created:
        # The first load sets the difficulty; afterwards learners' answers move it.
        puzzle.rating = float(item.get("difficulty", 1500))
        puzzle.rating_deviation = 200.0
        puzzle.save(update_fields=["rating", "rating_deviation"])
    puzzle.themes.set(Theme.named(item["themes"]).values())
    return puzzle


def save_lesson(data: Mapping[str, Any]) -> Lesson:
    lesson, _ = Lesson.objects.update_or_create(
        slug=data["slug"],
        defaults={
            "order": data["order"],
            "level": data.get("level", Lesson.Level.CORE),
            "title_it": data["title"]["it"],
            "title_en": data["title"]["en"],
            "summary_it": data["summary"]["it"],
            "summary_en": data["summary"]["en"],
            "recap_it": data.get("recap", {}).get("it", ""),
            "recap_en": data.get("recap", {}).get("en", ""),
            "rules": data["rules"],
        },
    )
    for number, step in enumerate(data["steps"], start=1):
        question = None
        position = step.get("position")
        if "puzzle" in step:
            question = {"puzzle": {k: v for k, v in step["puzzle"].items() if k != "answer"}}
            position = step["puzzle"]["position"]
            if "hand" in step:
                # A guided hand's turn: the script's moves and the nudge (lessons.hands).
                question["hand"] = step["hand"]
        elif "choice" in step:
            question = {"choice": step["choice"]}
        explain = step.get("explain", {"it": "", "en": ""})
        Step.objects.update_or_create(
            lesson=lesson,
            number=number,
            defaults={
                "kind": step["kind"],
                "text_it": step["text"]["it"],
                "text_en": step["text"]["en"],
                "explain_it": explain["it"],
                "explain_en": explain["en"],
                "position": position,
                "question": question,
                "rules": step.get("rules", []),
            },
        )
    lesson.steps.filter(number__gt=len(data["steps"])).delete()
    return lesson
