"""The coach: what a player's action missed, what would have been better, and
roughly what it cost.

:func:`coach` takes a position and the action the player to move chose there, and returns
a :class:`Review`: its findings, each with a stable ``code``, the rule id it rests on, the
``params`` of its sentence (:mod:`engine.messages`, Italian in the catalogue), the
``better`` action, the ``points`` it likely cost and a ``severity``; and ``best``, the
action the coach would have played (the better action of the worst finding, or the
chosen one when nothing was found).

The coach sees only what the player saw: it reviews
:func:`~engine.bots.view.seat_view` of the position
(the player's own hand, the other hands as counts, the stock as a count, no pozzetto's
cards), so a finding never rests on a hidden card, and every ``better`` action is legal in
the position (a test checks it on thousands of positions of random hands). The codes:

- ``missed_close`` (R30): a line this turn closed the hand, and the action gave it up.
- ``missed_pozzetto`` (R29): a line this turn took the pozzetto al volo, given up.
- ``missed_burraco`` (R26): a meld or an attachment made a burraco, given up.
- ``missed_clean_burraco`` (R27, R25): a wildcard laid where a natural card of the hand
  did the same work, or a discard that left a pinella out when a card could send it home.
- ``feeds_opponent`` (R17, R10, R7): the discard fits a meld of the next player's side,
  makes a new meld with the pile's cards and the cards the next player was seen to take
  from the pile and has not played (``coach(…, known=…)``: the practice table passes what
  the whole table saw, lesson 21), or gives them, with the pile, the cards for a
  burraco; another discard did not (the discard's analysis is
  :func:`engine.strategy.feed_of`, the discard puzzles' own). A wildcard thrown is
  ``wild_wasted`` instead.
- ``wild_wasted`` (R18, R27): a wildcard discarded when another card could go, laid on
  a clean burraco, which it makes dirty, or spent early in the hand on a three-card meld.
- ``missed_attach`` (R17): at the discard, a natural card (kept or discarded) fitted one
  of the side's melds.
- ``missed_pile`` (R7): the player drew from the stock, and the pile held cards they could
  have laid down or attached at once; short of a burraco, it counts no more than the pile's
  cards add to what the hand lays anyway.
- ``useless_pile`` (R8): the player took a pile of one natural card that goes with no
  card of the hand and fits none of the side's melds: a dead card kept (it may not go
  back at once) where the stock gave a chance. Not where the bots take it too: head to
  head a pile left goes to the opponent with the next throw, so there it is said only
  with one card left and the pozzetto taken.

Each look ahead is one turn deep and made of single legal actions: a burraco that needed
two plays is not looked for, a close or an al volo is (with :func:`engine.puzzles.find_line`).

**What it cost** is an :class:`Estimator`'s word: ``estimator(view, chosen, better,
budget)`` returns the points the chosen action likely lost against the better one. The
default, :func:`stakes`, is deterministic and cheap: it finishes the turn both ways (the
line that closes or takes the pozzetto when there is one, else the play worth the most,
repeated, then the best discard) and weighs what lies on the table and in the hand with
the rules' numbers: card values (R2), burraco bonuses, the pozzetto and the closing
(:mod:`engine.scoring`), and what the discard hands the next player. :func:`playouts`, the
expert bot's (engine/bots), plays both actions on in sampled worlds of the hidden
cards within a share of the budget: the judge's ``coach`` op and the practice table use it.

**Severity** (:func:`severity`) follows the points alone: ``none`` under 20 points,
``inaccuracy`` from 20 to under 60, ``mistake`` from 60 to 150, ``blunder`` above 150. A
finding that gave up a burraco, the pozzetto or the closing (``lost``) counts at least what
the rules give that (the burraco's bonus, the pozzetto's penalty, the closing's bonus),
whatever the estimate: so a page never shows a blunder of "about 0 points". A finding
whose estimate is 0 or less (the estimator sees no loss) is not made, unless one of those
was lost.

**Each finding counts its own idea**: beside another finding of the same discard, a single
play missed (``missed_attach``, ``missed_burraco``, a pinella sent home) is priced as the play,
then the same discard (a :data:`Line` the estimator plays), not as the best line overall, which
would count the feed or the wildcard thrown again; alone, against its better action. A close or
a pozzetto missed is priced by its whole line.

**One review never contradicts itself**: a finding after the worst one that proposes
discarding a card the worst one's better move plays (or the hand's cards the pile's meld
needs, for ``missed_pile``) is dropped.

**Two players** read "your opponent" and "your meld" (the ``…_two`` sentences); four,
"your opponents" and "your side's meld". A 2 standing as a wildcard is named as the card:
"the 2 of hearts", "la pinella di cuori".

**A hand's findings, said once**: :func:`ideas` groups them by idea (the code and the
cards it concerns), each with its count and turns, worst first; :func:`new_ideas` keeps the
ideas new on a turn (:mod:`~engine.coach.ideas`). **Why a move is good**: :func:`explain`
(:mod:`~engine.coach.why`) gives the reason of a hint from the same reading of the seat.

**The better discard** a finding proposes gives the next side nothing and keeps the most of
the hand towards melds (:func:`~engine.coach.context.hand_shape`): a lone card before one of a
pair. **An attachment proposed** never leaves only discards that give more than the one played.

**Stable**: the review reads the seat's hand in the cards' order (the order a hand is held in
changes nothing), and the playouts meet the same worlds and chances for every candidate of
one decision; a test checks on 2,000 positions of seeded hands that an irrelevant card under
the pile and another order of the hand change no code found.

Everything spends one :class:`~engine.budget.Budget` (a request's, by default); when it
runs out the coach raises :class:`~engine.errors.TooBigError` (``too_big``). A look for a
line this turn (a close, the pozzetto al volo) spends at most its share
(:data:`~engine.coach.context.LINE_STEPS`): past it, no such line is claimed missed.

>>> from engine.actions import Action
>>> from engine.state import Position
>>> position = Position.parse('''{"players": 2, "to_move": 0, "phase": "play",
...   "hands": [["9H", "KS", "4D"], {"count": 10}], "melds": [[["6H", "7H", "8H"]], []],
...   "discard": ["QD"], "stock": 40, "pozzetti_taken": [false, false]}''')
>>> review = coach(position, Action.parse("discard 9H"))
>>> [(f.code, str(f.better), f.severity.value) for f in review.findings]
[('missed_attach', 'attach 0 9H', 'inaccuracy')]
>>> print(review.findings[0].message())  # doctest: +NORMALIZE_WHITESPACE
The 9 of hearts fitted your meld 6♥ 7♥ 8♥: attached, it would count for you on the table
instead of in your hand or on the pile.

The package: :mod:`~engine.coach.review` (:func:`coach` itself),
:mod:`~engine.coach.detectors` (one function per code), :mod:`~engine.coach.estimators`
(:func:`stakes`, :func:`playouts`), :mod:`~engine.coach.findings` (what a review says),
:mod:`~engine.coach.ideas`, :mod:`~engine.coach.why` and :mod:`~engine.coach.context` (the
working values they share).
"""

from __future__ import annotations

from engine.coach.detectors import CODES
from engine.coach.estimators import PLAYOUT_ACTIONS, PLAYOUT_STEPS, PLAYOUT_WORLDS, playouts, stakes
from engine.coach.findings import (
    BLUNDER_ABOVE,
    INACCURACY_FROM,
    MISTAKE_FROM,
    Estimator,
    Finding,
    Line,
    Lost,
    Review,
    Severity,
    idea_of,
    severity,
)
from engine.coach.ideas import Idea, ideas, new_ideas
from engine.coach.review import coach
from engine.coach.why import Reason, explain

__all__ = [
    "BLUNDER_ABOVE",
    "CODES",
    "INACCURACY_FROM",
    "MISTAKE_FROM",
    "PLAYOUT_ACTIONS",
    "PLAYOUT_STEPS",
    "PLAYOUT_WORLDS",
    "Estimator",
    "Finding",
    "Idea",
    "Line",
    "Lost",
    "Reason",
    "Review",
    "Severity",
    "coach",
    "explain",
    "idea_of",
    "ideas",
    "new_ideas",
    "playouts",
    "severity",
    "stakes",
]
