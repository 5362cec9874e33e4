"""What every kind's answer shares: "it cannot be done" (:class:`CannotBeDone`), the readers
of an answer's JSON fields, and the checks of the cards an answer names against the hand.

An answer's JSON comes from content files and the judge (numbers as JSON numbers) or from a
form (numbers as their digits): both are read alike, so ``{"score": "120"}`` and
``{"score": 120}`` are the same answer (:func:`engine.numbers.whole_number`, ``text=True``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from engine.cards import Card, parse_cards
from engine.errors import InvalidNotationError
from engine.numbers import whole_number
from engine.puzzles.puzzle import InvalidAnswerError, NotAskedError, Puzzle


class JsonAnswer(Protocol):
    """Any kind's answer: a frozen value that writes its JSON."""

    keys: ClassVar[frozenset[str]]

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class CannotBeDone:
    """It cannot be done ("none"): no attachment, no meld, no line of play reaches the goal."""

    keys: ClassVar[frozenset[str]] = frozenset({"none"})

    def to_json(self) -> dict[str, Any]:
        return {"none": True}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CannotBeDone:
        if data.get("none") is not True:
            raise InvalidAnswerError("answer_shape", expected="none")
        return cls()


# --- reading an answer's fields ---------------------------------------------------------------


def texts(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InvalidAnswerError("answer_not_object")
    return tuple(value)


def text(value: Any) -> str:
    if not isinstance(value, str):
        raise InvalidAnswerError("answer_not_object")
    return value


def whole(value: Any, name: str, **limits: Any) -> int:
    """A whole number, from JSON or a form's digits."""
    return whole_number(value, name, text=True, error=InvalidAnswerError, **limits)


# --- the cards an answer names ----------------------------------------------------------------


def hand_cards(puzzle: Puzzle, named: tuple[str, ...]) -> tuple[Card, ...]:
    """The cards of the hand an answer names; raises :class:`InvalidAnswerError` for none,
    text that is no card, or a card the hand does not hold."""
    if not named:
        raise InvalidAnswerError("choose_cards")
    if len(named) > len(puzzle.position.hand):
        raise InvalidAnswerError("more_cards_than_hand")
    try:
        cards = tuple(parse_cards(list(named)))
    except InvalidNotationError as error:
        raise InvalidAnswerError.of(error) from None
    held = Counter(puzzle.position.hand)
    for card, count in Counter(cards).items():
        if held[card] < count:
            raise InvalidAnswerError("hand_lacks", "R6", card=str(card))
    return cards


def one_card(value: str) -> Card:
    try:
        return Card.parse(value)
    except InvalidNotationError as error:
        raise InvalidAnswerError.of(error) from None


def require_focus(puzzle: Puzzle, cards: tuple[Card, ...], rule: str) -> None:
    """Raises :class:`NotAskedError` when the answer leaves out a card the question is about."""
    missing = [card for card in puzzle.focus if card not in cards]
    if missing:
        raise NotAskedError(
            "focus_missing", rule, cards=[str(card) for card in missing], count=len(missing)
        )


def has_focus(puzzle: Puzzle, cards: tuple[Card, ...]) -> bool:
    counts = Counter(cards)
    return all(counts[card] >= n for card, n in Counter(puzzle.focus).items())


def focus_params(puzzle: Puzzle) -> dict[str, Any]:
    return {"cards": card_texts(puzzle.focus)} if puzzle.focus else {}


def card_texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def names(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)
