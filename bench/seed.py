"""The data the HTTP benchmark and the soak run against, and the sessions they use.

``python -m bench.seed`` (with the benchmark's settings in the environment) loads the content,
makes learners with logged-in sessions, and a teacher whose class has 30 students and 10
assignments (7 of hand-picked puzzles, 3 of lessons) with answers and lesson progress, then
prints on stdout, as JSON, what the load generator sends: cookies, CSRF tokens and URLs.

Sessions are written straight into the session store, as a log-in would leave them, so that
seeding does not spend seconds on password hashing; each carries its own CSRF secret, which
the client sends both as the ``csrftoken`` cookie and as the ``X-CSRFToken`` header.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from datetime import timedelta
from typing import Any

STUDENTS = 30
ASSIGNMENTS = 10
LESSON_ASSIGNMENTS = 3
PUZZLES_PER_ASSIGNMENT = 5


def session_for(user: Any) -> dict[str, str]:
    """A logged-in session for the user: the cookie and CSRF header a browser would send."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.utils.crypto import get_random_string

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    # The backend that logs people in (the first, axes' lock-out, only refuses tries).
    session[BACKEND_SESSION_KEY] = "accounts.backends.ProfileBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    csrf = get_random_string(32)
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken={csrf}"
    return {"cookie": cookie, "csrf": csrf}


def answer_form(slug: str) -> str:
    """A real answer to an attach puzzle, as its form posts it: the engine's own solution,
    or "it cannot be done" when there is none."""
    from urllib.parse import urlencode

    from engine import puzzles as engine_puzzles
    from lessons.models import Puzzle

    question = Puzzle.objects.get(slug=slug).engine_puzzle()
    solution = engine_puzzles.check(question, engine_puzzles.CannotBeDone()).solution
    if not solution or "meld" not in solution:
        return "none=1"
    return urlencode([("meld", solution["meld"]), *(("cards", c) for c in solution["cards"])])


def answers_of(puzzle: Any) -> tuple[tuple[dict[str, Any], Any], tuple[dict[str, Any], Any] | None]:
    """A right answer to the puzzle and, when "it cannot be done" is a wrong one, that one,
    each with the engine's verdict: the class's answers as the site would record them."""
    from engine import puzzles as engine_puzzles

    question = puzzle.engine_puzzle()
    right = engine_puzzles.example(question) or engine_puzzles.CannotBeDone()
    graded_right = (right.to_json(), engine_puzzles.check(question, right))
    try:
        none = engine_puzzles.check(question, engine_puzzles.CannotBeDone())
    except engine_puzzles.InvalidAnswerError:  # a kind with no "it cannot be done"
        return graded_right, None
    return graded_right, (None if none.correct else ({"none": True}, none))


def seed(learners: int, rng: random.Random) -> dict[str, Any]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from accounts.models import Profile
    from classroom import assignments as classwork
    from classroom import services
    from classroom.models import AssignmentAnswer, Membership
    from lessons.content import load_all
    from lessons.models import Attempt, Lesson, Puzzle, Step, StepProgress

    load_all()
    users = get_user_model()
    # The learners who answer, one session each.
    learner_sessions = []
    for number in range(learners):
        user, _ = users.objects.get_or_create(username=f"bench-learner-{number}")
        Profile.objects.get_or_create(user=user)
        learner_sessions.append(session_for(user))
    attach = list(
        Puzzle.objects.filter(kind="attach", source="curated")
        .order_by("slug")
        .values_list("slug", flat=True)
    )
    steps = [
        f"/lessons/{slug}/{number}/"
        for slug, number in Step.objects.filter(lesson__order__lte=3)
        .order_by("lesson__order", "number")
        .values_list("lesson__slug", "number")
    ]
    # The teacher's class: 30 students, 10 assignments, answers to most of them.
    teacher, _ = users.objects.get_or_create(username="bench-teacher")
    Profile.objects.update_or_create(user=teacher, defaults={"is_teacher": True})
    classroom = services.create_class(teacher, "Bench class", "standard")
    students = [
        users.objects.get_or_create(username=f"bench-student-{number}")[0]
        for number in range(STUDENTS)
    ]
    Membership.objects.bulk_create(
        Membership(classroom=classroom, student=student, created_by_teacher=True)
        for student in students
    )
    pool = list(Puzzle.objects.filter(source="curated").order_by("slug"))
    lessons = list(Lesson.objects.order_by("order")[:LESSON_ASSIGNMENTS])
    now = timezone.now()
    attempts, progress, filed = [], [], []
    for number in range(ASSIGNMENTS):
        due = now + timedelta(days=number - 3)
        if number < LESSON_ASSIGNMENTS:
            lesson = lessons[number]
            classwork.create_assignment(
                classroom,
                title=f"Lesson {number + 1}",
                content="lesson",
                due_at=due,
                lesson=lesson,
            )
            for student in students:
                for step in lesson.steps.all():
                    if rng.random() < 0.7:
                        progress.append(
                            StepProgress(
                                user=student,
                                step=step,
                                done=True,
                                tries=1,
                                first_try=rng.random() < 0.8 if step.kind == "ask" else None,
                            )
                        )
            continue
        chosen = rng.sample(pool, PUZZLES_PER_ASSIGNMENT)
        assignment = classwork.create_assignment(
            classroom,
            title=f"Puzzles {number + 1}",
            content="puzzles",
            due_at=due,
            puzzles=chosen,
        )
        graded = {puzzle.pk: answers_of(puzzle) for puzzle in chosen}
        for student in students:
            for place, puzzle in enumerate(chosen, start=1):
                if rng.random() < 0.6:
                    right, wrong = graded[puzzle.pk]
                    answer, verdict = wrong if wrong and rng.random() < 0.3 else right
                    attempts.append(
                        Attempt(
                            user=student,
                            puzzle=puzzle,
                            answer=answer,
                            correct=verdict.correct,
                            code=verdict.code,
                            rule="" if verdict.correct else verdict.rule or "",
                            seconds=rng.uniform(5, 90),
                            rated=True,
                        )
                    )
                    filed.append((assignment, place))
    Attempt.objects.bulk_create(attempts)
    # Each answer given in its assignment, as the assignment's puzzle page files it.
    AssignmentAnswer.objects.bulk_create(
        AssignmentAnswer(attempt=attempt, assignment=assignment, number=place)
        for attempt, (assignment, place) in zip(attempts, filed, strict=True)
    )
    StepProgress.objects.bulk_create(progress, ignore_conflicts=True)
    if connection.vendor == "postgresql":
        # A live database has its planner's statistics (autovacuum keeps them); a freshly
        # seeded one has none until this.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    return {
        "abuse": abuse_targets(classroom, teacher, students[0]),
        "bare": "/bench/ok",
        "account": "/bench/account",
        "learners": learner_sessions,
        "teacher": session_for(teacher),
        "class_url": f"/classes/{classroom.pk}/",
        "puzzles": [{"url": f"/puzzles/{slug}/", "answer": answer_form(slug)} for slug in attach],
        "steps": steps,
    }


#: Forty cards no real hand holds at once, every one legal in the deck: the attacker's hand.
FORTY = (
    " ".join(f"{rank}{suit}" for suit in "HDCS" for rank in "3456789")
    + " "
    + " ".join(f"{rank}{suit}" for suit in "HDC" for rank in ("10", "J", "Q", "K"))
)
#: A close puzzle's hand the old search took seconds over (no pozzetto taken).
TWELVE_CLOSE = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def editor_form(kind: str, hand: str, **more: str) -> dict[str, str]:
    """The puzzle editor's form for a two-player position holding ``hand``, asked to check."""
    return {
        "op": "check",
        "kind": kind,
        "rules": "standard",
        "to_move": "0",
        "phase": "play",
        "hand": hand,
        "my_melds": "",
        "their_melds": "",
        "opponent": "11",
        "discard": "4H",
        "stock": "30",
        **more,
    }


def abuse_targets(classroom: Any, teacher: Any, student: Any) -> dict[str, Any]:
    """What the soak's attacker aims at (bench/soak.py): the costliest curated close puzzle
    (measured), set to one student of the class, whose answers flood the teacher's
    page of that student; the easiest attach puzzle, whose rating it tries to poison."""
    from django.utils import timezone

    from classroom import assignments as classwork
    from engine import puzzles as engine_puzzles
    from lessons.models import Puzzle

    def cost(puzzle: Puzzle) -> float:
        """The CPU the engine takes to mark "it cannot be done" on the puzzle."""
        began = time.process_time()
        engine_puzzles.check(puzzle.engine_puzzle(), engine_puzzles.CannotBeDone())
        return time.process_time() - began

    close = max(Puzzle.objects.filter(kind="close", source="curated"), key=cost)
    easiest = Puzzle.objects.filter(kind="attach", source="curated").order_by("rating", "slug")[0]
    assignment = classwork.create_assignment(
        classroom,
        title="Abuse",
        content="puzzles",
        due_at=timezone.now() + timedelta(days=7),
        puzzles=[close],
    )
    return {
        "close": f"/puzzles/{close.slug}/",
        "easiest": easiest.slug,
        "item": f"/classes/assignments/{assignment.pk}/1/",
        "student": session_for(student),
        "student_page": f"/classes/{classroom.pk}/students/{student.pk}/",
        "teacher_name": teacher.username,
        "join_code": classroom.code,
    }


def main() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "burraco_tutor.settings")
    django.setup()
    learners = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    json.dump(seed(learners, random.Random(9)), sys.stdout)
    print()


if __name__ == "__main__":
    main()
