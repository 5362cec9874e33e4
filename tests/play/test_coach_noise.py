"""The coach at the table says each thing once (issue 27): the live box only what is new
this turn, the review one line per idea with its count, and the hint with its reason."""

from __future__ import annotations

import pytest
from django.test import Client

from play import games
from play.models import Finding, Game
from tests.play.test_table_views import deal, learner_turns, move

pytestmark = pytest.mark.django_db


def turns_of(game: Game) -> list[tuple[int, int]]:
    """The learner's finished turns of the hand: (first action, discard) each."""
    hand = games.load(game)
    numbers = games.turn_numbers(hand)
    spans: dict[int, list[int]] = {}
    for index, turn in numbers.items():
        spans.setdefault(turn, []).append(index)
    finished = [
        (indexes[0], indexes[-1])
        for indexes in spans.values()
        if hand.steps[indexes[-1]].action.kind.value == "discard"
    ]
    return finished


def kept(game: Game, decision: int, card: str, points: int, code: str = "missed_attach") -> None:
    Finding.objects.create(
        game=game,
        hand=0,
        decision=decision,
        action="discard KS",
        code=code,
        rule="R17" if code == "missed_attach" else "R29",
        severity="inaccuracy" if points < 60 else "mistake",
        points=points,
        better=f"attach 0 {card}" if code == "missed_attach" else "meld 5H 6H 7H",
        params={"card": card, "arrangement": ["6S", "7S"]} if code == "missed_attach" else {},
        sentence="coach_missed_attach_two" if code == "missed_attach" else "coach_missed_pozzetto",
    )


@pytest.fixture
def played() -> tuple[Client, Game, list[tuple[int, int]]]:
    client = Client()
    game = deal(client)
    learner_turns(client, game, "club", turns=4)
    game.refresh_from_db()
    game.findings.all().delete()
    spans = turns_of(game)
    assert len(spans) >= 3
    return client, game, spans


def test_the_live_box_shows_only_the_ideas_new_this_turn(
    played: tuple[Client, Game, list[tuple[int, int]]],
) -> None:
    client, game, spans = played
    *earlier, (first, last) = spans[-3:]
    # The 8♠ was said two turns ago; this turn it comes again, at the draw and the discard,
    # beside a pozzetto missed twice (draw and discard: one decision).
    kept(game, earlier[0][1], "8S", 30)
    kept(game, first, "8S", 40)
    kept(game, last, "8S", 40)
    kept(game, first, "", 100, code="missed_pozzetto")
    kept(game, last, "", 100, code="missed_pozzetto")
    hand = games.load(game)
    shown = games.last_turn_findings(game, hand)
    assert [finding.code for finding in shown] == ["missed_pozzetto"]
    page = client.get(f"/play/{game.pk}/").content.decode()
    assert page.count('<li class="play-finding ') == 1
    assert "laid down every card this turn and taken the pozzetto al volo" in page
    assert "fitted your meld" not in page


def test_the_review_says_an_idea_once_with_its_count_worst_first(
    played: tuple[Client, Game, list[tuple[int, int]]],
) -> None:
    client, game, spans = played
    for number, (first, last) in enumerate(spans[:3]):
        kept(game, last, "8S", 30 + number)
        kept(game, first, "", 100, code="missed_pozzetto")
    kept(game, spans[0][1], "9S", 25)
    page = client.get(f"/play/{game.pk}/review/").content.decode()
    assert page.count('<li class="mb-3">') == 3  # three ideas, however many findings
    assert "You kept the 8 of spades for 3 turns, from turn" in page
    assert page.index("al volo") < page.index("8 of spades") < page.index("9 of spades")
    client.cookies["django_language"] = "it"
    italian = client.get(f"/play/{game.pk}/review/").content.decode()
    assert "Hai tenuto l&#x27;8 di picche per 3 turni" in italian or (
        "Hai tenuto l'8 di picche per 3 turni" in italian
    )


def test_the_hint_says_why() -> None:
    client = Client()
    game = deal(client, coach="full")
    page = move(client, game, do="hint").content.decode()
    assert "The expert would:" in page
    assert 'class="d-block play-hint-why">' in page
    why = page.split('class="d-block play-hint-why">')[1].split("</span>")[0]
    assert why.startswith(("Take the pile:", "Draw from the stock:")), why


def test_an_idea_said_again_does_not_schedule_its_rule_again(
    played: tuple[Client, Game, list[tuple[int, int]]],
) -> None:
    _, game, spans = played
    kept(game, spans[0][1], "8S", 70)
    first = list(game.findings.all())
    assert games.first_said(game, 0, first) == first
    kept(game, spans[1][1], "8S", 80)
    kept(game, spans[1][1], "9S", 80)
    again = list(game.findings.filter(decision=spans[1][1]))
    assert [row.params["card"] for row in games.first_said(game, 0, again)] == ["9S"]


def test_the_hint_says_why_in_italian() -> None:
    client = Client()
    client.cookies["django_language"] = "it"
    game = deal(client, coach="full")
    page = move(client, game, do="hint").content.decode()
    why = page.split('class="d-block play-hint-why">')[1].split("</span>")[0]
    assert why.startswith(("Prendi gli scarti:", "Pesca dal tallone:")), why
