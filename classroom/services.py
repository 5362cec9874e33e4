"""What teachers and students do to classes: make, archive, join, enrol and remove.

Views validate with a form and call one of these; nothing here reads a request. Student
accounts made in bulk get generated passwords that are returned once to be printed and
never stored in the clear (only Django's hash is kept).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.hashers import GeneratedPasswordHasher
from accounts.models import Profile, display_name, profile_of
from classroom.models import CODE_ALPHABET, AssignmentItem, Classroom, Membership, new_code
from lessons.models import Puzzle

#: How many accounts one list may create: each password is hashed on purpose slowly.
MAX_NAMES = 40
CONSONANTS = "bcdfgkmnprstvz"
VOWELS = "aeiou"


class ClassError(Exception):
    """Something a person asked that cannot be done; the message says why."""


def create_class(teacher: Any, name: str, rules: str) -> Classroom:
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Classroom.objects.create(teacher=teacher, name=name, rules=rules)
        except IntegrityError:
            continue  # the random code was taken: draw another
    raise ClassError(_("No free join code could be found. Please try again."))


def set_archived(classroom: Classroom, archived: bool) -> None:
    """Archive a class (students no longer see it, nobody can join) or bring it back."""
    classroom.archived_at = timezone.now() if archived else None
    classroom.save(update_fields=["archived_at"])


def new_join_code(classroom: Classroom) -> None:
    """Replace the join code, so an old code or link no longer admits anyone."""
    for _attempt in range(5):
        try:
            with transaction.atomic():
                classroom.code = new_code()
                classroom.save(update_fields=["code"])
                return
        except IntegrityError:
            continue
    raise ClassError(_("No free join code could be found. Please try again."))


def normal_code(text: str) -> str:
    """A join code as typed ("k7qx-3mpa ") in its stored form ("K7QX3MPA")."""
    return re.sub(r"[\s-]", "", text).upper()[:20]


def class_for_code(text: str) -> Classroom | None:
    code = normal_code(text)
    if not code or any(letter not in CODE_ALPHABET for letter in code):
        return None
    return (
        Classroom.objects.select_related("teacher__profile")
        .filter(code=code, archived_at__isnull=True)
        .first()
    )


def join(classroom: Classroom, student: Any) -> bool:
    """Put the student in the class; False if they were in it already.

    Raises :class:`ClassError` for the class's own teacher or an archived class.
    """
    if classroom.teacher_id == student.pk:
        raise ClassError(_("You teach this class, so you cannot join it as a student."))
    if classroom.archived:
        raise ClassError(_("This class has been archived: nobody can join it any more."))
    _membership, created = Membership.objects.get_or_create(classroom=classroom, student=student)
    return created


def remove_student(membership: Membership) -> None:
    """Take the student out of the class. The account stays, with everything it did."""
    membership.delete()


# --- a teacher's account deleted ---------------------------------------------------------


def note_library(user: Any) -> None:
    """Before an account is deleted: remember the puzzles of its library (their library
    rows go with the account, the puzzles themselves would stay)."""
    user._library_puzzles = list(
        Puzzle.objects.filter(library_entry__owner=user).values_list("pk", flat=True)
    )


def delete_library(user: Any) -> None:
    """After an account is deleted: delete the puzzles of its library, with the answers
    given to them. Its classes and their assignments are gone already, so no one could
    reach these puzzles as the teacher's any more; nobody else may pick them, so there is
    no one to hand them to, and the teacher asked for their data to go. A puzzle still set
    in someone else's assignment (possible only through the admin) is kept."""
    kept = AssignmentItem.objects.values("puzzle_id")
    Puzzle.objects.filter(
        pk__in=getattr(user, "_library_puzzles", []), source=Puzzle.Source.TEACHER
    ).exclude(pk__in=kept).delete()


# --- accounts made by the teacher --------------------------------------------------------


@dataclass(frozen=True)
class NewAccount:
    """A student account just made: the password is here once, to be printed."""

    name: str
    username: str
    password: str


def new_password() -> str:
    """A password a child can type: four syllables and four digits, such as
    ``bafemito-4821`` (about 38 bits, hashed like any other password)."""
    syllables = "".join(secrets.choice(CONSONANTS) + secrets.choice(VOWELS) for _ in range(4))
    return f"{syllables}-{secrets.randbelow(10_000):04d}"


def username_base(name: str) -> str:
    """A username from a name: "Giulia Rossi" → ``giulia.rossi`` (ASCII, at most 20)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_name.lower())
    base = ".".join(words)[:20].strip(".")
    return base or "student"


def _free_usernames(bases: list[str]) -> list[str]:
    """A username for each base, free in the database and among themselves."""
    user_model = get_user_model()
    taken: set[str] = set()
    for base in set(bases):
        taken |= {
            name.lower()
            for name in user_model.objects.filter(username__istartswith=base).values_list(
                "username", flat=True
            )
        }
    chosen = []
    for base in bases:
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            candidate = f"{base}{number}"
        taken.add(candidate)
        chosen.append(candidate)
    return chosen


def _hashes(passwords: list[str]) -> list[str]:
    """The made-up passwords hashed with the lighter hasher that the first log-in upgrades
    (accounts.hashers), so that a class of 40 costs a request about 0.25 s of CPU, not 12."""
    hasher = GeneratedPasswordHasher()
    return [make_password(password, hasher=hasher) for password in passwords]


#: How long the names form's one-time token stays good.
NAMES_TOKEN_AGE = 24 * 60 * 60


def _names_token_key(classroom: Classroom, token: str) -> str:
    return f"classroom:names-token:{classroom.pk}:{token}"


def new_names_token(classroom: Classroom) -> str:
    """A one-time token for the class's names form (kept in the shared cache)."""
    token = secrets.token_urlsafe(16)
    cache.set(_names_token_key(classroom, token), 1, NAMES_TOKEN_AGE)
    return token


def spend_names_token(classroom: Classroom, token: str) -> bool:
    """Use the token up; True for the one caller that did. The session alone cannot say so:
    two requests at once (a double click) each read the session before either saves it, and
    both found the token there. Deleting the cache's row is atomic: one DELETE removes it, a
    parallel one waits for it and removes nothing."""
    return bool(cache.delete(_names_token_key(classroom, token)))


#: How long a new assignment form's one-time token stays good.
FORM_TOKEN_AGE = 24 * 60 * 60


def _form_token_key(classroom: Classroom, token: str) -> str:
    return f"classroom:form-token:{classroom.pk}:{token}"


def new_form_token(classroom: Classroom) -> str:
    """A one-time token for a new assignment form of the class (kept in the shared cache):
    the form sent twice (a double click, a stale tab sent again) sets one assignment."""
    token = secrets.token_urlsafe(16)
    cache.set(_form_token_key(classroom, token), 0, FORM_TOKEN_AGE)
    return token


def spend_form_token(classroom: Classroom, token: str) -> bool:
    """Use the token up; True for the one caller that did (as spend_names_token)."""
    return bool(token) and bool(cache.delete(_form_token_key(classroom, token)))


def form_token_made(classroom: Classroom, token: str, assignment_id: int) -> None:
    """Keep which assignment a spent token made, so a second send can be shown it."""
    cache.set(_form_token_key(classroom, token) + ":made", assignment_id, FORM_TOKEN_AGE)


def made_with(classroom: Classroom, token: str) -> int | None:
    """The assignment a spent token made, if it is known."""
    if not token:
        return None
    made = cache.get(_form_token_key(classroom, token) + ":made")
    return made if isinstance(made, int) else None


def create_students(classroom: Classroom, names: Iterable[str]) -> list[NewAccount]:
    """Make an account for each name, in the class, each with a generated password.

    The accounts speak the teacher's language and are not teachers. Returns the names,
    usernames and passwords, which are never stored in the clear.
    """
    names = list(names)
    if not 0 < len(names) <= MAX_NAMES:
        raise ClassError(_("Give between 1 and %(most)d names.") % {"most": MAX_NAMES})
    passwords = [new_password() for _ in names]
    hashes = _hashes(passwords)
    language = profile_of(classroom.teacher).language
    user_model = get_user_model()
    with transaction.atomic():
        usernames = _free_usernames([username_base(name) for name in names])
        users = [
            user_model.objects.create(username=username, password=hashed)
            for username, hashed in zip(usernames, hashes, strict=True)
        ]
        Profile.objects.bulk_create(
            Profile(
                user=user,
                display_name=name[:60],
                language=language,
                made_by=classroom.teacher,
                made_by_name=classroom.teacher.get_username(),
            )
            for user, name in zip(users, names, strict=True)
        )
        Membership.objects.bulk_create(
            Membership(classroom=classroom, student=user, created_by_teacher=True) for user in users
        )
    return [
        NewAccount(name, username, password)
        for name, username, password in zip(names, usernames, passwords, strict=True)
    ]


def reset_password(membership: Membership) -> NewAccount:
    """A new password for an account the teacher made; shown once, like the first.

    Raises :class:`ClassError` for an account the student made themselves.
    """
    if not membership.created_by_teacher:
        raise ClassError(
            _("This student made their own account: they can reset the password by e-mail.")
        )
    student = membership.student
    password = new_password()
    student.set_password(password)
    student.save(update_fields=["password"])
    return NewAccount(display_name(student), student.get_username(), password)
