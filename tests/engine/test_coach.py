"""The coach (engine/coach/): each finding fires where it must and only there,
its better action is legal, its severity follows the thresholds, and it reads in both
languages."""

from __future__ import annotations

import gettext
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Action, ActionKind, is_legal, legal_actions, transition
from engine.bots import decide
from engine.bots.levels import Club
from engine.bots.view import seat_view, view_of
from engine.budget import Budget
from engine.cards import Card
from engine.cli.simulate import random_action
from engine.coach import (
    CODES,
    PLAYOUT_STEPS,
    Line,
    Lost,
    Review,
    Severity,
    coach,
    playouts,
    severity,
    stakes,
)
from engine.errors import IllegalActionError, TooBigError
from engine.match import Match
from engine.messages import MESSAGES, Plural, render
from engine.rules import DEFAULT, PRESETS, Rules
from engine.state import Position

ROOT = Path(__file__).resolve().parents[2]


def position(
    hand: list[str],
    *,
    mine: list[list[str]] | None = None,
    theirs: list[list[str]] | None = None,
    discard: list[str] | None = None,
    phase: str = "play",
    taken: tuple[bool, bool] = (False, False),
    stock: int | list[str] = 40,
    players: int = 2,
) -> Position:
    """A position of the player to move, head to head or (``players=4``) with a partner."""
    return Position.from_json(
        {
            "players": players,
            "to_move": 0,
            "phase": phase,
            "hands": [hand, *({"count": 10} for _ in range(players - 1))],
            "melds": [mine or [], theirs or []],
            "discard": ["QD"] if discard is None else discard,
            "stock": stock,
            "pozzetti_taken": list(taken),
        }
    )


def codes(review: Review) -> list[str]:
    return [finding.code for finding in review.findings]


def only(review: Review, code: str) -> Any:
    found = [finding for finding in review.findings if finding.code == code]
    assert len(found) == 1, codes(review)
    return found[0]


# --- each code fires where it must, and not where it must not -----------------------------

ATTACH = position(["9H", "KS", "4D"], mine=[["6H", "7H", "8H"]])


def test_missed_attach_fires_when_the_discard_fitted_a_meld() -> None:
    finding = only(coach(ATTACH, "discard 9H"), "missed_attach")
    assert str(finding.better) == "attach 0 9H"
    assert finding.rule == "R17"
    assert finding.params == {"card": "9H", "arrangement": ["6H", "7H", "8H"]}


def test_missed_attach_fires_for_a_kept_card_too() -> None:
    assert str(only(coach(ATTACH, "discard KS"), "missed_attach").better) == "attach 0 9H"


def test_missed_attach_is_quiet_when_nothing_fits() -> None:
    calm = position(["KS", "4D", "5C"], mine=[["6H", "7H", "8H"]])
    assert codes(coach(calm, "discard KS")) == []


#: Four players: the opponents hold six fives and one of them three cards (near closing);
#: the hand's 4H fits the side's fours, its 5S finishes the opponents' burraco.
ONE_DECISION = position(
    ["4H", "5S", "7D", "KC", "9S", "JD", "QH"],
    mine=[["4D", "4C", "4S"]],
    theirs=[["5H", "5C", "5D", "5H", "5C", "2S"]],
    discard=["9D"],
    stock=25,
    players=4,
)


def test_each_finding_of_one_decision_counts_its_own_idea() -> None:
    # "Discard 5S" feeds the burraco and keeps the 4H off the table: two findings. The
    # feed counts the burraco handed over; the attachment counts what attaching the 4H
    # (then the same discard) was worth, not the feed again (issue 27: 150 points twice).
    chosen = Action.parse("discard 5S")
    review = coach(ONE_DECISION, chosen)
    feed, attach = only(review, "feeds_opponent"), only(review, "missed_attach")
    assert feed.severity is Severity.BLUNDER
    assert str(attach.better) == "attach 0 4H"
    view = seat_view(ONE_DECISION)
    own = stakes(view, chosen, (attach.better, chosen), Budget())
    assert attach.points == max(own, 20) < 60
    assert attach.severity is Severity.INACCURACY
    # The better line overall (attach, then a safe card) would count the burraco again.
    assert stakes(view, chosen, attach.better, Budget()) >= feed.points // 2


def test_a_missed_burraco_beside_a_feed_counts_the_burraco_not_the_feed() -> None:
    # The 7S finishes the side's spades; the 5S thrown finishes the opponents' fives.
    near = position(
        ["7S", "5S", "7D", "KC", "9S", "JD", "QH"],
        mine=[["8S", "9S", "10S", "JS", "QS", "KS"]],
        theirs=[["5H", "5C", "5D", "5H", "5C", "2S"]],
        discard=["9D"],
        stock=25,
        players=4,
    )
    review = coach(near, "discard 5S")
    feed, burraco = only(review, "feeds_opponent"), only(review, "missed_burraco")
    assert feed.severity is Severity.BLUNDER
    # The burraco's own worth (its bonus is the floor), not the bonus and the feed again.
    assert burraco.points == 200 < feed.points + 100


def test_a_finding_alone_on_its_decision_is_priced_as_before() -> None:
    # A safe card thrown: the missed attachment is the decision's only finding, priced
    # against the better action itself.
    seen: list[object] = []

    def recording(
        view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Any = ()
    ) -> int:
        seen.append(better)
        return stakes(view, chosen, better, budget)

    review = coach(ONE_DECISION, "discard QH", estimator=recording)
    assert codes(review) == ["missed_attach"]
    assert seen == [Action.parse("attach 0 4H")]
    # Beside a feed, the estimator is asked about the line: the attachment, then the discard.
    seen.clear()
    coach(ONE_DECISION, "discard 5S", estimator=recording)
    assert (Action.parse("attach 0 4H"), Action.parse("discard 5S")) in seen
    assert Action.parse("attach 0 4H") not in seen


def test_a_close_missed_is_priced_by_its_whole_line_beside_an_attachment() -> None:
    # The close needs the whole line (the meld, then the KD thrown): it is never priced as
    # its first play followed by the discard played. The attachment beside it is.
    seen: list[object] = []

    def recording(
        view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Any = ()
    ) -> int:
        seen.append(better)
        return stakes(view, chosen, better, budget)

    closing = position(
        ["6S", "7S", "JK", "8H", "KD"],
        mine=[["9H", "10H", "JH"], ["4C", "4C", "4D", "4D", "4H", "4S", "4S"]],
        taken=(True, False),
    )
    review = coach(closing, "discard KD", estimator=recording)
    assert codes(review) == ["missed_close", "missed_attach"]
    assert seen == [
        Action.parse("meld JK 6S 7S"),
        (Action.parse("attach 0 8H"), Action.parse("discard KD")),
    ]
    assert only(review, "missed_close").points >= 100  # the closing, and more


def test_the_playouts_price_a_line() -> None:
    view = seat_view(ONE_DECISION)
    chosen = Action.parse("discard 5S")
    line = (Action.parse("attach 0 4H"), chosen)
    budget = Budget()
    assert 0 <= playouts(view, chosen, line, budget) < 60
    assert 0 < budget.spent <= PLAYOUT_STEPS


def test_missed_attach_is_quiet_before_the_discard() -> None:
    # Laying a meld first leaves the attachment for later in the turn.
    before = position(["9H", "5C", "5D", "5S", "KS"], mine=[["6H", "7H", "8H"]])
    assert "missed_attach" not in codes(coach(before, "meld 5C 5D 5S"))


NEAR_BURRACO = position(["9C", "KS", "4D"], mine=[["3C", "4C", "5C", "6C", "7C", "8C"]])


def test_missed_burraco_fires_and_is_a_blunder() -> None:
    finding = only(coach(NEAR_BURRACO, "discard KS"), "missed_burraco")
    assert str(finding.better) == "attach 0 9C"
    assert finding.rule == "R26"
    assert finding.lost is Lost.BURRACO and finding.severity is Severity.BLUNDER
    assert finding.params["arrangement"] == ["3C", "4C", "5C", "6C", "7C", "8C", "9C"]


def test_missed_burraco_is_quiet_when_it_is_made() -> None:
    assert codes(coach(NEAR_BURRACO, "attach 0 9C")) == []


def test_missed_burraco_is_quiet_while_it_can_still_be_made() -> None:
    later = position(["9C", "KS", "KH", "KD", "4D"], mine=[["3C", "4C", "5C", "6C", "7C", "8C"]])
    assert "missed_burraco" not in codes(coach(later, "meld KS KH KD"))


def test_missed_burraco_is_quiet_when_a_shorter_meld_can_still_grow_into_it() -> None:
    # The seven hearts were a burraco at once; laid as three, the other four still attach.
    hearts = position(["7H", "8H", "9H", "10H", "JH", "QH", "KH", "4D", "5C"])
    assert "missed_burraco" not in codes(coach(hearts, "meld 8H 9H 10H"))


def test_a_play_that_takes_the_pozzetto_al_volo_is_judged_on_the_cards_that_were_seen() -> None:
    # Laying the last three cards apart empties the hand, and the pozzetto's unseen cards
    # come in (R29): the burraco they could have made is still missed, and the pozzetto's
    # cards, hidden from the seat, are not searched (they used to raise an error).
    last = position(["9C", "10C", "JC"], mine=[["3C", "4C", "5C", "6C", "7C", "8C"]])
    review = coach(last, "meld 9C 10C JC")
    assert str(only(review, "missed_burraco").better) == "attach 0 9C 10C JC"


def test_a_card_a_missed_burraco_plays_is_not_also_a_missed_attach() -> None:
    two = position(["7H", "KH", "4D"], mine=[["8H", "9H", "10H", "JH", "QH"]])
    assert codes(coach(two, "discard 4D")) == ["missed_burraco"]


WILD_FOR_NATURAL = position(["5H", "JK", "7H", "6H", "KS", "4D"])


def test_missed_clean_burraco_fires_when_a_wildcard_did_a_natural_cards_work() -> None:
    finding = only(coach(WILD_FOR_NATURAL, "meld 5H JK 7H"), "missed_clean_burraco")
    assert str(finding.better) == "meld 5H 6H 7H"
    assert finding.params["wild"] == "JK" and finding.params["card"] == "6H"
    assert finding.rule == "R27"
    # The joker kept is worth more than the 6H kept: at least an inaccuracy.
    assert finding.severity is Severity.INACCURACY


def test_missed_clean_burraco_is_quiet_without_the_natural_card() -> None:
    without = position(["5H", "JK", "7H", "9C", "KS", "4D"])
    assert "missed_clean_burraco" not in codes(coach(without, "meld 5H JK 7H"))


PINELLA = position(["4C", "KS", "9D"], mine=[["3C", "2C", "5C", "6C", "7C"]])


def test_missed_clean_burraco_fires_when_a_pinella_could_go_home() -> None:
    review = coach(PINELLA, "discard KS")
    finding = only(review, "missed_clean_burraco")
    assert str(finding.better) == "attach 0 4C"
    assert finding.rule == "R25" and finding.sentence == "coach_missed_clean_burraco_home"
    # The same attachment is not reported twice as a plain missed attach.
    assert "missed_attach" not in codes(review)


def test_missed_clean_burraco_is_quiet_when_the_pinella_goes_home() -> None:
    assert codes(coach(PINELLA, "attach 0 4C")) == []


AL_VOLO = position(["5H", "6H", "7H", "9C", "9D", "9S"])


def test_missed_pozzetto_fires_when_al_volo_was_possible() -> None:
    finding = only(coach(AL_VOLO, "discard 9S"), "missed_pozzetto")
    assert finding.rule == "R29" and finding.lost is Lost.POZZETTO
    assert finding.points >= AL_VOLO.rules.scores.pozzetto
    assert finding.severity is severity(finding.points)
    assert is_legal(AL_VOLO, finding.better)
    # Two players: "a player who never takes their pozzetto"; four: "a side".
    assert finding.sentence == "coach_missed_pozzetto_two"
    four = position(["5H", "6H", "7H", "9C", "9D", "9S"], players=4)
    assert only(coach(four, "discard 9S"), "missed_pozzetto").sentence == "coach_missed_pozzetto"


def test_missed_pozzetto_is_quiet_while_al_volo_stays_possible() -> None:
    assert "missed_pozzetto" not in codes(coach(AL_VOLO, "meld 9C 9D 9S"))


def test_missed_pozzetto_con_lo_scarto_instead_of_al_volo_is_no_loss_of_the_pozzetto() -> None:
    last = position(["KS"], mine=[["10S", "JS", "QS"]])
    finding = only(coach(last, "discard KS"), "missed_pozzetto")
    assert str(finding.better) == "attach 0 KS"
    assert finding.sentence == "coach_missed_pozzetto_scarto" and finding.lost is None
    assert finding.severity is severity(finding.points)


def test_missed_pozzetto_is_quiet_once_the_side_has_it() -> None:
    taken = position(["5H", "6H", "7H", "9C", "9D", "9S"], taken=(True, False))
    assert "missed_pozzetto" not in codes(coach(taken, "discard 9S"))


CLOSE = position(
    ["9H", "KS"],
    mine=[["3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["6H", "7H", "8H"]],
    taken=(True, False),
)


def test_missed_close_fires_when_the_hand_could_close() -> None:
    finding = only(coach(CLOSE, "discard 9H"), "missed_close")
    assert str(finding.better) == "attach 1 9H"
    assert finding.rule == "R30" and finding.lost is Lost.CLOSING
    # The closing lost counts at least its bonus, so the severity says at least a mistake.
    assert finding.points >= CLOSE.rules.scores.closing
    assert finding.severity is severity(finding.points)
    assert finding.severity in (Severity.MISTAKE, Severity.BLUNDER)


def test_missed_close_is_quiet_on_the_way_to_closing() -> None:
    assert codes(coach(CLOSE, "attach 1 9H")) == []


def test_missed_close_is_quiet_without_the_pozzetto() -> None:
    open_ = position(
        ["9H", "KS"], mine=[["3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["6H", "7H", "8H"]]
    )
    assert "missed_close" not in codes(coach(open_, "discard 9H"))


def test_missed_pile_fires_when_the_pile_made_a_meld() -> None:
    draw = position(
        ["5H", "6H", "KS", "4D", "9C"], discard=["QD", "7H"], phase="draw", stock=["3C", "8D", "JS"]
    )
    finding = only(coach(draw, "draw"), "missed_pile")
    assert str(finding.better) == "pile"
    assert finding.params == {
        "cards": ["7H"],
        "count": 1,
        "yours": ["5H", "6H"],
        "arrangement": ["5H", "6H", "7H"],
    }
    assert finding.rule == "R7" and finding.sentence == "coach_missed_pile_with"
    assert finding.message() == (
        "The discard pile held the 7 of hearts: with 5♥ and 6♥ from your hand you could have"
        " put 5♥ 6♥ 7♥ on the table at once; a card from the stock is only a hope."
    )


def test_missed_pile_says_the_pile_alone_when_it_needed_no_card_of_the_hand() -> None:
    draw = position(
        ["KS", "4D", "9C"],
        mine=[["6H", "7H", "8H"]],
        discard=["QD", "9H"],
        phase="draw",
        stock=["3C", "8D", "JS"],
    )
    finding = only(coach(draw, "draw"), "missed_pile")
    assert finding.sentence == "coach_missed_pile" and finding.params["cards"] == ["9H"]


def test_missed_pile_is_quiet_when_the_pile_holds_nothing_to_play() -> None:
    draw = position(
        ["5H", "6H", "KS", "4D", "9C"], discard=["QD", "JS"], phase="draw", stock=["3C", "8D", "JS"]
    )
    assert codes(coach(draw, "draw")) == []


def test_missed_pile_looks_only_at_what_the_seat_sees() -> None:
    # The stock's top card (7H) would make the same meld, but the player cannot see it.
    draw = position(
        ["5H", "6H", "KS", "4D", "9C"], discard=["QD", "7H"], phase="draw", stock=["7H", "8D", "JS"]
    )
    assert codes(coach(draw, "draw")) == ["missed_pile"]


FEED = position(["9S", "KH", "4D", "5C"], theirs=[["6S", "7S", "8S"]])


def test_feeds_opponent_fires_when_the_discard_fits_their_meld() -> None:
    finding = only(coach(FEED, "discard 9S"), "feeds_opponent")
    assert finding.better.cards[0].rank is not None and str(finding.better) != "discard 9S"
    assert finding.params == {"card": "9S", "arrangement": ["6S", "7S", "8S"]}
    assert finding.rule == "R17" and finding.lost is None


def test_feeds_opponent_is_quiet_for_a_safe_discard() -> None:
    assert codes(coach(FEED, "discard KH")) == []


def test_feeds_opponent_is_quiet_when_the_pile_already_gave_the_burraco() -> None:
    # The 8S, 9S and 10S on the pile make their burraco with or without the discard.
    feed = position(
        ["KH", "4D", "5C", "JD"], theirs=[["4S", "5S", "6S", "7S"]], discard=["8S", "9S", "10S"]
    )
    assert "feeds_opponent" not in codes(coach(feed, "discard KH"))


def test_feeds_opponent_handing_a_burraco_is_a_blunder() -> None:
    feed = position(["9S", "KH", "4D", "5C"], theirs=[["3S", "4S", "5S", "6S", "7S", "8S"]])
    finding = only(coach(feed, "discard 9S"), "feeds_opponent")
    assert finding.lost is Lost.BURRACO and finding.severity is Severity.BLUNDER


def test_feeds_opponent_through_the_pile() -> None:
    # The pile holds the 8S and 9S: with the 10S on top they make the burraco.
    feed = position(
        ["10S", "KH", "4D", "5C"], theirs=[["4S", "5S", "6S", "7S"]], discard=["8S", "9S"]
    )
    finding = only(coach(feed, "discard 10S"), "feeds_opponent")
    assert finding.sentence == "coach_feeds_opponent_burraco_two" and finding.rule == "R7"
    assert finding.params == {"card": "10S", "arrangement": ["4S", "5S", "6S", "7S"]}
    assert finding.lost is Lost.BURRACO


def test_feeds_opponent_with_a_new_meld_from_the_pile() -> None:
    # Two nines in the pile and none of their melds: the third nine makes them a set to lay
    # at once (R7, R10); the king of hearts gives nothing. The same analysis the discard
    # puzzles use (engine.strategy.feed_of) finds it, and it is an inaccuracy at least.
    feed = position(["9C", "KH", "4D", "5C"], discard=["QD", "9S", "9H"])
    finding = only(coach(feed, "discard 9C"), "feeds_opponent")
    assert finding.sentence == "coach_feeds_opponent_new_two" and finding.rule == "R10"
    assert finding.params == {"card": "9C", "arrangement": ["9H", "9C", "9S"]}
    assert finding.severity is not Severity.NONE
    assert "feeds_opponent" not in codes(coach(feed, "discard KH"))


def test_a_wildcard_thrown_is_wild_wasted_not_a_feed() -> None:
    # The joker fits their run too, but what was lost is the wildcard: one finding, and
    # a joker thrown is a mistake at least.
    wild = position(["JK", "KH", "4D", "5C"], theirs=[["6S", "7S", "8S"]])
    review = coach(wild, "discard JK")
    assert codes(review) == ["wild_wasted"]
    assert review.findings[0].severity in (Severity.MISTAKE, Severity.BLUNDER)


def test_missed_clean_burraco_for_a_wildcard_added_to_a_complete_meld() -> None:
    # 9C 9D 9S is a set by itself: the joker added is spent for nothing.
    full = position(["9C", "9D", "9S", "JK", "KS", "4H", "7C"])
    finding = only(coach(full, "meld 9C 9D 9S JK"), "missed_clean_burraco")
    assert sorted(map(str, finding.better.cards)) == ["9C", "9D", "9S"]
    assert finding.sentence == "coach_missed_clean_burraco_complete"
    assert finding.severity is not Severity.NONE
    # A wildcard attached lengthens the meld: it is no waste.
    run = position(["JK", "KS", "4D"], mine=[["4H", "5H", "6H"]])
    assert "missed_clean_burraco" not in codes(coach(run, "attach 0 JK"))


def test_wild_wasted_for_a_wildcard_spent_early_on_a_three_card_meld() -> None:
    # Early in the hand the joker buys only 9C 9D JK; late, or with the hand nearly out,
    # laying down is worth it.
    hand = ["9C", "9D", "JK", "KS", "4H", "7C", "3S", "QD"]
    finding = only(coach(position(hand, stock=55), "meld 9C 9D JK"), "wild_wasted")
    assert finding.sentence == "coach_wild_wasted_short" and finding.params["wild"] == "JK"
    assert finding.severity is not Severity.NONE
    assert "wild_wasted" not in codes(coach(position(hand, stock=12), "meld 9C 9D JK"))
    short = position(["9C", "9D", "JK", "KS", "4H"], stock=55)
    assert "wild_wasted" not in codes(coach(short, "meld 9C 9D JK"))


def test_the_better_discard_keeps_the_pairs() -> None:
    # The QS feeds their spades; of the safe cards the lone 4C goes, not an ace or a king
    # of a pair the hand builds on (the club bot's judgement of the hand left).
    feed = position(["QS", "AH", "AD", "4C", "KD", "KC"], theirs=[["9S", "10S", "JS"]])
    finding = only(coach(feed, "discard QS"), "feeds_opponent")
    assert str(finding.better) == "discard 4C"


def test_a_feed_that_hands_no_burraco_is_no_blunder() -> None:
    def fixed(
        view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Any = ()
    ) -> int:
        return 400

    feed = position(["9S", "KH", "4D", "5C"], theirs=[["6S", "7S", "8S"]])
    finding = only(coach(feed, "discard 9S", estimator=fixed), "feeds_opponent")
    assert finding.points == 150 and finding.severity is Severity.MISTAKE


def test_missed_burraco_waits_for_a_clean_one_while_there_is_time() -> None:
    # Lesson 23: the joker would make the six hearts a dirty burraco; with forty cards in
    # the stock and nobody near closing, keeping it for the 3H or 10H is sound. Late in the
    # hand (a short stock) the burraco is missed.
    run = [["4H", "5H", "6H", "7H", "8H", "9H"]]
    early = position(["JK", "KS", "5C", "8D"], mine=run, stock=40)
    late = position(["JK", "KS", "5C", "8D"], mine=run, stock=8)
    assert "missed_burraco" not in codes(coach(early, "discard 5C"))
    assert "missed_burraco" in codes(coach(late, "discard 5C"))


def test_missed_pile_is_quiet_when_the_pile_needs_a_wildcard_of_the_hand() -> None:
    # The KH goes down only as KS KH JK: a wildcard spent on a three-card set to take one
    # card. Drawing is sound; with a second king in hand the pile is missed.
    wild = position(
        ["KS", "JK", "4D", "7C"], discard=["KH"], phase="draw", stock=["3C", "8D", "JS", "5H"]
    )
    natural = position(
        ["KS", "KC", "4D", "7C"], discard=["KH"], phase="draw", stock=["3C", "8D", "JS", "5H"]
    )
    assert "missed_pile" not in codes(coach(wild, "draw"))
    assert "missed_pile" in codes(coach(natural, "draw"))


def test_useless_pile_fires_for_a_one_card_pile_nothing_uses() -> None:
    # Four players: the QD goes with nothing in the hand and fits no meld of the side: a
    # dead card, which the bots leave too.
    four = position(["3C", "7D", "10S", "KH", "5S"], discard=["QD"], phase="draw", players=4)
    finding = only(coach(four, "pile"), "useless_pile")
    assert finding.rule == "R8" and finding.params == {"card": "QD"}
    assert str(finding.better) == "draw" and finding.severity is not Severity.NONE
    assert finding.sentence == "coach_useless_pile"
    # Two players, one card left and the pozzetto taken: the QD cannot go back (R8), so the
    # hand cannot close on it. "Your opponent has seen it."
    last = position(["3C"], discard=["QD"], phase="draw", taken=(True, False))
    assert only(coach(last, "pile"), "useless_pile").sentence == "coach_useless_pile_two"


def test_useless_pile_is_quiet_at_two_players_where_the_bots_take_it() -> None:
    # Head to head a pile left gets the next throw on it and goes to the opponent: the
    # expert takes the QD (the Hint says "pile"), and the coach does not fault it.
    start = position(["3C", "7D", "10S", "KH", "5S"], discard=["QD"], phase="draw")
    taken = decide("expert", view_of(start), legal_actions(start), random.Random(0))
    assert taken.kind is ActionKind.PILE
    assert "useless_pile" not in codes(coach(start, "pile"))


def test_the_arenas_leaver_leaves_just_the_piles_useless_pile_names() -> None:
    # bench.leave_singles, which measured what leaving those piles costs, leaves the QD
    # nothing uses where the club player takes it, and takes it like the club player where
    # the QS and QH make a set with it.
    from bench.leave_singles import Leaver

    def kind(bot: object, start: Position) -> ActionKind:
        return bot.decide(view_of(start), legal_actions(start), random.Random(0)).kind  # type: ignore[attr-defined]

    dead = position(["3C", "7D", "10S", "KH", "5S"], discard=["QD"], phase="draw")
    pair = position(["3C", "7D", "QS", "QH"], discard=["QD"], phase="draw")
    assert (kind(Leaver(), dead), kind(Club(), dead)) == (ActionKind.DRAW, ActionKind.PILE)
    assert kind(Leaver(), pair) is kind(Club(), pair) is ActionKind.PILE


def test_useless_pile_is_quiet_when_the_card_goes_down_at_once() -> None:
    # The QD attaches to the side's queens; with the QS and QH it makes a set.
    attach = position(["3C", "7D"], mine=[["QH", "QC", "QS"]], discard=["QD"], phase="draw")
    pair = position(["3C", "7D", "QS", "QH"], discard=["QD"], phase="draw")
    assert "useless_pile" not in codes(coach(attach, "pile"))
    assert "useless_pile" not in codes(coach(pair, "pile"))


def test_wild_wasted_fires_for_a_discarded_wildcard() -> None:
    wild = position(["JK", "KH", "4D", "5C"])
    finding = only(coach(wild, "discard JK"), "wild_wasted")
    assert not finding.better.cards[0].is_wild
    assert finding.sentence == "coach_wild_wasted_discard_two"
    assert finding.params == {"wild": "JK"}


def test_wild_wasted_fires_for_a_wildcard_on_a_clean_burraco() -> None:
    burraco = position(["2H", "KD", "4S", "5D"], mine=[["3C", "4C", "5C", "6C", "7C", "8C", "9C"]])
    finding = only(coach(burraco, "attach 0 2H"), "wild_wasted")
    assert finding.rule == "R27" and finding.params["loss"] == 100
    assert finding.severity in (Severity.MISTAKE, Severity.BLUNDER)


def test_wild_wasted_is_quiet_when_the_wildcard_is_kept() -> None:
    assert codes(coach(position(["JK", "KH", "4D", "5C"]), "discard KH")) == []


def test_every_code_has_a_test_that_fires_it() -> None:
    source = Path(__file__).read_text()
    assert all(f'"{code}")' in source for code in CODES)


# --- severity ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, Severity.NONE),
        (19, Severity.NONE),
        (20, Severity.INACCURACY),
        (59, Severity.INACCURACY),
        (60, Severity.MISTAKE),
        (150, Severity.MISTAKE),
        (151, Severity.BLUNDER),
    ],
)
def test_severity_thresholds(points: int, expected: Severity) -> None:
    assert severity(points) is expected


def test_what_was_lost_counts_at_least_what_the_rules_give_it() -> None:
    # The estimate says nothing was lost; the burraco missed still counts its bonus, so
    # the severity (from the points alone) never says "blunder" of "about 0 points".
    def nothing(
        view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Any = ()
    ) -> int:
        return 0

    finding = only(coach(NEAR_BURRACO, "discard KS", estimator=nothing), "missed_burraco")
    assert finding.lost is Lost.BURRACO
    assert finding.points == 200 and finding.severity is Severity.BLUNDER


def test_the_estimator_plugs_in() -> None:
    def fixed(points: int) -> Any:
        def estimate(
            view: Position, chosen: Action, better: Action | Line, budget: Budget, known: Any = ()
        ) -> int:
            assert view == seat_view(view)  # the estimator sees what the seat sees
            return points

        return estimate

    # A missed attachment is an inaccuracy at least (docs/coach-audit.md), whatever the
    # estimate says.
    low = only(coach(ATTACH, "discard 9H", estimator=fixed(0)), "missed_attach")
    assert low.points == 20 and low.severity is Severity.INACCURACY
    assert only(coach(ATTACH, "discard 9H", estimator=fixed(45)), "missed_attach").points == 45
    # A missed attachment is an inaccuracy at most while nobody is near closing.
    capped = only(coach(ATTACH, "discard 9H", estimator=fixed(200)), "missed_attach")
    assert capped.points == 59 and capped.severity is Severity.INACCURACY
    # An estimate of no loss drops a finding with no floor, unless a burraco was lost.
    pile = position(
        ["5H", "6H", "KS", "4D", "9C"], discard=["QD", "7H"], phase="draw", stock=["3C", "8D", "JS"]
    )
    assert only(coach(pile, "draw", estimator=fixed(19)), "missed_pile").severity is Severity.NONE
    assert codes(coach(pile, "draw", estimator=fixed(0))) == []
    assert codes(coach(NEAR_BURRACO, "discard KS", estimator=fixed(0))) == ["missed_burraco"]


# --- the expert's playouts as the estimator --------------------------------------------------


def test_the_playouts_weigh_a_finding_the_same_way_every_time() -> None:
    view = seat_view(NEAR_BURRACO)
    chosen, better = Action.parse("discard KS"), Action.parse("attach 0 9C")
    first = playouts(view, chosen, better, Budget())
    assert first == playouts(view, chosen, better, Budget())
    # Missing the burraco costs the bonus, whatever the hidden cards turn out to be.
    assert first >= 100
    # The other way round nothing is lost.
    assert playouts(view, better, chosen, Budget()) == 0


def test_the_playouts_spend_a_bounded_share_of_the_request() -> None:
    view = seat_view(NEAR_BURRACO)
    chosen, better = Action.parse("discard KS"), Action.parse("attach 0 9C")
    budget = Budget()
    playouts(view, chosen, better, budget)
    assert 0 < budget.spent <= PLAYOUT_STEPS
    # With little left they take at most half of it (here too little for one world), and
    # answer as the default then.
    cost = Budget()
    stakes(view, chosen, better, cost)
    small = Budget(max(2 * cost.spent, 160))
    assert playouts(view, chosen, better, small) == stakes(view, chosen, better, Budget())
    assert small.spent <= small.steps // 2 + cost.spent


def test_the_playouts_see_only_what_the_seat_sees() -> None:
    # Two positions that differ only in the hidden cards get the same estimate.
    one = position(["9H", "KS", "4D"], mine=[["6H", "7H", "8H"]], stock=["2C", "3D", "5S"])
    other = position(["9H", "KS", "4D"], mine=[["6H", "7H", "8H"]], stock=["AC", "KD", "7S"])
    chosen, better = Action.parse("discard 9H"), Action.parse("attach 0 9H")
    assert playouts(seat_view(one), chosen, better, Budget()) == playouts(
        seat_view(other), chosen, better, Budget()
    )


def test_best_is_the_costliest_findings_better_action_or_the_choice() -> None:
    assert str(coach(NEAR_BURRACO, "discard KS").best) == "attach 0 9C"
    assert str(coach(NEAR_BURRACO, "attach 0 9C").best) == "attach 0 9C"


# --- bad input and the budget --------------------------------------------------------------


def test_an_illegal_action_is_refused_with_its_reason() -> None:
    with pytest.raises(IllegalActionError, match="You do not hold"):
        coach(ATTACH, "discard 9S")


def test_the_coach_spends_its_budget() -> None:
    with pytest.raises(TooBigError):
        coach(NEAR_BURRACO, "discard KS", budget=Budget(5))


# --- both languages ------------------------------------------------------------------------

ITALIAN = gettext.GNUTranslations((ROOT / "locale/it/LC_MESSAGES/django.mo").open("rb"))
REVIEWS = [
    (ATTACH, "discard 9H"),
    (NEAR_BURRACO, "discard KS"),
    (WILD_FOR_NATURAL, "meld 5H JK 7H"),
    (PINELLA, "discard KS"),
    (AL_VOLO, "discard 9S"),
    (CLOSE, "discard 9H"),
    (FEED, "discard 9S"),
    (position(["JK", "KH", "4D", "5C"]), "discard JK"),
    (
        position(["2H", "KD", "4S", "5D"], mine=[["3C", "4C", "5C", "6C", "7C", "8C", "9C"]]),
        "attach 0 2H",
    ),
    (position(["KS"], mine=[["10S", "JS", "QS"]]), "discard KS"),
    (
        position(
            ["5H", "6H", "KS", "4D", "9C"],
            discard=["QD", "7H"],
            phase="draw",
            stock=["3C", "8D", "JS"],
        ),
        "draw",
    ),
    (
        position(
            ["10S", "KH", "4D", "5C"], theirs=[["4S", "5S", "6S", "7S"]], discard=["8S", "9S"]
        ),
        "discard 10S",
    ),
    (position(["9C", "KH", "4D", "5C"], discard=["QD", "9S", "9H"]), "discard 9C"),
    (position(["3C"], discard=["QD"], phase="draw", taken=(True, False)), "pile"),
    (position(["9C", "9D", "9S", "JK", "KS", "4H", "7C"]), "meld 9C 9D 9S JK"),
    (position(["9C", "9D", "JK", "KS", "4H", "7C", "3S", "QD"], stock=55), "meld 9C 9D JK"),
]


#: The findings whose sentence says "your side" or "your opponents" at four players.
FOUR = [
    (position(["9H", "KS", "4D"], mine=[["6H", "7H", "8H"]], players=4), "discard 9H"),
    (
        position(
            ["9H", "KS"],
            mine=[["3C", "4C", "5C", "6C", "7C", "8C", "9C"], ["6H", "7H", "8H"]],
            taken=(True, False),
            players=4,
        ),
        "discard 9H",
    ),
    (position(["9S", "KH", "4D", "5C"], theirs=[["6S", "7S", "8S"]], players=4), "discard 9S"),
    (position(["JK", "KH", "4D", "5C"], players=4), "discard JK"),
    (
        position(
            ["10S", "KH", "4D", "5C"],
            theirs=[["4S", "5S", "6S", "7S"]],
            discard=["8S", "9S"],
            players=4,
        ),
        "discard 10S",
    ),
    (position(["9C", "KH", "4D", "5C"], discard=["QD", "9S", "9H"], players=4), "discard 9C"),
    (position(["3C", "7D", "10S", "KH", "5S"], discard=["QD"], phase="draw", players=4), "pile"),
    (position(["5H", "6H", "7H", "9C", "9D", "9S"], players=4), "discard 9S"),
]
REVIEWS += FOUR
REVIEWS.append(
    (
        position(
            ["KS", "4D", "9C"],
            mine=[["6H", "7H", "8H"]],
            discard=["QD", "9H"],
            phase="draw",
            stock=["3C", "8D", "JS"],
        ),
        "draw",
    )
)
#: The sentences of an idea said on several turns (engine.coach.ideas), not of one review.
REPEATED = {key for key in MESSAGES if key.startswith("coach_repeated")}


def test_the_reviews_read_every_sentence() -> None:
    read = {
        finding.sentence for start, action in REVIEWS for finding in coach(start, action).findings
    }
    assert read == {key for key in MESSAGES if key.startswith("coach_")} - REPEATED


def test_every_coach_sentence_is_in_both_languages() -> None:
    sentences = {key for key in MESSAGES if key.startswith("coach_")}
    source = "".join(path.read_text() for path in sorted((ROOT / "engine/coach").glob("*.py")))
    used = set(re.findall(r'"(coach_\w+)"', source))
    # Every code has a sentence of its own name, but wild_wasted, which has one per case.
    used |= {f"coach_{code}" for code in CODES if code != "wild_wasted"}
    assert used <= sentences
    for key in sentences:
        template = MESSAGES[key]
        if isinstance(template, Plural):
            english = template.singular
            assert ITALIAN.ngettext(english, template.plural, 1) != english, key
        else:
            assert ITALIAN.gettext(template) != template, key


@pytest.mark.parametrize(("start", "action"), REVIEWS)
def test_each_finding_reads_in_english_and_italian(start: Position, action: str) -> None:
    review = coach(start, action)
    assert review.findings
    for finding in review.findings:
        english, italian = finding.message(), finding.message(ITALIAN.gettext, ITALIAN.ngettext)
        assert finding.sentence in MESSAGES
        assert english == render(finding.sentence, finding.params)
        for text in (english, italian):
            assert not re.search(r"\{\w+\}|\?", text), text
        assert english != italian


# --- every better action is legal, on positions from whole random hands -------------------


def review_hands(players: int, hands: int, seed: str, rules: Rules = DEFAULT) -> tuple[int, int]:
    """Coach every action of random hands; check every better action. Returns how many
    positions were reviewed and how many were too big for the budget."""
    reviewed = too_big = 0
    for number in range(hands):
        rng = random.Random(f"{seed}:{number}")
        current = Match(players=players, rules=rules).deal(rng)
        while not current.is_over:
            action = random_action(current, rng)
            try:
                review = coach(current, action)
            except TooBigError:
                too_big += 1
            else:
                reviewed += 1
                for finding in review.findings:
                    assert is_legal(current, finding.better), (current, action, finding)
                    assert finding.better != action
                    assert finding.severity is severity(finding.points)
                if action.kind.value != "draw":
                    # Hidden cards change nothing: the coach reads only the seat's view.
                    assert coach(seat_view(current), action) == review
            current = transition(current, action).position
    return reviewed, too_big


def test_better_actions_are_legal_on_a_few_random_hands() -> None:
    reviewed, too_big = review_hands(2, 1, "coach-fast")
    assert reviewed > 50 and too_big <= reviewed // 20


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_better_actions_are_legal_on_thousands_of_positions(players: int) -> None:
    reviewed, too_big = review_hands(players, 12, f"coach-{players}")
    assert reviewed > 1_200 and too_big <= reviewed // 20


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["international", "semi-clean", "strict"])
def test_better_actions_are_legal_under_every_variant(preset: str) -> None:
    reviewed, too_big = review_hands(2, 3, f"coach-{preset}", PRESETS[preset])
    assert reviewed > 300 and too_big <= reviewed // 20


# --- what the table saw the opponent take (lesson 21) --------------------------------------

#: The opponent has no meld of nines and the pile nothing that goes with the 9H, but the
#: table saw them take 9S and 9D from the pile earlier and not play them.
TOOK = position(["9H", "KS", "4D", "5C"], discard=["QD"])
NINES = (Card.parse("9S"), Card.parse("9D"))


def test_a_discard_that_completes_a_set_with_cards_the_opponent_took_feeds_them() -> None:
    assert codes(coach(TOOK, "discard 9H")) == []  # nobody remembered the take
    review = coach(TOOK, "discard 9H", known=((), NINES))
    finding = only(review, "feeds_opponent")
    assert finding.params["card"] == "9H" and str(finding.better) != "discard 9H"
    # The other discards give them nothing, remembered or not.
    assert codes(coach(TOOK, "discard KS", known=((), NINES))) == []


def test_the_cards_known_held_are_the_ones_the_position_allows() -> None:
    # The player's own seat is seen whole: cards "known" there count for nobody.
    assert codes(coach(TOOK, "discard 9H", known=(NINES, (Card.parse("9S"),)))) == []
    # A hidden hand of one card holds one of the two nines at most.
    data = TOOK.to_json()
    data["hands"][1] = {"count": 1}
    assert codes(coach(Position.from_json(data), "discard 9H", known=((), NINES))) == []


# --- the game's code (R42, R43) -----------------------------------------------------------


def test_the_coach_reviews_under_the_games_code() -> None:
    from dataclasses import replace

    champion = PRESETS["champion"]
    # One clean burraco: enough to close under FIBur's code, not under Champion (R43), where
    # the coach has no close to miss.
    assert "missed_close" not in codes(coach(replace(CLOSE, rules=champion), "discard 9H"))
    # With a dirty burraco beside it Champion closes too, and the closing missed is its 200.
    pair = position(
        ["9H", "KS"],
        mine=[
            ["3C", "4C", "5C", "6C", "7C", "8C", "9C"],
            ["JK", "4D", "5D", "6D", "7D", "8D", "9D"],
            ["6H", "7H", "8H"],
        ],
        taken=(True, False),
    )
    plain = only(coach(pair, "discard 9H"), "missed_close")
    under = only(coach(replace(pair, rules=champion), "discard 9H"), "missed_close")
    assert plain.params["bonus"] == 100 and under.params["bonus"] == 200
    assert under.points >= plain.points + 100
