"""A mistake or a blunder the coach flags on a rule puts that rule into the learner's review
queue, as a missed puzzle does (play.games.schedule_review): once per finding."""

from __future__ import annotations

import pytest
from django.test import Client

from engine.coach import idea_of
from lessons.models import ReviewCard
from play import games
from play.models import Finding, Game
from tests.factories import UserFactory
from tests.play.test_table_views import deal, learner_turns

pytestmark = pytest.mark.django_db


def flagged(game: Game) -> list[Finding]:
    """The mistakes and blunders on a rule that first said their idea in the hand: a card
    kept turn after turn schedules its rule once (play.games.first_said)."""
    rows = game.findings.filter(severity__in=games.REVIEWED).order_by("decision", "pk")
    first: dict[tuple[str, ...], Finding] = {}
    for row in rows:
        first.setdefault(idea_of(row.code, row.params), row)
    return [row for row in first.values() if row.rule]


def played(client: Client) -> Game:
    game = deal(client)
    learner_turns(client, game, "random", turns=24)
    game.refresh_from_db()
    assert flagged(game), "twenty-four random turns gave the coach no mistake on a rule"
    return game


def test_a_flagged_mistake_schedules_its_rule_once_for_an_anonymous_learner() -> None:
    client = Client()
    game = played(client)
    rules = {finding.rule for finding in flagged(game)}
    cards = ReviewCard.objects.filter(user=None, session_key=game.session_key)
    assert {card.rule for card in cards} == rules
    assert all(finding.scheduled_at is not None for finding in flagged(game))
    # Inaccuracies, findings on no rule and an idea said again schedule nothing.
    others = game.findings.exclude(pk__in=[f.pk for f in flagged(game)])
    assert not others.exclude(scheduled_at=None).exists()
    # Each finding counted once: as many reviews of a rule as findings on it.
    for card in cards:
        assert card.reviews == sum(1 for f in flagged(game) if f.rule == card.rule)
    reviews = {card.rule: card.reviews for card in cards}
    # Asked again (a replay, a second tab): nothing more is scheduled.
    assert games.schedule_review(game, game.findings.all()) == 0
    games.load(game)
    client.get(f"/play/{game.pk}/")
    client.get(f"/play/{game.pk}/review/")
    assert {card.rule: card.reviews for card in cards.all()} == reviews
    # The review page lists the rule.
    page = client.get("/progress/review/").content.decode()
    assert sorted(rules)[0] in page


def test_the_queue_moves_into_the_account_at_sign_up() -> None:
    client = Client()
    game = played(client)
    rules = {finding.rule for finding in flagged(game)}
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.org",
            "display_name": "Nuova",
            "language": "en",
            "password1": "a-long-test-password",
            "password2": "a-long-test-password",
        },
    )
    assert response.status_code == 302
    cards = ReviewCard.objects.filter(user__username="newcomer")
    assert set(cards.values_list("rule", flat=True)) == rules
    assert not ReviewCard.objects.filter(user=None).exists()
    # The game moved too, its findings still scheduled once.
    game.refresh_from_db()
    assert game.user is not None and game.user.username == "newcomer"
    assert games.schedule_review(game, game.findings.all()) == 0


def test_an_accounts_mistake_is_scheduled_for_the_account() -> None:
    client = Client()
    user = UserFactory()
    client.force_login(user)
    game = played(client)
    assert game.user == user
    rules = {finding.rule for finding in flagged(game)}
    assert set(ReviewCard.objects.filter(user=user).values_list("rule", flat=True)) == rules
