"""The rules reference (/rules/): RULES.md's R1-R44 told in the learner's words, read from
``rulebook/content/rules.yaml`` and checked against the engine when first read.

The titles are ``lessons.rulebook.RULE_TITLES`` (one table for the whole site). Numbers the
engine holds (the stall limit, the bonuses, the deck) are written ``{stall_limit}`` in the
texts and filled in from :data:`facts`; the victory-point tables are the engine's own
(``engine.match.VP_TABLES``). Each example of a meld or an attachment is laid by the engine,
which gives the verdict the page shows; the file's ``valid`` only checks the author.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from engine import actions, melds, rules
from engine.cards import ALL_CARDS, JOKER_VALUE, Card, parse_cards
from engine.cli import judge
from engine.errors import BurracoError, InvalidMeldError
from engine.match import VP_TABLES, VP_TOTAL
from engine.melds import Meld, attach, make_meld
from engine.puzzles import RULE_IDS
from engine.scoring import SideScore, score_side
from lessons.rulebook import RULE_TITLES

CONTENT = Path(__file__).resolve().parent / "content" / "rules.yaml"
LANGUAGES = ("it", "en")
CARD_TOKEN = re.compile(r"\[([^\]\s]{1,6})\]")
FACT_TOKEN = re.compile(r"\{([a-z_]+)\}")


def _code_facts() -> dict[str, int]:
    """What the federations' codes score (R42, R43), named for the texts: F.It.AB's scores
    hold Fe.Bur.It.'s and its own dirty forms; Champion's are prefixed ``champion_``."""
    fitab, champion = rules.PRESETS["f-it-ab"].scores, rules.PRESETS["champion"].scores
    found = {
        "super_bonus": fitab.super_clean,
        "royal_bonus": fitab.royal,
        "dirty_royal_bonus": fitab.dirty_royal,
        "dirty_super_bonus": fitab.dirty_super,
        "champion_clean_bonus": champion.clean,
        "champion_dirty_bonus": champion.dirty,
        "champion_semi_clean_bonus": champion.semi_clean,
        "champion_bonus": champion.champion,
        "champion_closing_bonus": champion.closing,
        "champion_pozzetto_penalty": champion.pozzetto,
    }
    numbers = {name: value for name, value in found.items() if value is not None}
    assert len(numbers) == len(found), "a code lost a bonus the rules file names"
    return numbers


#: The numbers of the game as the engine holds them, for the texts' ``{name}`` gaps: the
#: judge's ``facts`` (the names content already uses, docs/content.md), and a few more.
FACTS: Mapping[str, int] = {
    **{
        name: value
        for name, value in judge.answer({"op": "facts"}).items()
        if isinstance(value, int) and not isinstance(value, bool)
    },
    "max_naturals": melds.MAX_NATURALS,
    "semi_clean_run": melds.SEMI_CLEAN_RUN,
    "joker_value": JOKER_VALUE,
    "two_value": Card.parse("2C").value,
    "ace_value": Card.parse("AC").value,
    "high_value": Card.parse("KC").value,
    "low_value": Card.parse("7C").value,
    "stall_limit": actions.STALL_LIMIT,
    "vp_total": VP_TOTAL,
    # The other codes' numbers (R42, R43), from their presets' scores.
    **_code_facts(),
}

#: The parts of RULES.md, each with the rules it holds.
SECTIONS: tuple[tuple[str, Promise, range], ...] = (
    ("cards", _("Cards and deal"), range(1, 6)),
    ("turn", _("The turn"), range(6, 10)),
    ("melds", _("Melds"), range(10, 18)),
    ("wildcards", _("Wildcards"), range(18, 26)),
    ("burraco", _("Burraco"), range(26, 29)),
    ("closing", _("Pozzetto and closing"), range(29, 35)),
    ("scoring", _("Scoring"), range(35, 39)),
    ("variants", _("Conduct and variants"), range(39, 45)),
)
#: What every score is a multiple of: the smallest value a card has (R2).
STEP = min(card.value for card in ALL_CARDS)


class RulebookError(ValueError):
    """The rules file says something the engine or the format does not allow."""


@dataclass(frozen=True)
class Text:
    """A text in both languages."""

    it: str
    en: str

    def __str__(self) -> str:
        return self.en if (get_language() or "it")[:2] == "en" else self.it


@dataclass(frozen=True)
class Scored:
    """A side's cards at the end of a hand, for the engine to score (R35)."""

    melds: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    pozzetto_taken: bool
    closed: bool

    def score(self, preset: str) -> SideScore:
        rules_ = rules.PRESETS[preset]
        melds_ = [Meld.parse(meld, rules_) for meld in self.melds]
        return score_side(
            melds_, self.hand, pozzetto_taken=self.pozzetto_taken, closed=self.closed, rules=rules_
        )


@dataclass(frozen=True)
class Example:
    """Cards drawn under a rule: a row to look at, or a meld (``meld``) that the engine lays,
    or a meld on the table (``meld``) that the engine attaches ``attach`` to, or a side's
    cards at the end of a hand (``score``) that the engine scores."""

    caption: Text
    cards: tuple[Card, ...] = ()
    meld: tuple[Card, ...] = ()
    attach: tuple[Card, ...] = ()
    rules: str = "standard"
    valid: bool | None = None
    score: Scored | None = None
    total: int | None = None

    def outcome(self) -> Meld | InvalidMeldError | None:
        """The engine's verdict: the meld as it then lies, or the refusal; None for a row."""
        if not self.meld:
            return None
        preset = rules.PRESETS[self.rules]
        try:
            if self.attach:
                return attach(Meld.parse(self.meld, preset), self.attach, preset)
            return make_meld(self.meld, preset)
        except InvalidMeldError as refusal:
            return refusal


@dataclass(frozen=True)
class Rule:
    id: str
    text: Text
    examples: tuple[Example, ...]

    @property
    def number(self) -> int:
        return int(self.id[1:])

    @property
    def title(self) -> str:
        return str(RULE_TITLES[self.id])


@dataclass(frozen=True)
class Term:
    """A word of the glossary: Italian, English, and what it means in each language."""

    it: str
    en: str
    meaning: Text
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Book:
    rules: Mapping[str, Rule]
    glossary: tuple[Term, ...]

    def neighbours(self, rule: Rule) -> tuple[Rule | None, Rule | None]:
        """The rules before and after this one (None at either end)."""
        at = RULE_IDS.index(rule.id)
        before = self.rules[RULE_IDS[at - 1]] if at > 0 else None
        after = self.rules[RULE_IDS[at + 1]] if at + 1 < len(RULE_IDS) else None
        return before, after

    def terms(self, rule: Rule) -> list[Term]:
        """The glossary's words that this rule uses."""
        return [term for term in self.glossary if rule.id in term.rules]


def _text(where: str, value: Any) -> Text:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise RulebookError(f"{where}: a text needs exactly the keys it and en")
    for language in LANGUAGES:
        if not isinstance(value[language], str) or not value[language].strip():
            raise RulebookError(f"{where}: the {language} text is empty")
        for card in CARD_TOKEN.findall(value[language]):
            _cards(f"{where} ({language})", card)
        for name in FACT_TOKEN.findall(value[language]):
            if name not in FACTS:
                raise RulebookError(f"{where} ({language}): no engine fact is called {name}")
    return Text(value["it"].strip(), value["en"].strip())


def _cards(where: str, value: Any) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise RulebookError(f"{where}: cards are written as one string, such as '6C JK 8C'")
    try:
        return tuple(parse_cards(value))
    except BurracoError as error:
        raise RulebookError(f"{where}: {error}") from error


def _example(where: str, data: Any) -> Example:
    if not isinstance(data, dict):
        raise RulebookError(f"{where}: an example is a mapping")
    unknown = set(data) - {"caption", "cards", "meld", "attach", "rules", "valid", "score", "total"}
    if unknown:
        raise RulebookError(f"{where}: unknown keys {sorted(unknown)}")
    preset = data.get("rules", "standard")
    if preset not in rules.PRESETS:
        raise RulebookError(f"{where}: no rules preset called {preset!r}")
    example = Example(
        caption=_text(f"{where} caption", data.get("caption")),
        cards=_cards(where, data["cards"]) if "cards" in data else (),
        meld=_cards(where, data["meld"]) if "meld" in data else (),
        attach=_cards(where, data["attach"]) if "attach" in data else (),
        rules=preset,
        valid=data.get("valid"),
        score=_scored(where, data["score"]) if "score" in data else None,
        total=data.get("total"),
    )
    if [bool(example.cards), bool(example.meld), example.score is not None].count(True) != 1:
        raise RulebookError(f"{where}: give one of cards to show, a meld to lay, a hand to score")
    if example.score is not None:
        try:
            total = example.score.score(preset).total
        except BurracoError as error:
            raise RulebookError(f"{where}: {error}") from error
        if total != example.total:
            raise RulebookError(
                f"{where}: the file says total: {example.total}; the engine {total}"
            )
    if example.meld:
        if not isinstance(example.valid, bool):
            raise RulebookError(f"{where}: say whether the meld is valid (valid: true/false)")
        found = example.outcome()
        if isinstance(found, InvalidMeldError) == example.valid:
            said = f"refuses it: {found}" if isinstance(found, InvalidMeldError) else "accepts it"
            raise RulebookError(f"{where}: the file says valid: {example.valid}; the engine {said}")
    return example


def _scored(where: str, data: Any) -> Scored:
    keys = {"melds", "hand", "pozzetto_taken", "closed"}
    if not isinstance(data, dict) or set(data) != keys:
        raise RulebookError(f"{where}: a score gives exactly {', '.join(sorted(keys))}")
    if not isinstance(data["melds"], list) or not all(
        isinstance(data[flag], bool) for flag in ("pozzetto_taken", "closed")
    ):
        raise RulebookError(f"{where}: melds is a list; pozzetto_taken and closed are true/false")
    return Scored(
        tuple(_cards(where, meld) for meld in data["melds"]),
        _cards(where, data["hand"]) if data["hand"] else (),
        data["pozzetto_taken"],
        data["closed"],
    )


def parse(data: Any) -> Book:
    """A :class:`Book` from the file's YAML. Raises :class:`RulebookError`."""
    if not isinstance(data, dict) or set(data) != {"rules", "glossary"}:
        raise RulebookError("the rules file holds exactly rules and glossary")
    found = data["rules"]
    if not isinstance(found, dict) or list(found) != list(RULE_IDS):
        raise RulebookError(f"rules must be {RULE_IDS[0]}-{RULE_IDS[-1]}, each once, in order")
    book: dict[str, Rule] = {}
    for rule_id, entry in found.items():
        if not isinstance(entry, dict) or not set(entry) <= {"text", "examples"}:
            raise RulebookError(f"{rule_id}: a rule has text and, if any, examples")
        examples = entry.get("examples") or []
        book[rule_id] = Rule(
            rule_id,
            _text(rule_id, entry.get("text")),
            tuple(_example(f"{rule_id} example {i + 1}", e) for i, e in enumerate(examples)),
        )
    terms = []
    for i, term in enumerate(data["glossary"] or []):
        where = f"glossary entry {i + 1}"
        if not isinstance(term, dict) or not {"it", "en", "meaning"} <= set(term):
            raise RulebookError(f"{where}: a term has it, en, meaning and, if any, rules")
        named = tuple(term.get("rules") or ())
        if not set(named) <= set(RULE_IDS):
            raise RulebookError(f"{where}: unknown rules {sorted(set(named) - set(RULE_IDS))}")
        terms.append(Term(str(term["it"]), str(term["en"]), _text(where, term["meaning"]), named))
    return Book(book, tuple(terms))


@cache
def book() -> Book:
    """The rules file, read and checked once a process (it changes only with a release)."""
    return parse(yaml.safe_load(CONTENT.read_text(encoding="utf-8")))


def fill(text: str) -> str:
    """A text with the engine's numbers in its ``{name}`` gaps."""
    return FACT_TOKEN.sub(lambda match: str(FACTS[match.group(1)]), text)


def vp_tables() -> list[tuple[int, list[tuple[str, int, int]]]]:
    """R38's tables as the engine holds them: for each number of hands, each band of match
    points ("55–150") with the winner's and the loser's victory points."""
    tables = []
    for hands, bands in sorted(VP_TABLES.items()):
        rows, low = [], 0
        for top, vp in bands:
            rows.append((f"{low}–{top}", vp, VP_TOTAL - vp))
            # Every score is a multiple of the smallest card value: the next band starts there.
            low = top + STEP
        rows.append((f"> {bands[-1][0]}", VP_TOTAL, 0))
        tables.append((hands, rows))
    return tables


def sections() -> list[tuple[str, str, list[Rule]]]:
    """The parts of the reference in order, each with its rules."""
    rules_ = book().rules
    return [
        (key, str(title), [rules_[f"R{n}"] for n in numbers]) for key, title, numbers in SECTIONS
    ]


#: The presets the codes' table compares, in its columns' order (R41-R43), each by a short
#: name a column can hold (the presets' full labels are lessons.rulebook.PRESET_LABELS).
CODE_COLUMNS: dict[str, Promise] = {
    "standard": _("FIBur (standard)"),
    "fe-bur-it": _("Fe.Bur.It."),
    "f-it-ab": _("F.It.AB"),
    "champion": _("Champion"),
    "international": _("International"),
}


def codes_table() -> tuple[list[Promise], list[tuple[Promise, list[str]]]]:
    """The codes side by side, as the engine's presets hold them (R28, R30, R41-R44): the
    columns' names, and rows of what each code scores and needs. A bonus a code does not
    know is a dash: such a meld scores as the plain burraco it also is."""
    presets = [rules.PRESETS[name] for name in CODE_COLUMNS]

    def bonus(value: int | None) -> str:
        return "—" if value is None else str(value)

    def yes(flag: bool) -> str:
        return str(_("yes") if flag else _("no"))

    def semi_clean(preset: rules.Rules) -> str:
        if preset.semi_clean:
            return str(preset.scores.semi_clean)
        if preset.international:
            return "—"  # R41: the international game has none
        # FIBur's code admits it; this site plays it only when chosen (R28).
        return gettext("%(bonus)s, as an option") % {"bonus": preset.scores.semi_clean}

    def closing(preset: rules.Rules) -> str:
        if preset.closing == "champion":
            return str(
                _(
                    "a clean burraco and a dirty or semi-clean one, or a Champion burraco, or a"
                    " clean sequence of thirteen"
                )
            )
        if preset.international:
            return str(_("a clean burraco"))
        return str(_("a burraco"))

    rows: list[tuple[Promise, list[str]]] = [
        (_("Clean burraco"), [str(p.scores.clean) for p in presets]),
        (_("Dirty burraco"), [str(p.scores.dirty) for p in presets]),
        (
            _("Semi-clean burraco"),
            [semi_clean(p) for p in presets],
        ),
        (
            _("Super burraco (eight of a rank, clean)"),
            [bonus(p.scores.super_clean) for p in presets],
        ),
        (
            _("Royal burraco (ace to king of a suit, clean)"),
            [bonus(p.scores.royal) for p in presets],
        ),
        (_("Dirty royal burraco"), [bonus(p.scores.dirty_royal) for p in presets]),
        (_("Dirty super burraco"), [bonus(p.scores.dirty_super) for p in presets]),
        (
            _("Champion burraco (read here as eight of a rank, clean)"),
            [bonus(p.scores.champion) for p in presets],
        ),
        (_("Closing"), [str(p.scores.closing) for p in presets]),
        (_("A pozzetto not taken"), [str(-p.scores.pozzetto) for p in presets]),
        (_("What closing needs"), [closing(p) for p in presets]),
        (
            _("The pile only to use one of its cards at once"),
            [yes(p.must_use_pile) for p in presets],
        ),
        (_("Sets of any rank"), [yes(p.allows_set_of(7)) for p in presets]),
    ]
    return list(CODE_COLUMNS.values()), rows
