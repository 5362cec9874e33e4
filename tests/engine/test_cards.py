"""Cards (R1, R2): the notation both ways, the 108-card deck, values and copies."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import (
    ALL_CARDS,
    JOKER,
    Card,
    check_copies,
    deck,
    parse_cards,
    points,
)
from engine.errors import BurracoError, InvalidMeldError, InvalidNotationError
from engine.messages import card_words

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
CANONICAL = [rank + suit for suit in SUITS for rank in RANKS] + ["JK"]

#: R2: joker 30; any 2 20; ace 15; K Q J 10 9 8 ten each; 7 6 5 4 3 five each.
VALUES = {"A": 15, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10} | dict.fromkeys(
    "34567", 5
)


def spellings(text: str) -> set[str]:
    """Every way ARCHITECTURE.md lets a person write this card: lower case, T, symbols."""
    if text == "JK":
        return {"JK", "jk", "Jk", "jK"}
    rank, suit = text[:-1], text[-1]
    ranks = {rank, rank.lower()} | ({"T", "t"} if rank == "10" else set())
    suits = {suit, suit.lower(), SUITS[suit]}
    return {r + s for r in ranks for s in suits}


@pytest.mark.parametrize("text", CANONICAL)
def test_every_card_reads_and_writes_its_notation(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", CANONICAL)
def test_every_spelling_reads_as_the_canonical_card(text: str) -> None:
    for spelling in spellings(text):
        assert str(Card.parse(spelling)) == text, spelling


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_repr_is_code_that_gives_the_card_back(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card


def test_there_are_53_different_cards() -> None:
    assert len(ALL_CARDS) == 53
    assert len(set(ALL_CARDS)) == 53
    assert sorted(map(str, ALL_CARDS)) == sorted(CANONICAL)
    assert JOKER in ALL_CARDS and str(JOKER) == "JK"


def test_cards_are_values() -> None:
    assert Card.parse("10h") == Card.parse("T♥") == Card.parse("10H")
    assert hash(Card.parse("10h")) == hash(Card.parse("10H"))
    assert Card.parse("JK") == JOKER
    assert Card.parse("AS") != Card.parse("AH")


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "1H",
        "11C",
        "0S",
        "1",
        "10",
        "H",
        "♥",
        "AX",
        "ZZ",
        "JJ",
        "JKK",
        "J K",
        "KHH",
        "H10",
        "10HH",
        "AH AH",
        "AH,",
        "T10H",
        "10♥♥",
        "joker2",
        "2 C",
        "\x00",
        "Ａ♥",
    ],
)
def test_text_that_is_no_card_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        Card.parse(text)
    assert isinstance(caught.value, BurracoError) and isinstance(caught.value, ValueError)
    assert str(caught.value).strip()


@pytest.mark.parametrize("value", [None, 5, 1.5, b"5C", ["5C"], ("5C",), {"5C": 1}])
def test_a_value_that_is_not_text_is_refused(value: object) -> None:
    with pytest.raises(InvalidNotationError):
        Card.parse(value)  # type: ignore[arg-type]


def test_the_message_names_the_bad_text() -> None:
    with pytest.raises(InvalidNotationError, match="1H"):
        Card.parse("1H")


def test_parse_cards_reads_a_list_or_a_line() -> None:
    expected = [Card.parse("7H"), Card.parse("7H"), Card.parse("7D")]
    assert parse_cards(["7H", "7h", "7♦"]) == expected
    assert parse_cards("7h 7H 7d") == expected
    assert parse_cards("7h,7H, 7d") == expected
    assert parse_cards([]) == [] and parse_cards("") == []


@pytest.mark.parametrize("cards", [["5C", "1H"], "5C XX", ["5C", 5], ["5C", None]])
def test_parse_cards_refuses_a_bad_card(cards: object) -> None:
    with pytest.raises(InvalidNotationError):
        parse_cards(cards)  # type: ignore[arg-type]


def test_parse_cards_and_str_round_trip_a_whole_deck() -> None:
    cards = deck()
    assert parse_cards(" ".join(map(str, cards))) == cards


# --- R1 the deck ----------------------------------------------------------------------


def test_the_deck_has_108_cards() -> None:
    cards = deck()
    assert len(cards) == 108
    counts = Counter(map(str, cards))
    assert counts["JK"] == 4
    assert {text: n for text, n in counts.items() if text != "JK"} == dict.fromkeys(
        CANONICAL[:-1], 2
    )
    check_copies(cards)


def test_the_deck_is_a_new_list_each_time() -> None:
    first = deck()
    first.pop()
    assert len(deck()) == 108


@pytest.mark.parametrize(
    "cards",
    ["7H 7H", "JK JK JK JK", "2C 2C JK JK JK JK AS AS", ""],
)
def test_as_many_copies_as_the_deck_holds_are_fine(cards: str) -> None:
    check_copies(parse_cards(cards))


@pytest.mark.parametrize(
    ("cards", "card"),
    [("7H 7H 7H", "7H"), ("JK JK JK JK JK", "JK"), ("AS 2C AS 3D AS", "AS"), ("10d T♦ 10D", "10D")],
)
def test_more_copies_than_the_deck_holds_are_refused(cards: str, card: str) -> None:
    with pytest.raises(InvalidMeldError) as caught:
        check_copies(parse_cards(cards))
    assert caught.value.code == "too_many_copies"
    assert caught.value.rule == "R1"
    names = {card, Card.parse(card).symbol, card_words(card)}
    assert any(name.lower() in str(caught.value).lower() for name in names)


def test_a_whole_deck_and_one_more_card_is_refused() -> None:
    for extra in ("JK", "5C", "AS"):
        with pytest.raises(InvalidMeldError):
            check_copies([*deck(), Card.parse(extra)])


# --- R2 card values -------------------------------------------------------------------


@pytest.mark.parametrize("text", CANONICAL)
def test_every_card_is_worth_what_r2_says(text: str) -> None:
    expected = 30 if text == "JK" else VALUES[text[:-1]]
    assert Card.parse(text).value == expected


def test_points_add_the_values() -> None:
    assert points([]) == 0
    assert points(parse_cards("JK 2C AS KD 5H")) == 80
    assert points(deck()) == 1080


def test_a_two_is_a_wildcard_and_a_joker_too() -> None:
    assert JOKER.is_joker and JOKER.is_wild
    assert all(Card.parse(f"2{suit}").is_wild for suit in SUITS)
    assert not any(Card.parse(f"{rank}H").is_wild for rank in RANKS if rank != "2")
