"""Delete my account: the password again and a confirmation, then the account and its data go."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Profile
from lessons.models import Attempt, LearnerRating, ReviewCard
from tests.factories import AttemptFactory, ProfileFactory, PuzzleFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def test_the_page_asks_for_the_password_and_a_confirmation() -> None:
    client = Client()
    client.force_login(ProfileFactory().user)
    html = client.get("/accounts/delete/").content.decode()
    assert 'type="password"' in html and 'name="confirm"' in html
    assert 'action="/accounts/delete/"' in html


@pytest.mark.parametrize(
    "data",
    [{"password": "wrong", "confirm": "on"}, {"password": PASSWORD}],
    ids=["wrong", "unticked"],
)
def test_without_the_right_password_and_the_tick_nothing_is_deleted(data: dict[str, str]) -> None:
    profile = ProfileFactory()
    client = Client()
    client.force_login(profile.user)
    response = client.post("/accounts/delete/", data)
    assert response.status_code == 200
    assert get_user_model().objects.filter(pk=profile.user.pk).exists()


def test_deleting_removes_the_account_and_everything_kept_about_it_but_no_one_elses() -> None:
    profile = ProfileFactory()
    other = AttemptFactory()
    client = Client()
    client.force_login(profile.user)
    answer(client, PuzzleFactory(), right=False)
    response = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 302 and response.url == "/"
    assert not get_user_model().objects.filter(pk=profile.user.pk).exists()
    assert not Profile.objects.filter(pk=profile.pk).exists()
    assert list(Attempt.objects.all()) == [other]
    assert not LearnerRating.objects.exists() and not ReviewCard.objects.exists()
    assert "_auth_user_id" not in client.session


def test_deleting_a_teacher_deletes_their_library_and_keeps_their_students_findable() -> None:
    from django.contrib.admin.sites import site

    from accounts.admin import MadeBy
    from classroom.models import Classroom, LibraryPuzzle
    from classroom.services import create_students
    from lessons.models import Puzzle
    from tests.factories import AssignmentFactory, ClassroomFactory

    teacher = ProfileFactory(is_teacher=True).user
    classroom = ClassroomFactory(teacher=teacher)
    [account] = create_students(classroom, ["Ada"])
    mine = PuzzleFactory(source="teacher")
    LibraryPuzzle.objects.create(owner=teacher, puzzle=mine, title="Mine")
    AssignmentFactory(classroom=classroom, puzzles=[mine])
    student = get_user_model().objects.get(username=account.username)
    client = Client()
    client.force_login(student)
    answer(client, mine, right=True)
    theirs = LibraryPuzzle.objects.create(
        owner=ProfileFactory(is_teacher=True).user, puzzle=PuzzleFactory(source="teacher")
    )
    client.force_login(teacher)
    response = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    assert response.status_code == 302
    # The library goes: the puzzle is no longer served at /puzzles/<slug>/.
    assert not Puzzle.objects.filter(pk=mine.pk).exists()
    assert Client().get(f"/puzzles/{mine.slug}/").status_code == 404
    assert not Classroom.objects.exists()
    assert Puzzle.objects.filter(pk=theirs.puzzle_id).exists()
    # The student's account stays, and the admin can list it as made by a deleted teacher.
    profile = Profile.objects.get(user=student)
    assert profile.made_by is None and profile.made_by_name == teacher.username
    admin = site._registry[Profile]
    orphans = MadeBy(None, {"made": ["deleted"]}, Profile, admin).queryset(
        None, Profile.objects.all()
    )
    assert list(orphans) == [profile]


def test_the_admin_lists_students_made_by_a_deleted_teacher() -> None:
    from classroom.services import create_students
    from tests.factories import ClassroomFactory

    teacher = ProfileFactory(is_teacher=True).user
    [account] = create_students(ClassroomFactory(teacher=teacher), ["Ada"])
    ProfileFactory()  # someone who signed up
    teacher.delete()
    staff = get_user_model().objects.create_superuser("boss", "boss@example.org", PASSWORD)
    client = Client()
    client.force_login(staff)
    html = client.get("/admin/auth/user/?made=deleted").content.decode()
    assert account.username in html and "learner" not in html
    html = client.get("/admin/accounts/profile/?made=deleted").content.decode()
    assert account.username in html
