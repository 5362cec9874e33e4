"""The discard question: what each discard gives the next opponent, proved."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from engine import puzzles
from engine.budget import REQUEST_STEPS, Budget
from engine.cards import Card, parse_cards
from engine.cli import judge
from engine.errors import TooBigError
from engine.puzzles import InvalidAnswerError, InvalidPuzzleError, PileUsed, Puzzle
from engine.state import Position
from engine.strategy import StrategyError, discard_feeds, own_attachments, pile_uses
from tests.engine.answering import check_json


def table(
    hand: list[str],
    theirs: list[list[str]],
    pile: list[str],
    mine: list[list[str]] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [hand, {"count": 9}],
        "melds": [mine or [], theirs],
        "discard": pile,
        "stock": 40,
        "pozzetti_taken": [False, False],
        **extra,
    }


def question(position: dict[str, Any], **fields: Any) -> Puzzle:
    return Puzzle.from_dict({"kind": "discard", "position": position, **fields})


def safe_cards(position: dict[str, Any], known: list[str] | None = None) -> list[str]:
    feeds = discard_feeds(Position.from_json(position), parse_cards(known or []))
    return [str(feed.card) for feed in feeds if feed.safe]


@pytest.mark.parametrize(
    ("hand", "theirs", "pile", "safe"),
    [
        # 8♥ extends their 5♥ 6♥ 7♥; the K♠ touches nothing.
        (["8H", "KS"], [["5H", "6H", "7H"]], ["QD"], ["KS"]),
        # A card of the rank of their set extends it.
        (["9C", "4D"], [["9H", "9S", "9D"]], ["QD"], ["4D"]),
        # The 9♥ extends their run only with the pile's 8♥ beside it.
        (["9H", "KS"], [["5H", "6H", "7H"]], ["8H"], ["KS"]),
        # The 4♦ makes a set with the pile's 4♣ and 4♠.
        (["4D", "KS"], [], ["4C", "QD", "4S"], ["KS"]),
        # Two 4s in the pile but the Q♦ alone: the Q♦ gives nothing, the 4♦ a set.
        (["4D", "QH"], [], ["4C", "4S", "QD"], ["QH"]),
        # A wildcard extends any meld that has none (R18, R19)...
        (["JK", "KS"], [["5H", "6H", "7H"]], ["QD"], ["KS"]),
        # ...but not a meld that holds one already and cannot grow by it.
        (["2C", "KS"], [["5H", "JK", "7H"]], ["QD"], ["2C", "KS"]),
        # Nothing on their side and a pile of odd cards: every card is safe.
        (["8H", "KS"], [], ["QD", "4C"], ["8H", "KS"]),
    ],
)
def test_each_discard_is_safe_only_when_it_feeds_no_meld_the_learner_can_see(
    hand: list[str], theirs: list[list[str]], pile: list[str], safe: list[str]
) -> None:
    assert safe_cards(table(hand, theirs, pile)) == safe


def test_my_own_melds_are_not_theirs_to_extend() -> None:
    position = table(["8H", "KS"], [], ["QD"], mine=[["5H", "6H", "7H"]])
    assert safe_cards(position) == ["8H", "KS"]


def test_cards_the_next_opponent_is_known_to_hold_complete_a_meld() -> None:
    position = table(["10S", "KH"], [], ["3D"])
    assert safe_cards(position) == ["KH", "10S"]
    # They took a pile with two kings in it and have not laid them.
    assert safe_cards(position, known=["KD", "KC"]) == ["10S"]


def test_a_set_their_side_already_has_is_an_extension_not_a_second_set() -> None:
    feeds = discard_feeds(Position.from_json(table(["7D", "QS"], [["7H", "7S", "7C"]], ["7C"])))
    seven = next(feed for feed in feeds if str(feed.card) == "7D")
    assert [index for index, _ in seven.extends] == [0]
    assert seven.completes == ()  # 7♣ 7♦ and a third would be a second set of sevens (R15)


def test_a_card_that_goes_on_my_own_melds_this_turn_is_kept_back_from_the_discard() -> None:
    mine = [["10H", "10D", "10S"], ["6C", "JK", "8C"]]
    position = Position.from_json(table(["10C", "7C", "KS", "4D"], [], ["QD"], mine=mine))
    # The 10♣ goes on the 10s (and on the clubs only with the 7♣), the 7♣ in the bound
    # joker's place (R23); the K♠ and the 4♦ go nowhere. Each card names its first meld.
    found = {str(card): meld for card, meld in own_attachments(position).items()}
    assert found == {"10C": 0, "7C": 1}
    # Every card here is safe (their side has nothing), but the 10♣ belongs on the 10s.
    puzzle = question(table(["10C", "KS"], [], ["QD"], mine=mine))
    assert puzzles.discard.kept_back(puzzle, Budget()) == [("10C", 0)]
    kept = question(table(["KS", "4D"], [], ["QD"], mine=mine))
    assert puzzles.discard.kept_back(kept, Budget()) == []


def test_with_four_players_the_next_opponent_is_the_seat_on_the_left() -> None:
    position = {
        "players": 4,
        "to_move": 2,
        "phase": "play",
        "hands": [{"count": 9}, {"count": 9}, ["8H", "KS"], {"count": 9}],
        "melds": [[["JS", "QS", "KS"]], [["5H", "6H", "7H"]]],
        "discard": ["QD"],
        "stock": 40,
        "pozzetti_taken": [False, False],
    }
    # The K♠ fits only the learner's own side's meld; the 8♥ feeds the opponents'.
    assert safe_cards(position) == ["KS"]


def test_a_safe_discard_is_right_and_an_unsafe_one_names_the_meld_it_feeds() -> None:
    puzzle = question(table(["8H", "KS", "4D"], [["5H", "6H", "7H"]], ["4C", "4S"]))
    assert check_json(puzzle, {"card": "KS"}).correct
    extends = check_json(puzzle, {"card": "8H"})
    # Feeding them breaks no rule: the verdict blames none (it is counted against no rule).
    assert (extends.correct, extends.code, extends.rule) == (False, "discard_extends", None)
    assert extends.params == {"card": "8H", "number": 1, "arrangement": ["5H", "6H", "7H", "8H"]}
    assert extends.solution == {"card": "KS"}
    completes = check_json(puzzle, {"card": "4D"})
    assert (completes.code, completes.params["arrangement"]) == (
        "discard_completes",
        ["4D", "4C", "4S"],
    )
    assert "their meld 1," in extends.message
    none = check_json(puzzle, {"none": True})
    assert (none.correct, none.code) == (False, "discard_safe_exists")
    assert [a.to_json() for a in puzzles.solutions(puzzle)] == [{"card": "KS"}]


def test_every_safe_card_is_a_correct_answer() -> None:
    puzzle = question(table(["8H", "KS", "QC", "3D"], [["5H", "6H", "7H"]], ["4C"]))
    assert [answer.to_json()["card"] for answer in puzzles.solutions(puzzle)] == ["3D", "QC", "KS"]
    for card in ("3D", "QC", "KS"):
        assert check_json(puzzle, {"card": card}).correct


def test_when_every_discard_feeds_them_the_answer_is_none() -> None:
    puzzle = question(table(["8H", "9C"], [["5H", "6H", "7H"], ["9D", "9S", "9H"]], ["QD"]))
    assert check_json(puzzle, {"none": True}).correct
    wrong = check_json(puzzle, {"card": "9C"})
    assert (wrong.correct, wrong.code, wrong.params["number"]) == (False, "discard_extends", 2)
    assert wrong.solution == {"none": True}


def test_a_discard_the_rules_forbid_is_wrong_with_its_rule() -> None:
    # The K♠ was taken as a one-card pile: it may not go back this turn (R8).
    position = table(["8H", "KS", "QC"], [["5H", "6H", "7H"]], [], pile_single="KS")
    verdict = check_json(question(position), {"card": "KS"})
    assert (verdict.correct, verdict.code, verdict.rule) == (False, "pile_single", "R8")
    assert verdict.solution == {"card": "QC"}


@pytest.mark.parametrize(
    "answer", [{"card": "AS"}, {"card": "nonsense"}, {"cards": ["KS"]}, {"none": False}, {}]
)
def test_an_answer_that_is_no_answer_is_refused_not_marked(answer: dict[str, Any]) -> None:
    puzzle = question(table(["8H", "KS"], [], ["QD"]))
    with pytest.raises(InvalidAnswerError):
        check_json(puzzle, answer)


@pytest.mark.parametrize(
    ("position", "fields"),
    [
        (table(["8H", "KS"], [], ["QD"], phase="draw", stock=["3C", "4C", "5C"]), {}),
        (table(["8H", "KS"], [], ["QD"]), {"known": ["KD"] * 10}),
        (table(["8H", "KS"], [], ["QD", "QD"]), {"known": ["QD"]}),
    ],
)
def test_a_discard_question_the_position_cannot_ask_is_refused(
    position: dict[str, Any], fields: dict[str, Any]
) -> None:
    with pytest.raises((InvalidPuzzleError, StrategyError)):
        question(position, **fields)


def test_known_cards_belong_to_discard_questions_only() -> None:
    with pytest.raises(InvalidPuzzleError):
        Puzzle.from_dict({"kind": "attach", "position": table(["8H"], [], ["QD"]), "known": ["KD"]})


def test_the_search_spends_the_budget_and_refuses_past_it() -> None:
    position = Position.from_json(table(["8H", "KS", "JK"], [["5H", "6H", "7H"]], ["4C", "4S"]))
    with pytest.raises(TooBigError) as raised:
        discard_feeds(position, (), Budget(10))
    assert raised.value.code == "too_big"
    budget = Budget()
    discard_feeds(position, (), budget)
    assert 0 < budget.spent < REQUEST_STEPS


def test_a_whole_deck_in_the_pile_is_settled_or_refused_within_one_budget() -> None:
    # The worst a request can send: a 40-card pile, wildcards in hand, many melds of theirs.
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q"]
    pile = [f"{rank}{suit}" for suit in "HDCS" for rank in ranks]
    hand = ["JK", "JK", "2C", "2D", "AH", "AS", "KH", "KD", "KC", "KS", "AC"]
    position = Position.from_json(
        table(hand, [["5H", "6H", "7H"], ["9S", "9D", "9C"]], pile, stock=10)
    )
    budget = Budget()
    with contextlib.suppress(TooBigError):
        discard_feeds(position, (), budget)
    assert budget.spent <= REQUEST_STEPS


def test_the_judge_checks_a_discard_puzzle() -> None:
    puzzle = {"kind": "discard", "position": table(["8H", "KS"], [["5H", "6H", "7H"]], ["QD"])}
    right = judge.answer({"op": "puzzle", "puzzle": puzzle, "answer": {"card": "KS"}})
    assert right["ok"] and right["correct"]
    wrong = judge.answer({"op": "puzzle", "puzzle": puzzle, "answer": {"card": "8H"}})
    assert wrong["ok"] and not wrong["correct"] and wrong["code"] == "discard_extends"
    listed = judge.answer({"op": "puzzle", "puzzle": {**puzzle, "known": ["KD", "KC"]}})
    assert listed == {"ok": True, "solutions": [{"none": True}]}


def test_feeds_are_listed_once_per_distinct_card() -> None:
    feeds = discard_feeds(Position.from_json(table(["8H", "8H", "KS"], [], ["QD"])))
    assert [feed.card for feed in feeds] == [Card.parse("8H"), Card.parse("KS")]


# --- is the pile worth taking? (kind pile-use) ---------------------------------------------


def before_draw(
    hand: list[str], pile: list[str], mine: list[list[str]] | None = None, **extra: Any
) -> dict[str, Any]:
    return table(hand, [["4H", "5H", "6H"]], pile, mine, phase="draw", **extra)


@pytest.mark.parametrize(
    ("hand", "pile", "mine", "used"),
    [
        # 9♠ finishes 7♠ 8♠; the K♠ is alone and the 7♥ fits only their meld.
        (["7S", "8S", "KD"], ["9S", "3C", "KS", "7H"], [], ["9S"]),
        # Two kings in the pile and one in hand: a set, both counted.
        (["KD", "5C"], ["KS", "9D", "KC"], [], ["KS", "KC"]),
        # Attaching counts too: the pile's J♣ goes on my 8♣ 9♣ 10♣.
        (["3D", "5C"], ["JC", "AH"], [["8C", "9C", "10C"]], ["JC"]),
        # Nothing in the pile fits anything.
        (["3D", "5C"], ["JC", "AH"], [], []),
    ],
)
def test_the_pile_cards_usable_at_once_are_those_some_legal_play_takes(
    hand: list[str], pile: list[str], mine: list[list[str]], used: list[str]
) -> None:
    puzzle = Puzzle.from_dict({"kind": "pile-use", "position": before_draw(hand, pile, mine)})
    assert puzzles.solutions(puzzle) == [puzzles.PileUse(len(used))]
    right = check_json(puzzle, {"count": len(used)})
    assert right.correct and right.detail == PileUsed(tuple(used))
    wrong = check_json(puzzle, {"count": len(used) + 1})
    assert (wrong.correct, wrong.rule) == (False, None)
    assert wrong.code == ("pile_use_count" if used else "pile_use_none")
    assert wrong.solution == {"count": len(used)}


@pytest.mark.parametrize(
    "position",
    [
        table(["7S"], [], ["9S"]),  # after the draw
        before_draw(["7S"], []),  # no pile to take
    ],
)
def test_a_pile_use_question_the_position_cannot_ask_is_refused(position: dict[str, Any]) -> None:
    with pytest.raises(InvalidPuzzleError):
        Puzzle.from_dict({"kind": "pile-use", "position": position})


@pytest.mark.parametrize("answer", [{"count": "two"}, {"count": -1}, {"cards": ["9S"]}, {}])
def test_a_pile_use_answer_that_is_no_count_is_refused(answer: dict[str, Any]) -> None:
    puzzle = Puzzle.from_dict({"kind": "pile-use", "position": before_draw(["7S"], ["9S"])})
    with pytest.raises(InvalidAnswerError):
        check_json(puzzle, answer)


def test_the_pile_use_search_spends_the_budget() -> None:
    position = Position.from_json(before_draw(["7S", "8S", "JK"], ["9S", "10S", "2C"]))
    with pytest.raises(TooBigError):
        pile_uses(position, Budget(5))


def test_the_judge_checks_a_pile_use_puzzle() -> None:
    puzzle = {"kind": "pile-use", "position": before_draw(["7S", "8S"], ["9S", "3C"])}
    assert judge.answer({"op": "puzzle", "puzzle": puzzle}) == {
        "ok": True,
        "solutions": [{"count": 1}],
    }
    wrong = judge.answer({"op": "puzzle", "puzzle": puzzle, "answer": {"count": 2}})
    assert wrong["ok"] and wrong["code"] == "pile_use_count" and wrong["params"]["cards"] == ["9S"]
