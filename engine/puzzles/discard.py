"""Discard questions: which card to discard so as to give the next opponent nothing
(engine.strategy), or that every card gives something. The answer, its check, its solutions
and its detail; no generator makes these yet."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.budget import Budget
from engine.puzzles.answer import CannotBeDone, card_texts, names, one_card, text
from engine.puzzles.puzzle import InvalidAnswerError, Puzzle
from engine.puzzles.verdict import NO_RULE, Drawn, Verdict, miss, right, wrong
from engine.puzzles.verdict import texts as kept_texts
from engine.puzzles.verdict import whole as kept_whole
from engine.strategy import Feed, discard_feeds, discard_refusal, own_attachments

RECIPES: str | None = None


@dataclass(frozen=True)
class Discard:
    """Discard this card."""

    card: str
    keys: ClassVar[frozenset[str]] = frozenset({"card"})

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Discard:
        return cls(text(data["card"]))


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
                Extended(kept_whole(item["meld"]), kept_texts(item["arrangement"]))
                for item in data["extends"]
            ),
            tuple(kept_texts(meld) for meld in data["completes"]),
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

    @property
    def drawn(self) -> Drawn:
        return Drawn()

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
            kept_texts(data["safe"]),
            tuple(Fed.from_json(feed) for feed in data["feeds"]),
            card,
        )


def check(puzzle: Puzzle, answer: Discard | CannotBeDone, budget: Budget) -> Verdict:
    """A safe discard is right; an unsafe one is told which meld of theirs it feeds (at two
    players said of "your opponent": the sentences ``discard_extends_two`` and the like)."""
    found = feeds(puzzle, budget)
    # Two players: the same verdicts, said of "your opponent" (issue 27).
    two = "_two" if puzzle.position.heads_up else ""
    safe = [feed for feed in found if feed.safe]
    shown = next(_answers(found))
    detail = DiscardDetail(tuple(str(feed.card) for feed in safe), _fed(found))
    if isinstance(answer, CannotBeDone):
        if safe:
            return miss(
                "discard_safe_exists",
                NO_RULE,
                shown,
                detail,
                sentence=f"discard_safe_exists{two}" if two else "",
            )
        return right(detail, NO_RULE)
    card = one_card(answer.card)
    if card not in puzzle.position.hand:
        raise InvalidAnswerError("hand_lacks", "R6", card=str(card))
    refusal = discard_refusal(puzzle.position, card)
    if refusal is not None:
        return wrong(refusal, shown, detail)
    feed = next(feed for feed in found if feed.card == card)
    if feed.safe:
        return right(replace(detail, card=str(card)), NO_RULE)
    if feed.extends:
        index, meld = feed.extends[0]
        return miss(
            "discard_extends",
            NO_RULE,
            shown,
            detail,
            sentence=f"discard_extends{two}" if two else "",
            card=str(card),
            number=index + 1,
            arrangement=card_texts(meld.cards),
        )
    return miss(
        "discard_completes",
        NO_RULE,
        shown,
        detail,
        sentence=f"discard_completes{two}" if two else "",
        card=str(card),
        arrangement=card_texts(feed.completes[0].cards),
    )


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[Discard | CannotBeDone]:
    return _answers(feeds(puzzle, budget))


def kept_back(puzzle: Puzzle, budget: Budget) -> list[tuple[str, int]]:
    """The accepted discards that a legal attachment this turn could put on the learner's
    own side's melds instead, each with that meld's index (from 0). A discard question comes
    after the plays: such a card is attached, and another thrown, so content whose accepted
    card is one of these is refused (lessons.content, docs/content.md)."""
    own = own_attachments(puzzle.position, budget)
    return [
        (answer.card, own[one_card(answer.card)])
        for answer in solutions(puzzle, budget)
        if isinstance(answer, Discard) and one_card(answer.card) in own
    ]


def feeds(puzzle: Puzzle, budget: Budget) -> list[Feed]:
    return discard_feeds(puzzle.position, puzzle.known, budget)


def _answers(found: list[Feed]) -> Iterator[Discard | CannotBeDone]:
    safe = [feed for feed in found if feed.safe]
    if not safe:
        yield CannotBeDone()
    for feed in safe:
        yield Discard(str(feed.card))


def _fed(found: list[Feed]) -> tuple[Fed, ...]:
    """Each discard and what it gives, for the page to draw (Verdict.detail)."""
    return tuple(
        Fed(
            str(feed.card),
            tuple(Extended(index, names(meld.cards)) for index, meld in feed.extends),
            tuple(names(meld.cards) for meld in feed.completes[:3]),
        )
        for feed in found
    )
