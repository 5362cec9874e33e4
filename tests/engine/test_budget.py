"""Every engine search a request reaches spends a step budget, and a position
too big to settle within it is refused (``too_big``), never searched for seconds.

The findings were times (68 s for the editor's check of a 40-card close puzzle, 5.9 s for
an answer to a 12-card close puzzle); these tests assert on steps and refusals, which are
the same on every machine. ``python -m engine.cli.bench --budget`` prints the times.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.actions import ActionKind, legal_actions, transition
from engine.budget import REQUEST_STEPS, Budget, Memo
from engine.cards import deck
from engine.cli.bench import HAND_12, HAND_13, HAND_20, HAND_40, budget_position
from engine.errors import InvalidPositionError, TooBigError
from engine.puzzles import InvalidAnswerError, Puzzle, find_line, solutions
from engine.state import MAX_HAND, Hidden, Position
from tests.engine.answering import check_json

NONE = {"none": True}


def puzzle(kind: str, hand: list[str], taken: bool = False, **more: Any) -> Puzzle:
    phase = "draw" if kind == "pile" else "play"
    return Puzzle.from_dict({"kind": kind, "position": budget_position(hand, phase, taken), **more})


def settled_or_refused(call: Any, budget: Budget) -> Any:
    """The call's result, or None when it was refused as too big; never over budget."""
    try:
        result = call(budget)
    except TooBigError as error:
        assert error.code == "too_big"
        assert error.params == {"steps": budget.steps}
        result = None
    return result


# --- finding 2: a 12-card close puzzle with no pozzetto taken cost 5.9 s an answer ----------


@pytest.mark.parametrize("hand", [HAND_12[:11], HAND_12, HAND_13, HAND_40], ids=len)
def test_a_close_puzzle_without_the_pozzetto_is_settled_without_searching(
    hand: list[str],
) -> None:
    budget = Budget()
    verdict = check_json(puzzle("close", hand), NONE, budget)
    assert verdict.correct, "no line closes before the pozzetto is taken (R30)"
    assert budget.spent == 0


@pytest.mark.parametrize("hand", [HAND_12, HAND_13], ids=len)
def test_a_close_puzzle_with_the_pozzetto_taken_is_settled_within_a_quarter_of_the_budget(
    hand: list[str],
) -> None:
    budget = Budget()
    check_json(puzzle("close", hand, taken=True), NONE, budget)
    assert budget.spent <= REQUEST_STEPS // 4


def test_a_line_of_a_close_puzzle_is_marked_within_the_budget() -> None:
    budget = Budget()
    verdict = check_json(puzzle("close", HAND_13, taken=True), {"actions": ["discard JK"]}, budget)
    assert not verdict.correct
    assert budget.spent <= REQUEST_STEPS


# --- finding 1: the editor's check of 40-card puzzles ran for a minute ----------------------


@pytest.mark.parametrize(
    ("kind", "taken", "more"),
    [
        ("close", True, {}),
        ("close", False, {}),
        ("lay-meld", False, {}),
        ("lay-meld", False, {"goal": "best"}),
        ("attach", False, {}),
        ("pile", False, {"goal": "pozzetto_al_volo"}),
        ("pile", False, {"goal": "pozzetto_con_lo_scarto"}),
        ("pile", False, {"goal": "turn_ends"}),
    ],
)
def test_a_40_card_puzzle_is_settled_or_refused_within_one_budget(
    kind: str, taken: bool, more: dict[str, Any]
) -> None:
    question = puzzle(kind, HAND_40, taken, **more)
    for call in (
        lambda budget: check_json(question, NONE, budget),
        lambda budget: solutions(question, 12, budget),
    ):
        budget = Budget()
        settled_or_refused(call, budget)
        assert budget.spent <= REQUEST_STEPS


def test_a_close_puzzle_too_big_for_the_budget_is_refused_as_too_big() -> None:
    with pytest.raises(TooBigError) as refused:
        solutions(puzzle("close", HAND_20, taken=True))
    assert refused.value.code == "too_big"
    assert "too big for the engine" in str(refused.value)


def test_find_line_stops_when_its_budget_runs_out() -> None:
    start = Position.from_json(budget_position(HAND_13, taken=True))
    with pytest.raises(TooBigError) as refused:
        find_line(start, "turn_ends", Budget(10))
    assert refused.value.params == {"steps": 10}


def test_legal_actions_of_a_huge_hand_are_refused_within_the_budget() -> None:
    every = [str(card) for card in deck()][:100]
    data = {
        **budget_position(every),
        "hands": [every, {"count": 1}],
        "stock": 3,
        "discard": [],
        "pozzetti_taken": [True, True],
    }
    budget = Budget()
    with pytest.raises(TooBigError):
        legal_actions(Position.from_json(data), budget)
    assert budget.spent < budget.steps  # refused on counting, before trying the candidates


# --- the pruning never hides a line ---------------------------------------------------------


def exhaustive_line(start: Position, goal: str) -> bool:
    """Is there a line reaching the goal? The search as it was before the budget."""
    from engine.puzzles.search import _reached, _turn_over

    seen: set[Position] = set()

    def search(current: Position, events: tuple[str, ...]) -> bool:
        if current in seen:
            return False
        seen.add(current)
        for action in legal_actions(current):
            if action.kind is ActionKind.DRAW and isinstance(current.stock, Hidden):
                continue
            step = transition(current, action)
            reached = events + tuple(event.value for event in step.events)
            if _reached(goal, start, step.position, list(reached)):
                return True
            after = step.position
            if _turn_over(start, after) or isinstance(after.hands[after.to_move], Hidden):
                continue
            if search(after, reached):
                return True
        return False

    return search(start, ())


GOALS = ("closed", "pozzetto_al_volo", "pozzetto_con_lo_scarto", "turn_ends", "stock_exhausted")


def cards(text: str) -> list[str]:
    return text.split()


#: Cards that meld and attach in many ways: runs, sets, wildcards and strays.
POOL = cards("QH KH AH 3C 4C 5C 6C 8S 8D 8C 9S 10S JS JK 2D 4D")
BURRACO = ["5H", "6H", "7H", "8H", "9H", "10H", "JH"]
#: Hands that can all be laid, or all but one card.
PLAYABLE = [
    ["QH", "KH"],
    ["3C", "4C", "5C", "8S", "8D", "8C"],
    ["QH", "KH", "AH", "JK", "3C", "4C"],
    ["8S", "8D", "8C", "JK"],
    ["8S", "8D", "8C", "4D"],
]
#: Discard piles to take.
PILES = [["3D"], ["KC", "KD"], ["4C", "JK", "9C"], ["JD", "10H"]]
#: An untaken pozzetto whose cards are known, for closing after taking it al volo.
POZZETTO = cards("3S 4S 5S 6S 7S QS QD QC 2S 10D 10C")


def small_positions(count: int) -> list[Position]:
    """Positions of 2 to 7 cards drawn from POOL: with a burraco on the table or not, the
    pozzetto taken or not, known or not, the stock at its end or not, mostly after the draw
    and some before it."""
    rng = random.Random(13)
    found: list[Position] = []
    while len(found) < count:
        taken = rng.random() < 0.6
        hand = rng.sample(POOL, rng.randrange(2, 8))
        if rng.random() < 0.25:
            hand = rng.choice(PLAYABLE)
        data: dict[str, Any] = {
            "players": 2,
            "to_move": 0,
            "phase": "play",
            "hands": [hand, {"count": 11}],
            "melds": [[BURRACO] if rng.random() < 0.7 else [["5H", "6H", "7H"]], []],
            "discard": ["3D"],
            "stock": rng.choice([2, 30]),
            "pozzetti_taken": [taken, True],
        }
        if not taken and rng.random() < 0.5:
            data["pozzetti"] = [POZZETTO, None]
        if rng.random() < 0.3:  # before the draw, the stock known: a pile puzzle
            data.update(phase="draw", stock=["9D", "2H", "KS"], discard=rng.choice(PILES))
        try:
            found.append(Position.from_json(data))
        except InvalidPositionError:  # a last card that may not be discarded: try another
            continue
    return found


@pytest.mark.parametrize("start", small_positions(160))
def test_the_search_finds_a_line_exactly_when_the_exhaustive_search_does(
    start: Position,
) -> None:
    for goal in GOALS:
        found = find_line(start, goal, Budget(10**7))
        assert (found is not None) == exhaustive_line(start, goal), goal


# --- finding 7: numbers and sizes no game can reach -----------------------------------------


def test_a_hand_larger_than_any_game_gives_is_refused_with_the_limit() -> None:
    data = budget_position(HAND_12)
    data["hands"] = [HAND_12, {"count": 9223372036854775808}]
    with pytest.raises(TooBigError) as refused:
        Position.from_json(data)
    assert refused.value.code == "hand_too_big"
    assert refused.value.params["most"] == MAX_HAND == 106
    assert "at most 106" in str(refused.value)


def test_a_list_hand_of_more_cards_than_the_limit_is_refused_before_reading_them() -> None:
    data = budget_position(["JK"] * 200_000)
    with pytest.raises(TooBigError) as refused:
        Position.from_json(data)
    assert refused.value.code == "hand_too_big"


@pytest.mark.parametrize(
    ("key", "value", "code"),
    [
        ("stock", 1_000_000_000_000_000_000_000, "number_too_big"),
        ("totals", [10**30, 0], "number_too_big"),
        ("totals", [0, -(10**30)], "number_too_big"),
        ("discard", ["KD"] * 109, "too_many_cards"),
        ("stall", {"seat": 0, "count": 10**40}, "number_too_big"),
    ],
)
def test_absurd_numbers_in_a_position_are_refused_cleanly(key: str, value: Any, code: str) -> None:
    data = {**budget_position(HAND_12), key: value}
    with pytest.raises(TooBigError) as refused:
        Position.from_json(data)
    assert refused.value.code == code
    assert len(str(refused.value)) < 120, "an absurd number is cut short in the sentence"


@pytest.mark.parametrize("score", ["²", "9" * 5000, "-" + "9" * 5000, "1e9", " ", "٣"])
def test_a_score_answer_that_is_no_plain_number_is_no_answer(score: str) -> None:
    question = Puzzle.from_dict({"kind": "score", "position": budget_position(HAND_12)})
    with pytest.raises(InvalidAnswerError):
        check_json(question, {"score": score})


def test_a_score_answer_written_as_text_is_still_read() -> None:
    question = Puzzle.from_dict({"kind": "score", "position": budget_position(HAND_12)})
    truth = solutions(question)[0].to_json()["score"]
    assert check_json(question, {"score": f" {truth} "}).correct


@pytest.mark.parametrize("meld", ["²", "9" * 5000])
def test_a_meld_number_that_is_no_plain_number_is_no_answer(meld: str) -> None:
    data = budget_position(["10C", "KD"])
    data["melds"] = [[["6C", "JK", "8C"]], []]
    question = Puzzle.from_dict({"kind": "attach", "position": data})
    with pytest.raises(InvalidAnswerError):
        check_json(question, {"meld": meld, "cards": ["10C"]})


# --- the memo saves CPU, never steps ----------------------------------------------------------


def test_a_memo_hit_charges_the_steps_the_search_spent() -> None:
    memo: Memo[str] = Memo(10)
    first, second = Budget(100), Budget(100)

    def search(budget: Budget) -> str:
        budget.spend(30)
        return "found"

    assert memo.run("key", first, lambda: search(first)) == "found"
    assert memo.run("key", second, lambda: pytest.fail("searched again")) == "found"
    assert first.spent == second.spent == 30
    with pytest.raises(TooBigError):
        memo.run("key", Budget(29), lambda: pytest.fail("searched again"))


def test_a_memo_keeps_no_more_than_its_size() -> None:
    memo: Memo[tuple[int, ...]] = Memo(10, len)
    for n in range(20):
        memo.run(n, Budget(), lambda n=n: tuple(range(n % 5)))  # type: ignore[misc]
    assert memo._weight <= 10


def test_marking_the_same_answer_again_spends_the_same_steps() -> None:
    question = puzzle("close", HAND_13, taken=True)
    spent = []
    for _ in range(2):
        budget = Budget()
        check_json(question, {"actions": ["discard JK"]}, budget)
        spent.append(budget.spent)
    assert spent[0] == spent[1] > 0
