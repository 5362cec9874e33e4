"""Where a score stands, the histogram's buckets, the key decisions and the streak."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from daily import decisions, results
from daily.models import Choice, Entry
from daily.progress import streak
from daily.standing import bucket_width, counts, histogram, standing
from play.models import Game
from tests.daily.conftest import TODAY


def test_a_counted_score_is_placed_among_the_others() -> None:
    scores = {100: 2, 200: 1, 300: 3}
    found = standing(scores, 200, counted=True)
    assert (found.rank, found.below, found.above, found.others) == (4, 2, 3, 5)
    assert found.percent_below == 40


def test_a_score_not_counted_is_compared_with_all_of_them() -> None:
    found = standing({100: 2, 200: 1}, 150, counted=False)
    assert (found.rank, found.others, found.percent_below) == (2, 3, 67)


def test_alone_there_is_nobody_to_compare_with() -> None:
    found = standing({120: 1}, 120, counted=True)
    assert (found.rank, found.others, found.percent_below) == (1, 0, 0)


def test_stored_counts_are_read_as_numbers() -> None:
    assert counts({"-35": 2, "100": 1, "5": 0}) == {-35: 2, 100: 1}


@pytest.mark.parametrize(
    ("low", "high", "width"), [(0, 200, 25), (-200, 400, 100), (-500, 2500, 500)]
)
def test_buckets_are_round_and_at_most_twelve(low: int, high: int, width: int) -> None:
    assert bucket_width(low, high) == width


def test_the_histogram_marks_the_learners_bucket_and_keeps_every_result() -> None:
    chart = histogram({-40: 1, 15: 2, 60: 1, 990: 4}, mine=15)
    assert chart is not None
    assert sum(bar.count for bar in chart.bars) == 8
    assert len(chart.bars) <= 12
    assert [bar.mine for bar in chart.bars].count(True) == 1
    tallest = max(chart.bars, key=lambda bar: bar.height)
    assert tallest.count == 4 and tallest.y + tallest.height == chart.base
    assert histogram({}) is None


def test_the_streak_counts_days_in_a_row_to_today_or_yesterday() -> None:
    day = date(2026, 12, 4)
    back = [day - timedelta(days=n) for n in range(5)]
    assert streak(back, day) == 5
    assert streak(back[1:], day) == 4
    assert streak([back[0], back[1], back[3]], day) == 2
    assert streak(back[2:], day) == 0
    assert streak([], day) == 0


@pytest.mark.django_db
def test_the_key_decisions_are_where_the_players_split_and_it_mattered() -> None:
    user_model: Any = get_user_model()
    # 6 players: all drew first; then 3 discarded KS (scores 300 each) and 3 discarded 3C
    # (scores 0 each); at the third action (after "draw", "discard KS") nobody split.
    plays = [(["draw", "discard KS", "draw"], 300)] * 3 + [(["draw", "discard 3C", "pile"], 0)] * 3
    for n, (choices, score) in enumerate(plays):
        user = user_model.objects.create_user(f"k{n}")
        game = Game.objects.create(user=user, seed=1, finished=True)
        entry = Entry.objects.create(
            user=user, day=TODAY, game=game, ranked=True, score=score, choices=choices
        )
        results.count(entry)
    found = decisions.key_decisions(TODAY, ["draw", "discard KS", "draw"])
    assert len(found) == 1
    split = found[0]
    assert (split.index, split.turn, split.players) == (1, 1, 6)
    assert [(o.action, o.share, o.average, o.mine) for o in split.options] == [
        ("discard 3C", 50, 0, False),
        ("discard KS", 50, 300, True),
    ]
    assert split.options[1].line is not None


@pytest.mark.django_db
def test_among_split_decisions_the_one_the_coach_priced_apart_comes_first() -> None:
    """Two decisions split alike: at the first the final scores are far apart but the coach
    priced both choices alike; at the second the scores are close but the coach found one
    choice costly. With room for one, the coach's is shown."""
    moves = ["draw", "discard KS", "draw"]

    def split(index: int, first: str, second: str, scores: tuple[int, int], cost: int) -> None:
        before = results.position_key(TODAY, moves[:index])
        Choice.objects.create(
            day=TODAY, before=before, index=index, action=first, count=3, total=3 * scores[0]
        )
        Choice.objects.create(
            day=TODAY,
            before=before,
            index=index,
            action=second,
            count=3,
            total=3 * scores[1],
            flagged=3 if cost else 0,
            cost=3 * cost,
        )

    split(0, "draw", "pile", (400, 0), 0)
    split(1, "discard KS", "discard 3C", (120, 100), 50)
    found = decisions.key_decisions(TODAY, moves, shown=1)
    assert [decision.index for decision in found] == [1]
    assert [(o.action, o.price, o.flagged) for o in found[0].options] == [
        ("discard 3C", 50, 100),
        ("discard KS", 0, 0),
    ]
    # The discard comes after the learner's draw in the same turn: the page says so.
    assert found[0].after is not None and found[0].after.text == "Draw from the stock"
    # Without the coach's word the far-apart scores decide; the turn's first decision
    # follows no move of the turn.
    Choice.objects.update(cost=0, flagged=0)
    first = decisions.key_decisions(TODAY, moves, shown=1)
    assert [d.index for d in first] == [0] and first[0].after is None


@pytest.mark.django_db
def test_a_choice_nobody_counted_made_is_listed_as_the_learners_without_figures() -> None:
    """A practice copy trying a move no counted result made finds it among the others', with
    a share of 0 and nobody's average; the decision's weight is the counted choices'."""
    moves = ["draw", "discard KS"]
    before = results.position_key(TODAY, moves[:1])
    for action, count, total in (("discard 3C", 2, 200), ("discard QD", 2, 0)):
        Choice.objects.create(
            day=TODAY, before=before, index=1, action=action, count=count, total=total
        )
    (found,) = decisions.key_decisions(TODAY, moves)
    assert [(o.action, o.share, o.average, o.price, o.mine) for o in found.options] == [
        ("discard 3C", 50, 100, 0, False),
        ("discard QD", 50, 0, 0, False),
        ("discard KS", 0, None, None, True),
    ]
    assert found.players == 4 and found.spread == 100
