"""Two players say "your opponent" ("il tuo avversario") on the lessons' and puzzles' board,
in the discard questions' verdicts and in the score questions' labels, never "the other
side"; four players keep "the other side" (issue 27, as tests/play/test_heads_up_words.py
for the practice table)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from engine import puzzles as engine_puzzles
from engine.deal import deal
from engine.generate import generate_many
from engine.puzzles import Verdict
from engine.state import Position
from lessons.board import board
from lessons.content import CONTENT, read_lesson, save_lesson
from lessons.generated import prompt_text
from lessons.models import Attempt
from tests.factories import PuzzleFactory, position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def drawn(players: int, language: str) -> str:
    """The board of a fresh deal with both pozzetti taken and totals before the hand."""
    dealt = deal(players, random.Random(5))
    taken = replace(dealt, pozzetti_taken=(True, True), totals=(120, 340))
    with translation.override(language):
        html = render_to_string("lessons/board.html#board", {"board": board(taken, seat=0)})
    return html.replace("&#x27;", "'")


def test_the_board_says_your_opponent_at_two_players_in_english() -> None:
    html = drawn(2, "en")
    assert "Your opponent's melds" in html
    assert "You have taken your pozzetto" in html
    assert "Your opponent has taken their pozzetto" in html
    assert "Totals before this hand: you 120, your opponent 340." in html
    assert "Your opponent:" in html  # the seat, with its cards in hand
    assert "other side" not in html.lower() and "Your side" not in html


def test_the_board_says_il_tuo_avversario_at_two_players_in_italian() -> None:
    html = drawn(2, "it")
    assert "I giochi del tuo avversario" in html
    assert "Hai preso il tuo pozzetto" in html
    assert "Il tuo avversario ha preso il suo pozzetto" in html
    assert "Totali prima di questa smazzata: tu 120, il tuo avversario 340." in html
    assert "Il tuo avversario:" in html
    assert "altra squadra" not in html and "tua squadra" not in html


def test_a_waiting_pozzetto_at_two_players_is_yours_or_your_opponents() -> None:
    dealt = deal(2, random.Random(5))
    for language, mine, theirs in (
        ("en", "Your pozzetto is still waiting", "Your opponent's pozzetto is still waiting"),
        ("it", "Il tuo pozzetto è ancora da prendere", "Il pozzetto del tuo avversario è ancora"),
    ):
        with translation.override(language):
            html = render_to_string("lessons/board.html#board", {"board": board(dealt, seat=0)})
        html = html.replace("&#x27;", "'")
        assert mine in html and theirs in html


def test_four_players_keep_the_sides_on_the_board() -> None:
    english, italian = drawn(4, "en"), drawn(4, "it")
    assert "The other side's melds" in english
    assert "The other side has taken its pozzetto" in english
    assert "Your side has taken its pozzetto" in english
    assert "Totals before this hand: your side 120, the other side 340." in english
    assert "Your opponent" not in english
    assert "I giochi dell'altra squadra" in italian
    assert "tuo avversario" not in italian


def two_players(hand: list[str], theirs: list[list[str]]) -> dict:
    """A two-player position after the draw, the opponent's melds ``theirs``."""
    return {**position(hand, []), "melds": [[], theirs]}


def four_players(hand: list[str], melds: list[list[str]], theirs: list[list[str]]) -> dict:
    """A four-player position after the draw; the learner (seat 0) holds ``hand``."""
    return {
        "players": 4,
        "to_move": 0,
        "phase": "play",
        "hands": [hand, {"count": 9}, ["4D"], {"count": 9}],
        "melds": [melds, theirs],
        "discard": ["4H"],
        "stock": 40,
        "pozzetti_taken": [True, False],
    }


def discard_verdict(players: int) -> Verdict:
    """The 8♥ discarded where it extends the opponents' 5♥ 6♥ 7♥."""
    hand, theirs = ["8H", "KS"], [["5H", "6H", "7H"]]
    data = two_players(hand, theirs) if players == 2 else four_players(hand, [], theirs)
    puzzle = engine_puzzles.Puzzle.from_dict({"kind": "discard", "position": data})
    return engine_puzzles.check(puzzle, engine_puzzles.read_answer(puzzle.kind, {"card": "8H"}))


def test_a_discard_that_feeds_says_your_opponent_at_two_players_its_code_unchanged() -> None:
    two, four = discard_verdict(2), discard_verdict(4)
    # The code is the mistake's, for statistics; only the sentence says who is fed.
    assert two.code == four.code == "discard_extends"
    assert two.message.startswith("Discarding the 8 of hearts feeds your opponent:")
    assert four.message.startswith("Discarding the 8 of hearts feeds the other side:")
    assert Verdict.from_json(two.to_json()) == two and Verdict.from_json(four.to_json()) == four
    assert "sentence" not in four.to_json()


def test_the_discard_puzzle_page_says_your_opponent_at_two_players_only(client: Client) -> None:
    hand, theirs = ["8H", "KS", "4D"], [["5H", "6H", "7H"]]
    for players, data in (
        (2, two_players(hand, theirs)),
        (4, four_players(hand, [], theirs)),
    ):
        puzzle = PuzzleFactory(kind="discard", position=data, params={})
        url = f"/puzzles/{puzzle.slug}/"
        italian = client.post(url, {"card": "8H"}, headers=HTMX).content.decode()
        client.cookies["django_language"] = "en"
        english = client.post(url, {"card": "8H"}, headers=HTMX).content.decode()
        del client.cookies["django_language"]
        if players == 2:
            assert "fai un regalo al tuo avversario" in italian and "altra squadra" not in italian
            assert "feeds your opponent" in english and "other side" not in english
        else:
            assert "fai un regalo agli avversari" in italian and "tuo avversario" not in italian
            assert "feeds the other side" in english and "your opponent" not in english
            assert "What each card would give the other side" in english
    assert set(Attempt.objects.values_list("code", flat=True)) == {"discard_extends"}


def test_saying_every_card_feeds_says_your_opponent_at_two_players(client: Client) -> None:
    data = two_players(["8H", "KS"], [["5H", "6H", "7H"]])
    puzzle = PuzzleFactory(kind="discard", position=data, params={})
    html = client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"}, headers=HTMX).content.decode()
    assert "non dà niente al tuo avversario" in html and "riguarda i suoi giochi" in html
    assert Attempt.objects.get().code == "discard_safe_exists"


SCORED = [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]]


@pytest.mark.parametrize(
    ("players", "side", "ask", "english", "italian"),
    [
        (2, 0, "hand", "Your score for this hand", "Il tuo punteggio in questa smazzata"),
        (2, 1, "total", "Your opponent's running total", "Il totale del tuo avversario"),
        (4, 0, "hand", "Your side's score for this hand", "punteggio della tua squadra"),
        (4, 1, "total", "The other side's running total", "Il totale dell'altra squadra"),
    ],
)
def test_a_score_question_names_you_or_your_opponent_at_two_players(
    client: Client, players: int, side: int, ask: str, english: str, italian: str
) -> None:
    data: dict[str, Any]
    if players == 2:
        data = position(["KS"], SCORED, pozzetti_taken=[True, False], totals=[100, 200])
        data["hands"] = [["KS"], ["QD", "2H"]]
    else:
        data = four_players(["KS"], SCORED, [])
        data["hands"] = [["KS"], ["QD"], ["4D"], ["2H"]]
        data["totals"] = [100, 200]
    assert Position.from_json(data).heads_up is (players == 2)
    puzzle = PuzzleFactory(kind="score", position=data, params={"side": side, "ask": ask})
    page = client.get(f"/puzzles/{puzzle.slug}/").content.decode()
    client.cookies["django_language"] = "en"
    english_page = client.get(f"/puzzles/{puzzle.slug}/").content.decode()
    assert italian in page.replace("&#x27;", "'")
    assert english in english_page.replace("&#x27;", "'")


@pytest.mark.parametrize(
    ("players", "choices"),
    [(2, ["Tu", "Il tuo avversario"]), (4, ["La tua squadra", "L&#x27;altra squadra"])],
)
def test_who_has_won_is_you_or_your_opponent_at_two_players(
    client: Client, players: int, choices: list[str]
) -> None:
    data: dict[str, Any]
    if players == 2:
        data = position(["KS"], SCORED, pozzetti_taken=[True, False], totals=[1900, 200])
        data["hands"] = [["KS"], ["QD", "2H"]]
    else:
        data = four_players(["KS"], SCORED, [])
        data["hands"] = [["KS"], ["QD"], ["4D"], ["2H"]]
        data["totals"] = [1900, 200]
    puzzle = PuzzleFactory(kind="score", position=data, params={"side": 0, "ask": "winner"})
    page = client.get(f"/puzzles/{puzzle.slug}/").content.decode()
    for choice in choices:
        assert f'for="winner-{choices.index(choice)}">{choice}</label>' in page


def test_the_every_card_feeds_button_says_il_tuo_avversario_at_two_players(
    client: Client,
) -> None:
    hand, theirs = ["8H", "KS"], [["5H", "6H", "7H"]]
    two = PuzzleFactory(kind="discard", position=two_players(hand, theirs), params={})
    four = PuzzleFactory(kind="discard", position=four_players(hand, [], theirs), params={})
    page = client.get(f"/puzzles/{two.slug}/").content.decode()
    assert "Qualunque carta scarti, il tuo avversario ne approfitta" in page
    assert "gli avversari" not in page
    page = client.get(f"/puzzles/{four.slug}/").content.decode()
    assert "Qualunque carta scarti, gli avversari ne approfittano" in page
    client.cookies["django_language"] = "en"
    page = client.get(f"/puzzles/{two.slug}/").content.decode()
    assert "Every card I could discard feeds them" in page


def test_the_lesson_step_quotes_the_button_it_shows_at_two_players(client: Client) -> None:
    save_lesson(read_lesson(CONTENT / "lessons" / "21-strategy-what-to-discard.yaml"))
    page = client.get("/lessons/strategy-what-to-discard/8/").content.decode()
    # The step's text names the button, and the button says the same words.
    assert page.count("Qualunque carta scarti, il tuo avversario ne approfitta") == 2


def test_a_generated_score_puzzle_names_one_opponent_in_both_languages() -> None:
    """Generated score puzzles are of two players: "your opponent", "il tuo avversario"."""
    made = [one for one in generate_many("score", 40, 3) if one.prompt != "score_hand"]
    assert made and all(Position.from_json(one.fields["position"]).heads_up for one in made)
    for one in made:
        english, italian = prompt_text(one, "en"), prompt_text(one, "it")
        assert "your opponent's" in english and "opponents" not in english
        assert "il tuo avversario" in italian and "avversari " not in italian
    closed = [one for one in made if one.prompt_params["closing"] == "them"]
    assert closed and prompt_text(closed[0], "en").startswith("Your opponent closed the hand.")
    assert prompt_text(closed[0], "it").startswith("La smazzata l'ha chiusa il tuo avversario.")


@pytest.mark.parametrize(
    ("players", "said"),
    [(2, "Non hai giochi sul tavolo."), (4, "La tua squadra non ha giochi sul tavolo.")],
)
def test_an_attach_question_without_melds_says_you_at_two_players(
    client: Client, players: int, said: str
) -> None:
    hand = ["10C", "7C", "KD"]
    data = two_players(hand, [["5H", "6H", "7H"]]) if players == 2 else four_players(hand, [], [])
    puzzle = PuzzleFactory(kind="attach", position=data, params={})
    page = client.get(f"/puzzles/{puzzle.slug}/").content.decode()
    assert said in page
