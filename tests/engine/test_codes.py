"""The federations' codes (R42, R43) and a void hand (R44): the rules as data, their
scores through the judge, Burraco Champion's closing and pile, and bots playing each code."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.actions import apply, legal_actions
from engine.bots import make_bot
from engine.bots.view import Memory, view_of
from engine.budget import MOVE_STEPS, Budget
from engine.cli.judge import answer
from engine.deal import deal
from engine.errors import InvalidNotationError
from engine.match import Match
from engine.melds import Meld, Special
from engine.rules import DEFAULT, PRESETS, Rules

CODES = ("standard", "fe-bur-it", "f-it-ab", "champion")

SEVENS = ["7H", "7H", "7D", "7D", "7C", "7C", "7S", "7S"]
ROYAL = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
CLEAN = ["3D", "4D", "5D", "6D", "7D", "8D", "9D"]
DIRTY = ["JK", "4H", "5H", "6H", "7H", "8H", "9H"]


# --- the rules as data ------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_written_back_as_it_was_read(name: str) -> None:
    rules = Rules.from_dict({"preset": name})
    assert rules == PRESETS[name]
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize("name", ["fe-bur-it", "f-it-ab", "champion"])
def test_a_code_keeps_its_name_and_the_options_changed_on_top(name: str) -> None:
    rules = Rules.from_dict({"preset": name, "target": 1005, "semi_clean": False})
    assert rules.code == name and rules.target == 1005 and not rules.semi_clean
    assert rules.to_dict() == {"preset": name, "target": 1005, "semi_clean": False}
    assert PRESETS[name].to_dict() == {"preset": name}


def test_the_old_stored_forms_load_and_are_written_as_before() -> None:
    for stored, name in (
        ({}, "standard"),
        ({"semi_clean": True}, "semi-clean"),
        ({"wild_moves": False}, "strict"),
        ({"variant": "international"}, "international"),
    ):
        rules = Rules.from_dict(stored)
        assert rules == PRESETS[name]
        assert rules.to_dict() == stored
    assert DEFAULT.to_dict() == {}
    assert Rules.from_dict({"preset": "standard"}) is DEFAULT


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"preset": "bridge"}, "unknown_rules_preset"),
        ({"preset": 3}, "unknown_rules_preset"),
        ({"preset": "champion", "colour": "red"}, "unknown_rules_option"),
        ({"code": "fibs"}, "unknown_code"),
        ({"closing": "twice"}, "unknown_closing"),
        ({"preset": "international", "code": "champion"}, "international_code"),
    ],
)
def test_a_rules_object_the_engine_does_not_know_is_refused_in_words(
    data: dict[str, Any], code: str
) -> None:
    with pytest.raises(InvalidNotationError) as raised:
        Rules.from_dict(data)
    assert raised.value.code == code
    result = answer({"op": "points", "cards": ["AS"], "rules": data})
    assert result["ok"] is False and str(raised.value) == result["error"]


def test_an_unknown_preset_names_the_presets() -> None:
    result = answer({"op": "points", "cards": ["AS"], "rules": {"preset": "bridge"}})
    assert result["ok"] is False
    assert "bridge" in result["error"] and "champion" in result["error"]


def test_a_position_accepts_a_preset_and_gives_it_back() -> None:
    position = _closing_position([CLEAN])
    result = answer(
        {"op": "play", "position": {**position, "rules": {"preset": "f-it-ab"}}, "actions": []}
    )
    assert result["ok"] and result["position"]["rules"] == {"preset": "f-it-ab"}


# --- the bonuses, through the judge's score op ---------------------------------------------


def _bonus(melds: list[list[str]], rules: dict[str, Any] | None) -> dict[str, Any]:
    request: dict[str, Any] = {
        "op": "score",
        "melds": melds,
        "hand": [],
        "pozzetto_taken": True,
        "closed": False,
    }
    if rules is not None:
        request["rules"] = rules
    return answer(request)


#: Each meld, and its bonus under each code: standard (FIBur), Fe.Bur.It., F.It.AB,
#: Champion. A kind a code does not know scores as the plain burraco it is (semi-clean
#: where the code admits it).
BONUSES = [
    ("super", SEVENS, (200, 250, 250, 500)),
    ("royal", ROYAL, (200, 300, 300, 300)),
    ("royal from the 2 to the ace", [*ROYAL[1:], "AC"], (200, 300, 300, 300)),
    ("dirty royal of fourteen", [*ROYAL, "JK"], (100, 150, 250, 150)),
    # Eight naturals above the wildcard: semi-clean where the code admits it (R28).
    ("dirty royal, the wildcard inside", [*ROYAL[:4], "2H", *ROYAL[5:]], (100, 150, 250, 150)),
    ("dirty super", [*SEVENS, "JK"], (100, 150, 200, 150)),
    ("plain clean", CLEAN, (200, 200, 200, 300)),
    ("plain dirty", DIRTY, (100, 100, 100, 100)),
]


@pytest.mark.parametrize(("name", "meld", "bonuses"), BONUSES, ids=[b[0] for b in BONUSES])
def test_each_code_scores_its_own_burraco(
    name: str, meld: list[str], bonuses: tuple[int, ...]
) -> None:
    for code, bonus in zip(CODES, bonuses, strict=True):
        result = _bonus([meld], {"preset": code})
        assert result["ok"], result
        assert result["breakdown"]["bonus"] == bonus, (name, code)
        assert result["breakdown"]["table"] == Meld.parse(meld).points
    # No rules at all: FIBur's ordinary code, as the standard preset.
    assert _bonus([meld], None)["breakdown"]["bonus"] == bonuses[0]


def test_the_special_kinds_are_named_only_where_the_code_knows_them() -> None:
    royal, dirty_super = Meld.parse(ROYAL), Meld.parse([*SEVENS, "JK"])
    assert royal.special() is None and dirty_super.special(PRESETS["fe-bur-it"]) is None
    assert royal.special(PRESETS["fe-bur-it"]) is Special.ROYAL
    assert royal.special(PRESETS["champion"]) is None
    assert dirty_super.special(PRESETS["f-it-ab"]) is Special.DIRTY_SUPER
    assert Meld.parse(SEVENS).special(PRESETS["champion"]) is Special.CHAMPION


def test_a_bonus_replaces_the_plain_one_and_is_never_added_to_it() -> None:
    spades = ["8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    dirty = ["JK", "9H", "10H", "JH", "QH", "KH", "AH"]
    result = _bonus([SEVENS, spades, dirty], {"preset": "fe-bur-it"})
    assert result["breakdown"]["bonus"] == 250 + 200 + 100


def test_the_international_game_refuses_the_set_a_super_burraco_needs() -> None:
    result = _bonus([SEVENS], {"preset": "international"})
    assert result["ok"] is False and "sets" in result["error"]
    assert (
        _bonus([["AH", "AH", "AD", "AD", "AC", "AC", "AS", "AS"]], {"preset": "international"})[
            "breakdown"
        ]["bonus"]
        == 200
    )


def test_champion_scores_the_closing_and_the_pozzetto_it_has() -> None:
    request = {"op": "score", "melds": [CLEAN], "hand": ["KS"], "pozzetto_taken": True}
    closed = answer({**request, "closed": True, "rules": {"preset": "champion"}})
    assert closed["breakdown"] == {
        "table": 45,
        "bonus": 300,
        "closing": 200,
        "hand": -10,
        "pozzetto": 0,
    }
    plain = answer({**request, "closed": True})
    assert plain["breakdown"]["closing"] == 100 and plain["breakdown"]["bonus"] == 200
    untaken = {**request, "melds": [], "pozzetto_taken": False, "closed": False}
    assert answer({**untaken, "rules": {"preset": "champion"}})["breakdown"]["pozzetto"] == -200
    assert answer({**untaken, "rules": {"preset": "f-it-ab"}})["breakdown"]["pozzetto"] == -100


def test_the_facts_follow_the_code() -> None:
    facts = answer({"op": "facts", "rules": {"preset": "champion"}})
    assert (facts["clean_bonus"], facts["closing_bonus"], facts["pozzetto_penalty"]) == (
        300,
        200,
        200,
    )
    assert answer({"op": "facts"})["clean_bonus"] == 200


# --- Burraco Champion's closing and pile ----------------------------------------------------


def _closing_position(melds: list[list[str]], hand: list[str] | None = None) -> dict[str, Any]:
    """Seat 0 to play, its pozzetto taken: attaching the 10♠ to its first meld... or not,
    and discarding the K♠ closes the hand if the rules let it."""
    return {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [hand or ["KS"], {"count": 9}],
        "melds": [melds, []],
        "discard": [],
        "stock": 30,
        "pozzetti_taken": [True, False],
    }


def _close(melds: list[list[str]], rules: dict[str, Any]) -> dict[str, Any]:
    # Two cards in hand: the position is valid whatever the rules; the discard of the
    # first is refused when it would leave a last card that may not close.
    position = _closing_position(melds, ["10S", "KS"])
    position["melds"][0] = [*melds, ["JS", "QS", "JK"]]
    return answer(
        {
            "op": "play",
            "position": position,
            "actions": ["attach " + str(len(melds)) + " 10S", "discard KS"],
            "rules": rules,
        }
    )


CHAMPION_CLOSINGS = [
    ("one clean burraco", [CLEAN], False),
    ("a clean and a dirty burraco", [CLEAN, DIRTY], True),
    ("a clean and a semi-clean burraco", [CLEAN, ["JK", *ROYAL[1:8]]], True),
    ("two dirty burraco", [DIRTY, ["JK", "4S", "5S", "6S", "7S", "8S", "9S"]], False),
    ("two clean burraco", [CLEAN, ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]], False),
    ("a Champion burraco", [SEVENS], True),
    ("a clean sequence of thirteen", [ROYAL], True),
    ("a dirty sequence of thirteen", [[*ROYAL[:4], "2H", *ROYAL[5:]]], False),
]


@pytest.mark.parametrize(
    ("name", "melds", "closes"), CHAMPION_CLOSINGS, ids=[c[0] for c in CHAMPION_CLOSINGS]
)
def test_champion_closes_only_with_the_burraco_it_needs(
    name: str, melds: list[list[str]], closes: bool
) -> None:
    result = _close(melds, {"preset": "champion"})
    assert result["ok"], result
    if closes:
        assert result["legal"] and "closed" in result["events"] and result["over"]
        assert result["result"][0]["breakdown"]["closing"] == 200
    else:
        assert result["legal"] is False
        assert result["rule"] == "R43"
        assert result["code"] in ("last_card_no_champion_pair", "close_no_champion_pair")
    # Every one of them closes under the codes that do not know R43, plainly: a burraco is
    # enough (R30) and the closing is worth 100.
    for rules in ({}, {"preset": "fe-bur-it"}, {"preset": "f-it-ab"}):
        plain = _close(melds, rules)
        assert plain["legal"] and "closed" in plain["events"], rules
        assert plain["result"][0]["breakdown"]["closing"] == 100


def test_a_champion_position_that_shows_a_closing_without_the_pair_is_refused() -> None:
    position = _closing_position([CLEAN], [])
    position.update(phase="draw", to_move=1, hands=[[], ["5H", "6H"]])
    result = answer({"op": "legal", "position": position, "rules": {"preset": "champion"}})
    assert result["ok"] is False and "Champion" in result["error"]
    assert answer({"op": "legal", "position": position})["ok"]


def _pile_position(hand: list[str]) -> dict[str, Any]:
    return {
        "players": 2,
        "to_move": 0,
        "phase": "draw",
        "hands": [hand, {"count": 11}],
        "melds": [[], []],
        "discard": ["4C", "KD"],
        "stock": 30,
        "pozzetti_taken": [False, False],
    }


def test_under_champion_the_pile_is_taken_only_to_use_one_of_its_cards() -> None:
    champion = {"preset": "champion"}
    useless = _pile_position(["5H", "9S", "QC"])
    assert "pile" not in answer({"op": "legal", "position": useless, "rules": champion})["actions"]
    assert "pile" in answer({"op": "legal", "position": useless})["actions"]
    refused = answer({"op": "play", "position": useless, "actions": ["pile"], "rules": champion})
    assert (refused["legal"], refused["code"], refused["rule"]) == (False, "pile_unusable", "R43")

    usable = _pile_position(["KH", "KS", "9S"])
    first = answer(
        {"op": "play", "position": usable, "actions": ["pile", "discard 9S"], "rules": champion}
    )
    assert (first["legal"], first["code"], first["rule"]) == (False, "pile_card_first", "R43")
    laid = answer(
        {
            "op": "play",
            "position": usable,
            "actions": ["pile", "meld KD KH KS", "discard 9S"],
            "rules": champion,
        }
    )
    assert laid["legal"], laid
    # Under FIBur's ordinary code the pile may be kept for later.
    assert answer({"op": "play", "position": usable, "actions": ["pile", "discard 9S"]})["legal"]


def test_the_international_game_keeps_its_own_pile_rule() -> None:
    useless = _pile_position(["5H", "9S", "QC"])
    refused = answer(
        {
            "op": "play",
            "position": useless,
            "actions": ["pile"],
            "rules": {"preset": "international"},
        }
    )
    assert (refused["code"], refused["rule"]) == ("pile_unusable", "R41")


# --- R44: nobody took a pozzetto ------------------------------------------------------------


def _last_turn(rules: dict[str, Any]) -> dict[str, Any]:
    position = {
        "players": 2,
        "to_move": 0,
        "phase": "draw",
        "hands": [["KS", "5H"], ["QH", "3C"]],
        "melds": [[], []],
        "discard": ["9D"],
        "stock": ["4C", "8D", "JH"],
        "pozzetti_taken": [False, False],
    }
    return answer(
        {"op": "play", "position": position, "actions": ["draw", "discard 4C"], "rules": rules}
    )


def test_a_hand_without_a_pozzetto_taken_is_void_when_the_option_is_on() -> None:
    void = _last_turn({"void_without_pozzetto": True})
    assert void["legal"] and void["over"]
    assert void["events"] == ["stock_exhausted", "hand_void"]
    assert [side["score"] for side in void["result"]] == [0, 0]
    scored = _last_turn({})
    assert "hand_void" not in scored["events"]
    assert [side["score"] for side in scored["result"]] == [-115, -115]
    champion = _last_turn({"preset": "champion", "void_without_pozzetto": True})
    assert champion["events"][-1] == "hand_void"


def test_a_void_hand_changes_no_total_and_the_same_dealer_deals_again() -> None:
    rules = Rules(void_without_pozzetto=True)
    match = Match(players=2, rules=rules).record((300, 120))
    outcome = _void_outcome(match, rules)
    after = match.record(outcome)
    assert after.totals == (300, 120) and after.dealer == match.dealer


def _void_outcome(match: Match, rules: Rules) -> Any:
    position = match.deal(random.Random(2))
    assert isinstance(position.stock, tuple)
    # The stock cut to its last three cards: this turn's draw ends the hand (R33).
    ended = replace(position, stock=position.stock[:3])
    ended = apply(ended, next(a for a in legal_actions(ended) if str(a) == "draw"))
    discard = next(a for a in legal_actions(ended) if a.kind.value == "discard")
    ended = apply(ended, discard)
    outcome = ended.outcome()
    assert outcome is not None and outcome.void
    return outcome


# --- meld sizes and bots --------------------------------------------------------------------


def test_the_melds_the_codes_score_can_be_laid_and_no_bigger() -> None:
    assert len(Meld.parse([*SEVENS, "JK"]).cards) == 9
    assert len(Meld.parse([*ROYAL, "JK"]).cards) == 14
    refused = answer({"op": "attach", "meld": [*SEVENS, "JK"], "cards": ["2S"]})
    assert refused["valid"] is False and refused["code"] in ("set_too_large", "two_wildcards")
    refused = answer({"op": "attach", "meld": [*ROYAL, "JK"], "cards": ["AC"]})
    assert refused["valid"] is False


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("level", ["beginner", "club"])
def test_bots_play_a_hand_of_each_code_to_its_end(code: str, level: str) -> None:
    rules = PRESETS[code]
    rng = random.Random(f"{code}:{level}")
    position = deal(2, random.Random(7), rules=rules)
    memory = Memory.empty(2)
    bot = make_bot(level)
    for _ in range(600):
        if position.is_over:
            break
        budget = Budget()  # each decision on the budget of a request
        budget.spend(MOVE_STEPS)
        legal = legal_actions(position, budget)
        action = bot.decide(view_of(position, None, memory), legal, rng)
        assert action in legal
        memory = memory.after(position, action)
        position = apply(position, action)
    assert position.is_over
    outcome = position.outcome()
    assert outcome is not None
    if outcome.closer is not None and code == "champion":
        side = position.side_of(outcome.closer)
        assert position.has_closing_burraco(side)


def test_the_bots_weigh_a_burraco_as_the_code_scores_it() -> None:
    from engine.bots.expert import estimate
    from engine.bots.levels import table_worth
    from engine.state import Position

    data = _closing_position([SEVENS], ["10S", "KS"])
    worth = {
        code: table_worth(Position.from_json(data, PRESETS[code]), 0)
        for code in ("standard", "fe-bur-it", "champion")
    }
    assert worth == {"standard": 40 + 200, "fe-bur-it": 40 + 250, "champion": 40 + 500}
    # The expert's estimate counts the opponents' pozzetto at half the code's penalty.
    plain, champion = (
        estimate(Position.from_json(data, PRESETS[code]), 0) for code in ("standard", "champion")
    )
    assert champion - plain == pytest.approx(500 - 200 + 100 - 50)


def _club_choice(code: str, melds: list[list[str]], hand: list[str], taken: bool) -> str:
    """What the club player does with seat 0's hand and melds, two players, under a code."""
    from engine.bots.levels import Club
    from engine.state import Position

    data = {
        "players": 2,
        "to_move": 0,
        "phase": "play",
        "hands": [hand, {"count": 9}],
        "melds": [melds, [["8C", "9C", "10C", "JC"]]],
        "discard": ["QD"],
        "stock": 40,
        "pozzetti_taken": [taken, False],
    }
    position = Position.from_json(data, PRESETS[code])
    legal = legal_actions(position)
    return str(Club().decide(view_of(position, None, Memory.empty(2)), legal, random.Random(0)))


def test_under_champion_the_club_player_keeps_a_run_for_the_clean_burraco() -> None:
    # Six hearts in a row and a joker: under the ordinary code the joker makes a dirty
    # burraco now (100); under Champion the clean one is worth 300 and closing needs it.
    run, hand = [["4H", "5H", "6H", "7H", "8H", "9H"]], ["JK", "5C", "7D", "KS", "QS"]
    assert _club_choice("standard", run, hand, taken=False) == "attach 0 JK"
    champion = _club_choice("champion", run, hand, taken=False)
    assert champion.startswith("discard") and "JK" not in champion


def test_under_champion_the_club_player_makes_the_dirty_burraco_closing_needs() -> None:
    # A clean burraco is down and the pozzetto taken: under the ordinary code the side may
    # close and the club player keeps its joker off a four-card run; under Champion it
    # cannot close without a dirty or semi-clean burraco, and the joker starts one on the
    # run, never on the clean burraco.
    melds = [["4S", "5S", "6S", "7S", "8S", "9S", "10S"], ["4D", "5D", "6D", "7D"]]
    hand = ["JK", "5C", "KH", "QS", "9C"]
    assert _club_choice("standard", melds, hand, taken=True).startswith("discard")
    assert _club_choice("champion", melds, hand, taken=True) == "attach 1 JK"
