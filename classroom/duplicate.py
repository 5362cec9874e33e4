"""A class duplicate: the same deals for every student, ranked in victory points (R37, R38).

Bridge clubs play duplicate: every table plays the same cards, and a player is measured
against the others who held them. The practice table can do that, since a game is its seed
and its moves: a duplicate is ``count`` deals (3 or 4, R38's three- and four-hand tables) at
a table of two or four, each deal's seed derived from the assignment's own (random, kept
when it is set) and the deal's number (:func:`deal_seed`), so every student of the class is
dealt the same cards, and the bots, whose choices follow from the seed and the moves
(play.hands.bot_rng), answer the same moves with the same moves.

A student plays the deals in order from the assignment's page (classroom.hands.start_hand
files each under its number); a deal's cards and the class's results on it are shown to a
student only once they have played it, and until every student's due date has passed
(:func:`closes_at`) a duplicate deal is neither dealt again nor tried again from its review
(classroom.hands.claim).

What counts (:func:`standing`): each deal a student finished by their own due date (an
extension counts). Its match points are their side's score less the bots' side's, as the
engine reckons them (engine.match.match_points, R37); a student who has finished every deal
is ranked by their total turned into victory points (engine.match.victory_points, R38),
then by the total itself; equal on both, students share a place. A deal not finished by
the due date leaves its student unranked, the deal shown as missing; a deal finished after
it is shown as late and not counted.

The key decisions of a deal (:func:`key_decisions`) are a cheap reading of where students
parted ways: while their games are move for move the same, their positions are the same
(the same seed, the same moves, the same bots' replies), so the first move where they
differ is a choice made in the same position: the stock or the pile at the start of a
turn, or the discard that ends it. The students who made the most common whole turn go on
together to the next such choice. The coach has reviewed every student's moves (its
findings are kept on each game, play.models.Finding): each choice carries what it said of
that move there and what it priced it at, and of the partings found the deal shows the
:data:`MOST_DECISIONS` where the most was at stake: where the coach priced a choice made
there highest, then where the students were most divided and their results furthest apart.
"""

from __future__ import annotations

import statistics
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from classroom.assignments import derived_seed
from classroom.models import Assignment, AssignmentGame, Extension
from classroom.progress import Student
from engine.actions import Action, ActionKind
from engine.errors import BurracoError
from engine.match import VP_TABLES, match_points, victory_points
from play import games as play_games
from play import hands as play_hands
from play.models import Finding, Game
from play.table import Line, describe, finding_text

#: How many deals a duplicate has: R38 has a victory-point table for three and four hands.
DEALS = tuple(sorted(VP_TABLES))
#: The tables a duplicate is played at: two sides, so a deal's match points are one side's
#: score less the other's (R37). At three players each plays for themselves (R40).
TABLES = (2, 4)
#: The most key decisions shown for a deal.
MOST_DECISIONS = 6
#: The most partings looked at for a deal, before the most telling are kept.
MOST_PARTINGS = 30
#: The moves that start a turn.
TAKES = (ActionKind.DRAW.value, ActionKind.PILE.value)


def is_duplicate(assignment: Assignment) -> bool:
    return bool(assignment.content == Assignment.Content.DUPLICATE)


def deal_seed(assignment: Assignment, number: int) -> int:
    """The seed of deal ``number`` (from 1): the same for every student of the assignment."""
    return derived_seed(assignment.seed, "duplicate deal", number)


def closes_at(assignment: Assignment) -> datetime:
    """When the last student's due date passes: the assignment's, or a later extension's.
    Until then no deal of the duplicate is played again or tried again."""
    latest = Extension.objects.filter(assignment=assignment).aggregate(Max("due_at"))
    found: datetime | None = latest["due_at__max"]
    return max(found, assignment.due_at) if found else assignment.due_at


def is_open(assignment: Assignment, now: datetime | None = None) -> bool:
    """Every student's due date has passed: the deals may be played again."""
    return (now or timezone.now()) >= closes_at(assignment)


@dataclass(frozen=True)
class DealResult:
    """One student's deal: its game (None before they start it) and its match points."""

    number: int
    game: Game | None = None
    #: Their side's score less the bots' side's (R37), once the deal has ended.
    match_points: int | None = None
    #: Finished after the student's due date: shown, not counted.
    late: bool = False

    @property
    def finished(self) -> bool:
        return self.match_points is not None

    @property
    def counted(self) -> bool:
        return self.match_points is not None and not self.late


@dataclass
class Entry:
    """A student's line of the ranking."""

    student: Student
    deals: list[DealResult]
    #: Set when every deal counts: the match points over the deals, the victory points they
    #: are worth (R38) and the place (1 the first; students equal on both share one).
    total: int | None = None
    victory_points: int | None = None
    rank: int | None = None

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def played(self) -> int:
        """How many deals the student has finished (counted or late)."""
        return sum(1 for deal in self.deals if deal.finished)

    def result(self, number: int) -> DealResult:
        return self.deals[number - 1]


@dataclass(frozen=True)
class Choice:
    """What some students chose at a key decision: the move, who, and how they did."""

    move: Line
    students: tuple[Student, ...]
    #: Their share of the students who reached the decision, in percent.
    share: int
    #: Their average match points on the deal.
    average: int
    #: What the coach said of this move here (above "minor"), and the most it priced it at
    #: (0 when it had nothing to say).
    coach: tuple[str, ...] = ()
    cost: int = 0

    def made_by(self, student_id: int) -> bool:
        return any(student.id == student_id for student in self.students)


@dataclass(frozen=True)
class Decision:
    """A move where students in the same position chose differently."""

    #: The learner's turn it was in (1 the first), and what was chosen: "take" (the stock
    #: or the pile) or "discard".
    turn: int
    kind: str
    choices: tuple[Choice, ...]

    @property
    def reached(self) -> int:
        return sum(len(choice.students) for choice in self.choices)

    @property
    def at_stake(self) -> tuple[int, float]:
        """How much the decision mattered, to order them: the most the coach priced a
        choice made there at, then how divided the students were times how far apart the
        choices' averages are."""
        reached = self.reached or 1
        divided = 1 - max(len(choice.students) for choice in self.choices) / reached
        averages = [choice.average for choice in self.choices]
        return max(choice.cost for choice in self.choices), divided * (
            1 + max(averages) - min(averages)
        )

    @property
    def title(self) -> str:
        if self.kind == "take":
            return _("Turn %(turn)s: the stock or the pile") % {"turn": self.turn}
        return _("Turn %(turn)s: the discard") % {"turn": self.turn}


@dataclass
class Deal:
    """One deal of the duplicate across the class: the counted results and key decisions."""

    number: int
    results: list[int] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)

    @property
    def average(self) -> int | None:
        return round(statistics.fmean(self.results)) if self.results else None

    @property
    def median(self) -> int | float | None:
        if not self.results:
            return None
        middle = statistics.median(self.results)
        return int(middle) if float(middle).is_integer() else middle


@dataclass
class Standing:
    """The duplicate as it stands: every student's line (the ranked first, by place; then
    the others by name) and each deal across the class."""

    assignment: Assignment
    entries: list[Entry]
    deals: list[Deal]

    @property
    def ranked(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.ranked]

    @property
    def unranked(self) -> list[Entry]:
        return [entry for entry in self.entries if not entry.ranked]

    def entry(self, student_id: int) -> Entry | None:
        return next((e for e in self.entries if e.student.id == student_id), None)


def finished(assignment: Assignment, student_id: int) -> set[int]:
    """The numbers of the deals the student has finished (one query)."""
    rows = AssignmentGame.objects.filter(
        assignment=assignment, student_id=student_id, game__finished=True, number__isnull=False
    )
    return {number for number in rows.values_list("number", flat=True) if number is not None}


def deal_points(game: Game) -> int | None:
    """A finished deal's match points for the student: their side's score less the other
    side's (engine.match.match_points, R37); None before its end."""
    if not game.finished or game.score is None or game.their_score is None:
        return None
    return match_points((game.score, game.their_score))[0]


def rank(entries: Sequence[Entry], deals: int) -> None:
    """Give each entry whose every deal counts its total, victory points and place."""
    full = [entry for entry in entries if all(deal.counted for deal in entry.deals)]
    for entry in full:
        entry.total = sum(deal.match_points or 0 for deal in entry.deals)
        entry.victory_points = victory_points(entry.total, hands=deals)[0]
    keys = [(entry.victory_points or 0, entry.total or 0) for entry in full]
    for entry, key in zip(full, keys, strict=True):
        entry.rank = 1 + sum(1 for other in keys if other > key)


def standing(
    assignment: Assignment,
    students: Sequence[Student],
    *,
    decisions: Collection[int] | None = None,
) -> Standing:
    """The duplicate's ranking and deals for these students (the class's, by name), with
    the key decisions of the deals numbered in ``decisions`` (every deal when None): two
    queries, and a replay of a game for each key decision found."""
    ids = [student.id for student in students]
    rows = (
        AssignmentGame.objects.filter(
            assignment=assignment, student_id__in=ids, number__isnull=False
        )
        .select_related("game")
        .order_by("number", "game_id")
    )
    games: dict[tuple[int, int], Game] = {}
    for row in rows:
        games.setdefault((row.student_id, row.number or 0), row.game)
    extensions = dict(
        Extension.objects.filter(assignment=assignment, student_id__in=ids).values_list(
            "student_id", "due_at"
        )
    )
    numbers = range(1, assignment.count + 1)
    entries = []
    for student in students:
        due = max(extensions.get(student.id, assignment.due_at), assignment.due_at)
        results = []
        for number in numbers:
            game = games.get((student.id, number))
            points = deal_points(game) if game is not None else None
            late = points is not None and game is not None and game.updated_at > due
            results.append(DealResult(number, game, points, late))
        entries.append(Entry(student, results))
    rank(entries, assignment.count)
    entries.sort(key=lambda e: (e.rank is None, e.rank or 0, -(e.total or 0)))
    deals = []
    for number in numbers:
        counted = [(e.student, e.result(number)) for e in entries if e.result(number).counted]
        deal = Deal(number, [result.match_points or 0 for _student, result in counted])
        if decisions is None or number in decisions:
            deal.decisions = key_decisions(counted)
        deals.append(deal)
    return Standing(assignment, entries, deals)


def key_decisions(
    played: Sequence[tuple[Student, DealResult]], most: int = MOST_DECISIONS
) -> list[Decision]:
    """Where the students who played a deal chose differently in the same position (the
    module's docstring): each choice with who made it, their share and their average."""
    group = [
        (student, result, list(result.game.actions))
        for student, result in played
        if result.game is not None and isinstance(result.game.actions, list)
    ]
    said = play_games.flagged_by_decision(
        [result.game.pk for _s, result, _a in group if result.game is not None]
    )
    partings: list[tuple[int, Decision]] = []
    start = 0
    while len(group) >= 2 and len(partings) < MOST_PARTINGS:
        split = _parting(group, start)
        if split is None:
            break
        take = all(_at(actions, split) in TAKES for _s, _r, actions in group)
        by_choice: dict[str, list[tuple[Student, DealResult, list[str]]]] = {}
        at: dict[int, int] = {}
        for member in group:
            actions = member[2]
            end = _turn_end(actions, split)
            choice = _at(actions, split) if take else _at(actions, end)
            by_choice.setdefault(choice, []).append(member)
            at[member[0].id] = split if take else end
        if len(by_choice) > 1:
            kind = "take" if take else "discard"
            partings.append((split, _decision(0, kind, by_choice, len(group), said, at)))
        # Those who played the most common whole turn are still in the same position.
        by_turn: dict[tuple[str, ...], list[tuple[Student, DealResult, list[str]]]] = {}
        for member in group:
            actions = member[2]
            by_turn.setdefault(tuple(actions[split : _turn_end(actions, split) + 1]), []).append(
                member
            )
        turn_played, group = max(by_turn.items(), key=lambda pair: len(pair[1]))
        start = split + len(turn_played)
    kept = sorted(partings, key=lambda pair: pair[1].at_stake, reverse=True)[:most]
    found: list[Decision] = []
    for split, decision in sorted(kept, key=lambda pair: pair[0]):
        first = decision.choices[0].students[0]
        result = next(result for student, result in played if student.id == first.id)
        turn = _turn_number(result, split)
        if turn is None:
            break
        found.append(Decision(turn, decision.kind, decision.choices))
    return found


def _at(actions: Sequence[str], index: int) -> str:
    return actions[index] if 0 <= index < len(actions) else ""


def _parting(group: Sequence[tuple[Student, DealResult, list[str]]], start: int) -> int | None:
    """The first index from ``start`` where the games' moves differ; None if they never do."""
    longest = max(len(actions) for _s, _r, actions in group)
    for index in range(start, longest):
        if len({_at(actions, index) for _s, _r, actions in group}) > 1:
            return index
    return None


def _turn_end(actions: Sequence[str], index: int) -> int:
    """The index of the discard that ends the turn holding ``index`` (the hand's last move
    when it ended without one)."""
    for at in range(index, len(actions)):
        if actions[at].startswith(ActionKind.DISCARD.value):
            return at
    return len(actions) - 1


def _turn_number(result: DealResult, index: int) -> int | None:
    """Which of the learner's turns the move numbered ``index`` is in (1 the first), from
    the game replayed by the engine; None when it no longer replays."""
    if result.game is None:
        return None
    try:
        hand = play_games.load(result.game)
    except BurracoError:
        return None
    steps = hand.steps[: index + 1]
    return (
        sum(
            1
            for step in steps
            if step.seat == play_hands.LEARNER and step.action.kind.value in TAKES
        )
        or None
    )


def _decision(
    turn: int,
    kind: str,
    by_choice: dict[str, list[tuple[Student, DealResult, list[str]]]],
    reached: int,
    said: dict[tuple[int, int], list[Finding]],
    at: dict[int, int],
) -> Decision:
    """A parting's choices; ``said`` holds the coach's findings by game and decision, and
    ``at`` where each student's move of the decision stands among their game's actions."""
    choices = []
    for move, members in sorted(by_choice.items(), key=lambda pair: (-len(pair[1]), pair[0])):
        points = [result.match_points or 0 for _s, result, _a in members]
        findings = [
            finding
            for student, result, _a in members
            if result.game is not None
            for finding in said.get((result.game.pk, at[student.id]), [])
        ]
        # The same move in the same position: the first student's findings say it.
        first = [finding for finding in findings if finding.game_id == findings[0].game_id]
        choices.append(
            Choice(
                move=_line(move),
                students=tuple(student for student, _r, _a in members),
                share=round(100 * len(members) / reached),
                average=round(statistics.fmean(points)),
                coach=tuple(dict.fromkeys(finding_text(finding) for finding in first)),
                cost=max((finding.points for finding in findings), default=0),
            )
        )
    return Decision(turn, kind, tuple(choices))


def _line(move: str) -> Line:
    if not move or not move.startswith(ActionKind.DISCARD.value):
        if move in TAKES:
            return describe(Action.parse(move))
        return Line(_("Ended the hand without a discard"))
    try:
        return describe(Action.parse(move))
    except BurracoError:
        return Line(move)
