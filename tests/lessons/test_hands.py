"""Guided hands (lessons.hands): a fixed deal's script replayed through the engine, refused
when any move is illegal, made into steps on the engine's positions, and played on the pages."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.test import Client

from engine.actions import apply
from engine.state import Hidden, Position
from lessons import hands
from lessons.content import CONTENT, ContentError, load_all, read_lesson
from lessons.models import Lesson, Step, StepProgress

LESSONS = CONTENT / "lessons"
TWO = LESSONS / "13-first-hand-two-players.yaml"
FOUR = LESSONS / "16-first-hand-four-players.yaml"
HTMX = {"HX-Request": "true", "accept-language": "en"}


def hand_of(path: Path) -> dict[str, Any]:
    """The lesson's hand step, as written in its file."""
    lesson = yaml.safe_load(path.read_text(encoding="utf-8"))
    return next(step for step in lesson["steps"] if step["kind"] == "hand")


def write_lesson(tmp_path: Path, hand: dict[str, Any]) -> Path:
    lesson = yaml.safe_load(TWO.read_text(encoding="utf-8"))
    lesson["steps"] = [hand]
    path = tmp_path / "13-hand.yaml"
    path.write_text(yaml.safe_dump(lesson, allow_unicode=True), encoding="utf-8")
    return path


# --- the replay ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [TWO, FOUR], ids=["two", "four"])
def test_the_script_is_replayed_to_a_closing(path: Path) -> None:
    turns = hands.replay(hand_of(path))
    final = turns[-1].after
    outcome = final.outcome()
    assert outcome is not None and outcome.closer == hands.LEARNER
    # Every turn starts where the one before it ended: one game, not pasted positions.
    for before, after in zip(turns, turns[1:], strict=False):
        assert after.before == before.after
    assert final.card_count() == 108


def test_the_two_player_hand_teaches_every_part_of_a_turn() -> None:
    turns = hands.replay(hand_of(TWO))
    mine = [turn for turn in turns if turn.seat == hands.LEARNER]
    assert 8 <= len(mine) <= 14
    kinds = {str(action).split()[0] for turn in mine for action in turn.actions}
    assert kinds == {"draw", "pile", "meld", "attach", "discard"}
    events = {event for turn in mine for event in turn.events}
    assert {"pozzetto_con_lo_scarto", "closed"} <= events
    final = turns[-1].after
    assert any(meld.burraco(final.rules) for meld in final.melds[0])


def test_the_four_player_hand_shares_melds_and_the_pozzetto_between_partners() -> None:
    turns = hands.replay(hand_of(FOUR))
    partner = [turn for turn in turns if turn.seat == 2]
    # The partner took the side's pozzetto, and the learner closed for the side.
    assert any("pozzetto_al_volo" in turn.events for turn in partner)
    assert "closed" in turns[-1].events and turns[-1].seat == hands.LEARNER
    # The learner attached to a meld the partner laid.
    learner_attaches = [
        (turn, action)
        for turn in turns
        if turn.seat == hands.LEARNER
        for action in turn.actions
        if action.meld is not None
    ]
    laid_by_partner = {
        len(turn.before.melds[0]) + index
        for turn in partner
        for index, action in enumerate(a for a in turn.actions if str(a).startswith("meld"))
    }
    assert any(action.meld in laid_by_partner for _, action in learner_attaches)


def test_an_illegal_move_in_the_script_is_refused_with_its_turn_and_reason(tmp_path: Path) -> None:
    hand = copy.deepcopy(hand_of(TWO))
    hand["turns"][2]["play"] = ["pile", "meld 3C 4C 6C", "discard 10S"]
    with pytest.raises(ContentError, match=r"turn 3: 'meld 3C 4C 6C' is illegal"):
        read_lesson(write_lesson(tmp_path, hand))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda turns: turns[1].update(seat=0), "the engine says seat 1 is to move"),
        (lambda turns: turns[0]["play"].append("draw"), "the turn is over after action 3"),
        (lambda turns: turns[0].update(play=["draw", "meld 5H 6H 7H 8H 9H"]), "does not end"),
        (lambda turns: turns.pop(), "stops before the hand ends"),
    ],
    ids=["seat", "overrun", "no discard", "no end"],
)
def test_a_script_that_is_no_game_is_refused(tmp_path: Path, change: Any, message: str) -> None:
    hand = copy.deepcopy(hand_of(TWO))
    change(hand["turns"])
    with pytest.raises(ContentError, match=message):
        read_lesson(write_lesson(tmp_path, hand))


def test_a_wrong_final_score_is_refused(tmp_path: Path) -> None:
    hand = copy.deepcopy(hand_of(TWO))
    hand["end"]["score"] += 5
    with pytest.raises(ContentError, match="does not accept the stated answer"):
        read_lesson(write_lesson(tmp_path, hand))


def test_a_seeded_deal_is_the_engines_deal() -> None:
    position = hands.deal({"players": 4, "seed": 7, "dealer": 0})
    assert [len(hand) for hand in position.hands] == [11, 11, 11, 11]
    assert position == hands.deal({"players": 4, "seed": 7, "dealer": 0})


def test_a_deal_of_other_than_eleven_cards_a_player_is_refused() -> None:
    spec = copy.deepcopy(hand_of(TWO)["deal"])
    spec["hands"][1].pop()
    with pytest.raises(hands.HandError, match="each player is dealt 11 cards"):
        hands.deal(spec)


def test_a_deal_naming_a_card_three_times_is_refused() -> None:
    spec = copy.deepcopy(hand_of(TWO)["deal"])
    spec["stock"] = ["5H", "5H", *spec["stock"]]
    with pytest.raises(hands.HandError, match="The 5 of hearts appears 3 times"):
        hands.deal(spec)


# --- the steps ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [TWO, FOUR], ids=["two", "four"])
def test_the_steps_carry_the_replays_positions(path: Path) -> None:
    spec = hand_of(path)
    turns = hands.replay(spec)
    steps = hands.hand_steps(spec)
    mine = [turn for turn in turns if turn.seat == hands.LEARNER]
    asked = [step for step in steps if step.get("hand")]
    assert len(asked) == len(mine)
    for step, turn in zip(asked, mine, strict=True):
        shown = Position.from_json(step["puzzle"]["position"])
        assert shown.hands[0] == turn.before.hands[0]
        assert shown.melds == turn.before.melds and shown.discard == turn.before.discard
        # The other players' cards are hidden from the learner.
        assert all(isinstance(hand, Hidden) for hand in shown.hands[1:])
        assert step["hand"]["script"] == [str(action) for action in turn.actions]
    told = [step for step in steps if step["kind"] == "explain"]
    for step in told:
        shown = Position.from_json(step["position"])
        assert shown.to_move == hands.LEARNER, "the board after the others is the learner's"
    end = steps[-1]["puzzle"]
    assert end["kind"] == "score" and Position.from_json(end["position"]).is_over


def test_the_others_turns_are_told_from_the_replay_in_both_languages() -> None:
    steps = hands.hand_steps(hand_of(TWO))
    first = next(step for step in steps if step["kind"] == "explain")
    assert first["text"]["it"].startswith("**L'avversario** pesca dal tallone, cala [4S] [5S] [6S]")
    assert first["text"]["en"] == (
        "**Your opponent** draws from the stock, lays down [4S] [5S] [6S] and discards [5C]."
    )


def test_a_long_turn_is_told_as_a_list_and_the_sides_melds_by_their_number() -> None:
    steps = hands.hand_steps(hand_of(FOUR))
    told = [step["text"]["en"] for step in steps if step["kind"] == "explain"]
    partner = next(text for text in told if "- attaches [5D] to meld 1" in text)
    assert "**Your partner**:\n\n- draws from the stock\n" in partner
    assert "- runs out of cards and takes the pozzetto at once (al volo)\n" in partner


def test_the_learners_last_turn_is_a_close_question() -> None:
    steps = hands.hand_steps(hand_of(TWO))
    asked = [step["puzzle"] for step in steps if step.get("hand")]
    assert asked[-1]["kind"] == "close"
    assert [p.get("goal") for p in asked].count("pozzetto_con_lo_scarto") == 1


def test_the_same_table_whatever_order_the_moves_were_made_in() -> None:
    start = Position.from_json(hands.hand_steps(hand_of(FOUR))[2]["puzzle"]["position"])
    one = start
    for move in ["draw", "attach 0 JD", "attach 1 QC QS", "discard JS"]:
        one = apply(one, move)
    other = start
    for move in ["draw", "attach 1 QS QC", "attach 0 JD", "discard JS"]:
        other = apply(other, move)
    assert hands.same_table(one, other)
    different = start
    for move in ["draw", "attach 1 QS QC", "discard JD"]:
        different = apply(different, move)
    assert not hands.same_table(one, different)


# --- on the pages ------------------------------------------------------------------------------


@pytest.fixture
def loaded(db: None, tmp_path: Path) -> Lesson:
    root = tmp_path / "content"
    (root / "lessons").mkdir(parents=True)
    (root / "puzzles").mkdir()
    for path in (TWO, FOUR):
        (root / "lessons" / path.name).write_text(path.read_text(encoding="utf-8"))
    load_all(root)
    return Lesson.objects.get(slug="first-hand-two-players")


def post(client: Client, number: int, data: dict[str, Any]) -> str:
    response = client.post(f"/lessons/first-hand-two-players/{number}/", data, headers=HTMX)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def test_the_first_turn_is_played_move_by_move_and_matches_the_script(
    client: Client, loaded: Lesson
) -> None:
    number = 2
    page = client.get(f"/lessons/first-hand-two-players/{number}/", headers=HTMX)
    assert "A nudge" in page.content.decode()
    html = post(client, number, {"op": "draw", "line": "[]"})
    assert "Correct!" not in html and "Your moves so far" in html
    line = ["draw"]
    html = post(
        client,
        number,
        {"op": "meld", "cards": ["5H", "6H", "7H", "8H", "9H"], "line": json.dumps(line)},
    )
    line.append("meld 5H 6H 7H 8H 9H")
    html = post(client, number, {"op": "discard", "cards": ["10S"], "line": json.dumps(line)})
    assert "Correct!" in html
    assert "That is the move this hand follows." in html
    assert "which\nfits nothing" in html or "which fits nothing" in html  # the why
    assert StepProgress.objects.get(step__lesson=loaded, step__number=number).first_try is True


def test_a_legal_turn_other_than_the_scripts_is_right_and_the_hand_follows_the_script(
    client: Client, loaded: Lesson
) -> None:
    post(client, 2, {"op": "draw", "line": "[]"})
    html = post(client, 2, {"op": "discard", "cards": ["QS"], "line": '["draw"]'})
    # Legal, so the step counts as answered, but it is not called "Correct!" (nor linked to a
    # rule, as if the rule were the point): the script plays another turn.
    assert "Correct!" not in html
    assert "A legal turn, but not this hand" in html
    feedback = html[html.index('id="feedback"') : html.index("</div>", html.index('id="feedback"'))]
    assert "/rules/" not in feedback
    assert "Your turn was legal, but this hand goes on with another one" in html
    assert "Lay down" in html, "the script's moves are shown"
    # The board is the table after the script's turn: the hearts laid, the 10 of spades on top.
    assert '<strong class="pile-top">10 of spades</strong>' in html
    # The next step starts from the scripted position, not the learner's.
    after = Step.objects.get(lesson=loaded, number=3).position
    assert "QS" in after["hands"][0] and "10S" not in after["hands"][0]


def test_a_hand_turn_never_offers_it_cannot_be_done(client: Client, loaded: Lesson) -> None:
    # The replay played every turn of the script, so "it cannot be done" is never right there.
    for number in (2, 4):
        page = client.get(f"/lessons/first-hand-two-players/{number}/", headers=HTMX)
        html = page.content.decode()
        assert 'value="draw"' in html
        assert 'name="none"' not in html and "It cannot be done" not in html
    html = post(client, 2, {"op": "draw", "line": "[]"})
    assert 'name="none"' not in html


def test_without_htmx_the_verdict_after_the_redirect_still_says_whose_turn_it_was(
    client: Client, loaded: Lesson
) -> None:
    url = "/lessons/first-hand-two-players/2/"
    english = {"accept-language": "en"}
    client.post(url, {"op": "draw", "line": "[]"}, headers=english)
    line = {"op": "discard", "cards": ["QS"], "line": '["draw"]'}
    done = client.post(url, line, headers=english, follow=True)
    assert done.redirect_chain, "post/redirect/get"
    assert "Your turn was legal" in done.content.decode()
    assert "Correct!" not in done.content.decode()


def test_an_illegal_move_in_a_hand_turn_is_refused_and_may_be_taken_back(
    client: Client, loaded: Lesson
) -> None:
    post(client, 2, {"op": "draw", "line": "[]"})
    html = post(client, 2, {"op": "meld", "cards": ["5H", "6H", "9H"], "line": '["draw"]'})
    # As in any close or pile question: the engine's refusal, the good moves kept.
    assert "Take the move back" in html and "Correct!" not in html
    assert 'name="op"' in html, "the form is there to go on"


def test_the_pile_turn_is_played_from_the_engines_position(client: Client, loaded: Lesson) -> None:
    html = post(client, 4, {"op": "pile", "line": "[]"})
    assert "Correct!" not in html
    line = ["pile", "meld 3C 4C 5C"]
    post(client, 4, {"op": "meld", "cards": ["3C", "4C", "5C"], "line": '["pile"]'})
    html = post(client, 4, {"op": "discard", "cards": ["10S"], "line": json.dumps(line)})
    assert "That is the move this hand follows." in html


def test_the_hand_lessons_are_listed_at_their_order(client: Client, loaded: Lesson) -> None:
    assert loaded.order == 13
    assert Lesson.objects.get(slug="first-hand-four-players").order == 16
    html = client.get("/lessons/", headers={"accept-language": "en"}).content.decode()
    assert html.index("Your first hand for two") < html.index("Your first hand for four")


def test_the_real_lessons_sit_between_their_neighbours() -> None:
    orders = {}
    for path in LESSONS.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        orders[data["slug"]] = data["order"]
    assert orders["first-hand-two-players"] == 13
    assert orders["first-hand-four-players"] == 16
    assert TWO.name.startswith("13-") and FOUR.name.startswith("16-")
