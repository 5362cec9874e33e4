"""lessons.learners: the Learner value and the LearnerOwned abstract model (the
nullable user, the session key and the two partial unique constraints, written once)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, models, transaction
from django.test import RequestFactory

from lessons.learners import Learner, LearnerOwned, create_or_lock
from lessons.models import Attempt, LearnerRating, ReviewCard, StepProgress
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_learner_is_an_account_or_a_session_never_both_nor_neither() -> None:
    with pytest.raises(ValueError):
        Learner()
    with pytest.raises(ValueError):
        Learner(user=object(), session_key="s" * 32)
    assert Learner.visitor("s" * 32) == Learner(session_key="s" * 32)
    assert not Learner.visitor("s" * 32).is_account


def test_a_learner_is_frozen_and_hashable() -> None:
    learner = Learner.visitor("k" * 32)
    with pytest.raises(AttributeError):
        learner.session_key = "other"  # type: ignore[misc]
    assert len({learner, Learner.visitor("k" * 32)}) == 1


def test_the_learner_of_a_request_is_the_account_or_the_session() -> None:
    user = UserFactory()
    request = RequestFactory().get("/")
    request.user = user
    assert Learner.of(request) == Learner.account(user)
    assert Learner.of(request).fields() == {"user": user, "session_key": ""}


def test_rows_are_the_learners_own() -> None:
    user = UserFactory()
    mine = ReviewCard.objects.create(user=user, rule="R23", due="2026-01-01T00:00Z")
    ReviewCard.objects.create(session_key="s" * 32, rule="R23", due="2026-01-01T00:00Z")
    ReviewCard.objects.create(user=UserFactory(), rule="R23", due="2026-01-01T00:00Z")
    assert list(ReviewCard.objects.filter(Learner.account(user).rows())) == [mine]
    assert ReviewCard.objects.filter(Learner.visitor("s" * 32).rows()).count() == 1


@pytest.mark.parametrize("model", [Attempt, StepProgress, LearnerRating, ReviewCard])
def test_every_learner_owned_model_has_the_two_columns(model: type[models.Model]) -> None:
    assert issubclass(model, LearnerOwned)
    user = model._meta.get_field("user")
    session = model._meta.get_field("session_key")
    assert user.null and user.blank and user.remote_field.on_delete is models.CASCADE
    assert session.max_length == 40 and session.blank and session.db_index


def test_the_account_side_keeps_its_names() -> None:
    user = UserFactory()
    assert {"attempts", "step_progress", "review_cards", "puzzle_rating"} <= {
        rel.get_accessor_name() for rel in user._meta.related_objects
    }


def test_the_constraints_are_made_with_their_names() -> None:
    names = {
        model.__name__: sorted(c.name for c in model._meta.constraints)
        for model in (StepProgress, LearnerRating, ReviewCard, Attempt)
    }
    assert names == {
        "StepProgress": ["one_progress_per_session_step", "one_progress_per_user_step"],
        "LearnerRating": ["one_rating_per_session"],
        "ReviewCard": ["one_review_card_per_session_rule", "one_review_card_per_user_rule"],
        "Attempt": [],
    }


def test_one_row_per_learner_for_an_account_and_for_a_session() -> None:
    user = UserFactory()
    due = "2026-01-01T00:00Z"
    for learner in (Learner.account(user), Learner.visitor("v" * 32)):
        ReviewCard.objects.create(**learner.fields(), rule="R11", due=due)
        with pytest.raises(IntegrityError), transaction.atomic():
            ReviewCard.objects.create(**learner.fields(), rule="R11", due=due)
        with transaction.atomic():
            found = create_or_lock(ReviewCard, learner, {"rule": "R11"}, due=due)
        assert found.rule == "R11" and ReviewCard.objects.filter(learner.rows()).count() == 1
    ReviewCard.objects.create(user=UserFactory(), rule="R11", due=due)
    assert ReviewCard.objects.count() == 3
