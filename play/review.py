"""The review of a practice hand: the flagged decisions, and trying one again.

"Try again from here" puts the learner back before a flagged decision and lets them play on
in a copy of the hand (play.tries), the coach weighing each new choice: it is better when
the coach's findings on it cost fewer points than those on the choice made in the game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engine.actions import Action, ActionKind
from engine.state import Position, half_score
from lessons import fields
from lessons.charts import Chart, rating_chart
from play import games, hands, table, tries
from play.models import Finding, Game


@dataclass(frozen=True)
class Flagged:
    """One idea the coach flagged in the hand: its worst finding, its sentence (with its
    count when it was found on several turns), the move made then and the better one."""

    finding: Finding
    text: str
    chosen: table.Line
    better: table.Line
    #: The learner's turns (from 1) the idea was found on.
    turns: tuple[int, ...] = ()

    @property
    def count(self) -> int:
        return len(self.turns)


def flagged(game: Game, hand: hands.Hand) -> list[Flagged]:
    """What the coach flagged on the hand (severity above none), grouped by idea
    (engine.coach.ideas): each idea once, however many turns it was found on, worst first
    (by severity, then points)."""
    return [
        Flagged(
            finding,
            fields.say(idea.sentence, idea.params),
            table.describe(Action.parse(finding.action)),
            table.describe(Action.parse(finding.better)),
            idea.turns,
        )
        for idea, finding in games.hand_ideas(game, hand)
    ]


def is_decision(hand: hands.Hand, decision: int) -> bool:
    """Is the action numbered ``decision`` one of the learner's in this hand?"""
    return 0 <= decision < len(hand.steps) and hand.steps[decision].seat == hands.LEARNER


@dataclass(frozen=True)
class ChoiceView:
    """One of the learner's choices in a try, in words: the move, the coach's verdict, its
    findings' sentences (each with its rule) and the coach's move when it would differ."""

    move: table.Line
    verdict: str
    better: bool
    notes: list[tuple[str, str]]
    coach_move: table.Line | None
    #: Is the move compared with the game's (its verdict says nothing of the coach's own)?
    compared: bool = True


#: The coach's verdict on a choice in a try, in the page's language.
VERDICTS = {
    tries.Verdict.SAME: gettext_lazy("That is the move you made in the game."),
    tries.Verdict.BETTER: gettext_lazy(
        "Better: the coach likes this more than the move you made in the game."
    ),
    tries.Verdict.EQUAL: gettext_lazy("About the same as the move you made in the game."),
    tries.Verdict.WORSE: gettext_lazy("Not better than the move you made in the game."),
    tries.Verdict.AGREES: gettext_lazy(
        "A position the game never reached, so no move of yours to compare: the coach"
        " finds nothing better."
    ),
    tries.Verdict.DIFFERS: gettext_lazy(
        "A position the game never reached, so no move of yours to compare: the coach"
        " would have played otherwise."
    ),
    tries.Verdict.UNWEIGHED: gettext_lazy(
        "The coach could not weigh that move in the time it has."
    ),
}


def choice_view(choice: tries.Choice) -> ChoiceView:
    notes = [(fields.say(note.sentence, note.params), note.rule) for note in choice.notes]
    coach_move = None
    if choice.verdict is tries.Verdict.DIFFERS and choice.notes:
        coach_move = table.describe(Action.parse(choice.notes[0].better))
    return ChoiceView(
        table.describe(Action.parse(choice.action)),
        str(VERDICTS[choice.verdict]),
        choice.better,
        notes,
        coach_move,
        choice.verdict in COMPARED,
    )


#: The verdicts that compare a choice with the learner's move in the game.
COMPARED = (tries.Verdict.SAME, tries.Verdict.BETTER, tries.Verdict.EQUAL, tries.Verdict.WORSE)


def try_context(
    game: Game, real: hands.Hand, tried: tries.Try, played: hands.Hand
) -> dict[str, Any]:
    """What "try again from here" shows: the try's table (the position before the decision
    until the learner plays), the move made in the game, the coach's word on each choice
    of the try (this turn's, and the earlier ones apart), where the try stands, and once
    its hand is over its score beside the game's."""
    context = table.context(played, game.sort)
    views = [choice_view(choice) for choice in tried.choices]
    first, last, ended = _turns(tried, played)
    over = played.over
    try_score, game_score = hands.credited(played), hands.credited(real)
    context.update(
        decision=tried.decision,
        was=table.describe(real.steps[tried.decision].action),
        try_key=tried.key,
        try_step=tried.step,
        choices=views[first:last],
        choices_ended=ended,
        earlier_choices=views[:first],
        turn_over=tries.turn_over(tried, played) and not over,
        playing_on=tried.on,
        try_over=over,
        try_long=tried.step >= tries.MOST_ACTIONS,
        try_score=try_score,
        try_gap=None if try_score is None else try_score[0] - try_score[1],
        game_score=game_score,
        game_gap=None if game_score is None else game_score[0] - game_score[1],
        # What the others did since the learner's last move, said once the try plays on.
        try_news=context["news"] if tried.on and played.learner_to_move else "",
    )
    return context


def _turns(tried: tries.Try, played: hands.Hand) -> tuple[int, int, bool]:
    """Which of the try's choices the page shows in full (from, to): those of the
    learner's turn being played, or of their last turn while a new one has no choice yet
    (or the others are playing, or the hand is over); and whether it is that last turn."""
    choices = tried.choices
    ends = [
        number + 1
        for number, choice in enumerate(choices)
        if Action.parse(choice.action).kind is ActionKind.DISCARD
    ]
    if played.learner_to_move and ends and ends[-1] < len(choices):
        return ends[-1], len(choices), False
    if not ends or ends[-1] < len(choices):
        return 0, len(choices), False
    return (ends[-2] if len(ends) > 1 else 0), ends[-1], True


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
    """The learner's side's worth on the table against the best other side's (at six
    players, the best of the two other pairs). At three and five players each is what a
    player is credited (a pair's worth halved, R40), so the gap is the learner's credited
    worth against the best other player's."""
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
        "per_player": final["named_sides"] and not table.fixed_pairs(hand.position),
        "per_pair": table.fixed_pairs(hand.position),
        "heads_up": final["heads_up"],
        "coach_waits": waits,
        "flagged": [] if waits else flagged(game, hand),
        "gaps": gaps,
        "chart": gap_chart(gaps),
    }
