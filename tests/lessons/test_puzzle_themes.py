"""/puzzles/: themes grouped by topic, what the learner has solved, a filter by
kind of puzzle, and the rules' names in Italian."""

from __future__ import annotations

import pytest
from django.test import Client

from lessons.models import Puzzle, Theme
from tests.factories import PuzzleFactory, position
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
EN = {"accept-language": "en"}


def themed(*names: str, **fields: object) -> Puzzle:
    puzzle = PuzzleFactory(**fields)
    puzzle.themes.set([Theme.objects.get_or_create(name=name)[0] for name in names])
    return puzzle


def section(html: str, heading: str) -> str:
    start = html.index(f">{heading}</h3>")
    end = html.find("</section>", start)
    return html[start:end]


def test_themes_are_grouped_by_topic_with_the_topic_first() -> None:
    themed("R23", "wildcards")
    themed("R19", "wildcards")
    themed("R30", "closing")
    themed("R1")
    html = Client().get("/puzzles/", headers=EN).content.decode()
    wildcards = section(html, "Wildcards")
    assert "R19 · One wildcard per meld" in wildcards and "R23 · A bound wildcard" in wildcards
    assert wildcards.index(">Wildcards</a>") < wildcards.index("R19 ·") < wildcards.index("R23 ·")
    assert "R30 · Closing" in section(html, "Closing")
    assert "R1 · The deck" in section(html, "The deck"), "a rule the engine gives no topic"
    assert (
        html.index(">The deck</h3>") < html.index(">Wildcards</h3>") < html.index(">Closing</h3>")
    )


def test_each_theme_shows_how_many_of_its_puzzles_the_learner_solved() -> None:
    client = Client()
    solved, failed, _open = themed("R23"), themed("R23"), themed("R23")
    answer(client, solved, right=True)
    answer(client, failed, right=False)
    html = client.get("/puzzles/", headers=EN).content.decode()
    assert "1 of 3 solved" in html and "3 puzzles" in html
    answer(client, failed, right=True)
    html = client.get("/puzzles/").content.decode()
    assert "2 risolti su 3" in html
    assert "1 of 3 solved" not in Client().get("/puzzles/", headers=EN).content.decode()


def test_a_teachers_own_puzzles_are_not_counted() -> None:
    themed("R23")
    themed("R23", source=Puzzle.Source.TEACHER)
    html = Client().get("/puzzles/", headers=EN).content.decode()
    assert "1 puzzle<" in html


def test_the_kind_filter_lists_only_that_kinds_themes_and_carries_to_the_next_puzzle() -> None:
    themed("R23")
    close = position(["KS", "QS", "JS", "5D"], [["3C", "4C", "5C", "6C", "7C", "8C", "9C"]])
    closing = themed("R30", kind="close", position={**close, "pozzetti_taken": [True, False]})
    client = Client()
    html = client.get("/puzzles/", headers=EN).content.decode()
    assert 'href="/puzzles/?kind=close"' in html and "Close the hand" in html
    html = client.get("/puzzles/?kind=close", headers=EN).content.decode()
    assert "R30 · Closing" in html and "R23 ·" not in html
    assert 'href="/puzzles/next/?theme=R30&amp;kind=close"' in html
    response = client.get("/puzzles/next/", {"kind": "close"})
    assert response["Location"] == f"/puzzles/{closing.slug}/?kind=close"
    html = client.get(response["Location"], headers=EN).content.decode()
    assert "Practising: Close the hand" in html
    assert 'href="/puzzles/next/?kind=close"' in html
    unknown = client.get("/puzzles/?kind=<script>", headers=EN).content.decode()
    assert "R23 ·" in unknown and "<script>" not in unknown


def test_the_kind_filter_names_the_strategy_kinds_in_words() -> None:
    themed("R17", kind="discard")
    themed("R7", kind="pile-use")
    html = Client().get("/puzzles/").content.decode()
    assert "Quale scarto non regala niente" in html
    assert "Quanto degli scarti puoi usare subito" in html
    html = Client().get("/puzzles/", headers=EN).content.decode()
    assert "Which discard gives nothing away</a>" in html
    assert ">discard</a>" not in html and ">pile-use</a>" not in html


def test_match_and_victory_points_read_in_italian() -> None:
    themed("R37", "match")
    themed("R38", "match")
    html = Client().get("/puzzles/").content.decode()
    match = section(html, "La partita")
    assert "R37 · Match point (MP)" in match and "R38 · Punti vittoria (VP)" in match


@pytest.mark.parametrize("kind", ["score", "classify"])
def test_when_a_kinds_puzzles_run_out_a_generated_one_of_that_kind_comes(kind: str) -> None:
    themed("R23")
    location = Client().get("/puzzles/next/", {"kind": kind})["Location"]
    slug = location.split("/")[2]
    assert Puzzle.objects.get(slug=slug).kind == kind
    assert location.endswith(f"?kind={kind}")
