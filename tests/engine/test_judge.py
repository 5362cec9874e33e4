"""The judge never stops on bad input: each bad line gets its own ok:false answer.

ARCHITECTURE.md, "The judge": one JSON line out per non-empty line in, in order, exit 0;
a line it cannot serve (not JSON, not an object, unknown op, a malformed card, more
copies than the deck holds, an existing meld that is itself invalid) gets
``{"ok": false, "error": "<why, in words>"}`` and the judge goes on.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import judge

ROOT = Path(__file__).resolve().parents[2]

#: A good request and its answer, sent after every bad line to show the judge goes on.
CANARY = {"op": "points", "cards": ["JK", "2C", "AS"]}
CANARY_ANSWER = {"ok": True, "points": 65}

GOOD_MELD = ["5C", "6C", "7C"]

BAD_LINES: dict[str, str] = {
    # not JSON
    "broken-json": "{oops",
    "half-an-object": '{"op": "meld", "cards": ["5C"',
    "plain-words": "meld 5C 6C 7C",
    "single-quotes": "{'op': 'meld'}",
    "trailing-garbage": '{"op": "points", "cards": []} x',
    "nan-word": "NaN-ish",
    "control-character": "\x00\x01",
    # JSON that is not an object
    "a-list": '["meld", "5C", "6C", "7C"]',
    "a-number": "42",
    "a-string": '"meld"',
    "null": "null",
    "true": "true",
    "deeply-nested": "[" * 100_000 + "]" * 100_000,
    # the op
    "no-op": "{}",
    "unknown-op": '{"op": "fly"}',
    "op-is-a-number": '{"op": 5}',
    "op-is-a-list": '{"op": ["meld"]}',
    "op-is-null": '{"op": null, "cards": ["5C", "6C", "7C"]}',
    "op-wrong-case": '{"op": "MELD", "cards": ["5C", "6C", "7C"]}',
    # missing fields
    "meld-without-cards": '{"op": "meld"}',
    "attach-without-meld": '{"op": "attach", "cards": ["8C"]}',
    "attach-without-cards": '{"op": "attach", "meld": ["5C", "6C", "7C"]}',
    "points-without-cards": '{"op": "points"}',
    "score-without-closed": '{"op": "score", "melds": [], "hand": [], "pozzetto_taken": true}',
    "score-without-hand": '{"op": "score", "melds": [], "pozzetto_taken": true, "closed": false}',
    "score-without-melds": '{"op": "score", "hand": [], "pozzetto_taken": true, "closed": false}',
    # malformed cards
    "card-one-of-hearts": '{"op": "meld", "cards": ["1H", "2H", "3H"]}',
    "card-eleven": '{"op": "meld", "cards": ["9C", "10C", "11C"]}',
    "card-no-suit": '{"op": "meld", "cards": ["5", "6", "7"]}',
    "card-empty-string": '{"op": "meld", "cards": ["", "6C", "7C"]}',
    "card-is-a-number": '{"op": "meld", "cards": ["5C", 6, "7C"]}',
    "card-is-null": '{"op": "points", "cards": [null]}',
    "card-is-a-list": '{"op": "points", "cards": [["5C"]]}',
    "card-in-attach-meld": '{"op": "attach", "meld": ["5C", "6X", "7C"], "cards": ["8C"]}',
    "card-in-hand": '{"op": "score", "melds": [], "hand": ["ZZ"], "pozzetto_taken": true,'
    ' "closed": false}',
    # more copies than the deck holds (R1)
    "three-copies-meld": '{"op": "meld", "cards": ["7H", "7H", "7H"]}',
    "five-jokers-meld": '{"op": "meld", "cards": ["5C", "JK", "JK", "JK", "JK", "JK"]}',
    "three-copies-attach": '{"op": "attach", "meld": ["7H", "7H", "7D"], "cards": ["7H"]}',
    "three-copies-points": '{"op": "points", "cards": ["7H", "7H", "7H"]}',
    "three-copies-score-melds-and-hand": '{"op": "score", "melds": [["7H", "7H", "7D"]],'
    ' "hand": ["7H"], "pozzetto_taken": true, "closed": false}',
    "three-copies-score-two-melds": '{"op": "score", "melds": [["5C", "6C", "7C"],'
    ' ["5C", "6C", "7C"], ["5C", "6C", "7C"]], "hand": [], "pozzetto_taken": true,'
    ' "closed": false}',
    # an existing meld that is itself invalid
    "attach-to-a-mixture": '{"op": "attach", "meld": ["5C", "9H", "KD"], "cards": ["8C"]}',
    "attach-to-two-cards": '{"op": "attach", "meld": ["5C", "6C"], "cards": ["7C"]}',
    "attach-to-nothing": '{"op": "attach", "meld": [], "cards": ["7C"]}',
    "attach-to-two-jokers": '{"op": "attach", "meld": ["JK", "JK", "5C"], "cards": ["6C"]}',
    "attach-to-wildcards-only": '{"op": "attach", "meld": ["JK", "2C", "2D"], "cards": ["6C"]}',
    "attach-to-a-gap": '{"op": "attach", "meld": ["5C", "7C", "8C"], "cards": ["9C"]}',
    "attach-to-a-wrapping-run": '{"op": "attach", "meld": ["KC", "AC", "2C", "3C"],'
    ' "cards": ["4C"]}',
    "attach-to-an-unordered-run": '{"op": "attach", "meld": ["8C", "6C", "7C"], "cards": ["9C"]}',
    "attach-meld-is-a-string": '{"op": "attach", "meld": "5C 6C 7C", "cards": ["8C"]}',
    "score-with-an-invalid-meld": '{"op": "score", "melds": [["5C", "9H", "KD"]], "hand": [],'
    ' "pozzetto_taken": true, "closed": false}',
    # wrong types
    "cards-is-a-number": '{"op": "meld", "cards": 5}',
    "cards-is-null": '{"op": "meld", "cards": null}',
    "cards-is-an-object": '{"op": "meld", "cards": {"5C": 1}}',
    "melds-is-a-string": '{"op": "score", "melds": "5C 6C 7C", "hand": [],'
    ' "pozzetto_taken": true, "closed": false}',
    "melds-holds-a-number": '{"op": "score", "melds": [5], "hand": [], "pozzetto_taken": true,'
    ' "closed": false}',
    "pozzetto-taken-is-a-string": '{"op": "score", "melds": [], "hand": [],'
    ' "pozzetto_taken": "yes", "closed": false}',
    "closed-is-a-number": '{"op": "score", "melds": [], "hand": [], "pozzetto_taken": true,'
    ' "closed": 1}',
    "rules-is-a-list": '{"op": "meld", "cards": ["5C", "6C", "7C"], "rules": []}',
    "rules-is-a-string": '{"op": "meld", "cards": ["5C", "6C", "7C"], "rules": "strict"}',
    "rules-unknown-option": '{"op": "meld", "cards": ["5C", "6C", "7C"], "rules": {"bogus": true}}',
    "rules-option-wrong-type": '{"op": "meld", "cards": ["5C", "6C", "7C"],'
    ' "rules": {"wild_moves": "no"}}',
    "rules-semi-clean-a-number": '{"op": "meld", "cards": ["5C", "6C", "7C"],'
    ' "rules": {"semi_clean": 1}}',
    "rules-unknown-variant": '{"op": "meld", "cards": ["5C", "6C", "7C"],'
    ' "rules": {"variant": "martian"}}',
    "rules-international-semi-clean": '{"op": "meld", "cards": ["5C", "6C", "7C"],'
    ' "rules": {"variant": "international", "semi_clean": true}}',
    # huge lists
    "huge-list-of-jokers": json.dumps({"op": "meld", "cards": ["JK"] * 100_000}),
    "huge-list-of-one-card": json.dumps({"op": "meld", "cards": ["5C"] * 50_000}),
    "huge-points-list": json.dumps({"op": "points", "cards": ["KS"] * 50_000}),
    "huge-attach": json.dumps({"op": "attach", "meld": GOOD_MELD, "cards": ["8C"] * 50_000}),
    "huge-garbage-card": json.dumps({"op": "meld", "cards": ["X" * 1_000_000, "6C", "7C"]}),
    "huge-melds": json.dumps(
        {
            "op": "score",
            "melds": [GOOD_MELD] * 10_000,
            "hand": [],
            "pozzetto_taken": True,
            "closed": False,
        }
    ),
}


#: Reported to the lead: the points op sums any cards without checking the copies (R1).
POINTS_COPIES = {"three-copies-points", "huge-points-list"}


def run_judge(text: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "judge"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )


def assert_refused(answer: Any, name: str) -> None:
    assert isinstance(answer, dict), name
    assert answer.get("ok") is False, f"{name}: {str(answer)[:300]}"
    assert isinstance(answer.get("error"), str) and answer["error"].strip(), name


@pytest.mark.parametrize("name", list(BAD_LINES))
def test_a_bad_line_gets_ok_false_in_words(name: str) -> None:
    out = judge.answer_line(BAD_LINES[name])
    assert out is not None and "\n" not in out
    assert_refused(json.loads(out), name)


def test_the_program_answers_each_bad_line_and_goes_on() -> None:
    names = list(BAD_LINES)
    lines = []
    for name in names:
        lines += [BAD_LINES[name], json.dumps(CANARY)]
    done = run_judge("\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr[-2000:]
    answers = done.stdout.split("\n")
    assert answers[-1] == ""  # every answer ends its line
    answers = answers[:-1]
    assert len(answers) == 2 * len(names)
    for i, name in enumerate(names):
        # Each bad line is checked on its own above; here the program says the same.
        answer = json.loads(answers[2 * i])
        in_process = json.loads(judge.answer_line(BAD_LINES[name]) or "null")
        assert answer.keys() == in_process.keys() and answer["ok"] == in_process["ok"], name
        assert answer["ok"] is False or name in POINTS_COPIES, name
        assert json.loads(answers[2 * i + 1]) == CANARY_ANSWER, f"after {name}"


def test_blank_lines_get_no_answer() -> None:
    request = json.dumps(CANARY)
    text = f"\n\n{request}\n\n\n{request}\n\n"
    done = run_judge(text)
    assert done.returncode == 0
    assert [json.loads(line) for line in done.stdout.splitlines()] == [CANARY_ANSWER] * 2


def test_no_input_no_output_exit_zero() -> None:
    done = run_judge("")
    assert (done.returncode, done.stdout) == (0, "")


def test_the_last_line_needs_no_newline() -> None:
    done = run_judge(json.dumps(CANARY))
    assert done.returncode == 0
    assert [json.loads(line) for line in done.stdout.splitlines()] == [CANARY_ANSWER]


def test_windows_line_endings_are_read() -> None:
    request = json.dumps(CANARY)
    done = run_judge(f"{request}\r\n{request}\r\n")
    assert [json.loads(line) for line in done.stdout.splitlines()] == [CANARY_ANSWER] * 2


def test_it_converses_one_line_at_a_time() -> None:
    # A caller may wait for each answer before it writes the next request.
    with subprocess.Popen(
        [sys.executable, "-m", "engine", "judge"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        try:
            for request, expected in [
                (CANARY, CANARY_ANSWER),
                ({"op": "points", "cards": ["KS"]}, {"ok": True, "points": 10}),
            ]:
                process.stdin.write(json.dumps(request) + "\n")
                process.stdin.flush()
                assert json.loads(process.stdout.readline()) == expected
            process.stdin.write("{oops\n")
            process.stdin.flush()
            assert_refused(json.loads(process.stdout.readline()), "oops")
            process.stdin.close()
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()


# --- refusals a learner reads are answers, not errors ---------------------------------


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"op": "meld", "cards": ["5C", "7C", "8C"]}, "gap"),
        ({"op": "meld", "cards": ["5C", "6C"]}, "too_few_cards"),
        ({"op": "meld", "cards": []}, "too_few_cards"),
        ({"op": "attach", "meld": ["6C", "JK", "8C"], "cards": ["10C"]}, "bound_wildcard"),
        (
            {
                "op": "attach",
                "meld": ["2C", "5C", "6C"],
                "cards": ["8C"],
                "rules": {"wild_moves": False},
            },
            "wild_locked",
        ),
    ],
    ids=["gap", "too-few", "no-cards", "bound", "locked"],
)
def test_a_refused_meld_is_ok_true_valid_false_with_reason_and_code(
    request_: dict[str, Any], code: str
) -> None:
    answer = judge.answer(request_)
    assert answer["ok"] is True and answer["valid"] is False
    assert answer["code"] == code
    assert isinstance(answer["reason"], str) and answer["reason"].strip()
    for key in ("kind", "arrangement", "wild", "burraco", "points"):
        assert answer[key] is None, key


def test_a_valid_meld_answer_has_every_field() -> None:
    answer = judge.answer({"op": "meld", "cards": ["6C", "JK", "8C"]})
    assert answer == answer | {
        "ok": True,
        "valid": True,
        "reason": None,
        "kind": "sequence",
        "arrangement": ["6C", "JK", "8C"],
        "wild": "JK",
        "burraco": None,
        "points": 45,
    }


def test_cards_may_be_written_in_any_accepted_spelling() -> None:
    answer = judge.answer({"op": "meld", "cards": ["t♣", "jc", "Q♣"]})
    assert answer["arrangement"] == ["10C", "JC", "QC"]


def test_the_reason_names_the_cards() -> None:
    answer = judge.answer({"op": "attach", "meld": ["6C", "JK", "8C"], "cards": ["10C"]})
    reason = answer["reason"]
    assert "7♣" in reason or "7 of clubs" in reason


def test_answers_are_plain_json_objects() -> None:
    for text in [json.dumps(CANARY), "{oops", "[]", json.dumps({"op": "meld", "cards": []})]:
        out = judge.answer_line(text)
        assert out is not None
        answer = json.loads(out)
        assert isinstance(answer, dict) and isinstance(answer["ok"], bool)


# --- whatever a line holds, one ok line comes back, and soon --------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from engine.cli.judge import BUG, OPS  # noqa: E402

POSITION = {
    "players": 2,
    "to_move": 0,
    "phase": "play",
    "hands": [["5H", "6H", "7H", "KS"], {"count": 10}],
    "melds": [[["9C", "10C", "JC"]], []],
    "discard": ["QD"],
    "stock": 40,
    "pozzetti_taken": [False, False],
}

#: A well-formed request of every op: the fuzz test spoils one field at a time.
GOOD: dict[str, dict[str, Any]] = {
    "meld": {"op": "meld", "cards": GOOD_MELD},
    "attach": {"op": "attach", "meld": GOOD_MELD, "cards": ["8C"]},
    "points": {"op": "points", "cards": GOOD_MELD},
    "score": {
        "op": "score",
        "melds": [GOOD_MELD],
        "hand": ["KS"],
        "pozzetto_taken": True,
        "closed": False,
    },
    "facts": {"op": "facts"},
    "puzzle": {
        "op": "puzzle",
        "puzzle": {"kind": "close", "position": POSITION},
        "answer": {"none": True},
    },
    "legal": {"op": "legal", "position": POSITION},
    "play": {"op": "play", "position": POSITION, "actions": ["meld 5H 6H 7H", "discard KS"]},
    "victory_points": {"op": "victory_points", "match_points": 120, "hands": 3},
    "seats": {"op": "seats", "cards": ["9C", "KH", "3D", "9H"]},
    "coach": {
        "op": "coach",
        "position": {**POSITION, "hands": [["5H", "6H", "KS", "QC"], {"count": 10}]},
        "action": "discard QC",
    },
    "bot": {"op": "bot", "level": "club", "position": POSITION, "seed": 7},
}

#: Values that broke the judge, or might: huge and odd numbers, odd text, deep nesting.
NASTY = [
    10**21,
    9223372036854775808,
    -(10**30),
    10**4000,
    float("nan"),
    float("inf"),
    -0.0,
    1e308,
    "²",
    "9" * 5000,
    "\ud800",
    "\x00",
    "x" * 100_000,
    [[[[[[[[[[[]]]]]]]]]]],
    {"count": 9223372036854775808},
    {"count": -1},
    ["JK"] * 1000,
    True,
    None,
]

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(NASTY),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def spoil(request: Any, path: list[Any], value: Any) -> Any:
    """The request with the field at ``path`` (keys and indices) replaced by ``value``."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(request, dict):
        return {**request, head: spoil(request.get(head), rest, value)}
    if isinstance(request, list) and isinstance(head, int) and head < len(request):
        return [*request[:head], spoil(request[head], rest, value), *request[head + 1 :]]
    return value


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[list[Any]]:
    """Every field of a request, nested ones too, as paths."""
    found = [list(prefix)] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


FIELDS = [(op, path) for op, request in GOOD.items() for path in paths(request) if path != ["op"]]


def test_every_op_is_fuzzed() -> None:
    assert set(GOOD) == set(OPS)


def answered(line: str) -> dict[str, Any]:
    out = judge.answer_line(line)
    assert out is not None and "\n" not in out
    out.encode("utf-8")
    result = json.loads(out)
    assert isinstance(result, dict) and isinstance(result.get("ok"), bool)
    assert BUG not in result.get("error", ""), result["error"]
    return result


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), value=JSON, extra=st.booleans())
def test_any_json_in_any_field_of_any_op_gets_one_ok_line(
    field: tuple[str, list[Any]], value: Any, extra: bool
) -> None:
    op, path = field
    request = spoil(GOOD[op], path, value)
    if extra:
        request = {**request, "rules": value}
    answered(json.dumps(request, ensure_ascii=False, allow_nan=True))


@settings(max_examples=100, deadline=None)
@given(value=JSON)
def test_any_json_line_gets_one_ok_line(value: Any) -> None:
    answered(json.dumps(value, allow_nan=True))


REGRESSIONS = {
    "stock-of-10-21": {**GOOD["legal"], "position": {**POSITION, "stock": 10**21}},
    "hand-count-2-63": {
        **GOOD["legal"],
        "position": {**POSITION, "hands": [["5H"], {"count": 9223372036854775808}]},
    },
    "puzzle-hand-count-2-63": {
        **GOOD["puzzle"],
        "puzzle": {"kind": "close", "position": {**POSITION, "hands": [["5H"], {"count": 2**63}]}},
    },
    "score-superscript-two": {
        "op": "puzzle",
        "puzzle": {"kind": "score", "position": POSITION},
        "answer": {"score": "²"},
    },
    "score-5000-digits": {
        "op": "puzzle",
        "puzzle": {"kind": "score", "position": POSITION},
        "answer": {"score": "9" * 5000},
    },
    "meld-number-superscript": {
        "op": "puzzle",
        "puzzle": {"kind": "attach", "position": POSITION},
        "answer": {"meld": "²", "cards": ["KS"]},
    },
    "attach-number-5000-digits": {**GOOD["play"], "actions": ["attach " + "9" * 5000 + " QC"]},
    "totals-huge": {**GOOD["legal"], "position": {**POSITION, "totals": [10**30, 0]}},
    "bot-seed-2-63": {**GOOD["bot"], "seed": 2**63},
    "bot-stock-10-21": {**GOOD["bot"], "position": {**POSITION, "stock": 10**21}},
    "rules-huge-string": {**GOOD["meld"], "rules": {"x" * 100_000: 1}},
    "play-a-million-actions": {**GOOD["play"], "actions": ["discard KS"] * 1_000_001},
    "score-100000-melds": {**GOOD["score"], "melds": [GOOD_MELD] * 100_000},
    "points-a-million-cards": {**GOOD["points"], "cards": ["KS"] * 1_000_000},
    "puzzle-focus-a-million-cards": {
        **GOOD["puzzle"],
        "puzzle": {"kind": "close", "position": POSITION, "focus": ["KS"] * 1_000_000},
    },
}


@pytest.mark.parametrize("name", list(REGRESSIONS))
def test_issue_13_lines_get_ok_false(name: str) -> None:
    result = answered(json.dumps(REGRESSIONS[name]))
    assert result["ok"] is False
    assert len(result["error"]) < 400, "the sentence does not echo the whole input"


@pytest.mark.parametrize(
    "line",
    [
        '{"op": "legal", "position": NaN}',
        '{"op": "victory_points", "match_points": Infinity, "hands": 3}',
        '{"op": "victory_points", "match_points": NaN, "hands": 3}',
        '{"op": "points", "cards": ["\\ud800"]}',
        '{"op": "victory_points", "match_points": ' + "9" * 5000 + ', "hands": 3}',
    ],
)
def test_odd_json_gets_ok_false(line: str) -> None:
    assert answered(line)["ok"] is False


@pytest.mark.parametrize("size", [12, 13, 40])
def test_a_close_puzzle_line_with_a_big_hand_is_settled_or_refused_within_the_budget(
    size: int,
) -> None:
    from engine.cli.bench import HAND_12, HAND_13, HAND_40

    hand = {12: HAND_12, 13: HAND_13, 40: HAND_40}[size]
    for taken in (False, True):
        position = {
            **POSITION,
            "hands": [hand, {"count": 11}],
            "stock": 20,
            "pozzetti_taken": [taken, False],
        }
        for answer in ({"none": True}, {"actions": ["discard JK"]}):
            request = {
                "op": "puzzle",
                "puzzle": {"kind": "close", "position": position},
                "answer": answer,
            }
            result = answered(json.dumps(request))
            assert result["ok"] or "too big for the engine" in result["error"]


def test_the_program_survives_the_issue_13_lines() -> None:
    lines = [json.dumps(request) for request in REGRESSIONS.values()]
    text = "".join(f"{line}\n{json.dumps(CANARY)}\n" for line in lines)
    result = run_judge(text)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == 2 * len(lines)
    assert all(answer["ok"] is False for answer in answers[::2])
    assert all(answer == CANARY_ANSWER for answer in answers[1::2])


def test_the_facts_include_the_stall_limit_the_engine_plays_by() -> None:
    # A lesson quizzes the stall's limit (R34): it must ask the engine, not state it.
    from engine.actions import STALL_LIMIT

    assert judge.answer({"op": "facts"})["stall_limit"] == STALL_LIMIT == 3


# --- the coach op ---------------------------------------------------------------------


def test_the_coach_op_answers_findings_and_the_best_action() -> None:
    result = answered(json.dumps(GOOD["coach"]))
    assert result["ok"] is True
    assert result["best"] == "attach 0 QC"
    [finding] = result["findings"]
    assert set(finding) >= {"code", "rule", "severity", "points", "better", "params"}
    assert finding["code"] == "missed_attach" and finding["rule"] == "R17"
    assert finding["params"] == {"card": "QC", "arrangement": ["9C", "10C", "JC"]}
    assert finding["severity"] in ("none", "inaccuracy", "mistake", "blunder")
    # Two players: "your meld", not "your side's meld".
    assert finding["reason"].startswith("The queen of clubs fitted your meld 9♣ 10♣ J♣")


def test_the_coach_op_weighs_its_findings_with_the_experts_playouts() -> None:
    from engine.actions import Action
    from engine.bots.view import seat_view
    from engine.budget import Budget
    from engine.coach import playouts, stakes
    from engine.state import Position

    result = answered(json.dumps(GOOD["coach"]))
    view = seat_view(Position.from_json(GOOD["coach"]["position"]))
    chosen, better = Action.parse("discard QC"), Action.parse("attach 0 QC")
    expected = playouts(view, chosen, better, Budget())
    assert expected != stakes(view, chosen, better, Budget())
    assert result["findings"][0]["points"] == expected


def test_the_coach_op_with_nothing_to_say() -> None:
    request = {**GOOD["coach"], "action": "attach 0 QC"}
    assert answered(json.dumps(request)) == {"ok": True, "findings": [], "best": "attach 0 QC"}


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({**GOOD["coach"], "action": "discard 9S"}, "You do not hold the 9 of spades"),
        ({**GOOD["coach"], "action": "attach 0 5H"}, "(R13)"),
        ({**GOOD["coach"], "action": "fly"}, "is not a move"),
        ({**GOOD["coach"], "action": ["discard 7H"]}, "cannot be"),
        ({"op": "coach", "action": "discard 7H"}, "needs the field “position”"),
        ({"op": "coach", "position": POSITION}, "needs the field “action”"),
        (
            {**GOOD["coach"], "position": {**GOOD["coach"]["position"], "to_move": 1}},
            "hidden",
        ),
        ({**GOOD["coach"], "action": "draw"}, "already drawn"),
    ],
)
def test_bad_coach_lines_get_ok_false_with_the_reason(request_: dict[str, Any], words: str) -> None:
    result = answered(json.dumps(request_, ensure_ascii=False))
    assert result["ok"] is False and words in result["error"], result
