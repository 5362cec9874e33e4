"""The deal of the day's pages: before the hand, while it is played, after it (where the
score stands), the leaderboard, the past days and the dates refused; in both languages."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts.models import Profile
from daily import results
from daily.models import Entry
from play.models import Finding, Game
from tests.daily.conftest import TODAY, finish_hand, started

pytestmark = pytest.mark.django_db
User = get_user_model()


def account(name: str) -> tuple[Any, Client]:
    user = User.objects.create_user(name, password="pw-long-enough-1")
    Profile.objects.update_or_create(user=user, defaults={"display_name": name.title()})
    client = Client()
    client.force_login(user)
    return user, client


def others(scores: list[int], listed: int = 0) -> None:
    """Results of other accounts, counted; the first ``listed`` of them listed."""
    for n, score in enumerate(scores):
        user, _client = account(f"other{n}")
        game = Game.objects.create(user=user, seed=1, finished=True)
        entry = Entry.objects.create(
            user=user,
            day=TODAY,
            game=game,
            ranked=True,
            score=score,
            choices=["draw"],
            finished_at=game.created_at,
            listed=n < listed,
        )
        results.count(entry)


def test_before_the_hand_the_page_explains_it_and_offers_one_button() -> None:
    others([100, 200])
    page = Client().get("/play/daily/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Everyone plays the same cards today" in text
    assert 'name="do" value="start"' in text
    assert "2 learners have played it so far" in text
    # Nothing of the day's spread before the hand is played.
    assert "daily-scores" not in text and "Leaderboard" not in text


def test_the_page_is_in_italian_too(settings: Any) -> None:
    settings.LANGUAGE_CODE = "it"
    text = Client().get("/play/daily/").content.decode()
    assert "La smazzata del giorno" in text
    assert "Gioca la smazzata del giorno" in text
    # Dates as Italian writes them in running text, the past days' too (never 02/12/2026).
    assert "3 dicembre 2026" in text and "Dicembre" not in text
    assert '/play/daily/2026-12-02/">2 dic</a>' in text


def test_dates_are_written_out_in_english_too() -> None:
    """Never 12/02/2026, which a British and an American learner read as two dates."""
    text = Client().get("/play/daily/").content.decode()
    assert "3 December 2026" in text
    assert '/play/daily/2026-12-02/">2 Dec</a>' in text


def test_while_the_hand_is_played_the_page_leads_back_to_it() -> None:
    _user, client = account("ada")
    game = started(client)
    text = client.get("/play/daily/").content.decode()
    assert f"/play/{game.pk}/" in text and "Go on with your hand" in text
    table = client.get(f"/play/{game.pk}/").content.decode()
    assert "this hand is your ranked try" in table


def test_after_the_hand_the_page_shows_where_the_score_stands() -> None:
    others([5000, 5000, -500], listed=1)
    _user, client = account("ada")
    finish_hand(started(client))
    score = Entry.objects.get(user__username="ada").score
    page = client.get("/play/daily/")
    text = page.content.decode()
    assert f"You scored {score}." in text
    assert "Place 3 of 4: you scored more than 33% of the others." in text
    assert "<svg" in text and 'id="daily-scores"' in text and "(your score)" in text
    assert "Closed the hand" in text and "Made a clean burraco" in text
    # The shares' columns say what their numbers are.
    shares = text.split('id="daily-shares"')[1].split("</table>")[0]
    assert '<th scope="col" class="text-end">Players</th>' in shares
    assert '<th scope="col" class="text-end">Share</th>' in shares
    # Only the listed are named on the leaderboard.
    assert '<li value="1">Other0: 5000</li>' in text
    assert "Other1" not in text and "Ada: " not in text
    assert 'value="practice"' in text


def test_the_histogram_keeps_its_axis_when_the_learners_bar_is_the_first() -> None:
    """The first and last buckets' scores are written under the axis, and "you" under the
    learner's bar besides: it took the first bucket's number's place."""
    others([5000, 4000])
    _user, client = account("ada")
    finish_hand(started(client))
    score = Entry.objects.get(user__username="ada").score
    assert score is not None and score < 4000
    svg = client.get("/play/daily/").content.decode().split("<svg")[1].split("</svg>")[0]
    lows = [part.split(">")[1].split("<")[0] for part in svg.split('class="chart-label"')[1:]]
    # The y axis's two numbers, then the first bucket's low score and the last's.
    assert len(lows) == 4 and int(lows[2]) <= score and lows[3] == "5000"
    assert svg.count('class="daily-you"') == 1 and ">you</text>" in svg


def test_a_practice_copy_finds_its_own_untried_choice_among_the_others() -> None:
    yesterday = TODAY - timedelta(days=1)
    for n, action in enumerate(["draw", "draw", "pile"]):
        other, _client = account(f"y{n}")
        played = Game.objects.create(user=other, seed=1, finished=True)
        results.count(
            Entry.objects.create(
                user=other,
                day=yesterday,
                game=played,
                ranked=True,
                score=100 * n,
                choices=[action],
                finished_at=played.created_at,
            )
        )
    user, client = account("ada")
    copy = Game.objects.create(user=user, seed=1, finished=True)
    Entry.objects.create(
        user=user,
        day=yesterday,
        game=copy,
        ranked=False,
        score=50,
        choices=["discard KS"],
        finished_at=copy.created_at,
    )
    text = " ".join(client.get(f"/play/daily/{yesterday.isoformat()}/").content.decode().split())
    mine = text.split("(your choice)")[1].split("</tr>")[0]
    assert (
        mine
        == '</th><td class="text-end">0%</td><td class="text-end">–</td><td class="text-end">–</td>'
    )


def test_a_learner_chooses_to_be_listed() -> None:
    others([100])
    user, client = account("ada")
    finish_hand(started(client))
    response = client.post("/play/daily/", {"do": "listed", "listed": "on"})
    assert response.status_code == 302
    assert "Ada: " in client.get("/play/daily/").content.decode()
    client.post("/play/daily/", {"do": "listed"})
    assert "Ada: " not in client.get("/play/daily/").content.decode()


def test_the_leaderboard_gives_each_listed_learner_their_place_among_everyone() -> None:
    """The places are those of all the day's counted results, ties sharing one, as on the
    learner's own line: two listed at 500 are both 2nd behind an unlisted 900."""
    others([900, 500, 500, 100, 0])
    Entry.objects.filter(score__in=[500, 100]).update(listed=True)
    client = Client()
    client.force_login(Entry.objects.get(score=0).user)
    text = " ".join(client.get("/play/daily/").content.decode().split())
    assert text.count('<li value="2">Other') == 2
    assert '<li value="4">Other3: 100</li>' in text
    assert '<li value="1">' not in text and "Other0" not in text


def test_listing_needs_an_account_and_a_ranked_result() -> None:
    assert Client().post("/play/daily/", {"do": "listed", "listed": "on"}).status_code == 400
    _user, client = account("ada")
    refused = client.post("/play/daily/", {"do": "listed", "listed": "on"})
    assert refused.status_code == 400
    assert "no ranked result on this day" in refused.content.decode()


def test_an_anonymous_result_is_told_it_counts_once_logged_in() -> None:
    client = Client()
    finish_hand(started(client))
    text = client.get("/play/daily/").content.decode()
    assert "Your result counts once it is an account" in text
    # Both ways in bring the visitor back to the day's page.
    assert 'href="/accounts/login/?next=/play/daily/"' in text
    assert 'href="/accounts/signup/?next=/play/daily/"' in text
    # Nothing counted yet: the page says so rather than nothing.
    assert "Nobody else has a result yet" in text


def test_a_result_not_counted_is_placed_out_of_the_counted_and_itself() -> None:
    """An anonymous visitor's result is compared with the counted ones without being one
    of them: the place is out of those and it ("Place 3 of 3", never "of 2")."""
    others([3000, 2500])
    client = Client()
    finish_hand(started(client))
    score = Entry.objects.get(user=None).score
    assert score is not None and score < 2500
    text = " ".join(client.get("/play/daily/").content.decode().split())
    assert "Place 3 of 3: you scored more than 0% of the others." in text


def test_a_past_day_shows_its_results_and_plays_a_copy() -> None:
    yesterday = TODAY - timedelta(days=1)
    text = Client().get(f"/play/daily/{yesterday.isoformat()}/").content.decode()
    assert "Nobody has a ranked result on this day." in text
    _user, client = account("ada")
    copy = started(client, f"/play/daily/{yesterday.isoformat()}/", do="practice")
    entry = Entry.objects.get(game=copy)
    assert entry.day == yesterday and not entry.ranked
    assert copy.seed == results.Deal(yesterday).seed
    listed = client.get("/play/daily/").content.decode()
    assert f"/play/daily/{yesterday.isoformat()}/" in listed
    # The copy played, the day's page says nobody ranked it once, and no "come back later":
    # a past day's results do not change.
    finish_hand(copy)
    text = " ".join(client.get(f"/play/daily/{yesterday.isoformat()}/").content.decode().split())
    assert "Your practice result" in text
    assert text.count("Nobody has a ranked result on this day.") == 1
    assert "come back later to see where you stand" not in text
    assert "this is where the score would stand" not in text


def test_today_by_its_date_is_the_days_page() -> None:
    response = Client().get(f"/play/daily/{TODAY.isoformat()}/")
    assert response.status_code == 302 and response["Location"] == "/play/daily/"


@pytest.mark.parametrize(
    ("when", "sentence"),
    [
        ((TODAY + timedelta(days=1)).isoformat(), "That day has not come yet"),
        ("2020-01-01", "There was no deal of the day then"),
        ("2026-02-30", "That is not a date"),
        ("yesterday", "That is not a date"),
    ],
)
def test_dates_without_a_deal_are_refused_with_a_sentence(when: str, sentence: str) -> None:
    response = Client().get(f"/play/daily/{when}/")
    assert response.status_code == 404
    assert sentence in response.content.decode()
    played = Client().post(f"/play/daily/{when}/", {"do": "practice"})
    assert played.status_code == 404
    assert not Game.objects.exists()


def test_the_progress_page_shows_the_streak() -> None:
    user, client = account("ada")
    for back in (1, 2):
        game = Game.objects.create(user=user, seed=1, finished=True)
        Entry.objects.create(
            user=user, day=TODAY - timedelta(days=back), game=game, ranked=True, counted=True
        )
    text = client.get("/progress/").content.decode()
    assert "Your streak: 2 days in a row with a ranked result." in text
    assert "Play today&#x27;s deal" in text or "Play today's deal" in text


def test_the_start_page_and_the_menu_lead_to_the_deal_of_the_day() -> None:
    text = Client().get("/play/").content.decode()
    assert text.count('href="/play/daily/"') >= 2


def test_a_key_decision_shows_the_share_the_average_and_what_the_coach_said() -> None:
    user, client = account("ada")
    game = Game.objects.create(user=user, seed=1, finished=True)
    mine = Entry.objects.create(
        user=user,
        day=TODAY,
        game=game,
        ranked=True,
        score=40,
        choices=["pile", "discard KS"],
        steps=[1, 2],
        finished_at=game.created_at,
    )
    Finding.objects.create(
        game=game,
        decision=1,
        action="pile",
        code="missed_pile",
        severity=Finding.Severity.MISTAKE,
        points=30,
        better="draw",
        params={"cards": ["3S"], "count": 1},
        sentence="coach_missed_pile",
    )
    # The coach's word was kept as the hand was played, before its end counted it.
    results.count(mine)
    for n, score in enumerate([300, 500, 100]):
        other, _client = account(f"o{n}")
        played = Game.objects.create(user=other, seed=1, finished=True)
        entry = Entry.objects.create(
            user=other,
            day=TODAY,
            game=played,
            ranked=True,
            score=score,
            choices=["draw", "discard 3C"],
            finished_at=played.created_at,
        )
        results.count(entry)
    text = client.get("/play/daily/").content.decode()
    assert "Your turn 1: 4 players stood here</caption>" in text
    assert "Draw from the stock" in text and "75%" in text and ">300<" in text
    assert "Take the whole discard pile" in text and "25%" in text and "(your choice)" in text
    assert "The coach on your move:" in text and "The discard pile held" in text
    # The coach's price of each choice, on average over those who made it.
    assert "Points lost (coach)" in text
    cells = [" ".join(row.split("</tr>")[0].split()) for row in text.split("<tr")]
    pile = next(row for row in cells if "Take the whole discard pile" in row)
    draw = next(row for row in cells if "Draw from the stock" in row and "300" in row)
    assert pile.endswith('<td class="text-end">30</td>')
    assert draw.endswith('<td class="text-end">0</td>')
