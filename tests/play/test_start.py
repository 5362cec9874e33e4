"""The start page (play.views.start): the beginner's game in one button, from the start page
and from the home page; the more options, each explained; bad POSTs refused, nothing dealt."""

from __future__ import annotations

import itertools
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from play.forms import BEGINNER, NewGameForm
from play.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BEGINNERS_GAME = {
    "players": 2,
    "opponents": "beginner",
    "partner": "beginner",
    "coach": "full",
    "takebacks": True,
    "preset": "standard",
    "match": False,
}


def settings_of(game: Game) -> dict[str, Any]:
    return {name: getattr(game, name) for name in BEGINNERS_GAME}


def dealt(response: Any) -> Game:
    assert response.status_code == 302, response.content[:500]
    assert re.fullmatch(r"/play/\d+/", response["Location"])
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def csrf_token(html: str) -> str:
    return re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[0]


def first_hand_form(html: str) -> dict[str, str]:
    """The home page's "first hand" form, as the browser would send it."""
    form = re.search(r'<form method="post" action="/play/"[^>]*>(.*?)</form>', html, re.S)
    assert form is not None, "the home page has no form that deals"
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]+)"', form.group(1)))
    return fields


def test_the_beginners_button_deals_a_game_with_exactly_the_beginners_settings() -> None:
    client = Client()
    page = client.get("/play/").content.decode()
    assert 'name="deal" value="beginner"' in page
    game = dealt(client.post("/play/", {"deal": "beginner"}))
    assert settings_of(game) == BEGINNERS_GAME
    table = client.get(f"/play/{game.pk}/").content.decode()
    assert 'name="do" value="hint"' in table


def test_the_beginners_button_ignores_other_fields_sent_with_it() -> None:
    game = dealt(Client().post("/play/", {"deal": "beginner", "players": "4", "coach": "off"}))
    assert settings_of(game) == BEGINNERS_GAME


@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged-in"])
def test_the_home_pages_first_hand_deals_the_beginners_game(logged_in: bool) -> None:
    client = Client(enforce_csrf_checks=True)
    user = UserFactory() if logged_in else None
    if user is not None:
        client.force_login(user)
    home = client.get("/").content.decode()
    form = first_hand_form(home)
    assert form["deal"] == "beginner" and form["csrfmiddlewaretoken"]
    game = dealt(client.post("/play/", form))
    assert settings_of(game) == BEGINNERS_GAME
    assert game.user == user
    if user is None:
        assert game.session_key == client.session.session_key
    assert client.get(f"/play/{game.pk}/").status_code == 200


def test_a_post_without_the_csrf_token_deals_nothing() -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    assert client.post("/play/", {"deal": "beginner"}).status_code == 403
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ["Preferisci imparare giocando?", "Distribuisci la mia prima smazzata"]),
        ("en", ["Rather learn by playing?", "Deal my first hand"]),
    ],
)
def test_the_home_page_offers_a_first_hand_in_both_languages(
    language: str, words: list[str]
) -> None:
    client = Client()
    client.cookies["django_language"] = language
    html = unescape(client.get("/").content.decode())
    for word in words:
        assert word in html
    # And the way to the other choices, for who wants them.
    assert 'href="/play/"' in html


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "it",
            [
                "Distribuisci una smazzata da principiante",
                "Altre opzioni",
                "Giocatore di circolo: gioca come chi va al circolo",
                "Completo, con i suggerimenti: tutto questo",
                "Regole italiane standard: come si gioca nei circoli italiani",
                "2005 punti in due, in quattro, in cinque o in sei, 1505 in tre",
                "Il tuo compagno (da tre a sei giocatori)",
            ],
        ),
        (
            "en",
            [
                "Deal a beginner's hand",
                "More options",
                "Club player: plays like a regular at a card club",
                "Full, with hints: all of that",
                "Standard Italian rules: as played in Italian clubs",
                "2005 points at two, four, five or six players, 1505 at three",
                "Your partner (from three to six players)",
            ],
        ),
    ],
)
def test_the_start_page_explains_every_option_in_both_languages(
    language: str, words: list[str]
) -> None:
    client = Client()
    client.cookies["django_language"] = language
    html = unescape(client.get("/play/").content.decode())
    for word in words:
        assert word in html
    # The options wait under "more options", closed, for who wants them.
    assert re.search(r'<details class="play-options[^"]*">', html)
    assert '<script src="/static/play/start.js' in html


def test_the_more_options_start_as_the_beginners_game() -> None:
    initial = {name: field.initial for name, field in NewGameForm().fields.items()}
    chosen = NewGameForm({**initial, "takebacks": "on" if initial["takebacks"] else ""})
    assert chosen.is_valid(), chosen.errors
    assert chosen.choices() == dict(BEGINNER)


#: Every setting the form offers, from the form itself.
OFFERED = {
    name: [value for value, _label in NewGameForm().fields[name].choices]
    for name in ("players", "opponents", "partner", "preset", "coach", "length")
}


def test_the_more_options_accept_every_combination() -> None:
    names = [*OFFERED, "takebacks"]
    combinations = itertools.product(*OFFERED.values(), ["on", ""])
    for values in combinations:
        form = NewGameForm(dict(zip(names, map(str, values), strict=True)))
        assert form.is_valid(), (values, form.errors)


@pytest.mark.parametrize(
    "chosen",
    [
        {"players": "2", "opponents": "club", "partner": "club", "preset": "standard",
         "coach": "turns", "length": "hand"},
        {"players": "3", "opponents": "expert", "partner": "beginner", "preset": "semi-clean",
         "coach": "off", "length": "match", "takebacks": "on"},
        {"players": "4", "opponents": "random", "partner": "expert", "preset": "strict",
         "coach": "refused", "length": "hand", "takebacks": "on"},
        {"players": "4", "opponents": "beginner", "partner": "club", "preset": "international",
         "coach": "full", "length": "match"},
        {"players": "2", "opponents": "club", "partner": "club", "preset": "champion",
         "coach": "turns", "length": "match"},
        {"players": "4", "opponents": "expert", "partner": "club", "preset": "f-it-ab",
         "coach": "off", "length": "hand"},
    ],
    ids=["two-club", "three-match", "four-strict", "four-international-match", "two-champion",
         "four-f-it-ab"],
)  # fmt: skip
def test_the_more_options_deal_the_game_chosen(chosen: dict[str, str]) -> None:
    game = dealt(Client().post("/play/", chosen))
    assert settings_of(game) == {
        "players": int(chosen["players"]),
        "opponents": chosen["opponents"],
        "partner": chosen["partner"],
        "coach": chosen["coach"],
        "takebacks": "takebacks" in chosen,
        "preset": chosen["preset"],
        "match": chosen["length"] == "match",
    }


GOOD = {"players": "2", "opponents": "club", "partner": "club", "preset": "standard",
        "coach": "turns"}  # fmt: skip


@pytest.mark.parametrize(
    "sent",
    [
        {},
        {"deal": "expert"},
        {"deal": ""},
        {**GOOD, "deal": "beginner\u00b2"},
        {**GOOD, "players": "7"},
        {**GOOD, "players": "\u00b2"},
        {**GOOD, "opponents": "grandmaster"},
        {**GOOD, "partner": ""},
        {**GOOD, "preset": "<script>"},
        {**GOOD, "coach": "whispers"},
        {**GOOD, "length": "forever"},
        {"again": "abc"},
    ],
    ids=[
        "nothing",
        "unknown-deal",
        "empty-deal",
        "garbled-deal",
        "seven-players",
        "superscript-players",
        "unknown-level",
        "no-partner",
        "markup-preset",
        "unknown-coach",
        "unknown-length",
        "garbage-again",
    ],
)
def test_a_forged_or_garbage_post_gets_a_400_with_a_sentence_and_deals_nothing(
    sent: dict[str, str],
) -> None:
    response = Client().post("/play/", sent)
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r'role="alert">No hand was dealt[^<]+</div>', html)
    # What was sent comes back escaped, never as markup.
    assert "<script>" not in html
    assert not Game.objects.exists()


def test_refused_options_come_back_open_with_the_field_named() -> None:
    response = Client().post("/play/", {**GOOD, "players": "7"})
    html = unescape(response.content.decode())
    assert "No hand was dealt (Players: The table seats two to six players, not 7.)" in html
    assert re.search(r'<details class="play-options[^"]*" open>', html)


def test_the_refusal_is_in_italian_on_an_italian_page() -> None:
    client = Client()
    client.cookies["django_language"] = "it"
    response = client.post("/play/", {"deal": "expert"})
    assert response.status_code == 400
    assert "Nessuna smazzata distribuita" in response.content.decode()


def test_the_federations_codes_are_offered_with_their_numbers() -> None:
    assert {"fe-bur-it", "f-it-ab", "champion"} <= set(OFFERED["preset"])
    labels = dict(NewGameForm().fields["preset"].choices)
    assert "250" in str(labels["fe-bur-it"]) and "300" in str(labels["fe-bur-it"])
    assert "200" in str(labels["f-it-ab"]) and "500" in str(labels["champion"])
    # Champion's burraco is the site's reading: eight of a rank with no wildcard (R43).
    assert "all eight cards of a rank with no wildcard (Champion" in str(labels["champion"])
    # A code's name, then what it is: one colon, not two.
    assert str(labels["fe-bur-it"]).count(":") == 1
    with translation.override("it"):
        assert "Burraco Champion" in str(labels["champion"])
        assert "chiudi" in str(labels["champion"])
        assert "otto carte di un valore senza matte (burraco Champion" in str(labels["champion"])
        assert str(labels["f-it-ab"]).count(":") == 1


@pytest.mark.parametrize(
    ("language", "side", "never"),
    [("it", "squadre di due", r"\bcoppi[ae]\b"), ("en", "sides of two", r"\bpairs?\b")],
)
def test_the_tables_options_call_a_side_a_side(language: str, side: str, never: str) -> None:
    # One word for a side on every page (docs/content.md): a squadra, never a coppia.
    client = Client()
    client.cookies["django_language"] = language
    html = unescape(client.get("/play/").content.decode())
    assert side in html
    assert not re.search(never, html)
