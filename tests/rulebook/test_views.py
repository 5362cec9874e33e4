"""The rules reference's pages: /rules/ and /rules/<rule id>/, and the links that lead there."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine.match import victory_points
from lessons.models import Lesson, Step, Theme
from rulebook.book import RULE_IDS
from tests.factories import AttemptFactory, PuzzleFactory, UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def get(client: Client, url: str, language: str = "it") -> tuple[int, str]:
    response = client.get(url, headers={"accept-language": language})
    return response.status_code, response.content.decode()


@pytest.mark.parametrize("language", ["it", "en"])
@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_has_a_page_in_both_languages(client: Client, rule: str, language: str) -> None:
    status, html = get(client, f"/rules/{rule}/", language)
    assert status == 200
    assert f'<html lang="{language}">' in html
    assert re.search(rf"<h1[^>]*>.*{rule}.*</h1>", html)
    assert "/puzzles/next/?theme=" + rule in html


def test_a_rule_page_draws_its_cards_and_the_engines_verdicts(client: Client) -> None:
    _, italian = get(client, "/rules/R23/")
    assert "La matta vincolata" in italian and "6 di fiori" in italian
    assert "Non valido" in italian and "Il jolly sostituisce già il 7 di fiori" in italian
    _, english = get(client, "/rules/R23/", "en")
    assert "A bound wildcard" in english and "6 of clubs" in english
    assert 'aria-label="As it lies"' in english, "the meld after the attachment is drawn"


def test_the_numbers_come_from_the_engine(client: Client) -> None:
    from engine.actions import STALL_LIMIT

    _, html = get(client, "/rules/R34/", "en")
    html = " ".join(html.split())
    assert f"may take the pile at most {STALL_LIMIT} times in a row" in html
    assert "{stall_limit}" not in html


def test_the_index_holds_every_rule_the_variants_the_tables_and_the_glossary(
    client: Client,
) -> None:
    status, html = get(client, "/rules/")
    assert status == 200
    for rule in RULE_IDS:
        assert f'id="{rule}"' in html and f'href="/rules/{rule}/"' in html
    assert "Glossario italiano-inglese" in html and '<span lang="it">pinella</span>' in html
    assert "Variante internazionale" in html and "Matte ferme" in html
    assert html.count('class="table table-sm table-striped vp-table"') == 2


@pytest.mark.parametrize("url", ["/rules/", "/rules/R38/"])
def test_the_victory_point_tables_are_the_engines_numbers(client: Client, url: str) -> None:
    _, html = get(client, url, "en")
    tables = re.findall(
        r"<caption>Victory points after (\d) hands</caption>(.*?)</table>", html, re.S
    )
    assert [hands for hands, _ in tables] == ["3", "4"]
    for hands, table in tables:
        rows = re.findall(r'<th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td>', table)
        assert len(rows) == 11
        for band, winner, loser in rows:
            lead = int(re.findall(r"\d+", band)[-1]) + (1 if band.startswith("&gt;") else 0)
            assert victory_points(lead, int(hands)) == (int(winner), int(loser)), band


def test_a_rule_page_links_to_the_steps_that_teach_it(client: Client) -> None:
    lesson = Lesson.objects.create(
        slug="wild",
        order=1,
        title_it="Le matte",
        title_en="Wildcards",
        summary_it=".",
        summary_en=".",
    )
    for number, rules in ((1, ["R18"]), (2, ["R23", "R22"]), (3, []), (4, ["R23"])):
        Step.objects.create(
            lesson=lesson, number=number, kind="explain", text_it=".", text_en=".", rules=rules
        )
    _, html = get(client, "/rules/R23/", "en")
    assert re.findall(r'href="(/lessons/[^"]+)"', html) == ["/lessons/wild/2/", "/lessons/wild/4/"]
    assert "Wildcards, step 2" in html
    _, html = get(client, "/rules/R23/")
    assert "Le matte, passo 4" in html
    _, html = get(client, "/rules/R40/", "en")
    assert "No lesson step teaches this rule yet." in html


@pytest.mark.parametrize("rule", ["R0", "R45", "R1.5", "x" * 300, "R23;drop", "%E2%91%A0"])
def test_an_unknown_rule_is_a_friendly_404(client: Client, rule: str) -> None:
    status, html = get(client, f"/rules/{rule}/", "en")
    assert status == 404
    assert "No such rule" in html and 'href="/rules/"' in html


def test_a_rule_written_in_lower_case_goes_to_its_page(client: Client) -> None:
    response = client.get("/rules/r23/")
    assert response.status_code == 301 and response["Location"] == "/rules/R23/"


def test_the_pages_may_be_kept_by_the_browser_not_by_shared_caches(client: Client) -> None:
    response = client.get("/rules/R23/")
    assert "private" in response["Cache-Control"] and "max-age=3600" in response["Cache-Control"]
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]
    assert client.post("/rules/R23/").status_code == 405


def test_the_header_links_to_the_rules(client: Client) -> None:
    _, html = get(client, "/")
    assert '<a class="nav-link" href="/rules/">Regole</a>' in html


def test_the_feedback_after_a_wrong_answer_links_to_the_rule_and_to_its_lesson(
    client: Client,
) -> None:
    puzzle = PuzzleFactory()  # attaching the 10♣ alone to 6♣ JK 8♣ breaks R23
    response = client.post(
        f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C"]}, headers=HTMX
    )
    html = response.content.decode()
    assert '<a href="/rules/R23/">R23 · La matta vincolata</a>' in html
    assert "Rivedila nella lezione" not in html, "no step teaches R23 yet"
    lesson = Lesson.objects.create(slug="w", order=1, title_it="…", title_en="…")
    Step.objects.create(
        lesson=lesson, number=1, kind="explain", text_it=".", text_en=".", rules=["R23"]
    )
    response = client.post(
        f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C"]}, headers=HTMX
    )
    html = response.content.decode()
    assert '<a href="/rules/R23/">' in html
    assert '<a href="/lessons/w/1/">Rivedila nella lezione</a>' in html


def test_the_review_and_the_progress_pages_link_each_rule_to_its_page(client: Client) -> None:
    user = UserFactory()
    client.force_login(user)
    puzzle = PuzzleFactory()
    client.post(f"/puzzles/{puzzle.slug}/", {"meld": "0", "cards": ["10C"]})  # R23, wrong
    _, review = get(client, "/progress/review/")
    assert '<a href="/rules/R23/">R23 · La matta vincolata</a>' in review
    AttemptFactory(user=user, correct=False, code="bound_wildcard", rule="R19")
    _, progress = get(client, "/progress/")
    assert 'href="/rules/R23/"' in progress and 'href="/rules/R19/"' in progress


def test_a_rule_named_in_a_text_links_to_its_page(client: Client) -> None:
    _, html = get(client, "/rules/R3/", "en")
    assert 'rules of their own (<a href="/rules/R40/">R40</a>)' in html


def test_an_examples_reason_links_the_rule_it_names(client: Client) -> None:
    _, html = get(client, "/rules/R23/", "en")
    assert 'itself takes its place (<a href="/rules/R23/">R23</a>).' in html


def test_after_an_answer_a_puzzles_rule_themes_lead_to_their_pages(client: Client) -> None:
    puzzle = PuzzleFactory()
    puzzle.themes.set([Theme.objects.create(name="R23"), Theme.objects.create(name="wildcards")])
    # Without htmx: post, redirect, and the page with the answer's feedback.
    html = client.post(f"/puzzles/{puzzle.slug}/", {"none": "1"}, follow=True).content.decode()
    assert re.search(r'<a class="badge[^"]*" href="/rules/R23/">R23</a>', html)
    assert 'href="/puzzles/next/?theme=wildcards"' in html


def test_a_hands_score_is_the_engines_part_by_part(client: Client) -> None:
    from engine.melds import Meld
    from engine.scoring import score_side

    _, html = get(client, "/rules/R35/", "en")
    expected = score_side(
        [Meld.parse("3C 4C 5C 6C 7C 8C 9C"), Meld.parse("QH QD QS JK")],
        [],
        pozzetto_taken=True,
        closed=False,
    )
    assert f"Total: {expected.total - 15}" in html  # a king and a 4 left in hand
    assert 'Burraco bonuses</th><td class="text-end">200</td>' in html
    assert 'aria-label="Cards left in hand"' in html


def test_the_codes_are_compared_side_by_side_with_the_engines_numbers(client: Client) -> None:
    from engine.rules import PRESETS

    _, english = get(client, "/rules/R43/", "en")
    table = english[
        english.index("codes-table") : english.index("</table>", english.index("codes-table"))
    ]
    rows = {
        re.sub(r"<[^>]+>", "", row.split("</th>")[0]).strip(): re.findall(r"<td>([^<]*)</td>", row)
        for row in table.split("<tr>")[2:]
    }
    columns = ["standard", "fe-bur-it", "f-it-ab", "champion", "international"]
    assert rows["Clean burraco"] == [str(PRESETS[name].scores.clean) for name in columns]
    assert rows["Dirty super burraco"] == ["—", "—", "200", "—", "—"]
    assert rows["Champion burraco (read here as eight of a rank, clean)"][3] == "500"
    assert rows["A pozzetto not taken"] == ["-100", "-100", "-100", "-200", "-100"]
    assert rows["The pile only to use one of its cards at once"] == ["no", "no", "no", "yes", "yes"]
    # FIBur's code admits the semi-clean, off here unless chosen (R28); the international
    # game has none (R41).
    assert rows["Semi-clean burraco"] == ["150, as an option", "150", "150", "150", "—"]
    _, italian = get(client, "/rules/R42/")
    assert "Superpulito (le otto carte di un valore, senza matte)" in italian
    assert "<td>150, se il tavolo lo gioca</td>" in italian
    assert "I premi di burraco delle altre federazioni" in italian
    _, index = get(client, "/rules/", "en")
    assert index.count("codes-table") == 1 and "/rules/R44/" in index
    assert "codes-table" not in get(client, "/rules/R41/", "en")[1]
