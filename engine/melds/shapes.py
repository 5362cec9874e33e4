"""What the meld rules answered once, kept by shape, so as not to ask them again.

A shape is what each card is to the meld (its rank in the meld's suit, the suit's 2,
another wildcard, a card of another suit), not which card it is: attaching 9H 10H to
6H 7H 8H goes the way attaching 10S JS to 7S 8S 9S went. A shape met again is put
together from where its first result put the cards, at a third of the cost of the rules.

:func:`engine.melds.rules.make_meld` and :func:`~engine.melds.rules.attach` look here
first, so this module asks the rules (:mod:`engine.melds.rules`) only for a shape never
met, importing them there.
"""

from __future__ import annotations

from engine.cards import Card
from engine.errors import InvalidMeldError
from engine.melds.meld import _SEQUENCE, Meld, _known_meld
from engine.melds.tables import _BY_KEY, _Tables
from engine.rules import Rules


def _attached_outcome(
    meld: Meld, cards: tuple[Card, ...], rules: Rules, tables: _Tables
) -> Meld | None:
    """``attach(meld, cards)``, or None when refused, by shape (no copies counted)."""
    if meld.kind is _SEQUENCE:
        return _sequence_outcome(meld, cards, rules, tables)
    if meld.cards[0]._key >> 2 != 2:  # a set of a natural rank (not the 2s: R18)
        return _set_outcome(meld, cards, rules, tables)
    kept = tables.outcomes.kept
    try:
        return kept[(meld, cards)]
    except KeyError:
        from engine.melds.rules import _attach  # a meld met for the first time

        try:
            outcome: Meld | None = _attach(meld, cards, rules)
        except InvalidMeldError:
            outcome = None
        return tables.outcomes.put((meld, cards), outcome)


def _card_code(card: Card, order: int) -> int:
    """A card as a meld of the suit ``order`` sees it: a natural of the suit by its rank
    (the 2 is 2: natural or wild), any other wildcard 0, a natural of the suit 1, 2 or 3
    places further in the suits' order 100, 200 or 300 plus its rank."""
    key = card._key
    if not key:
        return 0
    key -= 1
    rank = key >> 2
    if key & 3 == order:
        return rank
    return 0 if rank == 2 else 100 * ((key & 3) - order & 3) + rank


#: _card_code of every card, by the suit's order and the card's key: looked up, not called,
#: for each card of each candidate.
_CARD_CODES = [[_card_code(card, order) for card in _BY_KEY] for order in range(4)]


def _sequence_outcome(
    meld: Meld, cards: tuple[Card, ...], rules: Rules, tables: _Tables
) -> Meld | None:
    """``attach(meld, cards)``, or None when refused, kept by shape: attaching to a
    sequence depends on where its naturals and wildcard stand and on what each card added
    is to it (its rank, the suit's 2, another wildcard), not on the suit or on which
    wildcard: the joker and another suit's 2 go the same way (_attach_to_sequence). The
    shape keeps where each card of the result comes from (the meld's cards, then those
    added)."""
    natural = meld.cards[1] if meld.wild == 0 else meld.cards[0]
    order = natural._key - 1 & 3
    start, size, wild = meld.start, len(meld.cards), meld.wild
    code_of = _CARD_CODES[order]
    wild_code = -1 if wild is None else code_of[meld.cards[wild]._key]
    codes = [code_of[card._key] for card in cards]
    # Away from the ace and the 2 (places 1, 2 and 14), where no natural stands, attaching
    # goes the same way wherever the meld lies: the shape is then taken from its start.
    low, high = _natural_span(start, size, wild)
    shift = 0
    if low >= 3 and high <= 13 and wild_code <= 0 and all(not c or 3 <= c <= 13 for c in codes):
        shift = start
        codes = [c and c - start + 20 for c in codes]
    shape = (-3 if shift else start, size, -1 if wild is None else wild, wild_code, *codes)
    return _by_shape(shape, meld, cards, shift, rules, tables)


def _natural_span(start: int, size: int, wild: int | None) -> tuple[int, int]:
    """The lowest and highest place a sequence's natural cards hold (its wildcard may stand
    at either end)."""
    low = start + 1 if wild == 0 else start
    high = start + size - 2 if wild == size - 1 else start + size - 1
    return low, high


def _set_code(card: Card, rank: int) -> int:
    """A card as a set of ``rank`` sees it: the joker 0, a natural of the rank 10 plus its
    suit's order, any 2 20 (in a set of another rank it is a wildcard, whatever its suit:
    R18), any other card 100 plus its key."""
    key = card._key
    if not key:
        return 0
    if (key - 1) >> 2 == rank:
        return 10 + (key - 1 & 3)
    if (key - 1) >> 2 == 2:
        return 20
    return 100 + key


#: _set_code of every card, by the set's rank and the card's key.
_SET_CODES = [[_set_code(card, rank) for card in _BY_KEY] for rank in range(14)]


def _set_outcome(meld: Meld, cards: tuple[Card, ...], rules: Rules, tables: _Tables) -> Meld | None:
    """``attach(meld, cards)`` to a set, or None when refused, kept by shape as
    _sequence_outcome keeps attachments to sequences: attaching to a set depends on which
    cards are wildcards and on the order of the naturals' suits (a set lies in the suits'
    order), not on the rank (but for the ranks the international game allows a set of,
    R41) nor on which suits they are. So every rank shares what one learnt, and the suits
    present are counted from the first (hearts and spades as hearts and diamonds)."""
    natural = meld.cards[0]._key
    rank = (natural - 1) >> 2
    allowed = rules.allows_set_of(rank)
    code_of = _SET_CODES[rank]
    codes = [code_of[card._key] for card in meld.cards]
    codes += [code_of[card._key] for card in cards]
    suits = sorted({code for code in codes if 10 <= code <= 13})
    if suits[-1] != 9 + len(suits):  # not hearts, then diamonds...: count them anew
        anew = {code: 10 + index for index, code in enumerate(suits)}
        codes = [anew.get(code, code) for code in codes]
    return _by_shape((-4, allowed, len(meld.cards), *codes), meld, cards, 0, rules, tables)


def _made_outcome(cards: tuple[Card, ...], rules: Rules, tables: _Tables) -> Meld | None:
    """``make_meld(cards)`` for cards in display order (as candidates are), or None when
    refused, kept by shape as _sequence_outcome keeps attachments: each card as it is to
    the suit of the first natural card (its rank in that suit; the 2 of that suit; another
    wildcard; a card of another suit, by how many suits further it comes).

    Two kinds of shapes are shared further: naturals all of one rank from 3 to
    the king (a set, or nothing) do not depend on the rank, but in the international game
    (R41); naturals of one suit, of ranks all from 3 to the king and not all one, lay the
    same wherever they lie, away from the ace and the 2 (as _sequence_outcome's)."""
    order = 0
    for card in cards:
        key = card._key
        if key and (key - 1) >> 2 != 2:
            order = key - 1 & 3
            break
    code_of = _CARD_CODES[order]
    codes = [code_of[card._key] for card in cards]
    shift = 0
    ranks = {code % 100 for code in codes if code}
    if len(ranks) == 1:
        rank = ranks.pop()
        if 3 <= rank <= 13 and not rules.international:
            codes = [code and code - rank + 50 for code in codes]
    elif ranks and all(not code or 3 <= code <= 13 for code in codes):
        shift = min(ranks)
        codes = [code and code - shift + 20 for code in codes]
    return _by_shape((-5 if shift else -2, *codes), None, cards, shift, rules, tables)


def _by_shape(
    shape: tuple[int, ...],
    meld: Meld | None,
    cards: tuple[Card, ...],
    shift: int,
    rules: Rules,
    tables: _Tables,
) -> Meld | None:
    """``make_meld(cards)`` (``meld`` None) or ``attach(meld, cards)``, or None when
    refused, by what the rules gave once for the same ``shape``: the cards tried (the
    meld's, then those added) put where the shape's result put them, its start moved by
    ``shift`` (a sequence's shape taken from its start, _sequence_outcome)."""
    pool = cards if meld is None else meld.cards + cards
    try:
        arranged = tables.shapes.kept[shape]
    except KeyError:
        from engine.melds.rules import _attach, _make_meld  # a shape met for the first time

        try:
            result = _make_meld(cards, rules) if meld is None else _attach(meld, cards, rules)
        except InvalidMeldError:
            tables.shapes.put(shape, None)
            return None
        sources = tuple(_source(pool, card) for card in result.cards)
        tables.shapes.put(shape, (result.kind, result.start - shift, result.wild, sources))
        return result
    if arranged is None:
        return None
    kind, start, wild, sources = arranged
    return _known_meld(tuple([pool[i] for i in sources]), kind, wild, start + shift)


def _source(pool: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` of a result came from in ``pool``: the same object, else an equal
    card (equal cards are interchangeable)."""
    for index, other in enumerate(pool):
        if other is card:
            return index
    return pool.index(card)
