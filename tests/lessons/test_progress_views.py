"""/progress/: the learner's rating and its chart, accuracy, streak, lessons, recent answers
and the next step; only ever the learner's own."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from lessons.models import Attempt, LearnerRating, Lesson, RatingHistory, Step, StepProgress
from tests.factories import AttemptFactory, PuzzleFactory, ThemeFactory, UserFactory
from tests.lessons.progress_helpers import answer

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def themed(*names: str) -> object:
    puzzle = PuzzleFactory()
    for name in names:
        puzzle.themes.add(ThemeFactory(name=name))
    return puzzle


def test_a_newcomer_sees_no_rating_yet_and_is_pointed_to_the_first_lesson() -> None:
    lesson = Lesson.objects.create(
        slug="the-deck",
        order=1,
        title_it="Il mazzo",
        title_en="The deck",
        summary_it="s",
        summary_en="s",
    )
    Step.objects.create(lesson=lesson, number=1, kind="explain", text_it=".", text_en=".")
    response = Client().get("/progress/", headers={"accept-language": "en"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "No rating yet" in html
    assert 'href="/lessons/the-deck/"' in html
    assert "Sign up" in html


def test_the_rating_shows_with_an_accessible_svg_chart_and_its_numbers() -> None:
    client = Client()
    for right in (True, False, True):
        answer(client, PuzzleFactory(), right=right)
    rating = LearnerRating.objects.get()
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert f'id="rating-value">{round(rating.rating)}<' in html
    svg = re.search(r"<svg[^>]*>.*?</svg>", html, re.S)
    assert svg is not None
    assert 'role="img"' in svg.group(0) and "<title" in svg.group(0) and "<desc" in svg.group(0)
    assert svg.group(0).count("<circle") == 3
    assert "<script" not in html.split("<main", 1)[1]
    # The same numbers as a table, newest first.
    points = RatingHistory.objects.order_by("-at", "-pk")
    cells = re.findall(r"<td>(\d+) <span", html)
    assert cells == [str(round(point.rating)) for point in points]


def test_the_chart_coordinates_use_dots_in_italian_too() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=True)
    answer(client, PuzzleFactory(), right=True)
    html = client.get("/progress/", headers={"accept-language": "it"}).content.decode()
    assert re.search(r'<circle class="chart-dot" cx="[\d.]+" cy="[\d.]+"', html)
    assert "Punteggio negli esercizi" in html


def test_accuracy_bars_list_the_weakest_rule_first_and_the_next_step_names_it() -> None:
    client = Client()
    answer(client, themed("R23", "wildcards"), right=False)
    answer(client, themed("R11", "sets"), right=True)
    answer(client, themed("R11", "sets"), right=True)
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    bars = re.findall(r'role="progressbar" aria-label="([^"]+)" aria-valuenow="(\d+)"', html)
    rules = [(label, value) for label, value in bars if label.startswith("R")]
    assert rules[0] == ("R23 · A bound wildcard", "0")
    assert ("R11 · Sets", "100") in rules
    topics = [label for label, _ in bars if not label.startswith("R")]
    assert topics == ["Wildcards", "Sets"]
    # The mistake is due for review in ten minutes; until then the weakest rule is next.
    assert "Your weakest rule is <strong>R23 · A bound wildcard</strong>" in html
    assert 'href="/puzzles/next/?theme=R23"' in html


def test_a_rule_due_for_review_is_the_next_step() -> None:
    client = Client()
    answer(client, PuzzleFactory(), right=False)
    from lessons.models import ReviewCard

    ReviewCard.objects.update(due=timezone.now() - timedelta(minutes=1))
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert 'href="/progress/review/next/?rule=R23"' in html
    assert "1 rule is due for review." in html


def test_the_streak_counts_days_in_a_row_in_rome() -> None:
    user = UserFactory()
    now = timezone.now()
    for days in (0, 1, 2, 4):
        attempt = AttemptFactory(user=user)
        Attempt.objects.filter(pk=attempt.pk).update(created_at=now - timedelta(days=days))
    client = Client()
    client.force_login(user)
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert 'id="streak-value">3<' in html
    assert "You have practised today." in html


def melds_lesson() -> Lesson:
    return Lesson.objects.create(
        slug="melds",
        order=1,
        title_it="Combinazioni",
        title_en="Melds",
        summary_it="s",
        summary_en="s",
    )


def test_lessons_begun_are_listed_with_their_stars() -> None:
    user = UserFactory()
    lesson = melds_lesson()
    step = Step.objects.create(lesson=lesson, number=1, kind="explain", text_it=".", text_en=".")
    StepProgress.objects.create(user=user, step=step, done=True)
    client = Client()
    client.force_login(user)
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert "Melds" in html and "3 stars of 3" in html and "1 step of 1" in html
    italian = client.get("/progress/", headers={"accept-language": "it"}).content.decode()
    assert "1 passo su 1" in italian  # ngettext: not "1 passi su 1"


def test_a_lesson_answered_wrongly_is_begun() -> None:
    # Found by walking the site: a wrong first answer left "No lesson begun yet."
    user = UserFactory()
    lesson = melds_lesson()
    step = Step.objects.create(lesson=lesson, number=1, kind="ask", text_it=".", text_en=".")
    Step.objects.create(lesson=lesson, number=2, kind="explain", text_it=".", text_en=".")
    StepProgress.objects.create(user=user, step=step, tries=1, first_try=False, done=False)
    client = Client()
    client.force_login(user)
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert "No lesson begun yet." not in html
    assert "Melds" in html and "0 steps of 2" in html
    assert 'href="/lessons/melds/"' in html


def test_recent_answers_show_the_rule_missed_with_a_link_to_review_it() -> None:
    client = Client()
    attempt = answer(client, PuzzleFactory(), right=False)
    html = client.get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert f"?attempt={attempt.pk}#feedback" in html
    assert "R23 · A bound wildcard" in html
    assert 'href="/progress/review/next/?rule=R23"' in html


def test_recent_answers_draw_their_cards_outside_the_link() -> None:
    # A prompt's cards were drawn inside the link and came out underlined.
    client = Client()
    answer(client, PuzzleFactory(prompt_it="Dove va il [10C]?"), right=False)
    html = client.get("/progress/").content.decode()
    recent = html[html.index('id="recent"') :]
    links = re.findall(r"<a [^>]*>(.*?)</a>", recent, re.S)
    assert "Rivedi la risposta" in links
    assert not any("playing-card" in text for text in links)
    assert "playing-card" in recent


def test_show_more_swaps_in_only_the_recent_answers_with_htmx() -> None:
    user = UserFactory()
    AttemptFactory.create_batch(12, user=user)
    client = Client()
    client.force_login(user)
    page = client.get("/progress/").content.decode()
    assert page.count("?attempt=") == 10
    assert 'hx-get="?recent=all"' in page and 'href="?recent=all#recent"' in page
    fragment = client.get("/progress/", {"recent": "all"}, headers=HTMX).content.decode()
    assert "<html" not in fragment and fragment.strip().startswith('<div id="recent">')
    assert fragment.count("?attempt=") == 12
    full = client.get("/progress/", {"recent": "all"}).content.decode()
    assert "<html" in full and full.count("?attempt=") == 12


def test_the_next_lesson_suggested_skips_the_advanced_ones_first() -> None:
    for order, slug, level in [(1, "fine-points", "advanced"), (2, "the-turn", "core")]:
        lesson = Lesson.objects.create(
            slug=slug,
            order=order,
            level=level,
            title_it=slug,
            title_en=slug,
            summary_it="s",
            summary_en="s",
        )
        Step.objects.create(lesson=lesson, number=1, kind="explain", text_it=".", text_en=".")
    html = Client().get("/progress/", headers={"accept-language": "en"}).content.decode()
    assert 'href="/lessons/the-turn/"' in html and 'href="/lessons/fine-points/"' not in html
