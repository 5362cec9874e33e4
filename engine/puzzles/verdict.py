"""The engine's verdict on an answer to a puzzle, and what it gives a page to draw.

A verdict is built by the check of the puzzle's kind (:mod:`engine.puzzles.registry`); its
``detail`` is that kind's own detail type, read back from JSON by the kind, never guessed
from its keys (a verdict kept before verdicts named their kind is read the old way, once,
by :func:`_old_detail`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.errors import InvalidNotationError, Refusal
from engine.messages import render, with_rule
from engine.numbers import whole_number

if TYPE_CHECKING:
    from engine.puzzles.answer import JsonAnswer as Answer
    from engine.puzzles.puzzle import Kind

#: A strategy question's miss breaks no rule (a discard that feeds the other side is legal):
#: its verdict names none, so it is never counted against a rule. A discard the rules forbid
#: (R8, R31) keeps its rule.
NO_RULE: str | None = None


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
        return texts(value)
    except TypeError:
        return ()


class Detail(Protocol):
    """What a kind of verdict shows besides its sentence: each kind's module has its own."""

    def to_json(self) -> dict[str, Any]: ...

    @property
    def drawn(self) -> Drawn: ...


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's verdict on an answer.

    ``code`` is ``"correct"`` or the reason it is wrong, with the ``rule`` and ``params``
    that :func:`engine.messages.render` turns into a sentence. ``solution`` is a correct
    answer to show beside a wrong one (None when the answer was right). ``detail`` holds
    what is worth drawing, typed by the ``kind`` of question: the meld that results, a
    score's breakdown, the events of a line; None when there is nothing. ``sentence``, when
    set, is the key of the sentence said instead of the code's own (as a coach's finding
    has): the same verdict said of "your opponent" at two players, its code unchanged for
    statistics (issue 27).
    """

    correct: bool
    code: str
    rule: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    solution: Mapping[str, Any] | None = None
    detail: Detail | None = None
    #: The kind of question marked, which says how ``detail`` reads back from JSON.
    kind: Kind | None = None
    sentence: str = ""

    @property
    def said(self) -> str:
        """The key of the sentence said: ``sentence`` where set, else ``code``."""
        return self.sentence or self.code

    @property
    def message(self) -> str:
        """The English sentence with its rule, for the judge and the content loader."""
        return with_rule(render(self.said, self.params), self.rule or "")

    @property
    def drawn(self) -> Drawn:
        """The ``detail`` that a page draws, typed (:class:`Drawn`)."""
        return Drawn() if self.detail is None else self.detail.drawn

    def to_json(self) -> dict[str, Any]:
        data = {
            "correct": self.correct,
            "code": self.code,
            "rule": self.rule,
            "params": dict(self.params),
            "reason": self.message,
            "solution": None if self.solution is None else dict(self.solution),
            "detail": {} if self.detail is None else self.detail.to_json(),
        }
        if self.kind is not None:
            data["kind"] = self.kind.value
        if self.sentence:
            data["sentence"] = self.sentence
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        """The verdict that :meth:`to_json` wrote (its ``reason`` is rendered again when
        read, in whatever language). Raises :class:`ValueError` for anything else.

        >>> kept = Verdict(False, "gap", "R13", {"cards": ["5C", "7C"], "missing": ["6C"]})
        >>> Verdict.from_json(kept.to_json()) == kept
        True
        """
        from engine.puzzles.puzzle import Kind
        from engine.puzzles.registry import read_detail

        try:
            solution = data["solution"]
            written = data.get("kind")
            kind = None if written is None else Kind(written)
            detail = data["detail"]
            return cls(
                correct=bool(data["correct"]),
                code=str(data["code"]),
                rule=None if data["rule"] is None else str(data["rule"]),
                params=dict(data["params"]),
                solution=None if solution is None else dict(solution),
                detail=_old_detail(detail) if kind is None else read_detail(kind, detail),
                kind=kind,
                sentence=str(data.get("sentence") or ""),
            )
        except (KeyError, TypeError) as error:
            raise InvalidNotationError("verdict_unreadable", detail=str(error)) from None


def _old_detail(data: Any) -> Detail | None:
    """The detail of a verdict kept before verdicts named their kind (the attempts already in
    the database), known by the key each kind's JSON had and no other's."""
    from engine.puzzles.registry import KINDS, read_detail

    if isinstance(data, Mapping) and data:
        for kind in KINDS.values():
            if kind.detail is not None and kind.detail.MARK in data:
                return read_detail(kind.kind, data)
    return read_detail(None, data)


# --- building verdicts (each kind's check) ---------------------------------------------------


def right(detail: Detail | None = None, rule: str | None = None) -> Verdict:
    """A correct answer's verdict."""
    return Verdict(True, "correct", rule, {}, None, detail)


def wrong(refusal: Refusal, shown: Answer | None, detail: Detail | None = None) -> Verdict:
    """A wrong answer's verdict, by the rules' refusal, with a correct answer ``shown``."""
    solution = None if shown is None else shown.to_json()
    return Verdict(False, refusal.code, refusal.rule, dict(refusal.params), solution, detail)


def miss(
    code: str,
    rule: str | None,
    shown: Answer | None,
    detail: Detail | None = None,
    sentence: str = "",
    **params: Any,
) -> Verdict:
    """A wrong answer's verdict, by its code, with a correct answer ``shown`` (``sentence``:
    another sentence to say it with, :attr:`Verdict.sentence`)."""
    solution = None if shown is None else shown.to_json()
    return Verdict(False, code, rule, params, solution, detail, sentence=sentence)


# --- reading kept JSON ---------------------------------------------------------------------


def texts(value: Any) -> tuple[str, ...]:
    """A list of texts from kept JSON; raises TypeError for anything else."""
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise TypeError(f"not a list of texts: {value!r}")
    if not all(isinstance(text, str) for text in value):
        raise TypeError(f"not a list of texts: {value!r}")
    return tuple(value)


def whole(value: Any) -> int:
    """A whole number from kept JSON (:func:`engine.numbers.whole_number`); raises
    :class:`InvalidNotationError`, a ValueError, for anything else."""
    return whole_number(value, "detail")


def optional_whole(value: Any) -> int | None:
    return None if value is None else whole(value)
