"""What the practice table shows: the board from the learner's seat, the move log, the
coach's lines and the score, in the learner's language.

Everything is read from a replayed :class:`play.hands.Hand`; the words are here, the
markup in templates/play/table.html.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from engine.actions import Action, ActionKind, Event
from engine.cards import Card, sorted_cards
from engine.coach import Reason
from engine.errors import BurracoError
from engine.scoring import SideScore, score_side
from engine.state import (
    SIDES,
    Hidden,
    Outcome,
    Phase,
    Position,
    side_count,
    split_sides,
    starting_sides,
)
from lessons import fields
from lessons.board import BURRACO_BADGES
from lessons.templatetags.cards import card_name
from play.hands import LEARNER, Hand, Step, partner_seat
from play.models import Finding

#: A table of two: the other player is "your opponent", never "the other side".
HEADS_UP = 2

#: How many moves the log shows (the latest).
LOG_LINES = 24


#: Where the other seats sit, seen from the learner at the bottom, in the order of play
#: (clockwise: the next player is on the learner's left), for each size of table.
PLACES: dict[int, tuple[str, ...]] = {
    2: ("top",),
    3: ("left", "right"),
    4: ("left", "top", "right"),
    5: ("left", "top-left", "top-right", "right"),
    6: ("left", "top-left", "top", "top-right", "right"),
}


def place(players: int, seat: int) -> str:
    """Where seat ``seat`` (1 to players - 1) sits on the page."""
    return PLACES[players][seat - 1]


def seat_name(players: int, seat: int) -> str:
    """A seat as the log names it, by its place at the table seen from the learner; at
    two players, "Your opponent"."""
    if players == HEADS_UP:
        return _("Your opponent")
    names = {
        "left": _("West"),
        "top-left": _("North-West"),
        "top": _("North"),
        "top-right": _("North-East"),
        "right": _("East"),
    }
    return names[place(players, seat)]


@dataclass(frozen=True)
class Line:
    """One line of the move log: words, and the cards they are about."""

    text: str
    cards: tuple[Card, ...] = ()
    mine: bool = False
    #: For a move since the learner's last one: its place among them (1, 2…), which the
    #: log marks (the felt steps through them in frames, play.views._frame); 0 for older.
    new: int = 0

    @property
    def reveal(self) -> int:
        """The line's place among the new ones, nine and more counted as nine (a class)."""
        return min(self.new, 9)

    @property
    def spoken(self) -> str:
        """The line as a screen reader says it: the words, then the cards by name."""
        names = ", ".join(card_name(card) for card in self.cards)
        return f"{self.text} {names}".strip()


def log_lines(step: Step, players: int) -> list[Line]:
    """The move log's lines for one step: the move, then what it brought about."""
    mine = step.seat == LEARNER
    who = {"who": "" if mine else seat_name(players, step.seat)}
    action = step.action
    number = {"number": (action.meld or 0) + 1}
    cards: tuple[Card, ...] = tuple(action.cards)
    if action.kind is ActionKind.DRAW:
        text = _("You draw from the stock") if mine else _("%(who)s draws from the stock") % who
        cards = (Card.parse(step.drawn),) if mine and step.drawn else ()
    elif action.kind is ActionKind.PILE:
        text = _("You take the discard pile") if mine else _("%(who)s takes the discard pile") % who
        cards = tuple(step.before.discard)
    elif action.kind is ActionKind.MELD:
        text = _("You lay down") if mine else _("%(who)s lays down") % who
    elif action.kind is ActionKind.ATTACH:
        text = (
            _("You attach to meld %(number)s") % number
            if mine
            else _("%(who)s attaches to meld %(number)s") % {**who, **number}
        )
    else:
        text = _("You discard") if mine else _("%(who)s discards") % who
    lines = [Line(text, cards, mine)]
    for event in step.events:
        if event in (Event.POZZETTO_AL_VOLO, Event.POZZETTO_CON_LO_SCARTO):
            said = _("You take your pozzetto") if mine else _("%(who)s takes the pozzetto") % who
        elif event is Event.CLOSED:
            said = _("You close the hand") if mine else _("%(who)s closes the hand") % who
        else:
            said = _("The stock is exhausted: the hand is over")
        lines.append(Line(said, (), mine))
        formed = sides_formed(step, event)
        if formed:
            lines.append(Line(formed, (), mine))
    return lines


def sides_formed(step: Step, event: Event) -> str:
    """What the first pozzetto taken at three or five players does to the sides (R40): its
    taker plays alone from then on, against the others paired; "" for any other event."""
    before = step.before
    taken = event in (Event.POZZETTO_AL_VOLO, Event.POZZETTO_CON_LO_SCARTO)
    if not taken or not before.fluid or any(before.pozzetti_taken):
        return ""
    players = before.players
    sides = split_sides(players, step.seat)
    pairs = [
        seats_name(players, [seat for seat in range(players) if sides[seat] == side])
        for side in sorted(set(sides))
        if side != sides[step.seat]
    ]
    mine = step.seat == LEARNER
    if len(pairs) == 1:
        if mine:
            return _("You play alone from now on, against the side %(side)s.") % {"side": pairs[0]}
        return _("%(who)s plays alone from now on, against the side %(side)s.") % {
            "who": seat_name(players, step.seat),
            "side": pairs[0],
        }
    named = {"first": pairs[0], "second": pairs[1]}
    if mine:
        return _("You play alone from now on, against two sides: %(first)s; %(second)s.") % named
    return _("%(who)s plays alone from now on, against two sides: %(first)s; %(second)s.") % {
        "who": seat_name(players, step.seat),
        **named,
    }


def move_log(hand: Hand, last: int = LOG_LINES) -> list[Line]:
    """The latest lines of the move log, oldest first; the lines of the other players'
    moves since the learner's last one are numbered as new."""
    steps = hand.steps
    since = next(
        (index + 1 for index in range(len(steps) - 1, -1, -1) if steps[index].seat == LEARNER),
        0,
    )
    # Each step makes a line at least, so the last ``last`` steps make the lines shown (and
    # the new ones are all there): a long hand's older moves are not described again.
    first = max(0, min(since, len(steps) - last))
    lines: list[Line] = []
    new = 0
    for index in range(first, len(steps)):
        for line in log_lines(steps[index], hand.setup.players):
            if index >= since:
                new += 1
                line = replace(line, new=new)
            lines.append(line)
    return lines[-last:]


def news(lines: list[Line]) -> str:
    """What the other players did since the learner's last move, as one sentence to announce."""
    return "; ".join(line.spoken for line in lines if line.new)


def step_news(step: Step, players: int) -> str:
    """One move as a screen reader hears it while the table steps through the bots' turns."""
    return "; ".join(line.spoken for line in log_lines(step, players))


def describe(action: Action) -> Line:
    """An action in words, for a hint or a suggestion: "Attach to meld 2" and the cards."""
    kind = action.kind
    if kind is ActionKind.DRAW:
        return Line(_("Draw from the stock"))
    if kind is ActionKind.PILE:
        return Line(_("Take the whole discard pile"))
    if kind is ActionKind.MELD:
        return Line(_("Lay down"), tuple(action.cards))
    if kind is ActionKind.ATTACH:
        return Line(
            _("Attach to meld %(number)s") % {"number": (action.meld or 0) + 1}, action.cards
        )
    return Line(_("Discard"), tuple(action.cards))


def sentence(error: BurracoError, *, nested: bool = False) -> str:
    """The engine's reason in the learner's language (plurals too: lessons.fields.say);
    ``nested`` after a colon of the page's own, so with a small first letter."""
    return fields.sentence(error, nested=nested)


def finding_text(finding: Finding) -> str:
    """A kept finding's sentence in the learner's language."""
    return fields.say(finding.sentence, finding.params)


def reason_text(reason: Reason | None) -> str:
    """Why a hinted move is good (engine.coach.explain), in the learner's language."""
    if reason is None:
        return ""
    return " ".join(fields.say(key, params) for key, params in reason.parts)


@dataclass(frozen=True)
class Opponent:
    seat: int
    name: str
    count: int
    partner: bool
    place: str
    #: Who the seat plays with, said after its name once pairs form (three players, R40):
    #: "with East", "plays alone"; "" when the table's sides are fixed or not yet formed.
    note: str = ""
    #: The colour mark of the seat's side (:func:`side_marks`), or None.
    mark: int | None = None

    @property
    def backs(self) -> range:
        """The card backs drawn for the hand (a fan of a dozen at most)."""
        return range(min(self.count, 12))


@dataclass(frozen=True)
class SideMelds:
    """One side's melds, each with its index, cards, burraco badge ("" when it is none),
    burraco kind and the label a screen reader reads for it."""

    mine: bool
    melds: list[tuple[int, tuple[Card, ...], str, str, str]]
    #: The heading over the side's melds.
    heading: str = ""
    #: The colour mark of the side, the same as its seats' (:func:`side_marks`), or None.
    mark: int | None = None


@dataclass(frozen=True)
class SideView:
    """One side at the table as the learner sees it (R3, R40): its seats, its name, its
    melds and what they are worth, its pozzetto, and once the hand is over its score."""

    side: int
    seats: tuple[int, ...]
    mine: bool
    name: str
    melds: SideMelds
    on_table: int
    pozzetto: bool
    score: dict[str, int] | None = None
    #: What each of the side's players is credited for the hand (a pair's score halved
    #: at three players, R40), when that differs from the side's total.
    credit: int | None = None


def seats_name(players: int, seats: Sequence[int], *, teacher: bool = False) -> str:
    """Seats by their places: "West", "West and East"; the learner's as "You", "You and
    West" (for a ``teacher``, reviewing a student's hand: "The student", "The student and
    West")."""
    others = [seat_name(players, seat) for seat in seats if seat != LEARNER]
    if LEARNER in seats:
        if not others:
            return _("The student") if teacher else _("You")
        if teacher:
            return _("The student and %(who)s") % {"who": others[0]}
        return _("You and %(who)s") % {"who": others[0]}
    if len(others) == 1:
        return others[0]
    return _("%(first)s and %(second)s") % {"first": others[0], "second": others[1]}


def by_seat(position: Position) -> bool:
    """Are the sides named by their seats (three players, R40) rather than as "your side"
    and "the other side" (two and four players, where they are fixed)?"""
    return position.sides is not None


def fixed_pairs(position: Position) -> bool:
    """Are the sides three pairs fixed from the start (six players, R40), so that a side,
    not a player, is weighed against the best other one (a review's gap, the score)?"""
    return by_seat(position) and not position.fluid and not position.all_alone


def fixed_side_name(side: int, *, teacher: bool = False, players: int = 4) -> str:
    """A side of a two- or four-player table, where the learner's is side 0 (R3); at two
    players the learner and their opponent ("You", "Your opponent")."""
    if players == HEADS_UP:
        if teacher:
            return _("The student") if side == 0 else _("The student's opponent")
        return _("You") if side == 0 else _("Your opponent")
    if teacher:
        return _("The student's side") if side == 0 else _("The bots' side")
    return _("Your side") if side == 0 else _("The other side")


def named_totals(players: int) -> bool:
    """Are a match's totals named by seats (three players and more than two sides, R40)
    rather than as "your side" and "the other side"?"""
    return side_count(players) > SIDES


def total_name(players: int, index: int) -> str:
    """Whose total a match keeps at ``index``: a side of two or four players, else the
    seats of the side as the hand begins (each player alone at three, R40)."""
    if not named_totals(players):
        return fixed_side_name(index, players=players)
    seats = [seat for seat, side in enumerate(starting_sides(players)) if side == index]
    return seats_name(players, seats)


def side_name(position: Position, side: int, *, teacher: bool = False) -> str:
    """A side as the learner reads it, or as a ``teacher`` reviewing a student's hand."""
    seats = tuple(position.seats(side))
    if by_seat(position):
        return seats_name(position.players, seats, teacher=teacher)
    return fixed_side_name(0 if LEARNER in seats else 1, teacher=teacher, players=position.players)


def _melds(position: Position, side: int, mine: bool) -> SideMelds:
    rules = position.rules
    named = by_seat(position) and not mine
    who = side_name(position, side)
    drawn = []
    for index, meld in enumerate(position.melds[side]):
        kind = meld.burraco(rules)
        badge = "" if kind is None else str(BURRACO_BADGES[kind])
        number = {"number": index + 1}
        if mine:
            label = _("Meld %(number)s") % number
        elif named:
            label = _("Meld %(number)s of %(who)s") % {**number, "who": who}
        else:
            label = _("Their meld %(number)s") % number
        drawn.append((index, tuple(meld.cards), badge, "" if kind is None else kind.value, label))
    if mine:
        heading = _my_heading(position)
    elif named:
        heading = _("%(who)s's melds") % {"who": who}
    elif position.heads_up:
        heading = _("Your opponent's melds")
    else:
        heading = _("The other side's melds")
    return SideMelds(mine, drawn, heading)


def _my_heading(position: Position) -> str:
    partner = partner_seat(position)
    if partner is None:
        if by_seat(position) and _pairs_formed(position):
            return _("Your melds (you play alone)")
        return _("Your melds")
    if by_seat(position):
        return _("Your side's melds (shared with %(who)s)") % {
            "who": seat_name(position.players, partner)
        }
    return _("Your side's melds (shared with your partner)")


def _pairs_formed(position: Position) -> bool:
    """Have the sides formed at a table where they form during the hand (R40), or are all
    playing alone for the rest of a three-player match?"""
    return position.all_alone or len(position.live_sides) < position.players


def _note(position: Position, seat: int) -> str:
    if not by_seat(position) or not _pairs_formed(position):
        return ""
    mates = [other for other in position.seats(position.side_of(seat)) if other != seat]
    if not mates:
        return _("plays alone")
    if LEARNER in mates:
        return ""  # said as "your partner"
    return _("with %(who)s") % {"who": seat_name(position.players, mates[0])}


def sides(position: Position, outcome: Outcome | None = None) -> list[SideView]:
    """The sides that have players, the learner's first then in the order of play."""
    live = position.live_sides
    order = sorted(live, key=lambda side: min(position.seats(side)))
    views = []
    for side in order:
        seats = tuple(position.seats(side))
        mine = LEARNER in seats
        score = None if outcome is None else _score(outcome.scores[side])
        credit = None
        if outcome is not None and position.fluid and len(seats) > 1:
            credit = outcome.credits[seats[0]]
        views.append(
            SideView(
                side,
                seats,
                mine,
                side_name(position, side),
                _melds(position, side, mine),
                on_table(position, side),
                position.pozzetti_taken[side],
                score,
                credit,
            )
        )
    return views


def pozzetti_left(position: Position) -> str:
    """Where the pozzetti are taken in order as the sides form (three and five players,
    R40), the ones still face down in that order: "Pozzetti left: 17, 11, 11 cards"; ""
    at the other tables, where each side has its own (said side by side)."""
    if not position.fluid:
        return ""
    left = [
        size
        for slot, size in enumerate(position.pozzetto_sizes)
        if not position.pozzetto_taken_at(slot)
    ]
    if not left:
        return _("Every pozzetto has been taken.")
    return _("Pozzetti left, the next one first: %(sizes)s cards.") % {
        "sizes": ", ".join(str(size) for size in left)
    }


def my_credit(views: Sequence[SideView]) -> str:
    """Under the score of a hand where a pair's total is halved (three and five players,
    R40), what the learner is credited and why; "" where every side keeps its total."""
    if not any(view.credit is not None for view in views):
        return ""
    mine = views[0]  # the learner's side comes first (sides)
    total = mine.score["total"] if mine.score else 0
    if mine.credit is None:
        return _("You played alone: you are credited your whole %(total)s.") % {"total": total}
    return _("You are credited %(credit)s: your side's %(total)s halved.") % {
        "credit": mine.credit,
        "total": total,
    }


def side_marks(position: Position, views: Sequence[SideView]) -> dict[int, int]:
    """A colour for each side where the sides are named by their seats and some side has
    two players (six players from the start, three and five once the pairs form, R40): its
    place in ``views``, drawn beside its seats' names and over its melds so that the eye
    sees who plays with whom (the words say it too). None where no side has two players."""
    if not by_seat(position) or all(len(view.seats) < 2 for view in views):
        return {}
    return {view.side: index for index, view in enumerate(views)}


def each_side(views: list[SideView], numbers: Sequence[int]) -> str:
    """A number for each side by its name: "You: 120; West and East: 300"."""
    return "; ".join(
        _("%(who)s: %(points)s") % {"who": view.name, "points": number}
        for view, number in zip(views, numbers, strict=True)
    )


def sorted_hand(cards: tuple[Card, ...], by: str) -> list[Card]:
    """The hand by suit (the engine's display order) or by rank (aces first, jokers last)."""
    by_suit = sorted_cards(cards)
    if by != "rank":
        return by_suit

    def rank_key(card: Card) -> tuple[int, int]:
        if card.rank is None:
            return (99, 0)
        return (card.rank.value, by_suit.index(card))

    return sorted(by_suit, key=rank_key)


def fresh(hand: Hand) -> Counter[Card]:
    """The cards the learner took this turn and still holds (the stock's card, or the
    pile's), marked in the hand while the turn goes on so the eye finds them."""
    if not hand.learner_to_move or hand.position.phase is not Phase.PLAY:
        return Counter()
    for step in reversed(hand.steps):
        if step.seat != LEARNER:
            break
        if step.action.kind is ActionKind.DRAW:
            taken = Counter([Card.parse(step.drawn)] if step.drawn else [])
        elif step.action.kind is ActionKind.PILE:
            taken = Counter(step.before.discard)
        else:
            continue
        return taken & Counter(hand.position.hand)  # the learner is to move
    return Counter()


def marked(cards: Sequence[Card], taken: Counter[Card]) -> list[tuple[Card, bool]]:
    """Each card of the hand with whether it is one just taken (each copy taken once)."""
    left = Counter(taken)
    pairs = []
    for card in cards:
        pairs.append((card, left[card] > 0))
        left[card] -= 1
    return pairs


def context(hand: Hand, sort: str = "suit") -> dict[str, Any]:
    """The table's pieces for the template."""
    position = hand.position
    players = position.players
    partner = partner_seat(position)
    opponents = [
        Opponent(
            seat,
            seat_name(players, seat),
            len(position.hands[seat]),
            seat == partner,
            place(players, seat),
            _note(position, seat),
        )
        for seat in range(1, players)
    ]
    mine = position.hands[LEARNER]
    cards = () if isinstance(mine, Hidden) else tuple(mine)
    in_hand = sorted_hand(cards, sort)
    outcome = position.outcome()
    log = move_log(hand)
    views = sides(position, outcome)
    marks = side_marks(position, views)
    if marks:
        opponents = [replace(seat, mark=marks[position.side_of(seat.seat)]) for seat in opponents]
        views = [replace(view, melds=replace(view.melds, mark=marks[view.side])) for view in views]
    return {
        "hand": hand,
        "position": position,
        "opponents": opponents,
        "sides": views,
        "named_sides": by_seat(position),
        "heads_up": players == HEADS_UP,
        "my_melds": views[0].melds,
        "their_melds": [view.melds for view in views[1:]],
        "cards": in_hand,
        "hand_cards": marked(in_hand, fresh(hand)),
        "discard": position.discard,
        "stock": position.stock_count,
        "pozzetti": position.pozzetti_taken,
        "pozzetti_left": pozzetti_left(position),
        "drawing": hand.learner_to_move and position.phase is Phase.DRAW,
        "playing": hand.learner_to_move and position.phase is Phase.PLAY,
        "waiting": not hand.over and not hand.learner_to_move,
        "outcome": outcome,
        "scores": None if outcome is None else views,
        "credits": outcome is not None and any(view.credit is not None for view in views),
        "my_credit": my_credit(views),
        "log": log,
        "news": news(log),
        "on_table": [view.on_table for view in views],
        "on_table_named": each_side(views, [view.on_table for view in views]),
    }


def _score(score: SideScore | None) -> dict[str, int] | None:
    return None if score is None else {**score.breakdown(), "total": score.total}


def on_table(position: Position, side: int) -> int:
    """What a side's melds are worth so far, burraco bonuses included (R35)."""
    score = score_side(
        position.melds[side], (), pozzetto_taken=True, closed=False, rules=position.rules
    )
    return score.table + score.bonus
