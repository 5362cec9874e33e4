"""Rule variants as data (R22, R28, R36, R41-R44): a frozen Rules passed to every verb.

The default is the standard Italian game (FIBur's ordinary code). Pages offer the named
presets; the judge and positions write rules as a JSON object of the fields that differ
from the default, or, for a federation's code (R42, R43), as ``{"preset": code}`` and the
fields that differ from that preset, so that a stored game keeps its code.

>>> Rules.from_dict({"semi_clean": True}) == PRESETS["semi-clean"]
True
>>> Rules().to_dict()
{}
>>> Rules.from_dict({"preset": "champion", "target": 1005}).to_dict()
{'preset': 'champion', 'target': 1005}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from engine.errors import InvalidNotationError

Variant = Literal["italian", "international"]
VARIANTS: tuple[Variant, ...] = ("italian", "international")
#: The codes whose scores differ (R42, R43): FIBur's ordinary code is the default.
Code = Literal["fibur", "fe-bur-it", "f-it-ab", "champion"]
CODES: tuple[Code, ...] = ("fibur", "fe-bur-it", "f-it-ab", "champion")
#: What closing needs beyond R30's one burraco: ``"champion"`` is R43's.
Closing = Literal["burraco", "champion"]
CLOSINGS: tuple[Closing, ...] = ("burraco", "champion")
TARGETS = (505, 1005, 2000, 2005)
DECKS = (2, 3)
#: R4: each player's hand and each pozzetto hold 11 cards.
HAND_SIZE = 11
POZZETTO_SIZE = 11


@dataclass(frozen=True, slots=True)
class Scores:
    """What a code scores (R35, R42, R43): each kind of burraco, the closing, and the
    penalty for a pozzetto not taken. A kind the code does not know is None: such a meld
    scores as the plain clean or dirty burraco it also is."""

    clean: int = 200
    dirty: int = 100
    semi_clean: int = 150
    #: All eight cards of a rank, no wildcard (R42).
    super_clean: int | None = None
    #: The thirteen ranks of a suit, no wildcard (R42).
    royal: int | None = None
    #: A sequence from the ace to the king, or the 2 to the ace, with a wildcard (R42).
    dirty_royal: int | None = None
    #: The eight cards of a rank and a wildcard (R42).
    dirty_super: int | None = None
    #: Burraco Champion's own burraco (R43; docs/game.md gives the reading).
    champion: int | None = None
    closing: int = 100
    pozzetto: int = 100


#: Each code's scores.
SCORES: dict[Code, Scores] = {
    "fibur": Scores(),
    "fe-bur-it": Scores(super_clean=250, royal=300),
    "f-it-ab": Scores(super_clean=250, royal=300, dirty_royal=250, dirty_super=200),
    "champion": Scores(clean=300, champion=500, closing=200, pozzetto=200),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options where federations differ; the defaults are the standard Italian rules.

    - ``wild_moves``: a free wildcard may move to the other end or into a gap (R22).
    - ``semi_clean``: a semi-clean burraco is recognised and worth 150 (R28).
    - ``variant``: ``"international"`` closes only with a clean burraco, lays sets only of
      aces or threes, and takes the pile only to use one of its cards at once (R41).
    - ``target``: the total that ends a game (R36).
    - ``decks``: how many decks are played: two (R1), three with five or six players (R40).
      Positions and deals set it from the number of players; it is not a choice.
    - ``code``: whose scores apply (:data:`SCORES`): FIBur's ordinary code, Fe.Bur.It.'s
      or F.It.AB's burraco bonuses (R42), Burraco Champion's (R43).
    - ``closing``: ``"champion"``: closing needs R43's pair of burraco, a Champion burraco
      or a clean sequence of thirteen cards.
    - ``pile_must_be_used``: the pile may be taken only to lay or attach one of its cards
      at once (R43; the international game always plays so, R41).
    - ``void_without_pozzetto``: a hand that ends with no pozzetto taken is void and dealt
      again (R44); by default it is scored as it stands.
    """

    wild_moves: bool = True
    semi_clean: bool = False
    variant: Variant = "italian"
    target: int = 2005
    decks: int = 2
    code: Code = "fibur"
    closing: Closing = "burraco"
    pile_must_be_used: bool = False
    void_without_pozzetto: bool = False

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise InvalidNotationError("unknown_variant", text=self.variant, choices=VARIANTS)
        if self.target not in TARGETS:
            raise InvalidNotationError("unknown_target", text=self.target, choices=TARGETS)
        if self.decks not in DECKS:
            raise InvalidNotationError("unknown_decks", "R40", text=self.decks, choices=DECKS)
        if self.code not in CODES:
            raise InvalidNotationError("unknown_code", "R42", text=self.code, choices=CODES)
        if self.closing not in CLOSINGS:
            raise InvalidNotationError(
                "unknown_closing", "R43", text=self.closing, choices=CLOSINGS
            )
        if self.variant == "international" and self.semi_clean:
            raise InvalidNotationError("international_semi_clean", "R41")
        if self.variant == "international" and (self.code != "fibur" or self.closing != "burraco"):
            raise InvalidNotationError("international_code", "R41")

    @property
    def international(self) -> bool:
        return self.variant == "international"

    @property
    def must_use_pile(self) -> bool:
        """May the pile be taken only to use one of its cards at once (R41, R43)?"""
        return self.pile_must_be_used or self.variant == "international"

    @property
    def pile_rule(self) -> str:
        """The rule that says so: R41 in the international game, else R43."""
        return "R41" if self.variant == "international" else "R43"

    @property
    def scores(self) -> Scores:
        """What this code scores (R35, R42, R43)."""
        return SCORES[self.code]

    def allows_set_of(self, rank: int) -> bool:
        """May a set of this rank be laid? In the international game only aces and 3s (R41).

        >>> Rules(variant="international").allows_set_of(7)
        False
        """
        return not self.international or rank in (1, 3)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Rules:
        """Rules from a JSON object; unknown keys and wrong types are refused.

        ``"preset"`` names one of :data:`PRESETS`, and the other keys change options on
        top of it. Raises :class:`InvalidNotationError`.

        >>> Rules.from_dict({"preset": "f-it-ab"}).scores.dirty_royal
        250
        >>> Rules.from_dict({"preset": "bridge"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        engine.errors.InvalidNotationError: “bridge” is not a set of rules: ...
        """
        if data is None:
            return DEFAULT
        if not isinstance(data, Mapping):
            raise InvalidNotationError("rules_not_object", text=data)
        base = DEFAULT
        if "preset" in data:
            name = data["preset"]
            if not isinstance(name, str) or name not in PRESETS:
                raise InvalidNotationError("unknown_rules_preset", text=name, choices=list(PRESETS))
            base = PRESETS[name]
        types = {field.name: type(getattr(DEFAULT, field.name)) for field in fields(cls)}
        options = {key: value for key, value in data.items() if key != "preset"}
        for key, value in options.items():
            if key not in types:
                raise InvalidNotationError(
                    "unknown_rules_option", text=key, choices=["preset", *types]
                )
            # bool is an int in Python: check the exact type so true is not a target.
            if type(value) is not types[key]:
                raise InvalidNotationError("rules_option_type", field=key, text=value)
        if not options:
            return base
        return replace(base, **options)

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the default, as JSON; under a federation's code,
        ``{"preset": code}`` and the options that differ from that preset."""
        if self.code == DEFAULT.code:
            base, written = DEFAULT, {}
        else:
            base, written = PRESETS[self.code], {"preset": self.code}
        for key, value in asdict(self).items():
            if getattr(base, key) != value:
                written[key] = value
        return written

    def replace(self, **changes: Any) -> Rules:
        """These rules with ``changes``; the same object when nothing changes, so the
        engine's caches, keyed by rules, find it by identity."""
        if all(getattr(self, key) == value for key, value in changes.items()):
            return self
        return replace(self, **changes)


DEFAULT = Rules()

#: Rules a page can offer by name: FIBur's ordinary code and its options, the
#: international game, and the other codes (R42, R43), whose name is their ``code``.
PRESETS: dict[str, Rules] = {
    "standard": DEFAULT,
    "semi-clean": Rules(semi_clean=True),
    "strict": Rules(wild_moves=False),
    "international": Rules(variant="international"),
    "fe-bur-it": Rules(semi_clean=True, code="fe-bur-it"),
    "f-it-ab": Rules(semi_clean=True, code="f-it-ab"),
    "champion": Rules(semi_clean=True, code="champion", closing="champion", pile_must_be_used=True),
}
