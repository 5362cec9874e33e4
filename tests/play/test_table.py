"""The table's words (play.table): the move log of a long hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bots import decide, legal_in_view
from play import hands, table


def every_line(hand: hands.Hand, last: int = table.LOG_LINES) -> list[table.Line]:
    """The move log as it was written first: every step described, the tail kept."""
    mine = [index for index, step in enumerate(hand.steps) if step.seat == hands.LEARNER]
    since = mine[-1] + 1 if mine else 0
    lines: list[table.Line] = []
    for index, step in enumerate(hand.steps):
        for line in table.log_lines(step, hand.setup.players):
            if index >= since:
                line = replace(line, new=sum(1 for old in lines if old.new) + 1)
            lines.append(line)
    return lines[-last:]


@pytest.mark.parametrize("players", [2, 4])
def test_the_move_log_describes_only_the_moves_it_shows_and_reads_the_same(players: int) -> None:
    setup = hands.Setup(players, 11, opponents="random", partner="random")
    hand = hands.Hand(setup, hands.start(setup))
    while not hand.over:
        if hand.learner_to_move:
            view = hand.view()
            hand.play(decide("random", view, legal_in_view(view), hands.bot_rng(setup, 0)))
        else:
            hands.run_bots(hand, seconds=10)
    assert len(hand.steps) > 3 * table.LOG_LINES
    for at in [*range(0, len(hand.steps), 7), len(hand.steps)]:
        before = hand.steps[at].before if at < len(hand.steps) else hand.position
        then = hands.Hand(setup, before, hand.steps[:at])
        assert table.move_log(then) == every_line(then), at
        assert table.move_log(then, last=3) == every_line(then, last=3), at
