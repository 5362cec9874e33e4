"""Rule variants as data (R22, R28, R36, R41): a frozen Rules passed to every verb.

The default is the standard Italian game. Pages offer the named presets; the judge and
positions write rules as a JSON object of the fields that differ from the default.

>>> Rules.from_dict({"semi_clean": True}) == PRESETS["semi-clean"]
True
>>> Rules().to_dict()
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from engine.errors import InvalidNotationError

Variant = Literal["italian", "international"]
VARIANTS: tuple[Variant, ...] = ("italian", "international")
TARGETS = (505, 1005, 2000, 2005)
DECKS = (2, 3)
#: R4: each player's hand and each pozzetto hold 11 cards.
HAND_SIZE = 11
POZZETTO_SIZE = 11


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
    """

    wild_moves: bool = True
    semi_clean: bool = False
    variant: Variant = "italian"
    target: int = 2005
    decks: int = 2

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise InvalidNotationError("unknown_variant", text=self.variant, choices=VARIANTS)
        if self.target not in TARGETS:
            raise InvalidNotationError("unknown_target", text=self.target, choices=TARGETS)
        if self.decks not in DECKS:
            raise InvalidNotationError("unknown_decks", "R40", text=self.decks, choices=DECKS)
        if self.variant == "international" and self.semi_clean:
            raise InvalidNotationError("international_semi_clean", "R41")

    @property
    def international(self) -> bool:
        return self.variant == "international"

    def allows_set_of(self, rank: int) -> bool:
        """May a set of this rank be laid? In the international game only aces and 3s (R41).

        >>> Rules(variant="international").allows_set_of(7)
        False
        """
        return not self.international or rank in (1, 3)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Rules:
        """Rules from a JSON object; unknown keys and wrong types are refused.

        Raises :class:`InvalidNotationError`.
        """
        if data is None:
            return DEFAULT
        if not isinstance(data, Mapping):
            raise InvalidNotationError("rules_not_object", text=data)
        types = {field.name: type(getattr(DEFAULT, field.name)) for field in fields(cls)}
        for key, value in data.items():
            if key not in types:
                raise InvalidNotationError("unknown_rules_option", text=key, choices=list(types))
            # bool is an int in Python: check the exact type so true is not a target.
            if type(value) is not types[key]:
                raise InvalidNotationError("rules_option_type", field=key, text=value)
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the default, as JSON."""
        return {key: value for key, value in asdict(self).items() if getattr(DEFAULT, key) != value}

    def replace(self, **changes: Any) -> Rules:
        """These rules with ``changes``; the same object when nothing changes, so the
        engine's caches, keyed by rules, find it by identity."""
        if all(getattr(self, key) == value for key, value in changes.items()):
            return self
        return replace(self, **changes)


DEFAULT = Rules()

#: Rules a page can offer by name.
PRESETS: dict[str, Rules] = {
    "standard": DEFAULT,
    "semi-clean": Rules(semi_clean=True),
    "strict": Rules(wild_moves=False),
    "international": Rules(variant="international"),
}
