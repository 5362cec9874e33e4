"""A position's JSON read one kind of value at a time, with its sizes checked first; and
the cards and melds of a position still being written (the puzzle editor).

Part of :mod:`engine.state`: :meth:`Position.from_json <engine.state.Position.from_json>`
reads through :func:`read_position`, and :meth:`~engine.state.Position.check` follows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import Card, parse_cards
from engine.errors import (
    BurracoError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    TooBigError,
)
from engine.melds import Meld
from engine.numbers import whole_number
from engine.rules import DEFAULT, Rules
from engine.state.seats import (
    BIG_DECK_SIZE,
    DECK_SIZE,
    MAX_HAND,
    MAX_TOTAL,
    PLAYER_COUNTS,
    decks_for,
    pozzetto_sizes,
    side_count,
    starting_sides,
)
from engine.state.values import Cards, Hand, Hidden, Phase, Stall

if TYPE_CHECKING:
    from engine.state.position import Position


def read_position(cls: type[Position], data: Any, rules: Rules | None) -> Position:
    """Read a position of class ``cls`` from decoded JSON (:meth:`Position.from_json
    <engine.state.Position.from_json>`)."""
    if not isinstance(data, Mapping):
        raise InvalidPositionError("position_not_object", text=data)
    unknown = [key for key in data if key not in _REQUIRED + _OPTIONAL]
    if unknown:
        raise InvalidPositionError(
            "position_unknown_key", text=unknown[0], choices=_REQUIRED + _OPTIONAL
        )
    missing = [key for key in _REQUIRED if key not in data]
    if missing:
        raise InvalidPositionError("position_key_missing", name=missing[0])
    _check_sizes(data)
    if "rules" in data:
        rules = Rules.from_dict(data["rules"])
    rules = rules or DEFAULT
    players = _int(data["players"], "players")
    if players not in PLAYER_COUNTS:
        raise InvalidPositionError("players_count", "R3", players=players)
    if rules.decks != decks_for(players):
        if "decks" in (data.get("rules") or {}):
            raise InvalidPositionError(
                "decks_players",
                "R40",
                decks=rules.decks,
                players=players,
                right=decks_for(players),
            )
        rules = rules.replace(decks=decks_for(players))
    sides_count = side_count(players)
    all_alone = _bool(data.get("all_alone", False), "all_alone")
    hands = _list(data["hands"], "hands", players, "seat")
    melds = _list(data["melds"], "melds", sides_count, "side")
    pozzetti = data.get("pozzetti")
    slots = len(pozzetto_sizes(players, all_alone))
    sides = data.get("sides")
    stock = data["stock"]
    position = cls(
        players=players,
        to_move=_int(data["to_move"], "to_move"),
        phase=_phase(data["phase"]),
        hands=tuple(
            _hand(hand, _place("place_hand", player=seat + 1)) for seat, hand in enumerate(hands)
        ),
        melds=tuple(_side_melds(side, melds[side], rules) for side in range(sides_count)),
        discard=_cards(data["discard"], "discard"),
        stock=(
            Hidden(_count(stock, "stock")) if isinstance(stock, int) else _cards(stock, "stock")
        ),
        pozzetti_taken=tuple(
            _bool(taken, _place("place_pozzetto_taken", side=side + 1))
            for side, taken in enumerate(
                _list(data["pozzetti_taken"], "pozzetti_taken", sides_count, "side")
            )
        ),
        pozzetti=(
            (None,) * slots
            if pozzetti is None
            else tuple(
                None if cards is None else _cards(cards, _place("place_pozzetto", side=side + 1))
                for side, cards in enumerate(
                    _list(pozzetti, "pozzetti", slots, "side" if players in (2, 4) else "pozzetto")
                )
            )
        ),
        pile_single=_card_or_none(data.get("pile_single"), "pile_single"),
        pile_taken=(
            () if data.get("pile_taken") is None else _cards(data["pile_taken"], "pile_taken")
        ),
        stall=_stall(data.get("stall")),
        rules=rules,
        totals=(
            None
            if data.get("totals") is None
            else tuple(
                _int(total, "totals")
                for total in _list(data["totals"], "totals", sides_count, "side")
            )
        ),
        sides=_sides(sides, players),
        all_alone=all_alone,
    )
    position.check()
    return position


_REQUIRED = (
    "players",
    "to_move",
    "phase",
    "hands",
    "melds",
    "discard",
    "stock",
    "pozzetti_taken",
)
_OPTIONAL = (
    "pozzetti",
    "pile_single",
    "pile_taken",
    "stall",
    "rules",
    "totals",
    "sides",
    "all_alone",
)


def _check_sizes(data: Mapping[str, Any]) -> None:
    """Refuse sizes and numbers no game can reach, before reading anything else.

    Without it a hand of ``{"count": 2**63}`` or a stock of 10**21 crashed ``len()``, and a
    million cards took seconds to read. Raises :class:`TooBigError`.
    """
    # Three decks at five and six players (R40); two at any other table.
    players = data.get("players")
    most_cards = BIG_DECK_SIZE if players in (5, 6) and type(players) is int else DECK_SIZE
    for seat, hand in enumerate(_entries(data["hands"])):
        count = hand.get("count") if isinstance(hand, dict) else hand
        size = len(count) if isinstance(count, list) else count
        if isinstance(size, int) and size > MAX_HAND:
            raise TooBigError("hand_too_big", "R1", seat=seat, count=_shown(size), most=MAX_HAND)
    stock = data["stock"]
    if isinstance(stock, int) and stock > most_cards:
        raise TooBigError(
            "number_too_big", "R1", name="stock", value=_shown(stock), most=most_cards
        )
    named = [("stock", stock), ("discard", data["discard"]), ("pile_taken", data.get("pile_taken"))]
    named += [("pozzetti", pozzetto) for pozzetto in _entries(data.get("pozzetti"))]
    sizes = [(name, len(cards)) for name, cards in named if isinstance(cards, list)]
    for side in _entries(data["melds"]):
        melds = _entries(side)
        # Every meld holds a card at least: too many melds are too many cards.
        laid = len(melds) if len(melds) > most_cards else sum(len(_entries(m)) for m in melds)
        sizes.append(("melds", laid))
    for name, size in sizes:
        if size > most_cards:
            raise TooBigError("too_many_cards", "R1", name=name, count=size, most=most_cards)
    totals = data.get("totals")
    for total in _entries(totals):
        if isinstance(total, int) and abs(total) > MAX_TOTAL:
            raise TooBigError(
                "number_too_big", "", name="totals", value=_shown(total), most=MAX_TOTAL
            )
    stall = data.get("stall")
    count = stall.get("count") if isinstance(stall, dict) else None
    if isinstance(count, int) and count > DECK_SIZE:
        raise TooBigError(
            "number_too_big", "R34", name="stall", value=_shown(count), most=DECK_SIZE
        )


def _entries(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


#: Where in a position a value is: a key of the JSON (``"stock"``), or a place such as the
#: hand of a player, an error code of :mod:`engine.messages` with its parameters.
Place = str | dict[str, Any]


def _place(code: str, **params: Any) -> dict[str, Any]:
    """A place in a position, named in a sentence by :mod:`engine.messages` (``place_…``)."""
    return {"code": code, "params": params}


def _shown(number: int) -> str:
    """A number for a sentence, cut short when it is absurdly long."""
    text = str(number)
    return text if len(text) <= 12 else f"{text[:9]}…"


def _int(value: Any, name: Place) -> int:
    return whole_number(value, name, error=InvalidPositionError)


def _count(value: Any, name: Place) -> int:
    count = _int(value, name)
    if count < 0:
        raise InvalidPositionError("negative_count", name=name, count=count)
    return count


def _bool(value: Any, name: Place) -> bool:
    if not isinstance(value, bool):
        raise InvalidPositionError("true_or_false", name=name, text=value)
    return value


def _list(value: Any, name: Place, length: int, each: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidPositionError("list_of_entries", name=name, length=length, each=each)
    return value


def _phase(value: Any) -> Phase:
    try:
        return Phase(value)
    except (ValueError, TypeError):
        raise InvalidPositionError("unknown_phase", "R6", text=value) from None


def _cards(value: Any, where: Place) -> Cards:
    if not isinstance(value, list):
        raise InvalidPositionError("not_a_card_list", name=where, text=value)
    try:
        return tuple(parse_cards(value))
    except InvalidNotationError as error:
        raise InvalidNotationError("cards_in", name=where, reason=error.as_param()) from None


def _card_or_none(value: Any, where: Place) -> Card | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidPositionError("card_or_nothing", name=where, text=value)
    return _cards([value], where)[0]


def _hand(value: Any, where: Place) -> Hand:
    if isinstance(value, dict):
        if set(value) != {"count"}:
            raise InvalidPositionError("hand_shape", name=where, text=value)
        return Hidden(_count(value["count"], where))
    return _cards(value, where)


def _side_melds(side: int, value: Any, rules: Rules) -> tuple[Meld, ...]:
    if not isinstance(value, list):
        raise InvalidPositionError("melds_not_list", side=side + 1, text=value)
    melds = []
    for index, arrangement in enumerate(value):
        place = _place("place_meld", number=index + 1, side=side + 1)
        cards = _cards(arrangement, place)
        try:
            melds.append(Meld.parse(cards, rules))
        except InvalidMeldError as error:
            raise InvalidPositionError(
                "meld_invalid",
                error.rule,
                number=index + 1,
                side=side + 1,
                arrangement=_texts(cards),
                reason=error.as_param(),
            ) from None
    return tuple(melds)


def _sides(value: Any, players: int) -> tuple[int, ...] | None:
    """Each seat's side; None (seat % 2) with two and four players."""
    start = starting_sides(players)
    if value is None:
        return None if players in (2, 4) else start
    sides = tuple(_int(side, "sides") for side in _list(value, "sides", players, "seat"))
    if players in (2, 4) and sides == start:
        return None
    return sides


def _stall(value: Any) -> Stall | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"seat", "count"}:
        raise InvalidPositionError("stall_shape", "R34", text=value)
    return Stall(
        _int(value["seat"], _place("place_stall_player")),
        _int(value["count"], _place("place_stall_count")),
    )


def _texts(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


# --- a position being written (the puzzle editor) -----------------------------------------------


def named_cards(data: Mapping[str, Any]) -> list[Card]:
    """Every card a position's JSON names, where it names them: the hands shown card by
    card, the melds, the discard pile, the stock and the pozzetti when given as cards, the
    cards taken with the pile and the one-card pile's card. For a position still being
    written, whose melds may not be valid yet (R1: no card more often than the deck holds
    it, see :func:`engine.cards.check_copies`).

    >>> hands = [["10C"], {"count": 11}]
    >>> named = named_cards({"hands": hands, "melds": [[["6C", "JK", "8C"]], []], "stock": 40})
    >>> " ".join(map(str, named))
    '10C 6C JK 8C'

    Raises :class:`InvalidNotationError` for a word that is not a card.
    """
    texts: list[str] = []
    for hand in data.get("hands") or []:
        if isinstance(hand, list):
            texts += hand
    for side in data.get("melds") or []:
        for meld in side:
            texts += meld
    texts += data.get("discard") or []
    for place in (data.get("stock"), *(data.get("pozzetti") or ())):
        if isinstance(place, list):
            texts += place
    texts += data.get("pile_taken") or []
    if isinstance(data.get("pile_single"), str):
        texts.append(data["pile_single"])
    return parse_cards(texts)


def meld_refusals(
    melds: Sequence[Sequence[Any]], rules: Rules
) -> list[tuple[int, int, BurracoError]]:
    """Each meld of a position's JSON (one list per side) that is not a meld under these
    rules, as (side, index, the refusal): all of them, where reading the position stops at
    the first.

    >>> melds = [[["6C", "7C"]], [["KD", "KD", "KS"]]]
    >>> [(side, index) for side, index, _ in meld_refusals(melds, DEFAULT)]
    [(0, 0)]
    """
    refused: list[tuple[int, int, BurracoError]] = []
    for side, side_melds in enumerate(melds):
        for index, cards in enumerate(side_melds):
            try:
                Meld.parse(cards, rules)
            except BurracoError as error:
                refused.append((side, index, error))
    return refused
