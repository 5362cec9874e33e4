"""The coach's audit (docs/coach-audit.md): every case of tests/engine/coach_audit/ and of
the strategy lessons and puzzles, run through the coach as the practice table runs it, its
verdict checked. A case the coach fails today carries ``known_failure`` (the class of
defect) and runs as a strict xfail, so it fails the day the coach is mended and the mark
must go; every other case must pass."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.coach_audit import (
    Case,
    coach_codes,
    content_cases,
    game_discards,
    irrelevant_variant,
    judge,
    load_cases,
    reordered,
    shown_codes,
)
from engine.coach import CODES
from engine.rules import PRESETS

CASES = load_cases()


def _param(case: Case) -> object:
    marks = []
    if case.known_failure:
        marks.append(pytest.mark.xfail(strict=True, reason=case.known_failure))
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_the_coach_gives_the_cases_verdict(case: Case) -> None:
    outcome = judge(case)
    assert outcome.passed, (
        f"{case.source}: {case.action}: {'; '.join(outcome.problems)}. "
        f"The coach said: {list(outcome.said) or 'nothing'}. Why: {case.why}"
    )


def test_the_audit_is_wide_enough() -> None:
    # At least 150 cases, from games, lessons and puzzles, and hand-made positions.
    assert len(CASES) >= 150
    origins = Counter(case.origin for case in CASES)
    assert origins["games"] >= 50 and origins["content"] >= 50 and origins["defects"] >= 20
    # Two and four players, every preset.
    assert {2, 4} <= {case.players for case in CASES}
    assert set(PRESETS) <= {case.preset for case in CASES}
    # Every code is asked for where it must be, and passed somewhere; and the no-finding
    # side is there.
    asked = {code for case in CASES for code in case.must}
    assert set(CODES) <= asked
    passing = {code for case in CASES if not case.known_failure for code in case.must}
    assert set(CODES) <= passing, set(CODES) - passing
    assert sum(1 for case in CASES if case.kind == "no finding") >= 50
    # Every judged case says why.
    assert all(case.why.strip() for case in CASES)


def test_every_strategy_lesson_and_puzzle_answer_is_audited() -> None:
    # An accepted answer of each strategy lesson step and each strategy puzzle with an
    # action to play: the coach must never call the lesson's right answer a mistake.
    sources = {item["source"].split(",")[0] for item in content_cases()}
    assert {f"lesson {n} " for n in range(21, 26)} <= {
        source[: len("lesson 21 ")] for source in sources if source.startswith("lesson")
    }
    assert sum(1 for source in sources if source.startswith("puzzle")) >= 40


#: The discards whose findings an irrelevant card under the pile changes today: the
#: coach's estimate is not stable there (issue 27; none since the findings' floors and
#: ceilings follow the criteria). Strict: mended, the test fails until the line goes.
UNSTABLE: set[str] = set()

VARIANTS = [(case, irrelevant_variant(case)) for case in CASES]
STABLE_CASES = [(case, variant) for case, variant in VARIANTS if variant is not None]


def test_the_stability_check_covers_enough_positions() -> None:
    assert len(STABLE_CASES) >= 80
    assert {case.id for case, _ in STABLE_CASES} >= UNSTABLE


@pytest.mark.parametrize(
    ("case", "variant"),
    [
        pytest.param(
            case,
            variant,
            id=case.id,
            marks=[
                pytest.mark.xfail(
                    strict=True,
                    reason="unstable estimate: an irrelevant card under the pile changes "
                    "the findings",
                )
            ]
            if case.id in UNSTABLE
            else [],
        )
        for case, variant in STABLE_CASES
    ],
)
def test_an_irrelevant_card_under_the_pile_changes_no_finding(case: Case, variant: Case) -> None:
    assert shown_codes(case) == shown_codes(variant), variant.position["discard"][0]


#: How many discards of seeded bot hands the stability property is checked on.
STABILITY_POSITIONS = 2_000


def test_an_irrelevant_change_never_changes_the_codes_found() -> None:
    # The property of issue 27, on thousands of positions: one irrelevant card more under
    # the pile (bench.coach_audit.irrelevant_variant) and the hand held in another order
    # change no code of the findings shown. The playouts meet the same worlds and chances
    # for every candidate of a decision, and the floors and ceilings of docs/coach-audit.md
    # hold each finding in its band.
    cases = game_discards(STABILITY_POSITIONS)
    assert len(cases) == STABILITY_POSITIONS
    assert {2, 4} <= {case.players for case in cases}
    assert set(PRESETS) <= {case.preset for case in cases}
    changed, flagged = [], 0
    for case in cases:
        variant = irrelevant_variant(reordered(case))
        assert variant is not None
        codes = coach_codes(case)
        flagged += bool(codes)
        if codes != coach_codes(variant):
            changed.append(f"{case.id} ({case.action}): {codes} / {coach_codes(variant)}")
    assert not changed, changed[:10]
    # Not a property of silence: the coach speaks on some of them.
    assert flagged >= STABILITY_POSITIONS // 20, flagged
