"""One answer form a kind of question (lessons.answering.reading.FORMS): its template draws
the controls, its clean gives the engine's typed answer (engine.answers)."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.template.loader import get_template
from django.utils import translation

from engine import answers
from engine.puzzles import Kind
from lessons.answering import AnswerError
from lessons.answering.reading import FORMS


def form_data(text: str) -> QueryDict:
    return QueryDict(text)


def test_every_kind_has_a_form_and_its_template() -> None:
    assert set(FORMS) == set(Kind)
    for form in FORMS.values():
        get_template(form.template)


@pytest.mark.parametrize(
    ("kind", "data", "answer"),
    [
        (Kind.ATTACH, "meld=0&cards=10C&cards=7C", answers.Attach(0, ("10C", "7C"))),
        (Kind.ATTACH, "none=1", answers.CannotBeDone()),
        (Kind.LAY_MELD, "cards=7H&cards=8H&cards=9H", answers.LayMeld(("7H", "8H", "9H"))),
        (Kind.WILDCARD, "natural=1", answers.Wildcard(None)),
        (Kind.WILDCARD, "stands_for=7C", answers.Wildcard("7C")),
        (Kind.CLASSIFY, "burraco=dirty", answers.Classify("dirty")),
        (Kind.DISCARD, "card=KS", answers.Discard("KS")),
        (Kind.PILE_USE, "count=2", answers.PileUse(2)),
        (Kind.SCORE, "score=%E2%88%92120", answers.Score(-120)),
        (Kind.SCORE, "winner=none", answers.Winner(None)),
        (Kind.CLOSE, "line=%5B%22draw%22%5D", answers.Line(("draw",))),
    ],
)
def test_each_form_gives_the_typed_answer(kind: Kind, data: str, answer: answers.Answer) -> None:
    assert FORMS[kind](form_data(data)).answer() == answer


@pytest.mark.parametrize(
    ("kind", "data", "said"),
    [
        (Kind.ATTACH, "meld=0", "Choose at least one card from your hand."),
        (Kind.ATTACH, "cards=10C", "Choose the meld to attach to."),
        (Kind.PILE_USE, "count=two", "Write how many cards, as a whole number such as 2."),
        (Kind.WILDCARD, "none=yes", "That button does not exist on this page."),
    ],
)
def test_a_form_that_is_no_answer_says_why(kind: Kind, data: str, said: str) -> None:
    with translation.override("en"), pytest.raises(AnswerError, match=said):
        FORMS[kind](form_data(data)).answer()


@pytest.mark.parametrize("written", ["120", " 120 ", "99"])
def test_a_score_from_the_form_and_from_json_is_one_answer_with_one_verdict(written: str) -> None:
    """A form sends the score's digits, a content file or the judge a JSON number: the engine
    reads both with one reader, so they get the same verdict (once one was marked and the
    other refused)."""
    from engine import puzzles
    from engine.cli.bench import HAND_12, budget_position

    question = puzzles.Puzzle.from_dict({"kind": "score", "position": budget_position(HAND_12)})
    from_form = FORMS[Kind.SCORE](form_data(f"score={written.strip()}")).answer()
    from_json = puzzles.read_answer(Kind.SCORE, {"score": int(written)})
    from_text = puzzles.read_answer(Kind.SCORE, {"score": written})
    assert from_form == from_json == from_text
    verdicts = [puzzles.check(question, answer) for answer in (from_form, from_json, from_text)]
    assert verdicts[0] == verdicts[1] == verdicts[2]
