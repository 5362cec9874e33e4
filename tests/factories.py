"""factory-boy factories with sensible defaults, shared by all tests."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from engine import puzzles as engine_puzzles
from engine.errors import BurracoError


class UserFactory(factory.django.DjangoModelFactory):
    """A learner with an account; pass is_staff=True for a member of staff."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"learner{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    password = factory.django.Password("a-long-test-password")


def position(hand: list[str], melds: list[list[str]], **changes: object) -> dict[str, object]:
    """A two-player position after the draw, the learner (seat 0) holding ``hand``."""
    data: dict[str, object] = {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [hand, {"count": 9}],
        "melds": [melds, []],
        "discard": ["4H"],
        "stock": 40,
        "pozzetti_taken": [False, False],
    }
    data.update(changes)
    return data


#: A close puzzle: can the learner close this turn? Yes: J♠ Q♠ K♠, then discard the 5♦ (R30).
CLOSE: dict[str, Any] = {
    "kind": "close",
    "position": position(
        ["KS", "QS", "JS", "5D"],
        [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]],
        pozzetti_taken=[True, False],
    ),
    "params": {},
}


def nothing_searches(monkeypatch: Any) -> None:
    """Make the engine's marking and searching fail loudly if anything calls them: pages
    show a kept answer from its kept verdict."""

    def searched(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a page marked a kept answer again")

    for name in ("check", "find_line", "solutions", "example"):
        monkeypatch.setattr(engine_puzzles, name, searched)


class PuzzleFactory(factory.django.DjangoModelFactory):
    """A curated attach puzzle: can the 10♣ join 6♣ JK 8♣ (R23)? Override kind, position
    and params for the other kinds."""

    class Meta:
        model = "lessons.Puzzle"

    slug = factory.Sequence(lambda n: f"puzzle-{n}")
    kind = "attach"
    position = factory.LazyFunction(lambda: position(["10C", "7C", "KD"], [["6C", "JK", "8C"]]))
    params = factory.LazyFunction(lambda: {"focus": ["10C"]})
    prompt_it = "Puoi attaccare il [10C]?"
    prompt_en = "Can you attach the [10C]?"
    hint_it = "Guarda il jolly."
    hint_en = "Look at the joker."
    rating = 1400.0


class ProfileFactory(factory.django.DjangoModelFactory):
    """An account's profile: Italian, no display name, not a teacher."""

    class Meta:
        model = "accounts.Profile"
        django_get_or_create = ("user",)

    user = factory.SubFactory(UserFactory)
    language = "it"


class ThemeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "lessons.Theme"
        django_get_or_create = ("name",)

    name = "R23"


class AttemptFactory(factory.django.DjangoModelFactory):
    """A right, unrated answer by an account; pass correct=False, rule="R23" for a mistake."""

    class Meta:
        model = "lessons.Attempt"

    user = factory.SubFactory(UserFactory)
    puzzle = factory.SubFactory(PuzzleFactory)
    answer = factory.LazyFunction(lambda: {"none": True})
    correct = True
    code = "correct"
    rule = ""
    #: The rest of the engine's verdict on the answer, kept with it as
    #: lessons.answering.finish keeps it (Attempt.verdict_columns).
    verdict = factory.LazyAttribute(lambda attempt: kept_rest(attempt.puzzle, attempt.answer))


def kept_verdict(puzzle: Any, answer: Any) -> dict[str, Any]:
    """The engine's verdict on an answer, whole, as rows kept before lessons migration 0008
    kept it ({} for no answer at all); lessons.models.kept_verdict still reads it."""
    try:
        question = puzzle.engine_puzzle()
        typed = engine_puzzles.read_answer(question.kind, answer)
        return engine_puzzles.check(question, typed).to_json()
    except BurracoError:
        return {}


def kept_rest(puzzle: Any, answer: Any) -> dict[str, Any]:
    """What lessons.answering.finish keeps of the engine's verdict beside the columns ({}
    for no answer at all)."""
    from lessons.models import Attempt

    try:
        question = puzzle.engine_puzzle()
        typed = engine_puzzles.read_answer(question.kind, answer)
        verdict = engine_puzzles.check(question, typed)
    except BurracoError:
        return {}
    rest: dict[str, Any] = Attempt.verdict_columns(verdict)["verdict"]
    return rest


class TeacherFactory(UserFactory):
    """An account with the teacher role (Profile.is_teacher), as "I teach" at sign-up makes."""

    class Meta:
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"teacher{n}")
    profile = factory.RelatedFactory(ProfileFactory, "user", is_teacher=True)


class ClassroomFactory(factory.django.DjangoModelFactory):
    """A class under the standard rules, run by a new teacher."""

    class Meta:
        model = "classroom.Classroom"

    teacher = factory.SubFactory(TeacherFactory)
    name = factory.Sequence(lambda n: f"Class {n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    """A student (a new account) in a class."""

    class Meta:
        model = "classroom.Membership"

    classroom = factory.SubFactory(ClassroomFactory)
    student = factory.SubFactory(UserFactory)


class AssignmentFactory(factory.django.DjangoModelFactory):
    """Hand-picked puzzles, due in a week, set an hour ago; pass ``puzzles=[...]`` to set
    its items (one new attach puzzle by default)."""

    class Meta:
        model = "classroom.Assignment"
        skip_postgeneration_save = True

    classroom = factory.SubFactory(ClassroomFactory)
    title = factory.Sequence(lambda n: f"Homework {n}")
    content = "puzzles"
    due_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=7))
    set_at = factory.LazyFunction(lambda: timezone.now() - timedelta(hours=1))

    @factory.post_generation
    def puzzles(self, create: bool, extracted: list[object] | None, **kwargs: object) -> None:
        if not create or self.content != "puzzles":
            return
        chosen = extracted if extracted is not None else [PuzzleFactory()]
        for number, puzzle in enumerate(chosen, start=1):
            self.items.create(number=number, puzzle=puzzle)
        self.count = len(chosen)
        self.save(update_fields=["count"])


class AnswerFactory(AttemptFactory):
    """An answer given in an assignment, as the assignment's puzzle page files it
    (classroom.AssignmentAnswer): pass ``assignment=``; the puzzle is one of its items
    (the student's own, in a generated set)."""

    class Meta:
        skip_postgeneration_save = True

    @factory.post_generation
    def assignment(self, create: bool, extracted: Any, **kwargs: object) -> None:
        from django.db.models import Q

        from classroom.models import AssignmentAnswer

        if not create or extracted is None:
            return
        item = extracted.items.filter(
            Q(student__isnull=True) | Q(student=self.user), puzzle=self.puzzle
        ).first()
        if item is None:
            raise ValueError(f"{self.puzzle} is no puzzle of {extracted} for {self.user}")
        AssignmentAnswer.objects.create(attempt=self, assignment=extracted, number=item.number)


class GameFactory(factory.django.DjangoModelFactory):
    """A practice game (play.models.Game) of an account, two players, dealt from seed 7,
    no action played yet: the bot on the learner's left is to move."""

    class Meta:
        model = "play.Game"

    user = factory.SubFactory(UserFactory)
    seed = 7
    players = 2
