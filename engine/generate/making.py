"""The whole: from a seed to a puzzle the engine has judged, and the puzzle's key."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

from engine.errors import BurracoError, InvalidNotationError
from engine.generate.analysis import (
    ANALYSE,
)
from engine.generate.builder import (
    Builder,
    Draft,
    _Miss,
    as_cards,
    as_texts,
    is_set,
)
from engine.generate.generated import (
    ATTEMPTS,
    HIGHEST,
    KINDS,
    LOWEST,
    RULE_TOPICS,
    Generated,
)
from engine.generate.recipes import (
    THEME_PRESETS,
    choose_recipe,
)
from engine.puzzles import TOPICS, Kind, Puzzle, check, solutions
from engine.rules import PRESETS, Rules


def from_seed(
    kind: str, seed: int, theme: str | None = None, rules: Rules | None = None
) -> Generated | None:
    """The puzzle a seed gives for a kind (and theme), or None when it gives none worth
    keeping. The same arguments always give the same puzzle.

    ``rules`` None lets the recipe choose (the standard rules, or the variant a theme needs,
    such as semi-clean for R28). Raises :class:`ValueError` for an unknown kind.
    """
    if kind not in KINDS:
        raise InvalidNotationError("unknown_puzzle_kind", text=kind, choices=list(KINDS))
    rng = random.Random(seed)
    recipe, aim = choose_recipe(kind, theme, rng)
    default = "standard"
    if rules is None and aim in THEME_PRESETS:
        default = rng.choice(THEME_PRESETS[aim])
    try:
        draft = recipe(Builder(rng, rules, default))
    except (_Miss, BurracoError):
        return None
    if draft is None:
        return None
    return _judge(draft, kind, theme, seed)


def _judge(draft: Draft, kind: str, theme: str | None, seed: int) -> Generated | None:
    """Ask the engine about a draft: keep it only if it reads, its answers check, its
    question is clear and (when steered) it is about the theme."""
    fields = _canonical(draft.fields)
    try:
        puzzle = Puzzle.from_dict(fields)
        found = solutions(puzzle)
        if not found or not check(puzzle, found[0]).correct:
            return None
        # The analyses read the answers as the generated puzzle keeps its own: JSON.
        answers = [answer.to_json() for answer in found]
        facts = ANALYSE[puzzle.kind](puzzle, answers)
    except BurracoError:
        return None
    if not facts.clear:
        return None
    # a variant is part of what the puzzle teaches where it changes the answer's rules
    if puzzle.rules.international and puzzle.kind in (Kind.LAY_MELD, Kind.CLOSE, Kind.PILE):
        facts.themes.add("R41")
    if not puzzle.rules.wild_moves and puzzle.kind in (Kind.ATTACH, Kind.WILDCARD):
        facts.themes.add("R22")
    themes = _ordered(facts.themes, puzzle)
    if theme is not None and theme not in themes:
        return None
    params = dict(draft.prompt_params)
    if "meld" in params:
        params["meld"] = fields["meld"] + 1  # the board numbers melds from 1
    return Generated(
        kind=kind,
        fields=fields,
        themes=themes,
        difficulty=max(LOWEST, min(HIGHEST, round(facts.score / 10) * 10)),
        prompt=draft.prompt,
        prompt_params=params,
        rule=_main_rule(themes, theme),
        key=puzzle_key(fields),
        seed=seed,
        answer=answers[0],
    )


#: The rules from the most particular to the most general: the first a puzzle shows is the
#: one it is most about.
_PARTICULAR = (
    "R23", "R25", "R24", "R22", "R20", "R19", "R21", "R14", "R15", "R12", "R28", "R31",
    "R32", "R8", "R34", "R33", "R7", "R29", "R38", "R37", "R36", "R35", "R30", "R27", "R26",
    "R11", "R13", "R41", "R2", "R17", "R18", "R10", "R9", "R6",
)  # fmt: skip


def _main_rule(themes: tuple[str, ...], theme: str | None) -> str:
    if theme in themes and theme in RULE_TOPICS:
        return theme
    ranked = [r for r in _PARTICULAR if r in themes]
    if theme is not None:
        ranked = [r for r in ranked if RULE_TOPICS.get(r) == theme] or ranked
    return ranked[0] if ranked else themes[0]


def _ordered(rules: set[str], puzzle: Puzzle) -> tuple[str, ...]:
    """Rule ids in order, then the topics they belong to, in the order of TOPICS."""
    ids = sorted(
        (r for r in rules if r in RULE_TOPICS or r[1:].isdigit()), key=lambda r: int(r[1:])
    )
    topics = {RULE_TOPICS[r] for r in ids if r in RULE_TOPICS}
    if puzzle.kind is Kind.ATTACH:
        topics.add("attaching")
    if puzzle.rules != PRESETS["standard"]:
        topics.add("variants")
    if puzzle.position.players == 4:
        topics.add("partners")
    return (*ids, *(t for t in TOPICS if t in topics))


def _canonical(fields: dict[str, Any]) -> dict[str, Any]:
    """The draft's fields in one order: hands sorted, the side's melds sorted (the meld
    index follows its meld), so that two drafts asking the same thing look the same."""
    fields = json.loads(json.dumps(fields))
    position = fields["position"]
    for seat, hand in enumerate(position["hands"]):
        if isinstance(hand, list):
            position["hands"][seat] = as_texts(sorted(as_cards(hand), key=lambda c: c.sort_key))
    for side, melds in enumerate(position["melds"]):
        keyed = sorted(enumerate(melds), key=lambda pair: _meld_order(pair[1]))
        position["melds"][side] = [meld for _, meld in keyed]
        if side == 0 and "meld" in fields:
            fields["meld"] = [i for i, _ in keyed].index(fields["meld"])
    return fields


def _meld_order(meld: list[str]) -> tuple[int, int, int, str]:
    cards = as_cards(meld)
    if is_set(cards):
        first = next(c for c in cards if not c.is_wild)
        return (0, int(first.rank or 0), 0, " ".join(meld))
    first = next(c for c in cards if not c.is_wild)
    assert first.suit is not None
    return (1, first.suit.order, len(meld), " ".join(meld))


def puzzle_key(fields: Mapping[str, Any]) -> str:
    """A short hash of what makes the question what it is (the fields of :class:`Generated`).

    For questions about the learner's hand and melds (attach, lay-meld, wildcard, classify)
    the opponents, the pile and the stock do not change the answer, so they are left out.
    """
    kind = fields["kind"]
    position = fields["position"]
    core: Any
    params = {k: v for k, v in fields.items() if k not in ("position",)}
    if kind in ("attach", "lay-meld"):
        core = [position["hands"][0], position["melds"][0]]
    elif kind in ("wildcard", "classify"):
        core = position["melds"][0][fields["meld"]]
        params.pop("meld")
    elif kind == "score":
        core = {k: position.get(k) for k in ("hands", "melds", "pozzetti_taken", "totals")}
    else:
        core = position
    text = json.dumps([core, params], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def generate(
    kind: str,
    rng: random.Random,
    theme: str | None = None,
    rules: Rules | None = None,
    attempts: int = ATTEMPTS,
) -> Generated | None:
    """One puzzle of a kind (about ``theme``, a rule id or a topic, when given), or None if
    ``attempts`` seeds drawn from ``rng`` give none."""
    for _ in range(attempts):
        made = from_seed(kind, rng.getrandbits(62), theme, rules)
        if made is not None:
            return made
    return None


def generate_many(
    kind: str,
    count: int,
    seed: int,
    theme: str | None = None,
    rules: Rules | None = None,
) -> list[Generated]:
    """Up to ``count`` different puzzles (by :attr:`Generated.key`); the same arguments
    always give the same list. Fewer come back only when the seeds run dry (after
    ``ATTEMPTS`` tries per puzzle asked), as for a theme no kind's position can show."""
    rng = random.Random(seed)
    made: list[Generated] = []
    seen: set[str] = set()
    for _ in range(max(count, 1) * ATTEMPTS):
        if len(made) >= count:
            break
        puzzle = from_seed(kind, rng.getrandbits(62), theme, rules)
        if puzzle is not None and puzzle.key not in seen:
            seen.add(puzzle.key)
            made.append(puzzle)
    return made
