"""What a verdict shows besides its sentence (:attr:`engine.puzzles.Verdict.detail`), typed.

One frozen value a kind of verdict: the meld an answer made (:class:`MeldMade`), a meld's
burraco (:class:`Classified`), a score part by part (:class:`ScoreDetail`), a line of play
(:class:`LinePlayed`), what each discard gives (:class:`DiscardDetail`) and the pile cards
that could be used (:class:`PileUsed`). Each writes the JSON the judge answers and the site
keeps with an attempt (``to_json``), and reads it back (``from_json``); :func:`read_detail`
reads any of them, by the key that marks each kind (its ``MARK``), and an empty object as
no detail at all.

>>> made = MeldMade(("6C", "JK", "8C"), meld=0)
>>> made.to_json()
{'meld': 0, 'arrangement': ['6C', 'JK', '8C']}
>>> read_detail(made.to_json()) == made
True
>>> read_detail({}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.errors import InvalidNotationError
from engine.melds import Burraco
from engine.scoring import SideScore
from engine.state import Position


def _texts(value: Any) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise TypeError(f"not a list of texts: {value!r}")
    if not all(isinstance(text, str) for text in value):
        raise TypeError(f"not a list of texts: {value!r}")
    return tuple(value)


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"not a whole number: {value!r}")
    return value


def _optional_whole(value: Any) -> int | None:
    return None if value is None else _whole(value)


def _pair(value: Any) -> tuple[int, int]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise TypeError(f"not a pair of numbers: {value!r}")
    return _whole(value[0]), _whole(value[1])


@dataclass(frozen=True, slots=True)
class MeldMade:
    """The meld an answer made or changed, its cards as they lie: an attach answer's (with
    the ``meld``'s index among the side's melds), a lay-meld answer's (with its ``points``)
    and the meld of a wildcard question after the attachment.

    >>> MeldMade(("7H", "8H", "9H"), points=15).to_json()
    {'arrangement': ['7H', '8H', '9H'], 'points': 15}
    """

    MARK: ClassVar[str] = "arrangement"

    arrangement: tuple[str, ...]
    meld: int | None = None
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.meld is not None:
            data["meld"] = self.meld
        data["arrangement"] = list(self.arrangement)
        if self.points is not None:
            data["points"] = self.points
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MeldMade:
        return cls(
            _texts(data["arrangement"]),
            meld=_optional_whole(data.get("meld")),
            points=_optional_whole(data.get("points")),
        )


@dataclass(frozen=True, slots=True)
class Classified:
    """What burraco a classify question's meld is: ``clean``, ``semi-clean``, ``dirty`` or
    ``none``.

    >>> Classified.from_json({"burraco": "dirty"})
    Classified(burraco='dirty')
    """

    MARK: ClassVar[str] = "burraco"

    burraco: str

    def to_json(self) -> dict[str, Any]:
        return {"burraco": self.burraco}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Classified:
        burraco = data["burraco"]
        if burraco != "none" and burraco not in {kind.value for kind in Burraco}:
            raise TypeError(f"not a kind of burraco: {burraco!r}")
        return cls(burraco)


#: The parts of a side's score, as SideScore names them.
_BREAKDOWN = tuple(part.name for part in fields(SideScore))


@dataclass(frozen=True, slots=True)
class ScoreDetail:
    """A score question's working: the learner's side's ``breakdown`` and ``score``; past
    the hand, both sides' ``scores`` and the match ``totals`` after it (side 0 first), and
    for a victory-points question the ``match_points`` of the lead.

    >>> kept = ScoreDetail(SideScore(120, 200, 100, -15, 0), 405, totals=(1405, 900),
    ...                    scores=(405, 60))
    >>> ScoreDetail.from_json(kept.to_json()) == kept
    True
    """

    MARK: ClassVar[str] = "breakdown"

    breakdown: SideScore
    score: int
    totals: tuple[int, int] | None = None
    scores: tuple[int, int] | None = None
    match_points: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"breakdown": self.breakdown.breakdown(), "score": self.score}
        if self.totals is not None:
            data["totals"] = list(self.totals)
        if self.scores is not None:
            data["scores"] = list(self.scores)
        if self.match_points is not None:
            data["match_points"] = self.match_points
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoreDetail:
        totals, scores = data.get("totals"), data.get("scores")
        return cls(
            SideScore(*(_whole(data["breakdown"][part]) for part in _BREAKDOWN)),
            _whole(data["score"]),
            totals=None if totals is None else _pair(totals),
            scores=None if scores is None else _pair(scores),
            match_points=_optional_whole(data.get("match_points")),
        )


@dataclass(frozen=True, slots=True)
class LinePlayed:
    """A close or pile question's line as far as it was played: the ``events`` it raised
    (:class:`engine.actions.Event` values), the ``position`` it reached, and when the
    engine refused a move, the ``index`` of that move (how many were played before it)."""

    MARK: ClassVar[str] = "events"

    events: tuple[str, ...]
    position: Position
    index: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"events": list(self.events), "position": self.position.to_json()}
        if self.index is not None:
            data["index"] = self.index
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LinePlayed:
        return cls(
            _texts(data["events"]),
            Position.from_json(data["position"]),
            index=_optional_whole(data.get("index")),
        )


@dataclass(frozen=True, slots=True)
class Extended:
    """An opponents' meld that a discard extends: its index, and its cards after it."""

    meld: int
    arrangement: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Fed:
    """What one discard gives the next opponent (:class:`engine.strategy.Feed`): the melds
    of theirs it ``extends``, and the new melds it ``completes`` with the pile (the first
    three). A card with neither is safe."""

    card: str
    extends: tuple[Extended, ...] = ()
    completes: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "extends": [
                {"meld": item.meld, "arrangement": list(item.arrangement)} for item in self.extends
            ],
            "completes": [list(meld) for meld in self.completes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Fed:
        card = data["card"]
        if not isinstance(card, str):
            raise TypeError(f"not a card: {card!r}")
        return cls(
            card,
            tuple(
                Extended(_whole(item["meld"]), _texts(item["arrangement"]))
                for item in data["extends"]
            ),
            tuple(_texts(meld) for meld in data["completes"]),
        )


@dataclass(frozen=True, slots=True)
class DiscardDetail:
    """A discard question's working: the ``safe`` cards, what each card of the hand gives
    (``feeds``), and the ``card`` the learner discarded when it was safe.

    >>> kept = DiscardDetail(("KS",), (Fed("KS"), Fed("7H", (Extended(0, ("5H", "6H", "7H")),))))
    >>> DiscardDetail.from_json(kept.to_json()) == kept
    True
    """

    MARK: ClassVar[str] = "feeds"

    safe: tuple[str, ...]
    feeds: tuple[Fed, ...]
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "safe": list(self.safe),
            "feeds": [feed.to_json() for feed in self.feeds],
        }
        if self.card is not None:
            data["card"] = self.card
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DiscardDetail:
        card = data.get("card")
        if card is not None and not isinstance(card, str):
            raise TypeError(f"not a card: {card!r}")
        return cls(
            _texts(data["safe"]),
            tuple(Fed.from_json(feed) for feed in data["feeds"]),
            card,
        )


@dataclass(frozen=True, slots=True)
class PileUsed:
    """A pile-use question's answer: the pile's cards that could go on the table at once
    by taking it, and how many.

    >>> PileUsed.from_json({"cards": ["5H", "JK"], "count": 2})
    PileUsed(cards=('5H', 'JK'))
    """

    MARK: ClassVar[str] = "count"

    cards: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "count": self.count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PileUsed:
        cards = _texts(data["cards"])
        if _whole(data["count"]) != len(cards):
            raise TypeError("the count is not the number of cards")
        return cls(cards)


#: Every kind of detail a verdict may carry.
Detail = MeldMade | Classified | ScoreDetail | LinePlayed | DiscardDetail | PileUsed

#: The kinds of detail, each known by the key its JSON always has and no other kind's has.
KINDS: tuple[type[Detail], ...] = (
    MeldMade,
    Classified,
    ScoreDetail,
    LinePlayed,
    DiscardDetail,
    PileUsed,
)


def read_detail(data: Any) -> Detail | None:
    """The detail this JSON stands for (as a ``to_json`` wrote it), None for an empty
    object. Raises :class:`InvalidNotationError` (``verdict_unreadable``) for anything else.

    >>> read_detail({"burraco": "clean"})
    Classified(burraco='clean')
    >>> try:
    ...     read_detail({"score": 30})
    ... except ValueError as error:
    ...     print(error.code, error.params["detail"])
    verdict_unreadable no detail has the keys ['score']
    """
    if not isinstance(data, Mapping):
        raise InvalidNotationError("verdict_unreadable", detail=f"not an object: {data!r}")
    if not data:
        return None
    for kind in KINDS:
        if kind.MARK in data:
            try:
                return kind.from_json(data)
            except (KeyError, TypeError, ValueError) as error:
                raise InvalidNotationError("verdict_unreadable", detail=str(error)) from None
    raise InvalidNotationError(
        "verdict_unreadable", detail=f"no detail has the keys {sorted(data)}"
    )
