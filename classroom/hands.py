"""Assignments of hands at the practice table: "play N hands against level L".

The assignment fixes the table (players, the opponents' level, and the partner's at four;
or "at the student's level": each hand dealt with the level closest to the student's
playing rating when it is dealt, :func:`level_for`),
the rules (the class's preset when it was set) and the coach (on: after each turn, no
hints; off); take-backs are off. A student starts each hand from the assignment
(:func:`start_hand`), which deals a play.Game with those settings and files it under the
assignment (AssignmentGame), so it counts there. The teacher of the class sees the hands
filed under their assignments, and nobody else's (:func:`teacher_game`).

Exactly ``count`` hands are filed for a student: the count is read and the hand filed under
the lock of the student's membership row, so two tabs, a double click or a forged start
file no hand past it (:class:`HandsDone`). A filed hand is played once: the bots' replies
follow from the seed and the moves, so until the student has finished the assignment's
hands, its deal is not dealt again nor a decision of it tried again from the review
(:func:`claim`, registered with play.claims; "Play this deal again" would otherwise be a
free rehearsal of the hand that counts). A refusal rather than other cards: "again" means
the same cards, and the Play page already deals other ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom import duplicate
from classroom.access import account_id
from classroom.models import STUDENTS_LEVEL, Assignment, AssignmentGame, Classroom, Membership
from engine.bots import ratings as ladder
from lessons import glicko
from lessons.templatetags.dates import when
from play import games, ratings
from play.claims import Claim
from play.models import Finding, Game
from play.table import finding_text

#: The most hands an assignment asks for.
MAX_HANDS = 20
#: The fields of /play/'s start form that an assignment fixes: a start request naming any
#: of them is refused (a forged form cannot change the assignment's table).
FIXED = frozenset(
    ("players", "opponents", "partner", "preset", "coach", "seed", "again", "takebacks", "sort")
)


def level_for(assignment: Assignment, student: Any) -> str:
    """The bots' level a student's next hand of the assignment is dealt with: the
    assignment's, or at the student's level (STUDENTS_LEVEL) the level whose rating is
    closest to the student's playing rating now at that table (a student not rated yet
    has a newcomer's rating, closest to the beginner: play.ratings)."""
    if assignment.bot_level != STUDENTS_LEVEL:
        return assignment.bot_level
    row = ratings.row_of(student)
    rating = row.rating if row is not None else glicko.DEFAULT_RATING
    return ladder.closest(rating, assignment.players) or Game.Level.BEGINNER


def game_settings(assignment: Assignment, student: Any = None) -> dict[str, Any]:
    """The play.Game fields an assignment's hands are dealt with (for ``student``, whose
    rating chooses the level of an assignment at the student's level)."""
    level = level_for(assignment, student)
    return {
        "players": assignment.players,
        "preset": assignment.rules,
        "opponents": level,
        "partner": level,
        "coach": Game.Coach.TURNS if assignment.coach else Game.Coach.OFF,
        # One hand each, and no taking back: the hand the teacher sees is the hand played.
        "match": False,
        "takebacks": False,
    }


def unfinished(assignment: Assignment, student_id: int) -> Game | None:
    """The student's hand of the assignment still being played, if any."""
    row = (
        AssignmentGame.objects.filter(
            assignment=assignment, student_id=student_id, game__finished=False
        )
        .select_related("game")
        .order_by("game_id")
        .first()
    )
    return row.game if row is not None else None


class HandsDone(Exception):
    """The student has filed every hand the assignment asks for: no more count."""

    def __init__(self, count: int, deals: bool = False) -> None:
        super().__init__(count)
        self.count = count
        self.deals = deals

    def __str__(self) -> str:
        if self.deals:
            return _(
                "You have played the %(n)s deals of this duplicate: no more hands count for"
                " it. The Play page deals hands for practice."
            ) % {"n": self.count}
        return ngettext(
            "You have played the hand of this assignment: no more hands count for it. The"
            " Play page deals hands for practice.",
            "You have played the %(n)s hands of this assignment: no more hands count for it."
            " The Play page deals hands for practice.",
            self.count,
        ) % {"n": self.count}


def filed(assignment: Assignment, student_id: int) -> int:
    """How many hands the student has filed under the assignment, finished or not."""
    return AssignmentGame.objects.filter(assignment=assignment, student_id=student_id).count()


def finished(assignment: Assignment, student_id: int) -> int:
    """How many of the student's hands filed under the assignment have ended."""
    return AssignmentGame.objects.filter(
        assignment=assignment, student_id=student_id, game__finished=True
    ).count()


def start_hand(request: HttpRequest, assignment: Assignment) -> Game:
    """Deal a hand of the assignment for the student making the request, filed under it
    with its number, and let the bots who play before the student play; while a hand of
    it is unfinished, that hand (a double click, or a second tab, deals no second one: the
    student's membership row is locked while looking, and a hand's number is filed once).
    A duplicate's hand is its next deal, dealt from the deal's seed, the same for every
    student (classroom.duplicate). Raises :class:`HandsDone` once the student has filed
    ``count`` hands, and Http404 when they are no longer in the class."""
    student = account_id(request)
    try:
        with transaction.atomic():
            member = (
                Membership.objects.select_for_update()
                .filter(classroom_id=assignment.classroom_id, student_id=student)
                .first()
            )
            if member is None:
                raise Http404("not in this class")
            going = unfinished(assignment, student)
            if going is not None:
                return going
            number = filed(assignment, student) + 1
            if number > assignment.count:
                raise HandsDone(assignment.count, duplicate.is_duplicate(assignment))
            settings = game_settings(assignment, request.user)
            if duplicate.is_duplicate(assignment):
                settings["seed"] = duplicate.deal_seed(assignment, number)
            game = games.new_game(request, **settings)
            AssignmentGame.objects.create(
                game=game, assignment=assignment, student_id=student, number=number
            )
    except IntegrityError:
        # Another request filed this number first (where the lock is not held: SQLite
        # takes turns anyway): its hand is the one to play.
        going = unfinished(assignment, student)
        if going is None:
            raise HandsDone(assignment.count, duplicate.is_duplicate(assignment)) from None
        return going
    games.move(game, game.version, None)
    game.refresh_from_db()
    return game


def claim(game: Game) -> Claim | None:
    """play.claims' question: a hand filed under an assignment is played once, and its
    deal is not played again (nor a decision of it tried again) while its student still
    has hands of the assignment to finish; None for a game filed under none."""
    row = AssignmentGame.objects.filter(game_id=game.pk).select_related("assignment").first()
    if row is None:
        return None
    if duplicate.is_duplicate(row.assignment):
        return duplicate_claim(row.assignment)
    note = _("This hand counts for your assignment; it can be played once.")
    if finished(row.assignment, row.student_id) >= row.assignment.count:
        return Claim(note)
    refusal = _(
        "This hand counts for your assignment, so it can be played once: its deal can be"
        " played again, or a decision of it tried again, once you have finished the"
        " assignment's hands."
    )
    return Claim(note, refusal)


def duplicate_claim(assignment: Assignment) -> Claim:
    """A duplicate's deal is played once by each student, and played again by nobody until
    every student's due date has passed (their classmates are still to hold its cards)."""
    note = _("This deal is your class's duplicate: every student plays the same cards once.")
    if duplicate.is_open(assignment):
        return Claim(note)
    refusal = _(
        "This deal is your class's duplicate, so it can be played once: its cards can be"
        " played again, or a decision of it tried again, once the duplicate is closed, on"
        " %(when)s."
    ) % {"when": when(timezone.localtime(duplicate.closes_at(assignment)), "j F Y, H:i")}
    return Claim(note, refusal)


@dataclass(frozen=True)
class HandView:
    """A hand of a student's, with the coach's findings worth a look."""

    number: int
    game: Game
    #: Each finding with its sentence in the page's language.
    findings: list[tuple[Finding, str]]


def hand_views(assignment: Assignment, student_id: int) -> list[HandView]:
    """The student's hands of the assignment, oldest first, each with its findings above
    "minor" as its review says them: one per idea, its worst, worst first
    (play.games.worst_per_idea; two queries)."""
    rows = (
        AssignmentGame.objects.filter(assignment=assignment, student_id=student_id)
        .select_related("game")
        .order_by("game__created_at", "game_id")
    )
    found = [(row.number or place, row.game) for place, row in enumerate(rows, start=1)]
    findings: dict[int, list[tuple[Finding, str]]] = {game.pk: [] for _n, game in found}
    flagged = Finding.objects.filter(game__in=[game for _n, game in found]).exclude(
        severity=Finding.Severity.NONE
    )
    said = [_row(finding) for finding in flagged.order_by("game_id", "decision", "-points")]
    for row in games.worst_per_idea(said):
        finding = row["finding"]
        findings[finding.game_id].append((finding, finding_text(finding)))
    return [HandView(number, game, findings[game.pk]) for number, game in found]


def teacher_game(classroom: Classroom, assignment: Assignment, game_id: int) -> Game:
    """A hand filed under this assignment of the teacher's class by a student still in it
    (the caller has checked the class and the assignment are the teacher's); 404 for any
    other game."""
    row = (
        AssignmentGame.objects.filter(
            assignment=assignment, assignment__classroom=classroom, game_id=game_id
        )
        .select_related("game")
        .first()
    )
    # A student who has left the class is no longer the teacher's to follow.
    if row is None or not classroom.memberships.filter(student_id=row.student_id).exists():
        raise Http404("no such hand in this assignment")
    return row.game


def _row(finding: Finding) -> dict[str, Any]:
    return {
        "game": finding.game_id,
        "hand": finding.hand,
        "code": finding.code,
        "params": finding.params,
        "severity": finding.severity,
        "points": finding.points,
        "finding": finding,
    }


def rule_counts(assignment: Assignment) -> list[tuple[str, int]]:
    """The rules the coach flagged (above "minor") in the assignment's hands, most first:
    each idea of a hand counted once, as its review says it (play.games.worst_per_idea)."""
    counts: dict[str, int] = {}
    rows = (
        Finding.objects.filter(game__in=assignment.games.values("game"))
        .exclude(severity=Finding.Severity.NONE)
        .values("game", "hand", "code", "params", "severity", "points", "rule")
    )
    for row in games.worst_per_idea(rows):
        rule = row["rule"]
        if rule:
            counts[rule] = counts.get(rule, 0) + 1
    return sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
