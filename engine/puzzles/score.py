"""Score puzzles: a side's score for the hand, the totals after it, the match points, the
victory points or the winner (R35-R38). The answers, their check, their solutions and the
detail; the generator's recipes are in :mod:`engine.generate.score`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from engine.budget import Budget
from engine.errors import BurracoError
from engine.match import match_points, victory_points, winner
from engine.puzzles.answer import whole
from engine.puzzles.puzzle import InvalidAnswerError, Puzzle
from engine.puzzles.verdict import Drawn, Verdict, miss, optional_whole, right
from engine.puzzles.verdict import whole as kept_whole
from engine.scoring import SideScore, score_side

RECIPES = "engine.generate.score"

#: The largest score an answer may give: far beyond any hand's or match's.
MOST_SCORE = 100_000


@dataclass(frozen=True)
class Score:
    """A score, a total or points asked for."""

    score: int
    keys: ClassVar[frozenset[str]] = frozenset({"score"})

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Score:
        try:
            return cls(whole(data["score"], "score", most=MOST_SCORE))
        except BurracoError:
            raise InvalidAnswerError("score_whole_number") from None


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
        if side is None:
            return cls(None)
        try:
            number = whole(side, "winner")
        except BurracoError:
            number = None
        if number not in (0, 1):
            raise InvalidAnswerError("answer_shape", expected="winner")
        return cls(number)


#: The parts of a side's score, as SideScore names them.
_BREAKDOWN = tuple(part.name for part in fields(SideScore))


def _pair(value: Any) -> tuple[int, int]:
    if isinstance(value, str) or not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError(f"not a pair of numbers: {value!r}")
    return kept_whole(value[0]), kept_whole(value[1])


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

    @property
    def drawn(self) -> Drawn:
        return Drawn()

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
            SideScore(*(kept_whole(data["breakdown"][part]) for part in _BREAKDOWN)),
            kept_whole(data["score"]),
            totals=None if totals is None else _pair(totals),
            scores=None if scores is None else _pair(scores),
            match_points=optional_whole(data.get("match_points")),
        )


def check(puzzle: Puzzle, answer: Score | Winner, budget: Budget) -> Verdict:
    truth, detail, rule = score_truth(puzzle)
    if puzzle.ask == "winner":
        if not isinstance(answer, Winner):
            raise InvalidAnswerError("answer_shape", expected="winner")
        given = answer.side
    else:
        if not isinstance(answer, Score):
            raise InvalidAnswerError("answer_shape", expected="score")
        given = answer.score
        if abs(given) > MOST_SCORE:
            raise InvalidAnswerError("score_whole_number")
    if given == truth:
        return right(detail, rule)
    return miss(f"wrong_{puzzle.ask}", rule, _answer(puzzle, truth), detail, expected=truth)


def solutions(puzzle: Puzzle, budget: Budget) -> Iterator[Score | Winner]:
    yield _answer(puzzle, score_truth(puzzle)[0])


def _answer(puzzle: Puzzle, truth: int | None) -> Score | Winner:
    if puzzle.ask == "winner":
        return Winner(truth)
    assert truth is not None
    return Score(truth)


def _side_score(puzzle: Puzzle, side: int) -> SideScore:
    hand = puzzle.position.side_hand(side)
    assert hand is not None
    return score_side(
        puzzle.position.melds[side],
        hand,
        pozzetto_taken=puzzle.position.pozzetti_taken[side],
        closed=puzzle.closed == side,
        rules=puzzle.rules,
    )


def score_truth(puzzle: Puzzle) -> tuple[int | None, ScoreDetail, str]:
    mine = _side_score(puzzle, puzzle.side)
    detail = ScoreDetail(mine, mine.total)
    if puzzle.ask == "hand":
        return mine.total, detail, "R35"
    theirs = _side_score(puzzle, 1 - puzzle.side)
    totals_before = puzzle.position.totals
    assert totals_before is not None
    scores = (mine.total, theirs.total) if puzzle.side == 0 else (theirs.total, mine.total)
    totals = (totals_before[0] + scores[0], totals_before[1] + scores[1])
    detail = replace(detail, totals=totals, scores=scores)
    lead = match_points(totals)[puzzle.side]
    if puzzle.ask == "total":
        return totals[puzzle.side], detail, "R36"
    if puzzle.ask == "winner":
        return winner(totals, puzzle.rules), detail, "R36"
    if puzzle.ask == "match_points":
        return lead, detail, "R37"
    return victory_points(lead, puzzle.hands)[0], replace(detail, match_points=lead), "R38"
