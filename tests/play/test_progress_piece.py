"""The practice table on /progress/ (play.progress): hands played and won per level, and
the coach's findings by rule, week by week; the learner's own only, in both languages."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from play.models import Finding, Game
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db


def finding(
    game: Game, rule: str, severity: str = "mistake", decision: int = 1, card: str = "9S"
) -> Finding:
    return Finding.objects.create(
        game=game,
        decision=decision,
        action=f"discard {card}",
        code="discard_feeds",
        rule=rule,
        severity=severity,
        points=12,
        better="discard KS",
        params={"card": card},
        sentence="x",
    )


def test_nothing_before_the_first_game() -> None:
    client = Client()
    client.force_login(UserFactory())
    assert "At the practice table" not in client.get("/progress/").content.decode()


def test_hands_played_and_won_per_level_and_findings_per_rule_and_week() -> None:
    user = UserFactory()
    for won in (1, 0, 1):
        GameFactory(user=user, opponents="club", finished=True, hands_ended=1, hands_won=won)
    GameFactory(user=user, opponents="expert", players=4, finished=True, hands_ended=1)
    # A match of three hands so far, one won, still going on: its ended hands count.
    GameFactory(user=user, opponents="expert", players=4, hands_ended=3, hands_won=1)
    # No hand ended yet: not counted as played.
    open_game = GameFactory(user=user, opponents="expert")
    old = GameFactory(user=user, opponents="beginner")
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(weeks=2))
    finding(open_game, "R31")
    finding(open_game, "R31", "blunder", decision=5, card="8D")
    finding(old, "R31", "inaccuracy")
    finding(old, "R8", card="4C")
    finding(old, "R9", "none")  # minor: not counted
    # Someone else's games count for nobody here.
    stranger = GameFactory(opponents="club", finished=True, hands_ended=1, hands_won=1)
    finding(stranger, "R12")
    client = Client()
    client.force_login(user)
    page = client.get("/progress/").content.decode()
    assert "At the practice table" in page
    levels = page.split('id="practice-levels"')[1].split("</table>")[0]
    rows = levels.split("<tr>")[2:]
    assert len(rows) == 2
    assert "Club player" in rows[0] and cells(rows[0], "</th>") == ["3", "2"]
    assert "Expert" in rows[1] and cells(rows[1], "</th>") == ["4", "1"]
    rules = page.split('id="practice-rules"')[1].split("</table>")[0]
    assert "R12" not in rules and "R9 " not in rules
    # Six weeks, oldest first: one two weeks ago (the old hand), two this week.
    assert cells(rules, "R31 ·") == ["0", "0", "0", "1", "0", "2"]
    assert cells(rules, "R8 ·") == ["0", "0", "0", "1", "0", "0"]
    # The hands dealt: this week 3 + 1 + the match's 3 ended and 1 being played + 1.
    assert cells(rules, "Hands started") == ["0", "0", "0", "1", "0", "9"]
    # Per 10 hands: two weeks played in (1 hand, 2 findings; 9 hands, 2 findings).
    per_ten = rules.split('id="practice-per-ten"')[1].split("</tr>")[0]
    assert re.findall(r'<td class="text-end">([^<]+)</td>', per_ten) == [
        "–",
        "–",
        "–",
        "20",
        "–",
        "2",
    ]
    assert 'aria-labelledby="practice-chart-title"' in page and "<polyline" in page


def test_an_idea_found_on_several_turns_counts_once_as_the_review_says_it() -> None:
    # The 9S fed the next side on three turns of one hand: the review says it once, and
    # /progress/ counts it once; the 8D of the same hand is another idea, and the 9S of the
    # game's next hand another.
    user = UserFactory()
    game = GameFactory(user=user, opponents="club", players=2)
    for decision in (3, 9, 15):
        finding(game, "R17", decision=decision)
    finding(game, "R17", decision=21, card="8D")
    Finding.objects.filter(pk=finding(game, "R17", decision=2).pk).update(hand=1)
    client = Client()
    client.force_login(user)
    rules = client.get("/progress/").content.decode().split('id="practice-rules"')[1]
    assert cells(rules.split("</table>")[0], "R17 ·")[-1] == "3"


def cells(table: str, label: str) -> list[str]:
    row = table.split(label)[1].split("</tr>")[0]
    return re.findall(r'<td class="text-end">(\d+)</td>', row)


def test_in_italian() -> None:
    user = UserFactory()
    game = GameFactory(user=user, opponents="club", finished=True, hands_ended=1, hands_won=1)
    finding(game, "R31")
    client = Client()
    client.force_login(user)
    page = client.get("/progress/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Al tavolo d'allenamento" in page and "Giocate" in page and "Vinte" in page
    assert "Settimana del" in page


def test_an_anonymous_learners_games_count_too() -> None:
    client = Client()
    response = client.post(
        "/play/",
        {
            "players": "2",
            "opponents": "random",
            "partner": "random",
            "preset": "standard",
            "coach": "turns",
        },
    )
    assert response.status_code == 302
    page = client.get("/progress/").content.decode()
    assert "At the practice table" in page and "No hand finished yet" in page


def test_hundreds_of_games_are_counted_by_the_database_a_week_at_a_time() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from play import progress

    user = UserFactory()
    made = Game.objects.bulk_create(
        Game(user=user, seed=n, finished=n % 3 != 0, hands_ended=2, hands_won=1) for n in range(600)
    )
    Finding.objects.bulk_create(
        Finding(
            game=game,
            decision=1,
            action="discard 9S",
            code="discard_feeds",
            rule="R31",
            severity="mistake",
            points=12,
            better="discard KS",
            sentence="x",
        )
        for game in made
    )
    with CaptureQueriesContext(connection) as queries:
        _weeks, hands_per_week, rules = progress.by_rule(Game.objects.filter(user=user))
    # Two hands ended in each game, and the one being played in each of the 200 unfinished.
    assert hands_per_week[-1] == 600 * 2 + 200 and sum(hands_per_week) == 1400
    assert [(row.rule, row.counts[-1], row.total) for row in rules] == [("R31", 600, 600)]
    assert len(queries) == 2
