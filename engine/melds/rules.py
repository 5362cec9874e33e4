"""The rules of melds (R10-R25): laying a new meld, attaching cards to one, and the
questions that never raise.

The only place these rules are written. The search of a hand (:mod:`engine.melds.search`,
:mod:`engine.melds.attachments`) asks them, and so do the shapes
(:mod:`engine.melds.shapes`) that keep what they answered once; :func:`make_meld` and
:func:`attach` look there first.

>>> from engine.cards import parse_cards
>>> str(make_meld(parse_cards("8C 7C JK")))
'JK 7C 8C'
>>> meld = make_meld(parse_cards("6C JK 8C 7C"))
>>> str(meld), str(meld.stands_for)
('JK 6C 7C 8C', '5C')
>>> str(attach(Meld.parse("2C 5C 6C"), parse_cards("8C")))
'5C 6C 2C 8C'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from engine.cards import Card, Suit, check_copies, parse_cards
from engine.errors import InvalidMeldError, InvalidNotationError
from engine.melds.meld import _ACE, _SEQUENCE, _SET, _TWO, Meld, _card_at, _sort_index
from engine.melds.shapes import _attached_outcome
from engine.melds.tables import _tables
from engine.rules import DEFAULT, Rules

MIN_CARDS = 3
MAX_SET = 9
#: R14: a sequence holds at most the 13 ranks of its suit as natural cards (A-K or 2-A)...
MAX_NATURALS = 13
#: ...and one wildcard besides as a 14th card, at the end: it covers at most the 14 places
#: from the ace low to the ace high, so this is also the most cards a sequence holds.
MAX_PLACES = 14


def _second_wildcard(wilds: Sequence[Card]) -> InvalidMeldError | None:
    """R19: a meld holds one wildcard at most. The refusal when ``wilds`` are more than
    one, naming the second; None when they are not.

    Every rule that lays a wildcard asks this one question: a new set, a new sequence, a
    sequence attached to, and a sequence read as written.
    """
    if len(wilds) > 1:
        return InvalidMeldError("two_wildcards", "R19", wild=str(wilds[1]))
    return None


# --- making a meld --------------------------------------------------------------------


def _as_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    result = []
    try:
        for card in cards:
            result.append(card if isinstance(card, Card) else parse_cards([card])[0])
    except TypeError:
        raise InvalidNotationError("not_card_list", text=cards) from None
    return tuple(result)


def _parse_meld(arrangement: str | Iterable[str | Card], rules: Rules) -> Meld:
    """:meth:`Meld.parse`: the meld these cards make, in exactly the order written."""
    cards = _as_cards(arrangement)
    meld = make_meld(cards, rules)
    if meld.kind is _SET or meld.cards == cards:
        return meld
    written = _sequence_as_written(cards, meld.suit)
    if written is None:
        raise InvalidMeldError(
            "invalid_arrangement",
            "R13",
            cards=[str(card) for card in cards],
            order=[str(card) for card in meld.cards],
        )
    return written


def make_meld(cards: Iterable[Card | str], rules: Rules = DEFAULT) -> Meld:
    """Lay these cards, in any order, as a new meld (R10-R14, R18-R21).

    Raises :class:`InvalidMeldError` with the code, the rule and the cards when they make
    no meld, and :class:`InvalidNotationError` for something that is not a card.

    >>> make_meld(parse_cards("AC 2C 3C 2S 5C")).wildcard
    Card.parse('2S')
    >>> make_meld(parse_cards("JK 2H 7S"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.errors.InvalidMeldError: With the 2 of hearts this meld would hold a second wildcard, ...
    """
    if cards.__class__ is not tuple:
        return _make_meld(_as_cards(cards), rules)
    # The melds made lately, by the cards as given: a move re-makes the meld
    # its legal actions made. Refusals are not kept.
    made = _tables(rules).made
    try:
        meld = made.kept.get(cards)
    except TypeError:  # something unhashable, which is no card: _as_cards says so
        return _make_meld(_as_cards(cards), rules)
    if meld is None:
        meld = made.put(cards, _make_meld(_as_cards(cards), rules))
    return meld


def _make_meld(cards: tuple[Card, ...], rules: Rules) -> Meld:
    if len(cards) < MIN_CARDS:
        raise InvalidMeldError(
            "too_few_cards", "R10", cards=[str(c) for c in cards], count=len(cards)
        )
    check_copies(cards, rules.decks)
    naturals = [card for card in cards if not card.is_wild]
    if not naturals:
        raise InvalidMeldError("wildcards_only", "R12", cards=[str(c) for c in cards])
    first = naturals[0]
    if len(naturals) > 1 and all(card.rank is first.rank for card in naturals):
        return _make_set(naturals, [card for card in cards if card.is_wild], rules)
    if any(card.suit is not first.suit for card in naturals):
        raise InvalidMeldError("mixed_suits", "R13", cards=[str(c) for c in cards])
    if len(cards) > MAX_PLACES:
        # Whatever else is wrong with them, more cards than any sequence holds (R14).
        raise InvalidMeldError("sequence_too_long", "R14", count=len(cards))
    return _make_sequence(cards, naturals, rules)


def _make_set(naturals: list[Card], wilds: list[Card], rules: Rules) -> Meld:
    rank = naturals[0].rank
    assert rank is not None
    size = len(naturals) + len(wilds)
    if size > MAX_SET:
        # Before a second wildcard, as a sequence's length comes first (docs/game.md).
        raise InvalidMeldError("set_too_large", "R11", count=size)
    too_many = _second_wildcard(wilds)
    if too_many is not None:
        raise too_many
    if not rules.allows_set_of(rank):
        raise InvalidMeldError("set_rank_not_allowed", "R41", rank=rank.symbol)
    naturals.sort(key=_sort_index)
    return Meld(tuple(naturals + wilds), _SET, len(naturals) if wilds else None, 0)


def _rank_order(card: Card) -> int:
    return int(card.rank) if card.rank is not None else 0


def _make_sequence(cards: tuple[Card, ...], naturals: list[Card], rules: Rules) -> Meld:
    suit = naturals[0].suit
    assert suit is not None
    ranks = [int(card.rank) for card in naturals if card.rank is not None]
    seen: set[int] = set()
    doubled: list[Card] = []
    for card, rank in zip(naturals, ranks, strict=True):
        if rank in seen:
            doubled.append(card)
        seen.add(rank)
    # The refusal does not depend on the cards' order: a rank twice other than the ace's
    # first, the lowest such card named; then two aces, one low and one high (R14).
    twice = sorted((card for card in doubled if card.rank is not _ACE), key=_rank_order)
    if twice:
        raise InvalidMeldError("duplicate_rank", "R13", card=str(twice[0]))
    if doubled:
        raise InvalidMeldError("ace_wraps", "R14")
    own_twos = [card for card in cards if card.rank is _TWO and card.suit is suit]
    others = [card for card in cards if card.is_wild and card not in own_twos]
    refusal: InvalidMeldError | None = None
    # Prefer a 2 of the suit as a natural card, and the ace low (ARCHITECTURE.md).
    for natural_two in (True, False) if own_twos else (False,):
        wilds = others + own_twos[1:] if natural_two else others + own_twos
        too_many = _second_wildcard(wilds)
        if too_many is not None:
            refusal = refusal or too_many
            continue
        for ace in (1, 14) if 1 in seen else (1,):
            places = [ace if rank == 1 else rank for rank in ranks]
            if natural_two:
                places.append(2)
            placed = _place(sorted(places), wilds[0] if wilds else None, None, suit)
            if isinstance(placed, InvalidMeldError):
                if refusal is None or refusal.code == "two_wildcards":
                    refusal = placed
                continue
            start, wild_place = placed
            used = naturals + own_twos[:1] if natural_two else naturals
            return _sequence(start, places, used, wilds[0] if wilds else None, wild_place)
    assert refusal is not None
    if 1 in seen and refusal.code != "two_wildcards" and _wraps(ranks, own_twos, others):
        raise InvalidMeldError("ace_wraps", "R14")
    raise refusal


def _place(
    places: list[int], wild: Card | None, fixed: int | None, suit: Suit
) -> tuple[int, int | None] | InvalidMeldError:
    """Where a sequence starts and where its wildcard stands, or why it cannot be laid.

    ``places`` are the natural cards' places, sorted and distinct. A ``wild`` card
    ``fixed`` at a place stays there; otherwise it fills the one gap, or stands at the low
    end, or at the high end when the low end is the ace's (R21). After 13 naturals it is
    the 14th card: after the K, or below the 2 when the ace is high (R14).

    Gaps are R13's, however many: a sequence is consecutive, and a wildcard fills one place;
    R19 is named only where a second wildcard is actually laid (docs/game.md).
    """
    has_wild = wild is not None
    if fixed is not None:
        places = sorted([*places, fixed])
        has_wild = False
    low, high = places[0], places[-1]
    span = high - low + 1
    held = set(places)
    gaps = [place for place in range(low, high) if place not in held]
    if span > MAX_PLACES:
        return InvalidMeldError("sequence_too_long", "R14", count=span)
    if len(gaps) > (1 if has_wild else 0):
        # Name the cards on the table either side, the wildcard as itself.
        around = [
            wild if place == fixed and wild is not None else _card_at(place, suit)
            for place in (gaps[0] - 1, gaps[-1] + 1)
        ]
        return InvalidMeldError(
            "gap" if len(gaps) == 1 else "gaps",
            "R13",
            cards=[str(card) for card in around],
            missing=[str(_card_at(place, suit)) for place in gaps],
            # How many cards short the sequence is, once its wildcard fills a gap.
            short=len(gaps) - (1 if has_wild else 0),
        )
    if not has_wild:
        return low, (fixed if fixed is not None else None)
    if gaps:
        return low, gaps[0]
    if span == MAX_PLACES:
        return InvalidMeldError("sequence_too_long", "R14", count=span + 1)
    if low > 1:
        return low - 1, low - 1
    return low, high + 1


def _sequence(
    start: int, places: list[int], naturals: list[Card], wild: Card | None, wild_place: int | None
) -> Meld:
    """The sequence with these naturals at these places and the wildcard at its place."""
    by_place = dict(zip(places, naturals, strict=True))
    end = max(max(places), wild_place or 0)
    cards = []
    index = None
    for place in range(start, end + 1):
        if place == wild_place:
            assert wild is not None
            index = place - start
            cards.append(wild)
        else:
            cards.append(by_place[place])
    return Meld(tuple(cards), _SEQUENCE, index, start)


def _wraps(ranks: list[int], own_twos: list[Card], others: list[Card]) -> bool:
    """Would these cards be a sequence if the ace could join the king to the 2 (R14)?"""
    for natural_two in (True, False) if own_twos else (False,):
        wilds = len(others) + len(own_twos) - (1 if natural_two else 0)
        values = sorted(set(ranks) | ({2} if natural_two else set()))
        # The shortest arc of the 13-hour clock that holds every card.
        widest = max(
            (values[(i + 1) % len(values)] - values[i]) % 13 or 13 for i in range(len(values))
        )
        arc = 14 - widest
        if arc - len(values) <= min(wilds, 1) and len(values) + wilds <= MAX_PLACES:
            return True
    return False


def _sequence_as_written(cards: tuple[Card, ...], suit: Suit | None) -> Meld | None:
    """The sequence these cards make in exactly this order, if they make one."""
    assert suit is not None
    for index, card in enumerate(cards):
        if card.is_wild or card.rank is None:
            continue
        rank = int(card.rank)
        for start in (rank - index, 14 - index) if rank == 1 else (rank - index,):
            meld = _check_written(cards, suit, start)
            if meld is not None:
                return meld
        return None
    return None


def _check_written(cards: tuple[Card, ...], suit: Suit, start: int) -> Meld | None:
    """The sequence these cards make from place ``start`` exactly as written, or None."""
    if start < 1 or start + len(cards) - 1 > 14 or len(cards) > MAX_PLACES:
        return None
    wilds: list[int] = []
    for index, card in enumerate(cards):
        place = start + index
        if card.is_joker or (card.rank is _TWO and (card.suit is not suit or place != 2)):
            wilds.append(index)
        elif card != _card_at(place, suit):
            return None
    if _second_wildcard([cards[index] for index in wilds]) is not None:
        return None
    return Meld(cards, _SEQUENCE, wilds[0] if wilds else None, start)


# --- attaching ------------------------------------------------------------------------


def attach(meld: Meld, cards: Iterable[Card | str], rules: Rules = DEFAULT) -> Meld:
    """Add all these cards at once to a meld on the table (R17) and return the new meld.

    A bound wildcard keeps its place unless its card is attached (R23); a free one may move
    to the other end or into a gap when ``rules.wild_moves`` (R22); a replaced wildcard
    stays in the meld (R24); a 2 of the suit goes home to place 2 when it can (R25).
    Raises :class:`InvalidMeldError` saying which rule the attachment breaks.

    >>> str(attach(Meld.parse("6C JK 8C"), parse_cards("7C 10C")))
    '6C 7C 8C JK 10C'
    """
    if cards.__class__ is not tuple:
        return _attach(meld, _as_cards(cards), rules)
    # As make_meld: the attachments made lately, refusals not kept; and what the rules
    # gave once for the same shape (a move attaches what the legal actions
    # listed, and they no longer keep the meld each would make).
    tables = _tables(rules)
    key = (meld, cards)
    try:
        result = tables.attached.kept.get(key)
    except TypeError:  # something unhashable, which is no card: _as_cards says so
        return _attach(meld, _as_cards(cards), rules)
    if result is None:
        added = _as_cards(cards)
        _check_added(meld, added, rules)
        result = _attached_outcome(meld, added, rules, tables)
        if result is None:
            return _attach(meld, added, rules)  # raises, saying which rule refuses
        tables.attached.put(key, result)
    return result


def _attach(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld:
    _check_added(meld, added, rules)
    if meld.kind is _SET:
        return _attach_to_set(meld, added, rules)
    return _attach_to_sequence(meld, added, rules)


def _check_added(meld: Meld, added: tuple[Card, ...], rules: Rules) -> None:
    """Refuse an attachment of no card (R17), or of more copies than the deck holds (R1)."""
    if not added:
        raise InvalidMeldError("nothing_to_attach", "R17")
    check_copies(meld.cards + added, rules.decks)


def _attach_to_set(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld:
    rank = meld.rank
    assert rank is not None
    for card in added:
        if not card.is_wild and card.rank is not rank:
            raise InvalidMeldError("rank_mismatch", "R11", card=str(card), rank=rank.symbol)
    naturals = [card for card in meld.cards if not card.is_wild]
    naturals += [card for card in added if not card.is_wild]
    wilds = [card for card in meld.cards if card.is_wild]
    wilds += [card for card in added if card.is_wild]
    return _make_set(naturals, wilds, rules)


def _attach_to_sequence(meld: Meld, added: tuple[Card, ...], rules: Rules) -> Meld:
    suit = meld.suit
    assert suit is not None
    fixed = {meld.start + i: card for i, card in enumerate(meld.cards) if i != meld.wild}
    old_wild = meld.wildcard
    old_place = None if meld.wild is None else meld.start + meld.wild
    new_naturals: list[Card] = []
    own_twos: list[Card] = []
    new_wilds: list[Card] = []
    for card in added:
        if card.is_joker or (card.rank is _TWO and card.suit is not suit):
            new_wilds.append(card)
        elif card.suit is not suit:
            raise InvalidMeldError("wrong_suit", "R13", card=str(card), suit=suit.value)
        elif card.rank is _TWO:
            own_twos.append(card)
        else:
            new_naturals.append(card)
    if len(meld.cards) + len(added) > MAX_PLACES:
        raise InvalidMeldError("sequence_too_long", "R14", count=len(meld.cards) + len(added))
    has_ace = any(card.rank is _ACE for card in fixed.values())
    ace_places: tuple[int | None, ...] = (None,)
    if any(card.rank is _ACE for card in new_naturals):
        if has_ace:
            raise InvalidMeldError("ace_wraps", "R14")
        ace_places = (1, 14)
    refusals: list[InvalidMeldError] = []
    for ace, own_two_home in product(ace_places, (True, False) if own_twos else (False,)):
        places = dict(fixed)
        duplicate = None
        for card in new_naturals:
            place = ace if card.rank is _ACE else int(card.rank)  # type: ignore[arg-type]
            assert place is not None
            if place in places:
                duplicate = card
            places[place] = card
        if own_two_home:
            if 2 in places:
                continue
            places[2] = own_twos[0]
        if duplicate is not None:
            refusals.append(InvalidMeldError("duplicate_rank", "R13", card=str(duplicate)))
            continue
        wilds = new_wilds + (own_twos[1:] if own_two_home else own_twos)
        result = _arrange_with_old_wild(
            meld, suit, places, wilds, old_wild, old_place, rules, refusals
        )
        if result is not None:
            return result
    if meld.wild is None and not new_wilds and not own_twos and 2 in fixed:
        moved = _natural_two_leaves(suit, fixed, new_naturals, ace_places, rules)
        if isinstance(moved, Meld):
            return moved
        if moved is not None:
            raise moved
    refusal = _best_refusal(refusals)
    if refusal.code in ("gap", "gaps", "sequence_too_long"):
        # Around the corner from K to 2 the cards would fit: say so, as make_meld does.
        ranks = [
            int(c.rank)
            for c in (*fixed.values(), *new_naturals)
            if c.rank is not None and c.rank is not _TWO
        ]
        twos = [c for c in (*fixed.values(), *own_twos) if c.rank is _TWO]
        others = [*new_wilds, *([old_wild] if old_wild is not None else [])]
        if 1 in ranks and _wraps(ranks, twos, others):
            raise InvalidMeldError("ace_wraps", "R14")
    raise refusal


def _natural_two_leaves(
    suit: Suit,
    fixed: dict[int, Card],
    new_naturals: list[Card],
    ace_places: tuple[int | None, ...],
    rules: Rules,
) -> Meld | InvalidMeldError | None:
    """R20: a natural 2 on the table leaves its place to stand for a card in a gap.

    Tried last, when nothing else lets the cards on: a card that can stand as a natural
    does (ARCHITECTURE.md). The meld holds no other wildcard and none is attached. Returns
    the new meld; or the R20 refusal when moving the 2 would fill the gap but it may not
    move (``wild_moves`` is off, or the ace below it would be stranded); or None when
    moving it would not help, so the usual refusal stands.
    """
    two = fixed[2]
    for keep_ace in (True, False):
        for ace in ace_places:
            places = {place: card for place, card in fixed.items() if place != 2}
            for card in new_naturals:
                rank = card.rank
                assert rank is not None
                places[ace if rank is _ACE and ace is not None else int(rank)] = card
            if len(places) < len(fixed) - 1 + len(new_naturals):
                continue  # a card already in the meld: the usual refusal says so
            stranded = places.get(1)
            if not keep_ace:
                if stranded is None:
                    continue
                del places[1]
            found = _try(suit, places, [two], None, [])
            # At place 2 the 2 would be natural again: that is not leaving.
            if found is None or found.wild is None or found.start + found.wild <= 2:
                continue
            params = {"wild": str(two), "stands_for": str(found.stands_for)}
            if not rules.wild_moves:
                return InvalidMeldError("natural_two_locked", "R20", **params)
            if keep_ace:
                return found
            return InvalidMeldError("natural_two_holds_ace", "R20", low=str(stranded), **params)
    return None


def _arrange_with_old_wild(
    meld: Meld,
    suit: Suit,
    places: dict[int, Card],
    wilds: list[Card],
    old_wild: Card | None,
    old_place: int | None,
    rules: Rules,
    refusals: list[InvalidMeldError],
) -> Meld | None:
    """Try the old wildcard going home, staying, then moving; record why each fails."""
    if old_wild is None or old_place is None:
        return _try(suit, places, wilds, None, refusals)
    replaced = old_place in places
    options: list[tuple[str, dict[int, Card], list[Card], int | None]] = []
    if old_wild.rank is _TWO and old_wild.suit is suit and 2 not in places:
        options.append(("home", {**places, 2: old_wild}, wilds, None))
    if not replaced:
        options.append(("stay", places, [old_wild, *wilds], old_place))
    if replaced or (rules.wild_moves and not meld.wild_is_bound):
        options.append(("move", places, [old_wild, *wilds], None))
    failed: dict[str, InvalidMeldError] = {}
    for name, option_places, option_wilds, fixed in options:
        tried: list[InvalidMeldError] = []
        found = _try(suit, option_places, option_wilds, fixed, tried)
        if found is not None:
            return found
        failed[name] = tried[-1]
        if name == "stay" and failed[name].code in ("gap", "gaps"):
            failed[name] = _locked(meld, suit, old_wild, rules, option_places, failed[name])
    # Where two explain equally well, the wildcard going home, then moving, says the most.
    refusals.extend(failed[name] for name in ("home", "move", "stay") if name in failed)
    return None


def _locked(
    meld: Meld,
    suit: Suit,
    wild: Card,
    rules: Rules,
    places: dict[int, Card],
    refusal: InvalidMeldError,
) -> InvalidMeldError:
    """Why a wildcard that must stay put blocks this attachment (R22, R23)."""
    stands_for = meld.stands_for
    assert stands_for is not None and meld.wild is not None
    if meld.wild_is_bound:
        return InvalidMeldError(
            "bound_wildcard",
            "R23",
            wild=str(wild),
            stands_for=str(stands_for),
            low=str(meld.cards[meld.wild - 1]),
            high=str(meld.cards[meld.wild + 1]),
        )
    moved = _place(sorted(places), wild, None, suit)
    if not rules.wild_moves and not isinstance(moved, InvalidMeldError):
        return InvalidMeldError("wild_locked", "R22", wild=str(wild), stands_for=str(stands_for))
    return refusal


def _try(
    suit: Suit,
    places: dict[int, Card],
    wilds: list[Card],
    fixed: int | None,
    refusals: list[InvalidMeldError],
) -> Meld | None:
    too_many = _second_wildcard(wilds)
    if too_many is not None:
        refusals.append(too_many)
        return None
    order = sorted(places)
    placed = _place(order, wilds[0] if wilds else None, fixed, suit)
    if isinstance(placed, InvalidMeldError):
        refusals.append(placed)
        return None
    start, wild_place = placed
    return _sequence(
        start, order, [places[p] for p in order], wilds[0] if wilds else None, wild_place
    )


_REFUSAL_ORDER = (
    "duplicate_rank",
    "bound_wildcard",
    "wild_locked",
    "two_wildcards",
    "sequence_too_long",
    "gap",
    "gaps",
)


def _best_refusal(refusals: list[InvalidMeldError]) -> InvalidMeldError:
    """The refusal that explains the most: a blocked wildcard before a gap, and of the
    gaps, the arrangement that came closest (the fewest cards short); the first on a tie."""
    assert refusals

    def rank(refusal: InvalidMeldError) -> tuple[int, int]:
        if refusal.code in ("gap", "gaps"):
            return _REFUSAL_ORDER.index("gap"), int(refusal.params["short"])
        order = _REFUSAL_ORDER.index(refusal.code) if refusal.code in _REFUSAL_ORDER else 99
        return order, 0

    return min(refusals, key=rank)


# --- questions that never raise -------------------------------------------------------


def can_meld(cards: Iterable[Card], rules: Rules = DEFAULT) -> bool:
    """Do these cards make a meld? Never raises."""
    try:
        make_meld(cards, rules)
    except (InvalidMeldError, InvalidNotationError):
        return False
    return True


def can_attach(meld: Meld, cards: Iterable[Card], rules: Rules = DEFAULT) -> bool:
    """Can all these cards be attached to the meld at once? Never raises."""
    try:
        attach(meld, cards, rules)
    except (InvalidMeldError, InvalidNotationError):
        return False
    return True
