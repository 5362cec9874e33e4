"""The analyses the meld search keeps, one set of tables for each set of rules.

Cards are counted here by their small numbers (``Card._key``: 0 the joker, then
``rank * 4 + suit + 1``); the types below name what each table holds.
"""

from __future__ import annotations

from engine.budget import Cache
from engine.cards import ALL_CARDS, Card
from engine.melds.meld import Meld, MeldKind
from engine.rules import DEFAULT, Rules

_KEYS = 57
_BY_KEY: list[Card] = [ALL_CARDS[-1]] * _KEYS
for _card in ALL_CARDS:
    _BY_KEY[_card._key] = _card


#: One group's analysis: the candidates it tried (the budget's steps) and what they gave.
#: For melds, two tuples side by side: each valid meld's order key (its cards' display
#: places) and the meld (not a pair for each: the collector walks every cached container,
#: and a tuple of order keys, plain numbers, it stops walking). For attachments, each valid
#: attachment's cards alone: the meld it makes is asked of the shapes.
MeldGroup = tuple[int, tuple[tuple[int, ...], ...], tuple[Meld, ...]]
AttachGroup = tuple[int, tuple[tuple[Card, ...], ...]]
#: A group's key: (0, rank, the rank's naturals of each suit, wildcards held) for sets,
#: (1, suit order, places held as bits, wildcards held) for sequences (_wild_codes).
GroupKey = tuple[int, ...]
#: An attachment's candidates before wildcards: the natural cards alone (each a candidate)
#: and every choice of naturals, none included, that a wildcard may join.
Choices = tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]


#: A recipe: the candidates tried, then for each meld its cards' codes, its order key's
#: codes, its kind, its wildcard's index and its start less the shift.
Recipe = tuple[int, tuple[tuple[tuple[int, ...], tuple[int, ...], MeldKind, int | None, int], ...]]


#: What a shape gives: None when refused, else the result's kind, its start less the shift,
#: its wildcard's index, and where each of its cards comes from in the cards tried.
Arranged = tuple[MeldKind, int, int | None, tuple[int, ...]] | None


class _Tables:
    """Every analysis kept for one set of rules."""

    __slots__ = (
        "attached",
        "attachments",
        "choices",
        "made",
        "melds",
        "moved_choices",
        "outcomes",
        "recipes",
        "shapes",
    )

    def __init__(self) -> None:
        self.melds: Cache[GroupKey, MeldGroup] = Cache(20_000)
        #: By the meld and the group's key (a set of a natural rank: its size, whether it
        #: holds a wildcard, and the key).
        self.attachments: Cache[tuple[object, ...], AttachGroup] = Cache(30_000)
        #: The natural cards an attachment may take, before any wildcard (see _choices).
        self.choices: Cache[GroupKey, Choices] = Cache(20_000)
        #: A sequence's choices away from the ace and the 2, by its shape and the places
        #: held from its start: each card as its key less the key of the start's card.
        self.moved_choices: Cache[GroupKey, tuple[tuple[int, ...], ...]] = Cache(20_000)
        #: What a candidate gives, a meld or a refusal (None), by the meld it is attached to
        #: (None: a new meld) and its cards.
        self.outcomes: Cache[tuple[Meld | None, tuple[Card, ...]], Meld | None] = Cache(50_000)
        #: Meld groups away from the ace and the 2, by rank or place (_moved_group).
        self.recipes: Cache[GroupKey, Recipe] = Cache(20_000)
        #: What attaching gives to a sequence, by shape (_sequence_outcome).
        self.shapes: Cache[tuple[int, ...], Arranged] = Cache(100_000)
        self.made: Cache[tuple[Card | str, ...], Meld] = Cache(20_000)
        self.attached: Cache[tuple[Meld, tuple[Card | str, ...]], Meld] = Cache(20_000)


_TABLES: dict[Rules, _Tables] = {}
#: The rules of the last _tables call, and their tables.
_LAST_TABLES: tuple[Rules, _Tables] = (DEFAULT, _TABLES.setdefault(DEFAULT, _Tables()))


def _tables(rules: Rules) -> _Tables:
    global _LAST_TABLES
    last_rules, tables = _LAST_TABLES
    if last_rules is rules:  # the last call's rules: no hash of them to work out
        return tables
    tables = _TABLES.get(rules) or _TABLES.setdefault(rules, _Tables())
    _LAST_TABLES = rules, tables  # one assignment: a thread reads both or neither
    return tables
