"""What the practice table shows: the board from the learner's seat, the move log, the
coach's lines and the score, in the learner's language.

Everything is read from a replayed :class:`play.hands.Hand`; the words are here, the
markup in templates/play/table.html.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from engine.actions import Action, ActionKind, Event
from engine.cards import Card, sorted_cards
from engine.errors import BurracoError
from engine.scoring import SideScore, score_side
from engine.state import Hidden, Phase, Position
from lessons import fields
from lessons.board import BURRACO_BADGES
from lessons.templatetags.cards import card_name
from play.hands import LEARNER, Hand, Step, partner_seat
from play.models import Finding

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
    """A seat as the log names it, by its place at the table seen from the learner."""
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
    return lines


def move_log(hand: Hand, last: int = LOG_LINES) -> list[Line]:
    """The latest lines of the move log, oldest first; the lines of the other players'
    moves since the learner's last one are numbered as new."""
    mine = [index for index, step in enumerate(hand.steps) if step.seat == LEARNER]
    since = mine[-1] + 1 if mine else 0
    lines: list[Line] = []
    for index, step in enumerate(hand.steps):
        for line in log_lines(step, hand.setup.players):
            if index >= since:
                line = replace(line, new=sum(1 for old in lines if old.new) + 1)
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


@dataclass(frozen=True)
class Opponent:
    seat: int
    name: str
    count: int
    partner: bool
    place: str

    @property
    def backs(self) -> range:
        """The card backs drawn for the hand (a fan of a dozen at most)."""
        return range(min(self.count, 12))


@dataclass(frozen=True)
class SideMelds:
    """One side's melds, each with its burraco badge ("" when it is none)."""

    mine: bool
    melds: list[tuple[int, tuple[Card, ...], str, str]]


def _melds(hand: Hand, side: int, mine: bool) -> SideMelds:
    rules = hand.position.rules
    drawn = []
    for index, meld in enumerate(hand.position.melds[side]):
        kind = meld.burraco(rules)
        badge = "" if kind is None else str(BURRACO_BADGES[kind])
        drawn.append((index, tuple(meld.cards), badge, "" if kind is None else kind.value))
    return SideMelds(mine, drawn)


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


def context(hand: Hand, sort: str = "suit") -> dict[str, Any]:
    """The table's pieces for the template."""
    position = hand.position
    players = position.players
    opponents = [
        Opponent(
            seat,
            seat_name(players, seat),
            len(position.hands[seat]),
            seat == partner_seat(players),
            place(players, seat),
        )
        for seat in range(1, players)
    ]
    mine = position.hands[LEARNER]
    cards = () if isinstance(mine, Hidden) else tuple(mine)
    outcome = position.outcome()
    log = move_log(hand)
    return {
        "hand": hand,
        "position": position,
        "opponents": opponents,
        "my_melds": _melds(hand, 0, True),
        "their_melds": _melds(hand, 1, False),
        "cards": sorted_hand(cards, sort),
        "discard": position.discard,
        "stock": position.stock_count,
        "pozzetti": position.pozzetti_taken,
        "drawing": hand.learner_to_move and position.phase is Phase.DRAW,
        "playing": hand.learner_to_move and position.phase is Phase.PLAY,
        "waiting": not hand.over and not hand.learner_to_move,
        "outcome": outcome,
        "scores": None if outcome is None else [_score(score) for score in outcome.scores],
        "log": log,
        "news": news(log),
        "on_table": [on_table(position, side) for side in (0, 1)],
    }


def _score(score: SideScore | None) -> dict[str, int] | None:
    return None if score is None else {**score.breakdown(), "total": score.total}


def on_table(position: Position, side: int) -> int:
    """What a side's melds are worth so far, burraco bonuses included (R35)."""
    score = score_side(
        position.melds[side], (), pozzetto_taken=True, closed=False, rules=position.rules
    )
    return score.table + score.bonus
