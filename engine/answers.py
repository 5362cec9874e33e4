"""Answers to puzzles as values: one frozen type per kind of answer, read from and written to
the JSON that :func:`engine.puzzles.check` marks and that attempts keep (docs/content.md).

A puzzle's kind says which answers it takes (:data:`TAKES`); :func:`read` gives the answer a
JSON object stands for, so nothing has to guess an answer's kind from its keys.

>>> read("attach", {"meld": 0, "cards": ["10C", "7C"]})
Attach(meld=0, cards=('10C', '7C'))
>>> read("attach", {"none": True})
CannotBeDone()
>>> read("wildcard", {"natural": True}).to_json()
{'natural': True}
>>> read("score", {"winner": None})
Winner(side=None)
>>> read("discard", {"count": 2})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.InvalidNotationError: ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from engine.errors import InvalidNotationError


def _texts(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InvalidNotationError("answer_not_object")
    return tuple(value)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise InvalidNotationError("answer_not_object")
    return value


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidNotationError("answer_not_object")
    return value


@dataclass(frozen=True)
class CannotBeDone:
    """It cannot be done ("none"): no attachment, no meld, no line of play reaches the goal."""

    keys: ClassVar[frozenset[str]] = frozenset({"none"})

    def to_json(self) -> dict[str, Any]:
        return {"none": True}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CannotBeDone:
        if data.get("none") is not True:
            raise InvalidNotationError("answer_shape", expected="none")
        return cls()


@dataclass(frozen=True)
class Attach:
    """Attach these cards of the hand to the side's meld ``meld`` (from 0)."""

    meld: int
    cards: tuple[str, ...]
    keys: ClassVar[frozenset[str]] = frozenset({"meld", "cards"})

    def to_json(self) -> dict[str, Any]:
        return {"meld": self.meld, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Attach:
        return cls(_whole(data["meld"]), _texts(data["cards"]))


@dataclass(frozen=True)
class LayMeld:
    """Lay these cards of the hand down as a new meld."""

    cards: tuple[str, ...]
    keys: ClassVar[frozenset[str]] = frozenset({"cards"})

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LayMeld:
        return cls(_texts(data["cards"]))


@dataclass(frozen=True)
class Wildcard:
    """The wildcard stands for ``stands_for``; None: the 2 becomes a natural card."""

    stands_for: str | None
    keys: ClassVar[frozenset[str]] = frozenset({"stands_for", "natural"})

    def to_json(self) -> dict[str, Any]:
        return {"natural": True} if self.stands_for is None else {"stands_for": self.stands_for}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Wildcard:
        if "natural" in data:
            if data["natural"] is not True or len(data) != 1:
                raise InvalidNotationError("answer_shape", expected="natural")
            return cls(None)
        return cls(_text(data["stands_for"]))


@dataclass(frozen=True)
class Classify:
    """Which burraco the meld is: "clean", "dirty", "semi-clean" or "none"."""

    burraco: str
    keys: ClassVar[frozenset[str]] = frozenset({"burraco"})

    def to_json(self) -> dict[str, Any]:
        return {"burraco": self.burraco}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Classify:
        return cls(_text(data["burraco"]))


@dataclass(frozen=True)
class Score:
    """A score, a total or points asked for."""

    score: int
    keys: ClassVar[frozenset[str]] = frozenset({"score"})

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Score:
        return cls(_whole(data["score"]))


@dataclass(frozen=True)
class Winner:
    """The side that won (0 or 1), or None: nobody yet, the game goes on."""

    side: int | None
    keys: ClassVar[frozenset[str]] = frozenset({"winner"})

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.side}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Winner:
        side = data["winner"]
        if side is not None and _whole(side) not in (0, 1):
            raise InvalidNotationError("answer_shape", expected="winner")
        return cls(side)


@dataclass(frozen=True)
class Discard:
    """Discard this card."""

    card: str
    keys: ClassVar[frozenset[str]] = frozenset({"card"})

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Discard:
        return cls(_text(data["card"]))


@dataclass(frozen=True)
class PileUse:
    """How many cards of the discard pile could be used at once."""

    count: int
    keys: ClassVar[frozenset[str]] = frozenset({"count"})

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PileUse:
        return cls(_whole(data["count"]))


@dataclass(frozen=True)
class Line:
    """A line of play: actions in the notation of :mod:`engine.actions`."""

    actions: tuple[str, ...]
    keys: ClassVar[frozenset[str]] = frozenset({"actions"})

    def to_json(self) -> dict[str, Any]:
        return {"actions": list(self.actions)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Line:
        return cls(_texts(data["actions"]))


Answer: TypeAlias = (
    CannotBeDone
    | Attach
    | LayMeld
    | Wildcard
    | Classify
    | Score
    | Winner
    | Discard
    | PileUse
    | Line
)

#: The answers each kind of puzzle takes (by Kind's value).
TAKES: dict[str, tuple[type[Answer], ...]] = {
    "attach": (CannotBeDone, Attach),
    "lay-meld": (CannotBeDone, LayMeld),
    "wildcard": (CannotBeDone, Wildcard),
    "classify": (Classify,),
    "score": (Score, Winner),
    "close": (CannotBeDone, Line),
    "pile": (CannotBeDone, Line),
    "discard": (CannotBeDone, Discard),
    "pile-use": (PileUse,),
}


@dataclass(frozen=True)
class Drawn:
    """What a verdict's ``detail`` gives a page to draw, typed: the meld an answer made (its
    index among the side's melds, when it joined one, and its cards as they lie), the
    position after a line of play (as :meth:`engine.state.Position.to_json` writes it), and
    the cards of the pile a pile-use answer counts. Every field is empty when the verdict
    draws nothing of the kind.

    >>> Drawn.from_json({"meld": 0, "arrangement": ["6C", "JK", "8C"], "score": 5})
    Drawn(meld=0, arrangement=('6C', 'JK', '8C'), position=None, cards=())
    >>> laid = Drawn(None, ("7H", "8H", "9H"))
    >>> Drawn.from_json(laid.to_json()) == laid
    True
    """

    meld: int | None = None
    arrangement: tuple[str, ...] = ()
    position: Mapping[str, Any] | None = None
    cards: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.meld is not None:
            data["meld"] = self.meld
        if self.arrangement:
            data["arrangement"] = list(self.arrangement)
        if self.position is not None:
            data["position"] = dict(self.position)
        if self.cards:
            data["cards"] = list(self.cards)
        return data

    @classmethod
    def from_json(cls, detail: Mapping[str, Any]) -> Drawn:
        """The drawable part of a verdict's detail (its other keys, a score's breakdown or a
        discard's feeds, are the templates' to read); what is malformed is left out."""
        meld = detail.get("meld")
        position = detail.get("position")
        return cls(
            meld=meld if isinstance(meld, int) and not isinstance(meld, bool) else None,
            arrangement=_texts_or_none(detail.get("arrangement")),
            position=position if isinstance(position, Mapping) else None,
            cards=_texts_or_none(detail.get("cards")),
        )


def _texts_or_none(value: Any) -> tuple[str, ...]:
    try:
        return _texts(value)
    except InvalidNotationError:
        return ()


def read(kind: str, data: Mapping[str, Any]) -> Answer:
    """The answer this JSON object stands for, in a puzzle of this kind (its value, such as
    "lay-meld"). Raises :class:`InvalidNotationError` for an object that is none of the
    answers the kind takes."""
    if not isinstance(data, Mapping):
        raise InvalidNotationError("answer_not_object")
    for answer in TAKES.get(kind, ()):
        if set(data) and set(data) <= answer.keys:
            try:
                return answer.from_json(data)
            except KeyError:
                raise InvalidNotationError("answer_fields", choices=sorted(answer.keys)) from None
    raise InvalidNotationError(
        "answer_fields",
        choices=sorted({key for answer in TAKES.get(kind, ()) for key in answer.keys}),
    )
