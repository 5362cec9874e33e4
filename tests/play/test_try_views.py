""" "Try again from here" that plays on (play.views.review with ``?decision=N``, play.tries):
the try's moves with the coach's word on each, the end of the turn, playing on to the end
of the hand, and the game left exactly as it was; forged, stale, foreign and refused posts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client

from engine.actions import Action, ActionKind, legal_actions
from engine.bots import decide, legal_in_view
from play import claims, games, hands, tries
from play.models import Finding, Game
from tests.play.test_review_views import action_data
from tests.play.test_table_views import deal, learner_turns

pytestmark = pytest.mark.django_db

SAME = "That is the move you made in the game."
BETTER = "Better: the coach likes this more than the move you made in the game."
AWAY = "A position the game never reached"


@dataclass
class Snapshot:
    """What the game is in the database: all of it must stay as it was through a try."""

    actions: list[str]
    version: int
    score: int | None
    findings: list[tuple[Any, ...]]

    @classmethod
    def of(cls, game: Game) -> Snapshot:
        game.refresh_from_db()
        rows = Finding.objects.filter(game=game).order_by("pk")
        return cls(
            list(game.actions),
            game.version,
            game.score,
            list(rows.values_list("pk", "decision", "action", "points", "dismissed")),
        )


@dataclass
class TryPage:
    """A try as its page shows it, and the fields its form posts back."""

    html: str
    status: int

    @property
    def key(self) -> str:
        return re.findall(r'name="try" value="([^"]*)"', self.html)[0]

    @property
    def step(self) -> int:
        return int(re.findall(r'name="step" value="(\d+)"', self.html)[0])


class Trier:
    """A learner trying a decision again through the review's form, reloading after each
    post as a browser without JavaScript does (post/redirect/get)."""

    def __init__(self, client: Client, game: Game, decision: int) -> None:
        self.client = client
        self.url = f"/play/{game.pk}/review/"
        self.decision = decision
        self.page = self.get()

    def get(self, **query: Any) -> TryPage:
        response = self.client.get(self.url, {"decision": self.decision, **query})
        return TryPage(response.content.decode(), response.status_code)

    def post(self, **data: Any) -> TryPage:
        fields = {"decision": self.decision, "try": self.page.key, "step": self.page.step}
        response = self.client.post(self.url, {**fields, **data})
        if response.status_code == 302:
            assert f"try={self.page.key}" in response["Location"]
            response = self.client.get(response["Location"])
        self.page = TryPage(response.content.decode(), response.status_code)
        return self.page

    def play(self, action: Action) -> TryPage:
        return self.post(**action_data(action))


def played_game(client: Client) -> Game:
    """The deal of seed 7 as a random learner plays thirty turns of it: the hand ends, and
    the coach flags a meld that should have been an attachment in the middle of a turn."""
    game = deal(client)
    learner_turns(client, game, "random", turns=30)
    return game


def a_flagged_attachment(game: Game) -> Finding:
    finding = (
        game.findings.exclude(severity="none")
        .filter(better__startswith="attach")
        .order_by("decision")
        .first()
    )
    assert finding is not None, "the random learner's hand has no flagged attachment"
    return finding


def turn_start(hand: hands.Hand, decision: int) -> int:
    """The learner's draw (or pile) that began the turn of ``decision``."""
    return max(
        index
        for index in range(decision + 1)
        if hand.steps[index].seat == hands.LEARNER
        and hand.steps[index].action.kind in (ActionKind.DRAW, ActionKind.PILE)
    )


def the_try(game: Game, trier: Trier) -> hands.Hand:
    """The try's hand as the session keeps it, replayed."""
    real = games.load(game)
    tried = tries.find(trier.client.session, trier.page.key, game, real, trier.decision)
    return tries.replay(real, tried)


def test_the_try_plays_the_recommended_move_then_the_rest_of_the_turn_with_a_verdict_on_each() -> (
    None
):
    client = Client()
    game = played_game(client)
    before = Snapshot.of(game)
    real = games.load(game)
    finding = a_flagged_attachment(game)
    start = turn_start(real, finding.decision)
    # From the start of that turn: the game's own moves up to the flagged one, each the
    # move made in the game; a meld is among them.
    trier = Trier(client, game, start)
    assert trier.page.status == 200 and "Draw from the stock" in trier.page.html
    kinds = []
    for index in range(start, finding.decision):
        page = trier.play(real.steps[index].action)
        kinds.append(real.steps[index].action.kind)
        assert page.status == 200 and page.html.count(SAME) == index - start + 1
    assert ActionKind.MELD in kinds
    # The coach's move instead of the flagged one: better than the game's.
    page = trier.play(Action.parse(finding.better))
    assert BETTER in page.html
    # The rest of the turn is away from the game's line: judged against the coach's move.
    hand = the_try(game, trier)
    attach = next(a for a in legal_actions(hand.position) if a.kind is ActionKind.ATTACH)
    page = trier.play(attach)
    assert page.html.count(AWAY) == 1
    hand = the_try(game, trier)
    discard = next(a for a in legal_actions(hand.position) if a.kind is ActionKind.DISCARD)
    page = trier.play(discard)
    assert page.html.count(AWAY) == 2
    assert "Your turn is over." in page.html and "Play on to the end of the hand" in page.html
    # The try stopped at the discard: nobody else has played in it.
    hand = the_try(game, trier)
    assert hand.steps[-1].seat == hands.LEARNER and str(hand.steps[-1].action) == str(discard)
    assert page.step == finding.decision - start + 3
    assert Snapshot.of(game) == before


def test_the_first_move_of_a_try_is_judged_against_the_games_with_htmx() -> None:
    client = Client()
    game = played_game(client)
    finding = a_flagged_attachment(game)
    url = f"/play/{game.pk}/review/"
    page = client.get(url, {"decision": finding.decision}).content.decode()
    key = re.findall(r'name="try" value="([^"]*)"', page)[0]
    fields = {"decision": finding.decision, "try": key, "step": 0}
    better = Action.parse(finding.better)
    response = client.post(url, {**fields, **action_data(better)}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section class="play-table"') and BETTER in html
    # The address bar is the try's, so that a reload brings it back.
    assert response["HX-Replace-Url"].endswith(f"decision={finding.decision}&try={key}#try")
    assert BETTER in client.get(url, {"decision": finding.decision, "try": key}).content.decode()


@pytest.mark.slow
def test_playing_on_to_the_end_of_the_hand_shows_the_trys_score_beside_the_games() -> None:
    client = Client()
    game = played_game(client)
    before = Snapshot.of(game)
    real = games.load(game)
    finding = a_flagged_attachment(game)
    trier = Trier(client, game, finding.decision)
    trier.play(Action.parse(finding.better))
    for _ in range(400):
        hand = the_try(game, trier)
        if hand.over:
            break
        if not hand.learner_to_move:
            page = trier.post(do="continue")
            assert page.status == 200, page.html[-2000:]
            continue
        view = hand.view()
        action = decide("club", view, legal_in_view(view), hands.bot_rng(hand.setup, 999))
        page = trier.play(action)
        assert page.status == 200 and "That move was not made" not in page.html
    assert hand.over
    # The same seeded bots answered: the try's first turns of theirs are the game's while
    # their positions are.
    page = trier.page
    assert "The hand of this try is over." in page.html and "This try against the game" in page.html
    mine, theirs = hands.credited(hand) or (0, 0)
    game_mine, game_theirs = hands.credited(real) or (0, 0)
    assert re.search(
        rf"This try</th><td class=\"text-end\">{mine}</td><td class=\"text-end\">{theirs}</td>",
        page.html,
    )
    assert re.search(
        rf"In the game</th><td class=\"text-end\">{game_mine}</td>"
        rf"<td class=\"text-end\">{game_theirs}</td>",
        page.html,
    )
    # Every choice of the learner's was judged.
    learner_moves = sum(1 for step in hand.steps[finding.decision :] if step.seat == hands.LEARNER)
    judged = page.html.count('class="try-choice"')
    assert judged == learner_moves
    # Nothing more to play, and the game is as it was.
    assert trier.post(do="draw").status == 409
    assert Snapshot.of(game) == before
    assert games.load(game).actions == real.actions


def test_a_reload_shows_the_try_as_it_stands_and_a_stale_post_changes_nothing() -> None:
    client = Client()
    game = played_game(client)
    finding = a_flagged_attachment(game)
    trier = Trier(client, game, finding.decision)
    trier.play(Action.parse(finding.better))
    key, step = trier.page.key, trier.page.step
    assert trier.get(**{"try": key}).html.count(BETTER) == 1
    # The same post again (sent twice, or from a second tab): 409, and the try unchanged.
    hand = the_try(game, trier)
    attach = next(a for a in legal_actions(hand.position) if a.kind is ActionKind.ATTACH)
    stale = client.post(
        trier.url,
        {"decision": finding.decision, "try": key, "step": step - 1, **action_data(attach)},
    )
    assert stale.status_code == 409 and "This try had moved on" in stale.content.decode()
    assert the_try(game, trier).actions == hand.actions
    # A second tab's try of the same decision is its own: the first is untouched.
    other = Trier(client, game, finding.decision)
    assert other.page.key != key
    other.play(Action.parse(finding.action))
    assert SAME in other.page.html and the_try(game, trier).actions == hand.actions


def test_a_forged_try_a_foreign_game_and_garbage_get_a_sentence_and_change_nothing() -> None:
    client = Client()
    game = played_game(client)
    before = Snapshot.of(game)
    finding = a_flagged_attachment(game)
    trier = Trier(client, game, finding.decision)
    trier.play(Action.parse(finding.better))
    key = trier.page.key
    url = trier.url
    base = {"decision": finding.decision, "try": key, "step": trier.page.step}
    kept = dict(client.session[tries.SESSION_KEY])
    # A key this session never kept, made up or of another learner.
    for forged in ("A" * 11, "not a key!", key + "x"):
        response = client.post(url, {**base, "try": forged, "step": 1, "do": "continue"})
        assert response.status_code == 400, forged
        assert "That try is not one this browser keeps" in response.content.decode()
    stranger = Client()
    stranger.get("/play/")
    deal(stranger)
    response = stranger.post(url, {**base, "do": "draw"})
    assert response.status_code == 404
    # This learner's try named with another decision is not that decision's try.
    other = game.findings.exclude(decision=finding.decision).exclude(severity="none").first()
    if other is not None:
        response = client.post(url, {**base, "decision": other.decision, "do": "draw"})
        assert response.status_code == 400
    # A card that is not a card; a step left out; a button a try has no use for.
    garbage = client.post(url, {**base, "do": "discard", "cards": ["ZZ"]})
    assert garbage.status_code == 400 and "ZZ" in garbage.content.decode()
    missing = client.post(url, {"decision": finding.decision, "try": key, "do": "continue"})
    assert missing.status_code == 400
    assert "did not say which step" in missing.content.decode()
    hint = client.post(url, {**base, "do": "hint"})
    assert hint.status_code == 400 and "does nothing in a try" in hint.content.decode()
    assert dict(client.session[tries.SESSION_KEY]) == kept
    assert Snapshot.of(game) == before


def test_a_refused_move_in_a_try_says_why_with_the_rule_and_plays_nothing() -> None:
    client = Client()
    game = played_game(client)
    finding = a_flagged_attachment(game)
    trier = Trier(client, game, finding.decision)
    trier.play(Action.parse(finding.better))
    step = trier.page.step
    hand = the_try(game, trier)
    page = trier.post(do="meld", cards=[str(hand.position.hand[0])])
    assert page.status == 200 and "That move was not made:" in page.html
    assert 'href="/rules/R' in page.html and page.step == step


def test_a_claimed_hand_refuses_the_try_and_its_posts(monkeypatch: pytest.MonkeyPatch) -> None:
    client = Client()
    game = played_game(client)
    before = Snapshot.of(game)
    finding = a_flagged_attachment(game)
    refusal = "This hand counts for an assignment: it cannot be tried again yet."
    claimed = claims.Claim("A hand of an assignment.", refusal)
    monkeypatch.setattr(claims, "_claimants", [lambda _game: claimed])
    url = f"/play/{game.pk}/review/"
    asked = client.get(url, {"decision": finding.decision})
    assert asked.status_code == 403 and refusal in asked.content.decode()
    tried = client.post(url, {"decision": finding.decision, "do": "draw"})
    assert tried.status_code == 403 and "You chose now:" not in tried.content.decode()
    assert tries.SESSION_KEY not in client.session
    assert Snapshot.of(game) == before


def test_a_try_is_bounded_and_the_session_keeps_only_the_latest_tries() -> None:
    client = Client()
    game = played_game(client)
    finding = a_flagged_attachment(game)
    keys = []
    for _ in range(tries.KEPT + 2):
        trier = Trier(client, game, finding.decision)
        trier.play(Action.parse(finding.action))
        keys.append(trier.page.key)
    assert sorted(client.session[tries.SESSION_KEY]) == sorted(keys[-tries.KEPT :])
    gone = client.get(trier.url, {"decision": finding.decision, "try": keys[0]})
    assert gone.status_code == 400


def test_a_try_as_long_as_a_try_may_be_takes_no_more_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = Client()
    game = played_game(client)
    finding = a_flagged_attachment(game)
    trier = Trier(client, game, finding.decision)
    trier.play(Action.parse(finding.better))
    monkeypatch.setattr(tries, "MOST_ACTIONS", trier.page.step)
    assert "This try is as long as a hand can be" in trier.get(**{"try": trier.page.key}).html
    hand = the_try(game, trier)
    discard = next(a for a in legal_actions(hand.position) if a.kind is ActionKind.DISCARD)
    refused = trier.play(discard)
    assert refused.status == 409 and "There is no move of yours" in refused.html
    assert the_try(game, trier).actions == hand.actions
