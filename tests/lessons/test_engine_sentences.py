"""The engine's sentences as pages show them: every code in Italian and English,
cards named with the article Italian gives them, plurals, capitals, no developer words."""

from __future__ import annotations

import json
import re
import string
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from engine.cards import Card, Rank, Suit
from engine.messages import MESSAGES, Plural, card_words, render
from lessons import answering
from lessons.models import Attempt, Puzzle
from lessons.templatetags.cards import card_name
from tests.factories import CLOSE, PuzzleFactory, position

ITALIAN_RANKS = {
    Rank.ACE: "l'asso",
    Rank.TWO: "il 2",
    Rank.THREE: "il 3",
    Rank.FOUR: "il 4",
    Rank.FIVE: "il 5",
    Rank.SIX: "il 6",
    Rank.SEVEN: "il 7",
    Rank.EIGHT: "l'8",
    Rank.NINE: "il 9",
    Rank.TEN: "il 10",
    Rank.JACK: "il fante",
    Rank.QUEEN: "la donna",
    Rank.KING: "il re",
}
ITALIAN_SUITS = {Suit.HEARTS: "cuori", Suit.DIAMONDS: "quadri", Suit.CLUBS: "fiori"}
ITALIAN_SUITS[Suit.SPADES] = "picche"
#: "di" joined to each article, as Italian writes it.
DEL = {"l'": "dell'", "il ": "del ", "la ": "della "}


def italian(code: str, params: dict[str, Any]) -> str:
    with translation.override("it"):
        return answering.say(code, params)


@pytest.mark.parametrize("rank", list(Rank))
@pytest.mark.parametrize("suit", list(Suit))
def test_every_card_has_its_italian_article(rank: Rank, suit: Suit) -> None:
    card = Card(rank, suit)
    expected = f"{ITALIAN_RANKS[rank]} di {ITALIAN_SUITS[suit]}"
    article = next(article for article in DEL if expected.startswith(article))
    with translation.override("it"):
        words = card_words(card, translation.gettext)
        assert words == expected
        assert card_name(card) == expected[len(article) :]
    assert getattr(words, "del") == DEL[article] + expected[len(article) :]


def test_the_cards_of_the_issue_read_as_an_italian_writes_them() -> None:
    with translation.override("it"):
        named = [card_words(card, translation.gettext) for card in ("AH", "8C", "QS", "KD", "JK")]
    assert named == [
        "l'asso di cuori",
        "l'8 di fiori",
        "la donna di picche",
        "il re di quadri",
        "il jolly",
    ]


def test_the_screen_reader_label_is_the_name_without_its_article() -> None:
    with translation.override("it"):
        assert [card_name(card) for card in ("AH", "8C", "10H", "JK")] == [
            "asso di cuori",
            "8 di fiori",
            "10 di cuori",
            "jolly",
        ]
    with translation.override("en"):
        assert [card_name(card) for card in ("AH", "10H", "JK")] == [
            "ace of hearts",
            "10 of hearts",
            "joker",
        ]


#: A plausible value for each parameter a sentence names.
SAMPLES: dict[str, Any] = {
    "card": "AH",
    "wild": "JK",
    "stands_for": "7C",
    "low": "6C",
    "high": "8C",
    "cards": ["5C", "7C"],
    "missing": ["6C"],
    "arrangement": ["5C", "6C", "7C"],
    "order": ["5C", "6C", "7C"],
    "rank": "Q",
    "suit": "S",
    "text": "xyz",
    "field": "foo",
    "name": "stock",
    "each": "side",
    "reason": {"code": "not_a_card", "params": {"text": "1H"}},
    "choices": ["standard", "strict"],
    "expected": 345,
}


def sample(code: str) -> dict[str, Any]:
    template = MESSAGES[code]
    text = template.plural if isinstance(template, Plural) else template
    names = {name.split(".")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    return {name: SAMPLES.get(name, 3) for name in names}


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_every_code_reads_in_italian(code: str) -> None:
    params = sample(code)
    english, words = render(code, params), italian(code, params)
    assert words != english, "the Italian sentence is missing"
    assert "{" not in words and "?" not in words.replace("“xyz”", "")
    assert words[0].isupper() or words[0] in "“«", words
    # No developer words: seats, JSON keys, the English of the cards.
    assert not re.search(r"\bseat|posto \d|_\w|\bthe\b|\bof\b", words), words


def test_a_plural_follows_its_number_in_italian() -> None:
    assert italian("no_such_meld", {"index": 1, "count": 1}).startswith(
        "La tua squadra ha solo 1 gioco sul tavolo"
    )
    assert italian("no_such_meld", {"index": 2, "count": 2}).startswith(
        "La tua squadra ha solo 2 giochi sul tavolo"
    )


def test_the_coachs_pile_sentence_agrees_with_its_cards_in_italian() -> None:
    # "c'erano il 3 di picche" was read at the table: one card is "c'era".
    one = italian("coach_missed_pile", {"cards": ["3S"], "count": 1})
    assert one.startswith("Negli scarti c'era il 3 di picche, che")
    two = italian("coach_missed_pile", {"cards": ["3S", "4S"], "count": 2})
    assert two.startswith("Negli scarti c'erano 3♠ e 4♠, che")
    # A finding kept before the sentence had its number counts its cards.
    assert italian("coach_missed_pile", {"cards": ["3S"]}) == one


def test_an_italian_sentence_joins_the_article_to_its_preposition() -> None:
    assert italian("wild_locked", {"wild": "JK", "stands_for": "AC"}).startswith(
        "Con queste regole il jolly resta dove è stato calato, al posto dell'asso di fiori;"
    )


def test_a_nested_reason_and_a_place_read_in_italian() -> None:
    words = italian(
        "cards_in",
        {
            "name": {"code": "place_hand", "params": {"player": 2}},
            "reason": {"code": "not_a_card", "params": {"text": "1H"}},
        },
    )
    assert words.startswith("Nella mano del giocatore 2: “1H” non è una carta:")


def test_the_position_of_the_issue_speaks_of_players_not_seats() -> None:
    words = italian("empty_hand_to_play", {"player": 1})
    assert words.startswith("Il giocatore di turno è rimasto senza carte a metà turno")


# --- pages -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_puzzle_page_refuses_a_forged_move_in_italian(client: Client) -> None:
    puzzle: Puzzle = PuzzleFactory(**CLOSE)
    response = client.post(
        f"/puzzles/{puzzle.slug}/",
        {"line": json.dumps(["draw 1H"])},
        headers={"HX-Request": "true", "Accept-Language": "it"},
    )
    assert response.status_code == 400
    page = unescape(response.content.decode())
    assert "“draw 1H” non è una mossa: “1H” non è una carta" in page
    assert "The engine says" not in page and "is not" not in page
    assert not Attempt.objects.exists()


@pytest.mark.django_db
def test_a_wrong_answer_s_feedback_names_the_card_with_its_article(client: Client) -> None:
    puzzle: Puzzle = PuzzleFactory(
        kind="lay-meld",
        params={},
        position=position(["QS", "QH", "KD", "5C"], []),
    )
    response = client.post(f"/puzzles/{puzzle.slug}/", {"cards": ["QS", "KD", "5C"]}, follow=True)
    page = unescape(response.content.decode())
    assert "Le carte Q♠, K♦ e 5♣ mescolano semi e valori" in page
