"""Burraco's rules as a pure-Python library: ``import engine`` and play.

The front door to the engine, as ``import chess`` is python-chess's: the cards and their
notation, melds and the rules that make them, the rules variants, positions, actions and
the verbs of a game, scoring, the deal, and the errors. Every type with a notation pairs
a parser with ``str``, and ``repr`` is code to paste back:

>>> import engine
>>> card = engine.Card.parse("10H")
>>> str(card), card
('10H', Card.parse('10H'))
>>> str(engine.Card.parse("t♥")), str(engine.Card.parse("jk"))
('10H', 'JK')
>>> meld = engine.Meld.parse("6C JK 8C")
>>> str(meld), str(meld.stands_for), meld.burraco()
('6C JK 8C', '7C', None)
>>> str(engine.attach(meld, engine.parse_cards("7C 10C")))
'6C 7C 8C JK 10C'
>>> action = engine.Action.parse("attach 2 10H JH")
>>> str(action), action
('attach 2 10H JH', Action.parse('attach 2 10H JH'))
>>> engine.Rules.from_dict({"wild_moves": False}) == engine.PRESETS["strict"]
True
>>> engine.PRESETS["strict"].to_dict()
{'wild_moves': False}

A game is a :class:`Position` and the actions legal in it; :func:`apply` returns the next
position and leaves this one as it was:

>>> import random
>>> position = engine.deal(2, random.Random(1))
>>> [str(action) for action in engine.legal_actions(position)]
['draw', 'pile']
>>> engine.Position.parse(str(position)) == position
True
>>> after = engine.apply(position, "draw")
>>> after.phase, position.phase
(<Phase.PLAY: 'play'>, <Phase.DRAW: 'draw'>)
>>> engine.is_legal(after, "draw"), engine.why_illegal(after, "draw").code
(False, 'already_drawn')

Builders raise one of the engine's own errors, all :class:`BurracoError`, a
:class:`ValueError`; the questions (``is_…``, ``can_…``) never raise:

>>> engine.can_meld(engine.parse_cards("JK 2H 7S"))
False
>>> engine.make_meld(engine.parse_cards("JK 2H 7S"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.InvalidMeldError: With the 2 of hearts this meld would hold a second wildcard, ...

Importing ``engine`` loads the rules alone: the bots (:mod:`engine.bots`), the coach
(:mod:`engine.coach`), the puzzles (:mod:`engine.puzzles`), the generator
(:mod:`engine.generate`) and the command-line tools (:mod:`engine.cli`, run as
``python -m engine judge|simulate|arena|bench``) are imported by name when wanted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import (
    Action,
    ActionKind,
    Event,
    Transition,
    apply,
    is_legal,
    legal_actions,
    transition,
    why_illegal,
)
from engine.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    check_copies,
    deck,
    format_cards,
    parse_cards,
    points,
)
from engine.deal import deal
from engine.errors import (
    BurracoError,
    IllegalActionError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    Refusal,
    TooBigError,
)
from engine.match import Match, match_points, victory_points
from engine.melds import (
    Burraco,
    Meld,
    MeldKind,
    attach,
    can_attach,
    can_meld,
    make_meld,
    possible_attachments,
    possible_melds,
)
from engine.rules import DEFAULT, PRESETS, Rules
from engine.scoring import SideScore, score_side
from engine.state import Hidden, Outcome, Phase, Position, Termination

if TYPE_CHECKING:
    from engine.budget import Budget
    from engine.puzzles import Answer, Puzzle, Verdict

__all__ = [
    "DEFAULT",
    "JOKER",
    "PRESETS",
    "Action",
    "ActionKind",
    "Burraco",
    "BurracoError",
    "Card",
    "Event",
    "Hidden",
    "IllegalActionError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidPositionError",
    "Match",
    "Meld",
    "MeldKind",
    "Outcome",
    "Phase",
    "Position",
    "Rank",
    "Refusal",
    "Rules",
    "SideScore",
    "Suit",
    "Termination",
    "TooBigError",
    "Transition",
    "apply",
    "attach",
    "can_attach",
    "can_meld",
    "check",
    "check_copies",
    "deal",
    "deck",
    "format_cards",
    "is_legal",
    "legal_actions",
    "make_meld",
    "match_points",
    "parse_cards",
    "points",
    "possible_attachments",
    "possible_melds",
    "score_side",
    "transition",
    "victory_points",
    "why_illegal",
]


def check(puzzle: Puzzle, answer: Answer, budget: Budget | None = None) -> Verdict:
    """Mark a typed answer to a puzzle: :func:`engine.puzzles.check`, whose module is loaded
    on the first call, so that ``import engine`` stays the rules alone.

    >>> from engine.puzzles import Puzzle, read_answer
    >>> position = {"players": 2, "to_move": 0, "phase": "play", "stock": 60, "discard": ["4C"],
    ...             "hands": [["7H", "8H", "9H", "KS"], {"count": 11}], "melds": [[], []],
    ...             "pozzetti_taken": [False, False]}
    >>> puzzle = Puzzle.from_dict({"kind": "lay-meld", "position": position})
    >>> check(puzzle, read_answer(puzzle.kind, {"cards": ["7H", "8H", "9H"]})).correct
    True
    >>> check(puzzle, read_answer(puzzle.kind, {"cards": ["8H", "9H", "KS"]})).code
    'mixed_suits'

    Raises what :func:`engine.puzzles.check` raises.
    """
    from engine.puzzles import check as check_answer

    return check_answer(puzzle, answer, budget)
