"""What the generator makes: :class:`Generated`, and the constants the site reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.puzzles import Kind, Puzzle

#: Stored with each generated puzzle: a seed replays only under the same generator version.
GENERATOR = "engine.generate/1"


#: The kinds made here; the strategy questions (engine.strategy) are curated only, for now.
KINDS: tuple[str, ...] = tuple(
    kind.value for kind in Kind if kind not in (Kind.DISCARD, Kind.PILE_USE)
)


#: The topic each rule belongs to (a puzzle about R23 is also about wildcards).
RULE_TOPICS: dict[str, str] = {
    "R2": "scoring",
    "R3": "partners",
    "R6": "turn",
    "R7": "pile",
    "R8": "pile",
    "R9": "turn",
    "R11": "sets",
    "R12": "sets",
    "R13": "sequences",
    "R14": "ace",
    "R15": "sets",
    "R17": "attaching",
    "R18": "wildcards",
    "R19": "wildcards",
    "R20": "wildcards",
    "R21": "wildcards",
    "R22": "wildcards",
    "R23": "wildcards",
    "R24": "wildcards",
    "R25": "wildcards",
    "R26": "burraco",
    "R27": "burraco",
    "R28": "burraco",
    "R29": "pozzetto",
    "R30": "closing",
    "R31": "closing",
    "R32": "closing",
    "R33": "turn",
    "R34": "pile",
    "R35": "scoring",
    "R36": "match",
    "R37": "match",
    "R38": "match",
    "R41": "variants",
}
#: The topic of every rule, for pages that list each rule under a topic: RULE_TOPICS, and
#: the rules no puzzle is about (the deck, the deal, conduct).
TOPIC_OF_RULE: dict[str, str] = {
    **RULE_TOPICS,
    "R1": "deck",
    "R4": "deck",
    "R5": "deck",
    "R10": "sets",
    "R16": "attaching",
    "R39": "turn",
    "R40": "partners",
    "R42": "variants",
    "R43": "variants",
    "R44": "variants",
}


LOWEST, HIGHEST = 800, 2200


#: How many seeds :func:`generate` tries before it gives up.
ATTEMPTS = 300


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated puzzle: what :meth:`Puzzle.from_dict` reads, and what the site shows.

    ``fields`` are the engine fields (``kind``, ``position``, ``rules`` as a preset name and
    the kind's own fields); ``themes`` rule ids first, then topics; ``difficulty`` an initial
    Glicko-2 rating; ``prompt`` a code the web side turns into words with ``prompt_params``
    (cards in the notation); ``rule`` the rule the puzzle is most about (the theme it was
    steered to, else the most particular of its rules), for a hint; ``key`` a short hash of
    what makes the question what it is, the same for two puzzles that ask the same thing;
    ``seed`` replays it with :func:`from_seed`; ``answer`` is the engine's first solution.
    """

    kind: str
    fields: Mapping[str, Any] = field(hash=False)
    themes: tuple[str, ...]
    difficulty: int
    prompt: str
    prompt_params: Mapping[str, Any] = field(hash=False)
    rule: str
    key: str
    seed: int
    #: The engine's first solution (what :func:`engine.puzzles.solutions` lists first), so a
    #: caller can tell a "no" question from a "yes" one without searching again.
    answer: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle as the engine reads it."""
        return Puzzle.from_dict(self.fields)
