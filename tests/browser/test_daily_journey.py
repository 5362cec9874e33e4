"""The deal of the day in the browser, in Italian and English, on a computer and a phone: the
page before the hand (axe-core clean), the start button to the table, the hand played to its
end, then the page after it: the place, the histogram drawn and its numbers in a table, the
key decisions, being listed on the leaderboard (axe-core clean, nothing wider than the
screen)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from accounts.models import Profile
from bench.seed import session_for
from daily import deal, results
from daily.models import Entry
from play.models import Game
from tests.browser.conftest import Visit, on_every_screen
from tests.browser.test_accessibility import assert_accessible
from tests.daily.conftest import finish_hand

pytestmark = pytest.mark.django_db(transaction=True)
WORDS = {
    "it": {
        "title": "La smazzata del giorno",
        "start": "Gioca la smazzata del giorno",
        "ranked": "questa è la tua prova in classifica",
        "place": "Posto ",
        "decisions": "Le decisioni chiave",
        "listed": "Mostra il mio nome",
        "save": "Salva",
    },
    "en": {
        "title": "The deal of the day",
        "start": "Play the deal of the day",
        "ranked": "this hand is your ranked try",
        "place": "Place ",
        "decisions": "The key decisions",
        "listed": "Show my name",
        "save": "Save",
    },
}


def others(count: int) -> None:
    """Other accounts' results today: the same first moves as the learner's will be, so
    their choices split where the learner stands."""
    users: Any = get_user_model()
    today = deal.today()
    for n in range(count):
        user = users.objects.create_user(f"rival{n}")
        game = Game.objects.create(user=user, seed=deal.seed(today), finished=True)
        entry = Entry.objects.create(
            user=user,
            day=today,
            game=game,
            ranked=True,
            score=100 * n - 200,
            closed=n % 2 == 0,
            choices=["draw", "discard KS" if n % 2 else "discard 3C"],
            finished_at=game.created_at,
        )
        results.count(entry)


@on_every_screen
def test_the_deal_of_the_day_from_the_start_button_to_where_the_score_stands(
    visit: Visit, axe: str
) -> None:
    words = WORDS[visit.page.context.pages[0].evaluate("navigator.language")[:2]]
    others(6)
    user = get_user_model().objects.create_user("ada")
    Profile.objects.update_or_create(user=user, defaults={"display_name": "Ada Daily"})
    session = session_for(user)
    cookies = dict(part.split("=", 1) for part in session["cookie"].split("; "))
    visit.page.context.add_cookies(
        [{"name": name, "value": value, "url": visit.base_url} for name, value in cookies.items()]
    )
    page = visit.open("/play/daily/")
    expect(page.get_by_role("heading", level=1)).to_have_text(words["title"])
    assert_accessible(page, axe, "the deal of the day, before the hand")
    page.get_by_role("button", name=words["start"]).click()
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    expect(page.locator(".assignment-claim")).to_contain_text(words["ranked"])
    game = Game.objects.get(user=user)
    assert game.seed == deal.seed(deal.today())
    finish_hand(game)
    page.reload()
    page.locator(".assignment-claim a").click()
    expect(page).to_have_url(f"{visit.base_url}/play/daily/")
    expect(page.locator("#daily-result-heading ~ p").first).to_contain_text(words["place"])
    histogram = page.locator(".daily-histogram svg")
    expect(histogram).to_be_visible()
    assert histogram.locator("rect.daily-bar-mine").count() == 1
    expect(page.locator("#daily-scores")).to_be_visible()
    expect(page.locator("#daily-decisions-heading")).to_have_text(words["decisions"])
    page.get_by_label(re.compile(words["listed"])).check()
    page.get_by_role("button", name=words["save"], exact=True).click()
    expect(page.locator(".daily-board")).to_contain_text("Ada Daily")
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide}px wider than the screen"
    visit.screenshot(f"daily-{words['title'][:3]}-{page.viewport_size['width']}")
    assert_accessible(page, axe, "the deal of the day, after the hand")
    assert not visit.errors, visit.errors
