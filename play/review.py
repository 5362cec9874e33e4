"""The review of a practice hand: the flagged decisions, and trying one again.

"Try again from here" replays the game up to a flagged decision, lets the learner choose
again, and asks the coach about the new choice: it is better when the coach's findings on
it cost fewer points than those on the choice made in the game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.actions import Action, ActionKind
from engine.state import Position, half_score
from lessons import fields
from lessons.charts import Chart, rating_chart
from play import hands, table
from play.models import Finding, Game


@dataclass(frozen=True)
class Flagged:
    finding: Finding
    text: str
    chosen: table.Line
    better: table.Line


def flagged(game: Game, number: int = 0) -> list[Flagged]:
    """The findings on hand ``number`` worth a learner's time (severity above none), in
    the hand's order."""
    rows = game.findings.filter(hand=number).exclude(severity=Finding.Severity.NONE)
    return [
        Flagged(
            finding,
            table.finding_text(finding),
            table.describe(Action.parse(finding.action)),
            table.describe(Action.parse(finding.better)),
        )
        for finding in rows
    ]


def decision_context(game: Game, hand: hands.Hand, decision: int) -> dict[str, Any] | None:
    """The table as it was at the learner's decision numbered ``decision``, or None when
    there is no such decision of the learner's."""
    if not 0 <= decision < len(hand.steps) or hand.steps[decision].seat != hands.LEARNER:
        return None
    # The position the decision was made in is the step's own: nothing to replay.
    then = hands.Hand(hand.setup, hand.steps[decision].before, hand.steps[:decision])
    context = table.context(then, game.sort)
    return {
        "trying": context,
        "position": then.position,
        "decision": decision,
        "was": table.describe(hand.steps[decision].action),
    }


def _cost(findings: Any) -> int:
    return sum(f.points for f in findings if f.severity != Finding.Severity.NONE)


def try_again(
    game: Game, hand: hands.Hand, position: Position, decision: int, action: Action | str
) -> dict[str, Any]:
    """What the coach says of a new choice at a decision, against the choice in the game."""
    if isinstance(action, str):
        return {"tried_problem": action}
    refusal = hands.refusal(position, action)
    if refusal is not None:
        return {
            "tried_problem": table.sentence(refusal),
            "tried_rule": getattr(refusal, "rule", ""),
        }
    review = hands.review(position, action)
    if review is None:
        return {"tried_problem": _("The coach could not weigh that move in the time it has.")}
    before = _cost(game.findings.filter(hand=hand.setup.number, decision=decision))
    after = sum(f.points for f in review.findings if f.severity.value != "none")
    if str(action) == hand.actions[decision]:
        verdict = _("That is the move you made in the game.")
    elif after < before:
        verdict = _("Better: the coach likes this more than the move you made in the game.")
    elif after == before:
        verdict = _("About the same as the move you made in the game.")
    else:
        verdict = _("Not better than the move you made in the game.")
    flagged = [f for f in review.findings if f.severity.value != "none"]
    lines = [fields.say(f.sentence, f.params) for f in flagged]
    return {
        "tried": table.describe(action),
        "verdict": verdict,
        "better": after < before,
        "tried_findings": lines,
    }


@dataclass(frozen=True)
class Gap:
    """The sides' melds, bonuses included, after one of the learner's turns; or, ``final``,
    what the ended hand credited each (the score, cards left in hand and the closing
    counted), so the chart ends where the hand did."""

    turn: int
    mine: int
    theirs: int
    final: bool = False

    @property
    def gap(self) -> int:
        return self.mine - self.theirs


def score_gap(hand: hands.Hand) -> list[Gap]:
    """What each side had on the table after each of the learner's turns, as the engine
    scores melds (table.on_table); once the hand is over, its last point is the hand's
    score as credited (hands.credited), which a hand won on the melds may still lose."""
    ends = [
        index
        for index, step in enumerate(hand.steps)
        if step.seat == hands.LEARNER and step.action.kind is ActionKind.DISCARD
    ]
    positions = [
        hand.steps[index + 1].before if index + 1 < len(hand.steps) else hand.position
        for index in ends
    ]
    if hand.over and (not ends or ends[-1] != len(hand.steps) - 1):
        positions.append(hand.position)
    gaps = [gap(turn, after) for turn, after in enumerate(positions, start=1)]
    final = hands.credited(hand)
    if final is not None and gaps:
        gaps[-1] = Gap(gaps[-1].turn, *final, final=True)
    return gaps


def gap(turn: int, position: Position) -> Gap:
    """The learner's side's worth on the table against the best other side's. At three
    players each is what a player is credited (a pair's worth halved, R40), so the gap is
    the learner's credited worth against the best other player's."""
    credited = []
    for seat in range(position.players):
        side = position.side_of(seat)
        worth = table.on_table(position, side)
        if position.fluid and len(position.seats(side)) > 1:
            worth = half_score(worth)
        credited.append(worth)
    mine = position.side_of(hands.LEARNER)
    others = [worth for seat, worth in enumerate(credited) if position.side_of(seat) != mine]
    return Gap(turn, credited[hands.LEARNER], max(others))


def gap_chart(gaps: list[Gap]) -> Chart | None:
    """The score gap drawn as the progress page draws a rating (lessons.charts)."""
    return rating_chart([gap.gap for gap in gaps]) if len(gaps) > 1 else None


def help_had(game: Game) -> str:
    """What help the game had, in words ("2 hints, 1 take-back"); empty without any. A
    game helped before the two were counted says only that it had one or the other."""
    if not game.helped:
        return ""
    parts = []
    if game.hints:
        parts.append(ngettext("%(n)d hint", "%(n)d hints", game.hints) % {"n": game.hints})
    if game.take_backs:
        parts.append(
            ngettext("%(n)d take-back", "%(n)d take-backs", game.take_backs)
            % {"n": game.take_backs}
        )
    return ", ".join(parts) or _("a hint or a take-back")


def summary(game: Game, hand: hands.Hand, *, teacher: bool = False) -> dict[str, Any]:
    """What a review page shows of a hand, whoever reads it (the learner's review, the
    teacher's): the score part by part per side, the score gap and its chart, and the
    coach's flagged decisions. A ``teacher`` reads the sides as the student's and the
    bots' rather than as "yours"."""
    final = table.context(hand)
    gaps = score_gap(hand)
    scores = final["scores"]
    if teacher and scores is not None:
        position = hand.position
        scores = [
            replace(view, name=table.side_name(position, view.side, teacher=True))
            for view in scores
        ]
    # With the coach off, what it found is the hand's review: shown once the hand is over.
    waits = not (hand.over or teacher or game.coach != Game.Coach.OFF)
    return {
        "game": game,
        "help_had": help_had(game),
        "over": hand.over,
        "final_scores": scores,
        "final_credits": final["credits"],
        "per_player": final["named_sides"],
        "coach_waits": waits,
        "flagged": [] if waits else flagged(game, hand.setup.number),
        "gaps": gaps,
        "chart": gap_chart(gaps),
    }
