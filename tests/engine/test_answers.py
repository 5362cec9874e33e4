"""Answers (engine.answers, engine.puzzles): one frozen type per kind of answer, read from and
written to JSON by one reader, whether a content file or a form wrote it."""

from __future__ import annotations

import pytest

from engine import answers
from engine.puzzles import KINDS, InvalidAnswerError, Kind

EXAMPLES = [
    ("attach", answers.Attach(0, ("10C", "7C"))),
    ("attach", answers.CannotBeDone()),
    ("lay-meld", answers.LayMeld(("7H", "8H", "9H"))),
    ("wildcard", answers.Wildcard("7C")),
    ("wildcard", answers.Wildcard(None)),
    ("wildcard", answers.CannotBeDone()),
    ("classify", answers.Classify("semi-clean")),
    ("score", answers.Score(-120)),
    ("score", answers.Winner(1)),
    ("score", answers.Winner(None)),
    ("close", answers.Line(("meld JS QS KS", "discard 5D"))),
    ("pile", answers.CannotBeDone()),
    ("discard", answers.Discard("KS")),
    ("discard", answers.CannotBeDone()),
    ("pile-use", answers.PileUse(2)),
]


@pytest.mark.parametrize(("kind", "answer"), EXAMPLES)
def test_every_answer_round_trips_through_json(kind: str, answer: answers.Answer) -> None:
    assert answers.read(kind, answer.to_json()) == answer
    assert type(answer).from_json(answer.to_json()) == answer


def test_every_kind_takes_answers() -> None:
    assert set(KINDS) == set(Kind)
    assert all(entry.answers for entry in KINDS.values())


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("discard", {"count": 2}),
        ("attach", {"cards": ["10C"]}),
        ("attach", {"meld": "zero", "cards": ["10C"]}),
        ("attach", {"none": "yes"}),
        ("wildcard", {"natural": True, "stands_for": "7C"}),
        ("score", {"winner": 2}),
        ("score", {"score": True}),
        ("pile-use", {}),
        ("close", {"actions": "meld JS QS KS"}),
        ("classify", ["clean"]),
    ],
)
def test_what_is_no_answer_of_the_kind_is_refused(kind: str, data: object) -> None:
    with pytest.raises(InvalidAnswerError):
        answers.read(kind, data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "written", "typed"),
    [
        ("score", {"score": "120"}, answers.Score(120)),
        ("score", {"score": " -120 "}, answers.Score(-120)),
        ("score", {"winner": "1"}, answers.Winner(1)),
        ("attach", {"meld": "0", "cards": ["10C"]}, answers.Attach(0, ("10C",))),
        ("pile-use", {"count": "2"}, answers.PileUse(2)),
    ],
)
def test_a_number_written_as_its_digits_is_the_same_answer_as_the_number(
    kind: str, written: dict[str, object], typed: answers.Answer
) -> None:
    """A form sends digits, a content file numbers: one reader, one answer for both."""
    assert answers.read(kind, written) == typed == answers.read(kind, typed.to_json())


def test_answers_are_frozen() -> None:
    with pytest.raises(AttributeError):
        answers.Discard("KS").card = "QS"  # type: ignore[misc]


@pytest.mark.parametrize(
    "drawn",
    [
        answers.Drawn(),
        answers.Drawn(0, ("6C", "JK", "8C")),
        answers.Drawn(None, ("7H", "8H", "9H")),
        answers.Drawn(cards=("KS", "QS")),
        answers.Drawn(position={"hands": [], "phase": "draw"}),
    ],
)
def test_a_verdicts_drawn_detail_round_trips_through_json(drawn: answers.Drawn) -> None:
    assert answers.Drawn.from_json(drawn.to_json()) == drawn


def test_a_verdict_gives_its_detail_typed() -> None:
    from engine.puzzles import MeldMade, ScoreDetail, Verdict
    from engine.scoring import SideScore

    verdict = Verdict(True, "correct", "R17", detail=MeldMade(("5C", "6C"), meld=1))
    assert verdict.drawn == answers.Drawn(1, ("5C", "6C"))
    score = ScoreDetail(SideScore(30, 0, 0, 0, 0), 30)
    assert Verdict(True, "correct", detail=score).drawn == answers.Drawn()
    assert Verdict(True, "correct").drawn == answers.Drawn()
