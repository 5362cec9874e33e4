"""The discard question on the site: one card chosen from the hand, marked by the
engine, a wrong card told which of the opponents' melds it feeds."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from django.test import Client

from engine import puzzles as engine_puzzles
from engine.budget import Budget
from engine.puzzles.discard import kept_back
from lessons.content import CONTENT, ContentError, load_all, read_lesson, save_lesson
from lessons.models import Attempt, Puzzle, StepProgress
from tests.factories import PuzzleFactory, position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def discard_puzzle() -> Puzzle:
    """8♥ extends the opponents' 5♥ 6♥ 7♥; the K♠ and the 4♦ give nothing."""
    data = {**position(["8H", "KS", "4D", "4D"], []), "melds": [[], [["5H", "6H", "7H"]]]}
    return PuzzleFactory(kind="discard", position=data, params={})


def test_the_page_offers_each_card_of_the_hand_once_as_a_radio_button(client: Client) -> None:
    html = client.get(f"/puzzles/{discard_puzzle().slug}/").content.decode()
    assert html.count('type="radio" name="card"') == 3  # the two 4♦ are one choice
    for card in ("8H", "KS", "4D"):
        assert f'name="card" value="{card}"' in html
    assert 'name="cards"' not in html, "no multi-select of the hand"


def test_a_safe_discard_is_correct(client: Client) -> None:
    puzzle = discard_puzzle()
    response = client.post(f"/puzzles/{puzzle.slug}/", {"card": "KS"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Corretto" in html and "<html" not in html
    assert Attempt.objects.get().correct


def test_a_card_that_feeds_them_is_wrong_and_names_their_meld(client: Client) -> None:
    puzzle = discard_puzzle()
    response = client.post(f"/puzzles/{puzzle.slug}/", {"card": "8H"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "Non proprio" in html
    # Two players: "il tuo avversario", never "gli avversari" (issue 27).
    assert "fai un regalo al tuo avversario" in html and "al suo gioco 1" in html
    assert "R17 ·" not in html, "a legal discard breaks no rule: none is blamed"
    assert "Che cosa darebbe al tuo avversario ogni carta" in html  # the table of every card
    assert "agli avversari" not in html
    attempt = Attempt.objects.get()
    assert (attempt.correct, attempt.code, attempt.rule) == (False, "discard_extends", "")


def test_saying_every_card_feeds_them_is_wrong_when_one_is_safe(client: Client) -> None:
    puzzle = discard_puzzle()
    client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"}, headers=HTMX)
    assert Attempt.objects.get().code == "discard_safe_exists"


def test_in_english_the_feedback_is_english(client: Client) -> None:
    puzzle = discard_puzzle()
    client.cookies["django_language"] = "en"
    response = client.post(f"/puzzles/{puzzle.slug}/", {"card": "8H"}, headers=HTMX)
    html = response.content.decode()
    assert "feeds your opponent" in html and "What each card would give your opponent" in html
    assert "other side" not in html


@pytest.mark.parametrize("form", [{}, {"card": "9S"}, {"card": "ZZ"}, {"card": "x" * 300}])
def test_no_card_or_a_card_not_held_is_a_400_and_records_nothing(
    client: Client, form: dict[str, str]
) -> None:
    puzzle = discard_puzzle()
    response = client.post(f"/puzzles/{puzzle.slug}/", form, headers=HTMX)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Attempt.objects.exists()


STRATEGY = """
- id: discard-feeds
  kind: discard
  themes: [R7, R17, strategy]
  difficulty: 1000
  prompt: {it: "Che cosa scarti?", en: "What do you discard?"}
  hint: {it: "Guarda i loro giochi.", en: "Look at their melds."}
  position:
    players: 2
    to_move: 0
    phase: play
    hands: [[8H, KS], {count: 9}]
    melds: [[], [[5H, 6H, 7H]]]
    discard: [4C]
    stock: 40
    pozzetti_taken: [false, false]
  answer: ANSWER
"""


def test_the_loader_refuses_a_strategy_puzzle_whose_answer_the_engine_rejects(
    tmp_path: Path,
) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "lessons").mkdir()
    (tmp_path / "puzzles" / "strategy.yaml").write_text(STRATEGY.replace("ANSWER", "{card: 8H}"))
    with pytest.raises(ContentError, match="discard-feeds.*their meld 1,"):
        load_all(tmp_path)
    (tmp_path / "puzzles" / "strategy.yaml").write_text(STRATEGY.replace("ANSWER", "{card: KS}"))
    assert load_all(tmp_path).puzzles == 1
    assert list(Puzzle.objects.get().themes.values_list("name", flat=True)) == [
        "R17",
        "R7",
        "strategy",
    ]


KEPT_BACK = """
- id: discard-own-meld
  kind: discard
  themes: [R7, R17, strategy]
  difficulty: 1000
  prompt: {it: "Che cosa scarti?", en: "What do you discard?"}
  hint: {it: "Guarda i loro giochi.", en: "Look at their melds."}
  position:
    players: 4
    to_move: 0
    phase: play
    hands: [[HAND], {count: 9}, {count: 9}, {count: 9}]
    melds: [[[JS, QS, KS]], [[5H, 6H, 7H]]]
    discard: [9D]
    stock: 30
    pozzetti_taken: [false, false]
  answer: {card: 3C}
"""


def test_the_loader_refuses_a_discard_puzzle_whose_accepted_card_goes_on_its_own_melds(
    tmp_path: Path,
) -> None:
    """The 10♠ gives the opponents nothing, so the engine accepts it, but it goes on the
    side's own J♠ Q♠ K♠ this turn: the question would teach throwing it away. It is refused
    even though the stated answer is another card."""
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "lessons").mkdir()
    (tmp_path / "puzzles" / "strategy.yaml").write_text(KEPT_BACK.replace("HAND", "10S, 8H, 3C"))
    with pytest.raises(
        ContentError,
        match=(
            r"discard-own-meld: the engine accepts discarding the 10S, but it could be"
            r" attached to the side's own meld number 1 this turn"
        ),
    ):
        load_all(tmp_path)
    assert not Puzzle.objects.exists()
    # A card that fits the side's run only with one it lacks (9♠ needs the 10♠) may go.
    (tmp_path / "puzzles" / "strategy.yaml").write_text(KEPT_BACK.replace("HAND", "9S, 8H, 3C"))
    assert load_all(tmp_path).puzzles == 1


def test_no_shipped_discard_question_accepts_a_card_its_own_melds_could_take() -> None:
    """Every discard puzzle and lesson step as shipped: no accepted card could instead be
    attached to the side's own melds that turn (the loader's check, asked directly)."""
    asked = []
    for path in sorted((CONTENT / "puzzles").glob("*.yaml")):
        asked += [(item["id"], item) for item in yaml.safe_load(path.read_text())]
    for path in sorted((CONTENT / "lessons").glob("*.yaml")):
        lesson = yaml.safe_load(path.read_text())
        asked += [
            (f"{path.name} step {number}", step["puzzle"])
            for number, step in enumerate(lesson["steps"], start=1)
            if "puzzle" in step
        ]
    discards = [(name, item) for name, item in asked if item.get("kind") == "discard"]
    assert len(discards) >= 40
    for name, item in discards:
        fields = {key: value for key, value in item.items() if key in engine_puzzles.FIELDS}
        puzzle = engine_puzzles.Puzzle.from_dict(fields)
        assert kept_back(puzzle, Budget()) == [], name


def test_a_strategy_lesson_asks_a_discard_question_and_marks_it(client: Client) -> None:
    save_lesson(read_lesson(CONTENT / "lessons" / "21-strategy-what-to-discard.yaml"))
    url = "/lessons/strategy-what-to-discard/2/"
    html = client.get(url).content.decode()
    assert 'name="card" value="8H"' in html and 'name="card" value="KS"' in html
    wrong = client.post(url, {"card": "8H"}, headers=HTMX).content.decode()
    assert "Non proprio" in wrong and "fai un regalo al tuo avversario" in wrong
    right = client.post(url, {"card": "9C"}, headers=HTMX).content.decode()
    assert "Corretto" in right
    assert StepProgress.objects.get().done


def pile_use_puzzle() -> Puzzle:
    """Taking the pile, only the 9♠ can go down at once (7♠ 8♠ 9♠)."""
    data = {
        **position(["7S", "8S", "KD"], []),
        "phase": "draw",
        "melds": [[], [["4H", "5H", "6H"]]],
        "discard": ["9S", "3C", "KS", "7H"],
    }
    return PuzzleFactory(kind="pile-use", position=data, params={})


def test_a_pile_use_puzzle_takes_a_count_and_marks_it(client: Client) -> None:
    puzzle = pile_use_puzzle()
    url = f"/puzzles/{puzzle.slug}/"
    html = client.get(url).content.decode()
    assert 'name="count"' in html and "La tua mano" in html
    wrong = client.post(url, {"count": "2"}, headers=HTMX).content.decode()
    assert "Non proprio" in wrong and "potresti mettere subito sul tavolo 1" in wrong
    right = client.post(url, {"count": "1"}, headers=HTMX).content.decode()
    assert "Corretto" in right
    assert [a.correct for a in Attempt.objects.order_by("pk")] == [False, True]


@pytest.mark.parametrize("form", [{}, {"count": "due"}, {"count": "-1"}, {"count": "²"}])
def test_a_pile_use_answer_that_is_no_count_is_a_400(client: Client, form: dict[str, str]) -> None:
    puzzle = pile_use_puzzle()
    response = client.post(f"/puzzles/{puzzle.slug}/", form, headers=HTMX)
    assert response.status_code == 400
    assert not Attempt.objects.exists()
