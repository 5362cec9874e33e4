"""Assignments of hands at the practice table: "play N hands against level L".

The assignment fixes the table (players, the opponents' level, and the partner's at four),
the rules (the class's preset when it was set) and the coach (on: after each turn, no
hints; off); take-backs are off. A student starts each hand from the assignment
(:func:`start_hand`), which deals a play.Game with those settings and files it under the
assignment (AssignmentGame), so it counts there. The teacher of the class sees the hands
filed under their assignments, and nobody else's (:func:`teacher_game`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest

from classroom.access import account_id
from classroom.models import Assignment, AssignmentGame, Classroom, Membership
from play import games
from play.models import Finding, Game
from play.table import finding_text

#: The most hands an assignment asks for.
MAX_HANDS = 20
#: The fields of /play/'s start form that an assignment fixes: a start request naming any
#: of them is refused (a forged form cannot change the assignment's table).
FIXED = frozenset(
    ("players", "opponents", "partner", "preset", "coach", "seed", "again", "takebacks", "sort")
)


def game_settings(assignment: Assignment) -> dict[str, Any]:
    """The play.Game fields an assignment's hands are dealt with."""
    return {
        "players": assignment.players,
        "preset": assignment.rules,
        "opponents": assignment.bot_level,
        "partner": assignment.bot_level,
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


def start_hand(request: HttpRequest, assignment: Assignment) -> Game:
    """Deal a hand of the assignment for the student making the request, filed under it,
    and let the bots who play before the student play; while a hand of it is unfinished,
    that hand (a double click, or a second tab, deals no second one: the student's
    membership row is locked while looking)."""
    student = account_id(request)
    with transaction.atomic():
        Membership.objects.select_for_update().filter(
            classroom_id=assignment.classroom_id, student_id=student
        ).first()
        going = unfinished(assignment, student)
        if going is not None:
            return going
        game = games.new_game(request, **game_settings(assignment))
        AssignmentGame.objects.create(game=game, assignment=assignment, student_id=student)
    games.move(game, game.version, None)
    game.refresh_from_db()
    return game


@dataclass(frozen=True)
class HandView:
    """A hand of a student's, with the coach's findings worth a look."""

    number: int
    game: Game
    #: Each finding with its sentence in the page's language.
    findings: list[tuple[Finding, str]]


def hand_views(assignment: Assignment, student_id: int) -> list[HandView]:
    """The student's hands of the assignment, oldest first, each with its findings above
    "minor" (two queries)."""
    rows = (
        AssignmentGame.objects.filter(assignment=assignment, student_id=student_id)
        .select_related("game")
        .order_by("game__created_at", "game_id")
    )
    found = [row.game for row in rows]
    findings: dict[int, list[tuple[Finding, str]]] = {game.pk: [] for game in found}
    flagged = Finding.objects.filter(game__in=found).exclude(severity=Finding.Severity.NONE)
    for finding in flagged.order_by("game_id", "decision", "-points"):
        findings[finding.game_id].append((finding, finding_text(finding)))
    return [HandView(number, game, findings[game.pk]) for number, game in enumerate(found, start=1)]


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


def rule_counts(assignment: Assignment) -> list[tuple[str, int]]:
    """The rules the coach flagged (above "minor") in the assignment's hands, most first."""
    counts: dict[str, int] = {}
    rows = (
        Finding.objects.filter(game__in=assignment.games.values("game"))
        .exclude(severity=Finding.Severity.NONE)
        .exclude(rule="")
        .values_list("rule", flat=True)
    )
    for rule in rows:
        counts[rule] = counts.get(rule, 0) + 1
    return sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))
