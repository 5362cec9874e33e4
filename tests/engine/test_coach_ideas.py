"""The coach says each thing once and in natural words (issue 27): a hand's findings grouped
by idea (engine.coach.ideas), the live box only the new, the severity agreeing with the
points, no finding contradicting the main one, "your opponent" at two players, a wild 2
named as the pinella it is, and a hint that says why (engine.coach.why)."""

from __future__ import annotations

import gettext
import random
import re
from pathlib import Path

import pytest

from engine.actions import Action, transition
from engine.budget import Budget
from engine.cli.simulate import random_action
from engine.coach import (
    BLUNDER_ABOVE,
    Finding,
    Severity,
    coach,
    explain,
    ideas,
    new_ideas,
    severity,
)
from engine.errors import TooBigError
from engine.match import Match
from tests.engine.test_coach import position

ROOT = Path(__file__).resolve().parents[2]
ITALIAN = gettext.GNUTranslations((ROOT / "locale/it/LC_MESSAGES/django.mo").open("rb"))


def italian(text_of: object) -> str:
    return text_of.message(ITALIAN.gettext, ITALIAN.ngettext)  # type: ignore[attr-defined]


def kept(card: str, points: int, *, two: bool = True) -> Finding:
    """A missed attachment of ``card`` to 6♠ 7♠, as the coach makes it."""
    return Finding.from_json(
        {
            "code": "missed_attach",
            "rule": "R17",
            "points": points,
            "severity": severity(points).value,
            "better": f"attach 0 {card}",
            "params": {"card": card, "arrangement": ["6S", "7S"]},
            "sentence": "coach_missed_attach_two" if two else "coach_missed_attach",
        }
    )


POZZETTO = Finding.from_json(
    {
        "code": "missed_pozzetto",
        "rule": "R29",
        "points": 120,
        "severity": "mistake",
        "better": "meld 5H 6H 7H",
        "params": {"penalty": 100},
    }
)


# --- one idea, said once -------------------------------------------------------------------


def test_an_idea_repeated_over_turns_is_said_once_with_its_count_and_span() -> None:
    found = [(3, kept("8S", 30)), (4, kept("8S", 45)), (5, kept("8S", 30)), (6, kept("8S", 25))]
    [idea] = ideas(found)
    assert idea.count == 4 and idea.turns == (3, 4, 5, 6)
    assert idea.worst == 1 and idea.finding.points == 45
    assert idea.message() == (
        "You kept the 8 of spades for 4 turns, from turn 3 to turn 6: it fitted your meld"
        " 6♠ 7♠, where it would have counted for you."
    )
    assert italian(idea).startswith("Hai tenuto l'8 di picche per 4 turni, dal turno 3 al turno 6")


def test_the_draw_and_the_discard_of_one_turn_are_one_line() -> None:
    # The same R29 sentence found at the draw and again at the discard of turn 5.
    [idea] = ideas([(5, POZZETTO), (5, POZZETTO)])
    assert idea.count == 1 and idea.indexes == (0, 1)
    assert idea.sentence == "coach_missed_pozzetto" and idea.message() == POZZETTO.message()


def test_another_idea_is_another_line_worst_first() -> None:
    found = [(2, kept("8S", 30)), (2, POZZETTO), (3, kept("9S", 70)), (4, kept("8S", 30))]
    lines = ideas(found)
    assert [idea.key for idea in lines] == [
        ("missed_pozzetto",),
        ("missed_attach", "9S"),
        ("missed_attach", "8S"),
    ]
    other = ideas([(7, POZZETTO), (7, kept("8S", 200))])
    assert [idea.finding.severity for idea in other] == [Severity.BLUNDER, Severity.MISTAKE]


FED = Finding.from_json(
    {
        "code": "feeds_opponent",
        "rule": "R17",
        "points": 30,
        "severity": "inaccuracy",
        "better": "discard 4D",
        "params": {"card": "9S", "arrangement": ["6S", "7S", "8S"]},
        "sentence": "coach_feeds_opponent_two",
    }
)


def test_an_idea_found_on_several_turns_reads_with_its_count_in_both_languages() -> None:
    [idea] = ideas([(2, FED), (5, FED)])
    assert idea.message().startswith("On 2 turns, from turn 2 to turn 5: the 9 of spades, which")
    assert italian(idea).startswith("In 2 turni, dal turno 2 al turno 5: il 9 di picche, che")
    [missed] = ideas([(2, POZZETTO), (5, POZZETTO), (6, POZZETTO)])
    assert missed.message() == (
        "You could have laid down every card and taken the pozzetto al volo on 3 turns, from"
        " turn 2 to turn 6; a side that never takes it loses 100 points."
    )
    assert italian(missed).startswith("Potevi calare tutte le carte e prendere il pozzetto al")


def test_the_live_box_says_only_what_is_new_this_turn() -> None:
    found = [(3, kept("8S", 30)), (4, kept("8S", 30)), (4, POZZETTO), (4, POZZETTO)]
    assert [idea.key for idea in new_ideas(found, 3)] == [("missed_attach", "8S")]
    # Turn 4: the 8♠ was said on turn 3; the pozzetto is new, and said once.
    [new] = new_ideas(found, 4)
    assert new.key == ("missed_pozzetto",) and new.count == 1
    assert new_ideas(found, 5) == []


# --- consistency ---------------------------------------------------------------------------


def test_no_secondary_finding_discards_a_card_the_main_finding_plays() -> None:
    # The 9♣ makes the burraco (the main finding); the K♠ fed their kings, and the quiet
    # discard that keeps most would have been that very 9♣.
    start = position(
        ["9C", "KS", "4D"],
        mine=[["3C", "4C", "5C", "6C", "7C", "8C"]],
        theirs=[["KH", "KD", "KC"]],
    )
    review = coach(start, "discard KS")
    main = review.findings[0]
    assert main.code == "missed_burraco" and str(main.better) == "attach 0 9C"
    assert all(str(finding.better) != "discard 9C" for finding in review.findings)


def test_severity_and_points_agree_on_a_few_hundred_seeded_decisions() -> None:
    decisions = 0
    for number in range(40):
        rng = random.Random(f"ideas:{number}")
        current = Match(players=2 + 2 * (number % 2)).deal(rng)
        while not current.is_over and decisions < 300 * (number + 1) // 40 + 8:
            action = random_action(current, rng)
            try:
                review = coach(current, action, budget=Budget())
            except TooBigError:
                pass
            else:
                decisions += 1
                for finding in review.findings:
                    assert finding.severity is severity(finding.points), finding
                    if finding.severity is Severity.BLUNDER:
                        assert finding.points > BLUNDER_ABOVE, finding
            current = transition(current, action).position
    assert decisions >= 300


# --- words ---------------------------------------------------------------------------------

FEED = {"hand": ["9S", "KH", "4D", "5C"], "theirs": [["6S", "7S", "8S"]]}


def test_two_players_say_your_opponent_in_both_languages() -> None:
    start = position(FEED["hand"], theirs=FEED["theirs"])
    [finding] = coach(start, "discard 9S").findings
    assert "your opponent's meld" in finding.message() and "opponents" not in finding.message()
    assert "del tuo avversario" in italian(finding)
    attach = coach(position(["9H", "KS", "4D"], mine=[["6H", "7H", "8H"]]), "discard 9H")
    assert "fitted your meld 6♥ 7♥ 8♥" in attach.findings[0].message()
    assert "al tuo gioco" in italian(attach.findings[0])


def test_four_players_say_your_opponents_and_your_side() -> None:
    start = position(FEED["hand"], theirs=FEED["theirs"], players=4)
    [finding] = coach(start, "discard 9S").findings
    assert "your opponents' meld" in finding.message()
    assert "degli avversari" in italian(finding) and "tuo avversario" not in italian(finding)


@pytest.mark.parametrize(
    ("card", "english", "words"),
    [
        ("2H", "the 2 of hearts", "la pinella di cuori"),
        ("2S", "the 2 of spades", "la pinella di picche"),
        ("JK", "the joker", "il jolly"),
    ],
)
def test_a_discarded_wildcard_is_named_as_the_card(card: str, english: str, words: str) -> None:
    finding = next(
        finding
        for finding in coach(position([card, "KH", "4D", "5C"]), f"discard {card}").findings
        if finding.code == "wild_wasted"
    )
    assert finding.message().startswith(f"You discarded {english},")
    assert italian(finding).startswith(f"Hai scartato {words},")
    assert "una matta" not in italian(finding)


def test_a_finding_kept_before_the_wildcard_was_named_still_reads() -> None:
    from engine.messages import render

    text = render("coach_wild_wasted_discard", {"card": "2D"})
    assert text.startswith("You discarded the 2 of diamonds,") and "?" not in text


# --- a hint that says why ------------------------------------------------------------------


def test_the_hint_to_take_the_pile_names_its_meld_and_the_pozzetto_it_reaches() -> None:
    start = position(
        ["JC", "JS", "4D", "5D", "6D"], discard=["9H", "JH"], phase="draw", stock=["3C", "8D", "KS"]
    )
    reason = explain(start, "pile")
    keys = [key for key, _ in reason.parts]
    assert keys[0] == "hint_pile_meld"
    assert "J♥ J♣ J♠" in reason.message() or "J♣ J♠ J♥" in reason.message()
    assert "the jack of hearts from it" in reason.message()
    # Laid with the 4♦ 5♦ 6♦, nothing is left but the 9♥ to discard: no al volo, so no claim.
    assert "hint_then_pozzetto" not in keys
    assert italian(reason).startswith("Prendi gli scarti: con il fante di cuori degli scarti e")


def test_the_hint_says_when_the_pile_leads_to_the_pozzetto_al_volo() -> None:
    start = position(["JC", "JS", "4D", "5D", "6D"], discard=["JH"], phase="draw")
    keys = [key for key, _ in explain(start, "pile").parts]
    assert keys == ["hint_pile_meld", "hint_then_pozzetto"]


def test_the_hint_to_draw_says_the_pile_offers_nothing() -> None:
    start = position(
        ["JC", "4S", "9D"], discard=["QD", "7H"], phase="draw", stock=["3C", "8D", "KS", "5H"]
    )
    reason = explain(start, "draw")
    assert [key for key, _ in reason.parts] == ["hint_draw_nothing"]


def test_the_hint_to_discard_says_what_it_gives_and_keeps() -> None:
    lone = explain(position(["KH", "5C", "6C", "9D"]), "discard KH")
    assert lone.parts[0][0] == "hint_discard_safe_lone_two"
    assert lone.message().startswith("Discard the king of hearts: it gives your opponent")
    fed = explain(position(FEED["hand"], theirs=FEED["theirs"]), "discard 9S")
    assert fed.parts[0][0] == "hint_discard_least_two"
    # Four players: the next player, one of two opponents.
    four = explain(position(["KH", "5C", "6C", "9D"], players=4), "discard KH")
    assert four.message().startswith("Discard the king of hearts: it gives the next player")


@pytest.mark.parametrize(
    ("hand", "mine", "action", "key"),
    [
        (["5H", "6H", "7H", "KS", "4D"], [], "meld 5H 6H 7H", "hint_meld"),
        (["9C", "KS", "4D"], [["3C", "4C", "5C", "6C", "7C", "8C"]], "attach 0 9C", None),
        (["9H", "KS", "4D"], [["6H", "7H", "8H"]], "attach 0 9H", "hint_attach"),
    ],
)
def test_the_hint_to_lay_says_what_meld_it_makes(
    hand: list[str], mine: list[list[str]], action: str, key: str | None
) -> None:
    reason = explain(position(hand, mine=mine), action)
    if key is None:
        assert reason.parts[0][0] == "hint_attach_burraco"
        assert "is a burraco, worth 200 points" in reason.message()
    else:
        assert reason.parts[0][0] == key
    text, words = reason.message(), italian(reason)
    for said in (text, words):
        assert not re.search(r"\{\w+\}|\?", said), said
    assert text != words


def test_every_hint_sentence_is_in_both_languages() -> None:
    from engine.messages import MESSAGES, Plural

    for key, template in MESSAGES.items():
        if not key.startswith("hint_"):
            continue
        english = template.singular if isinstance(template, Plural) else template
        if isinstance(template, Plural):
            assert ITALIAN.ngettext(english, template.plural, 2) != template.plural, key
        else:
            assert ITALIAN.gettext(english) != english, key


def test_an_illegal_hint_is_refused() -> None:
    with pytest.raises(ValueError, match="You do not hold"):
        explain(position(["KH", "5C"]), Action.parse("discard 9S"))


def test_a_finding_reads_back_from_its_json() -> None:
    from tests.engine.test_coach import REVIEWS

    for start, action in REVIEWS:
        for finding in coach(start, action).findings:
            assert Finding.from_json(finding.to_json()) == finding


def test_a_turn_never_says_to_take_the_pile_for_a_card_and_to_throw_that_card() -> None:
    pile = Finding.from_json(
        {
            "code": "missed_pile",
            "rule": "R7",
            "points": 90,
            "severity": "mistake",
            "better": "pile",
            "params": {"cards": ["JH"], "count": 1, "yours": ["JC", "JS"]},
            "sentence": "coach_missed_pile_with",
        }
    )
    throw = Finding.from_json({**FED.to_json(), "better": "discard JC"})
    other = Finding.from_json({**FED.to_json(), "better": "discard 4D"})
    assert [idea.key for idea in ideas([(4, pile), (4, throw)])] == [("missed_pile", "JH")]
    # On another turn, or proposing another card, it is said.
    assert len(ideas([(4, pile), (5, throw)])) == 2
    assert len(ideas([(4, pile), (4, other)])) == 2
