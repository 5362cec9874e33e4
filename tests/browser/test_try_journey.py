""" "Try again from here" in the browser, by keyboard alone, in Italian on a phone: the
coach's recommended move, the end of the turn, playing on into the next turn, the coach's
word on each choice with the focus on it; axe-core on the try; the game left as it was."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from engine.actions import Action, ActionKind
from engine.cards import Card
from lessons.templatetags.cards import card_name
from play import games
from play.models import Game
from tests.browser.conftest import Visit, arrow_and_select
from tests.browser.test_accessibility import assert_accessible
from tests.browser.test_keyboard_journeys import follow, tab_to
from tests.browser.test_play_journey import DEAL, PHONE, deal_by_keyboard, play_turns

pytestmark = pytest.mark.django_db(transaction=True)


def italian_name(card: Card) -> str:
    with translation.override("it"):
        return str(card_name(card))


@pytest.mark.parametrize("visit", [{**PHONE, "reduced_motion": "reduce"}], indirect=True)
def test_a_try_is_played_to_the_end_of_the_turn_and_on_by_keyboard(
    visit: Visit, axe: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games.secrets, "randbelow", lambda _limit: DEAL)
    page = visit.open("/play/")
    deal_by_keyboard(page)
    game = Game.objects.get()
    play_turns(game, 12)
    game.refresh_from_db()
    before = (list(game.actions), game.version, game.findings.count())
    # The review lists one line per idea, worst first: the first of them whose better move
    # is a discard, and its "try again" link.
    flagged = [finding for _, finding in games.hand_ideas(game, games.load(game))]
    finding = next((f for f in flagged if Action.parse(f.better).kind is ActionKind.DISCARD), None)
    assert finding is not None, "seed 7 no longer flags a discard"
    better = Action.parse(finding.better)
    review = visit.open(f"/play/{game.pk}/review/")
    follow(review, review.locator(f'a[href$="decision={finding.decision}#try"]').first)
    try_section = review.locator("#try")
    expect(try_section).to_contain_text("In partita hai scelto")
    # The coach's discard, chosen in the hand by the arrows and Space, played by Enter.
    tab_to(review, try_section.locator("[role=option][tabindex='0']"))
    review.keyboard.press("Home")
    arrow_and_select(review, italian_name(better.cards[0]))
    follow(review, try_section.get_by_role("button", name="Scarta", exact=True))
    verdict = try_section.locator(".try-choices[data-focus]")
    expect(verdict).to_be_focused(timeout=10_000)
    expect(verdict).to_contain_text("Meglio: all'allenatore piace più della mossa")
    expect(try_section).to_contain_text("Il tuo turno è finito")
    assert "try=" in review.url
    assert_accessible(review, axe, "a try at the end of the turn")
    visit.screenshot("play-try-turn-over")
    # Playing on: the others answer, and it is the learner's turn in the try again.
    follow(review, try_section.get_by_role("button", name="Continua fino alla fine della smazzata"))
    expect(try_section.locator(".play-turn")).to_contain_text("Tocca a te", timeout=15_000)
    expect(try_section).to_contain_text("Dalla tua ultima mossa:")
    follow(review, try_section.get_by_role("button", name="Pesca dal tallone"))
    expect(try_section.locator(".play-turn")).to_contain_text("poi scarta una carta")
    tab_to(review, try_section.locator("[role=option][tabindex='0']"))
    review.keyboard.press("Home")
    review.keyboard.press("Space")
    follow(review, try_section.get_by_role("button", name="Scarta", exact=True))
    # The turn's draw and discard, each with the coach's word, focused.
    expect(verdict).to_be_focused(timeout=15_000)
    expect(verdict).to_contain_text("L'allenatore sul tuo ultimo turno")
    expect(verdict.locator(".try-choice")).to_have_count(2)
    expect(try_section.locator(".play-turn")).to_contain_text(re.compile("Tocca a te|è finita"))
    # A reload brings the try back as it stands.
    review.reload()
    expect(review.locator("#try .try-choices")).to_contain_text("L'allenatore sul tuo ultimo turno")
    game.refresh_from_db()
    assert (list(game.actions), game.version, game.findings.count()) == before
    assert visit.errors == []
