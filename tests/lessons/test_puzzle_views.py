"""Puzzle pages: every kind answered right and wrong, with and without htmx, and bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client, RequestFactory

from lessons.models import Attempt, LearnerRating, Puzzle, Theme
from lessons.selection import learner_rating
from tests.factories import PuzzleFactory, UserFactory, position

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

# kind, position, params, a right answer (form fields), a wrong one, the wrong one's rule
KINDS: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], str]] = [
    (
        "attach",
        position(["10C", "7C", "KD"], [["6C", "JK", "8C"]]),
        {"focus": ["10C"]},
        {"meld": "0", "cards": ["10C", "7C"]},
        {"meld": "0", "cards": ["10C"]},
        "R23",
    ),
    (
        "lay-meld",
        position(["7H", "8H", "9H", "JK", "KS"], []),
        {"goal": "best"},
        {"cards": ["7H", "8H", "9H", "JK"]},
        {"cards": ["7H", "8H", "9H"]},
        "R2",
    ),
    (
        "wildcard",
        position(["KD"], [["2C", "5C", "6C"]]),
        {"meld": 0, "attach": ["8C"]},
        {"stands_for": "7C"},
        {"stands_for": "4C"},
        "R22",
    ),
    (
        "classify",
        position(["KD"], [["3C", "4C", "5C", "6C", "7C", "8C", "9C", "JK"]]),
        {"meld": 0},
        {"burraco": "dirty"},
        {"burraco": "clean"},
        "R27",
    ),
    (
        "score",
        position(
            ["KS"], [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]], pozzetti_taken=[True, False]
        ),
        {"side": 0},
        {"score": "235"},
        {"score": "245"},
        "R35",
    ),
    (
        "close",
        position(
            ["KS", "QS", "JS", "5D"],
            [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]],
            pozzetti_taken=[True, False],
        ),
        {},
        {"line": json.dumps(["meld JS QS KS", "discard 5D"])},
        {"none": "1"},
        "R30",
    ),
    (
        "pile",
        position(["KS", "QS", "JS"], [["3C", "4C", "5C"]]),
        {"goal": "pozzetto_al_volo"},
        {"line": json.dumps(["meld JS QS KS"])},
        {"none": "1"},
        "R29",
    ),
]


def make(kind: str, data: dict[str, Any], params: dict[str, Any]) -> Puzzle:
    return PuzzleFactory(kind=kind, position=data, params=params)


@pytest.mark.parametrize(("kind", "data", "params", "right", "wrong", "rule"), KINDS)
def test_a_right_answer_is_accepted_for_every_kind(
    client: Client, kind: str, data: dict, params: dict, right: dict, wrong: dict, rule: str
) -> None:
    puzzle = make(kind, data, params)
    response = client.post(f"/puzzles/{puzzle.slug}/", right, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Corretto" in html
    assert "<html" not in html, "htmx gets only the puzzle's fragment"
    attempt = Attempt.objects.get()
    assert attempt.correct and attempt.rated and attempt.rule == ""


@pytest.mark.parametrize(("kind", "data", "params", "right", "wrong", "rule"), KINDS)
def test_a_wrong_answer_is_told_the_rule_it_breaks(
    client: Client, kind: str, data: dict, params: dict, right: dict, wrong: dict, rule: str
) -> None:
    puzzle = make(kind, data, params)
    response = client.post(f"/puzzles/{puzzle.slug}/", wrong, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Non proprio" in html
    assert f"{rule} ·" in html
    attempt = Attempt.objects.get()
    assert not attempt.correct
    assert attempt.rule == rule


@pytest.mark.parametrize(("kind", "data", "params", "right", "wrong", "rule"), KINDS)
def test_without_htmx_an_answer_redirects_to_the_page_with_its_feedback(
    client: Client, kind: str, data: dict, params: dict, right: dict, wrong: dict, rule: str
) -> None:
    puzzle = make(kind, data, params)
    response = client.post(f"/puzzles/{puzzle.slug}/", wrong)
    attempt = Attempt.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/puzzles/{puzzle.slug}/?attempt={attempt.pk}#feedback"
    html = client.get(response["Location"]).content.decode()
    assert "<html" in html and "Non proprio" in html and f"{rule} ·" in html


def test_the_page_draws_the_board_and_the_hand_as_checkboxes(client: Client) -> None:
    puzzle = PuzzleFactory()
    html = client.get(f"/puzzles/{puzzle.slug}/").content.decode()
    assert 'name="cards" value="10C"' in html
    assert 'name="meld" value="0"' in html
    assert "10 di fiori" in html  # the prompt's [10C] drawn as a card
    assert html.count('class="playing-card') >= 6


def test_answering_twice_records_two_attempts_and_rates_only_the_first(client: Client) -> None:
    puzzle = PuzzleFactory()
    client.post(f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C"]}, headers=HTMX)
    client.post(f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C", "7C"]}, headers=HTMX)
    attempts = list(Attempt.objects.order_by("pk"))
    assert [a.correct for a in attempts] == [False, True]
    assert [a.rated for a in attempts] == [True, False]
    puzzle.refresh_from_db()
    assert puzzle.plays == 2


def test_a_hint_makes_the_next_attempt_unrated(client: Client) -> None:
    puzzle = PuzzleFactory()
    response = client.post(f"/puzzles/{puzzle.slug}/hint/", headers=HTMX)
    assert "Guarda il jolly" in response.content.decode()
    client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"}, headers=HTMX)
    attempt = Attempt.objects.get()
    assert attempt.hint_used and not attempt.rated


@pytest.mark.parametrize(
    "form",
    [
        {"meld": "0", "cards": ["9S"]},  # not in the hand
        {"meld": "7", "cards": ["10C"]},  # no such meld
        {"meld": "x", "cards": ["10C"]},
        {"meld": "0", "cards": ["ZZ"]},  # no card at all
        {"meld": "0"},
        {},
        {"meld": "0", "cards": ["10C"] * 40},
        {"none": "maybe", "meld": "0"},
    ],
)
def test_bad_answers_get_a_400_and_record_nothing(client: Client, form: dict) -> None:
    puzzle = PuzzleFactory()
    response = client.post(f"/puzzles/{puzzle.slug}/", form, headers=HTMX)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Attempt.objects.exists()


def test_a_garbage_line_of_play_is_a_400(client: Client) -> None:
    kind, data, params, *_ = KINDS[5]
    puzzle = make(kind, data, params)
    for line in ("not json", json.dumps({"a": 1}), json.dumps(["fly away"]), "[" * 5000):
        response = client.post(f"/puzzles/{puzzle.slug}/", {"line": line, "op": "undo"})
        assert response.status_code == 400, line
    assert not Attempt.objects.exists()


def test_the_line_builder_plays_one_move_at_a_time_and_marks_the_end(client: Client) -> None:
    kind, data, params, *_ = KINDS[5]
    puzzle = make(kind, data, params)
    url = f"/puzzles/{puzzle.slug}/"
    response = client.post(url, {"op": "meld", "cards": ["JS", "QS", "KS"], "line": "[]"})
    html = response.content.decode()
    assert response.status_code == 200 and "meld JS QS KS" in html
    assert not Attempt.objects.exists(), "the turn is not over yet"
    line = json.dumps(["meld JS QS KS"])
    response = client.post(url, {"op": "discard", "cards": ["5D"], "line": line}, headers=HTMX)
    assert "Corretto" in response.content.decode()
    assert Attempt.objects.get().answer == {"actions": ["meld JS QS KS", "discard 5D"]}


def test_after_the_last_move_the_board_is_still_seen_from_the_learners_seat(
    client: Client,
) -> None:
    # The closing discard passes the turn: the board flipped, the learner's melds drawn under
    # "your opponent's" and your opponent's pozzetto badge shown as theirs.
    kind, data, params, *_ = KINDS[5]
    puzzle = make(kind, data, params)
    line = json.dumps(["meld JS QS KS"])
    url = f"/puzzles/{puzzle.slug}/"
    html = client.post(url, {"op": "discard", "cards": ["5D"], "line": line}, headers=HTMX)
    board = html.content.decode()
    mine = board[board.index("I tuoi giochi") :]
    theirs = board[board.index("I giochi del tuo avversario") : board.index("I tuoi giochi")]
    assert 'aria-label="Gioco 2' in mine and "Ancora nessuno." in theirs
    assert "Hai preso il tuo pozzetto" in board


def test_an_illegal_move_ends_the_line_with_the_engines_reason(client: Client) -> None:
    kind, data, params, *_ = KINDS[5]
    puzzle = make(kind, data, params)
    response = client.post(
        f"/puzzles/{puzzle.slug}/", {"op": "discard", "cards": ["JS"], "line": "[]"}, headers=HTMX
    )
    assert "Non proprio" in response.content.decode()
    assert not Attempt.objects.get().correct


def test_another_learners_attempt_is_not_shown(client: Client) -> None:
    puzzle = PuzzleFactory()
    other = Client()
    other.post(f"/puzzles/{puzzle.slug}/", {"none": "1"})
    attempt = Attempt.objects.get()
    html = client.get(f"/puzzles/{puzzle.slug}/?attempt={attempt.pk}").content.decode()
    assert "Non proprio" not in html and "Corretto" not in html


def test_an_accounts_attempts_are_its_own(client: Client) -> None:
    puzzle = PuzzleFactory()
    client.force_login(UserFactory())
    client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"})
    assert Attempt.objects.get().user is not None


def test_the_list_shows_themes_with_counts(client: Client) -> None:
    puzzle = PuzzleFactory()
    puzzle.themes.set([Theme.objects.create(name="R23"), Theme.objects.create(name="wildcards")])
    html = client.get("/puzzles/", headers={"accept-language": "en"}).content.decode()
    assert "R23 · A bound wildcard" in html and "1 puzzle" in html
    assert "/puzzles/next/?theme=R23" in html


def test_next_goes_to_an_unsolved_puzzle_on_the_theme(client: Client) -> None:
    solved, other = PuzzleFactory(), PuzzleFactory()
    theme = Theme.objects.create(name="R23")
    solved.themes.add(theme)
    other.themes.add(theme)
    client.post(f"/puzzles/{solved.slug}/", {"meld": "0", "cards": ["10C", "7C"]})
    response = client.get("/puzzles/next/?theme=R23")
    assert response["Location"] == f"/puzzles/{other.slug}/?theme=R23"


def test_a_newcomer_starts_on_the_easy_puzzles_and_climbs_as_they_solve(
    client: Client,
) -> None:
    # A new visitor's "a puzzle for me" gave 1500-rated puzzles while the easiest were 800.
    for rating in (800, 850, 900, 950, 1000, 1500, 1550, 1600, 1650, 1700):
        PuzzleFactory(rating=rating)
    first = client.get("/puzzles/next/")["Location"].split("/")[2]
    assert Puzzle.objects.get(slug=first).rating <= 1000
    user = UserFactory()
    LearnerRating.objects.create(user=user, rating=1500, games=2)
    request = RequestFactory().get("/puzzles/next/")
    request.user = user
    assert learner_rating(request) == 900 + 2 * 150
    LearnerRating.objects.filter(user=user).update(games=9)
    assert learner_rating(request) == 1500, "placed: the rating itself from then on"


def test_an_unknown_puzzle_is_a_404(client: Client) -> None:
    assert client.get("/puzzles/no-such-puzzle/").status_code == 404


def test_choosing_cards_draws_the_choice_in_a_fragment(client: Client) -> None:
    puzzle = PuzzleFactory()
    response = client.get(
        f"/puzzles/{puzzle.slug}/selection/",
        {"cards": ["7C", "10C", "9S", "ZZ", "7C"]},
        headers={**HTMX, "accept-language": "en"},
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert "7 of clubs" in html and "10 of clubs" in html
    assert "9 of spades" not in html, "a card the hand does not hold is left out"
    assert html.count("7 of clubs") == 1, "the hand holds one 7♣"
    # The inside of the page's #selection, which stays (a choice queued on it is not lost).
    assert 'id="selection"' not in html


def test_the_rule_links_to_the_first_step_that_teaches_it_as_the_steps_change(
    client: Client,
) -> None:
    """The rule-to-step links are kept in memory between answers (versioned.lesson_url) under a
    version in the shared cache that saving a step or a lesson anywhere renews: a new step,
    a step's rules edited (as load_content's update_or_create does, the count unchanged),
    an earlier lesson."""
    from lessons.models import Lesson, Step

    kind, data, params, _right, wrong, rule = KINDS[0]
    puzzle = make(kind, data, params)

    def link() -> str:
        html = client.post(f"/puzzles/{puzzle.slug}/", wrong, headers=HTMX).content.decode()
        found = [part.split('"')[0] for part in html.split('href="/lessons/')[1:]]
        return found[0] if found else ""

    assert link() == ""
    late = Lesson.objects.create(slug="late", order=9, title_it="…", title_en="…")
    first = Step.objects.create(lesson=late, number=1, kind="explain", text_it="…", text_en="…")
    Step.objects.create(
        lesson=late, number=2, kind="explain", text_it="…", text_en="…", rules=[rule]
    )
    assert link() == "late/2/"
    Step.objects.update_or_create(lesson=late, number=1, defaults={"rules": [rule]})
    assert Step.objects.get(pk=first.pk).rules == [rule]
    assert link() == "late/1/"
    early = Lesson.objects.create(slug="early", order=1, title_it="…", title_en="…")
    Step.objects.create(
        lesson=early, number=1, kind="explain", text_it="…", text_en="…", rules=[rule]
    )
    assert link() == "early/1/"


def test_the_board_marks_each_burraco_except_where_that_is_the_question(client: Client) -> None:
    # Burracos were drawn as any meld: a learner could not see which melds already counted.
    seven = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "JK"]
    attach = make("attach", position(["KD"], [seven]), {"focus": ["KD"]})
    assert "Burraco sporco" in client.get(f"/puzzles/{attach.slug}/").content.decode()
    classify = make(*KINDS[3][:3])
    assert "Burraco sporco" not in client.get(f"/puzzles/{classify.slug}/").content.decode()


def test_a_wildcard_question_offers_the_natural_2_only_where_a_2_of_the_suit_is_involved(
    client: Client,
) -> None:
    # Every wildcard question offered "the 2 becomes natural", jokers alone included, and its
    # list of cards started on the ace, chosen for the learner.
    joker = make("wildcard", position(["KD"], [["JK", "5C", "6C"]]), {"meld": 0, "attach": ["8C"]})
    html = client.get(f"/puzzles/{joker.slug}/").content.decode()
    assert 'name="natural"' not in html
    assert '<option value="" selected>Scegli una carta…</option>' in html
    pinella = make(*KINDS[2][:3])
    assert 'name="natural"' in client.get(f"/puzzles/{pinella.slug}/").content.decode()


def test_a_line_of_play_preselects_the_only_meld_and_shows_what_the_pile_holds(
    client: Client,
) -> None:
    one_meld = make(*KINDS[5][:3])
    html = client.get(f"/puzzles/{one_meld.slug}/").content.decode()
    assert 'id="line-meld-1" checked' in html
    before_the_draw = position(["KS", "QS"], [["3C", "4C", "5C"]], phase="draw", stock=["9D", "8D"])
    pile = make("pile", {**before_the_draw, "discard": ["4H", "JS"]}, {"goal": "turn_ends"})
    html = client.get(f"/puzzles/{pile.slug}/").content.decode()
    given = html[html.index("Prendendo gli scarti avresti:") :]
    assert 'aria-label="Il monte degli scarti"' in given and "fante di picche" in given


def test_attaching_a_card_other_than_the_one_asked_about_is_a_400_not_a_failed_attempt(
    client: Client,
) -> None:
    puzzle = make(*KINDS[0][:3])
    response = client.post(f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["7C"]}, headers=HTMX)
    assert response.status_code == 400
    assert "la domanda riguarda" in response.content.decode().lower()
    assert not Attempt.objects.exists()
