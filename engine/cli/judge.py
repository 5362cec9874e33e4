"""The judge: the engine on the command line, one JSON request a line (ARCHITECTURE.md).

``python -m engine judge`` reads JSON Lines on standard input and writes one JSON answer
per non-empty line, in order. It never stops on bad input: a line it cannot serve gets
``{"ok": false, "error": ...}`` and the judge goes on.

>>> answer({"op": "points", "cards": ["JK", "2C", "AS"]})
{'ok': True, 'points': 65}
>>> answer({"op": "meld", "cards": ["5H", "7H"]})["code"]
'too_few_cards'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from engine.actions import STALL_LIMIT
from engine.bots import bot_op
from engine.cards import Card, check_copies, deck, parse_cards, points
from engine.cli.game_ops import GAME_OPS
from engine.errors import BurracoError, InvalidMeldError, InvalidNotationError, Refusal, TooBigError
from engine.melds import (
    BURRACO_SIZE,
    MAX_PLACES,
    MAX_SET,
    MIN_CARDS,
    Meld,
    attach,
    make_meld,
)
from engine.rules import HAND_SIZE, POZZETTO_SIZE, TARGETS, Rules
from engine.scoring import score_side
from engine.state import DECK_SIZE

Answer = dict[str, Any]
Handler = Callable[[dict[str, Any], Rules], Answer]

#: How an answer begins when the engine itself failed: the fuzz tests look for it.
BUG = "the engine failed on this request (a bug)"


def field(request: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """A required field of a request, of the given JSON type.

    Raises :class:`InvalidNotationError` naming the field when it is missing or mistyped.
    """
    if name not in request:
        raise InvalidNotationError("field_missing", field=name)
    value = request[name]
    # bool is an int in Python: a count must not accept true.
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _tuple(kind)):
        raise InvalidNotationError("field_type", field=name, text=value)
    return value


def _tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def cards_field(request: dict[str, Any], name: str) -> list[Card]:
    """A list of cards in the notation; raises :class:`InvalidNotationError`, and
    :class:`TooBigError` for more cards than the deck holds."""
    return parse_cards(_at_most_a_deck(name, field(request, name, list)))


def _at_most_a_deck(name: str, items: list[Any]) -> list[Any]:
    """``items`` (cards, or melds of at least a card each) unless they are more than the
    deck's 108 cards: refused before reading them."""
    if len(items) > DECK_SIZE:
        raise TooBigError("too_many_cards", "R1", name=name, count=len(items), most=DECK_SIZE)
    return items


def table_meld(arrangement: Any, rules: Rules) -> Meld:
    """A meld already on the table; one that is itself invalid is bad input."""
    if not isinstance(arrangement, list):
        raise InvalidNotationError("meld_not_list", text=arrangement)
    _at_most_a_deck("meld", arrangement)
    try:
        return Meld.parse(parse_cards(arrangement), rules)
    except InvalidMeldError as error:
        raise InvalidNotationError(
            "table_meld_invalid", error.rule, arrangement=arrangement, reason=error.as_param()
        ) from None


def meld_answer(meld: Meld, rules: Rules) -> Answer:
    burraco = meld.burraco(rules)
    return {
        "valid": True,
        "reason": None,
        "kind": meld.kind.value,
        "arrangement": [str(card) for card in meld.cards],
        "wild": None if meld.wildcard is None else str(meld.wildcard),
        "stands_for": None if meld.stands_for is None else str(meld.stands_for),
        "burraco": None if burraco is None else burraco.value,
        "points": meld.points,
    }


def refusal_answer(refusal: Refusal) -> Answer:
    if refusal.code == "too_many_copies":
        # More copies than the deck holds is bad input, not a learner's mistake.
        raise InvalidNotationError.of(refusal)
    return {
        "valid": False,
        "reason": str(refusal),
        "code": refusal.code,
        "rule": refusal.rule,
        "params": dict(refusal.params),
        "kind": None,
        "arrangement": None,
        "wild": None,
        "stands_for": None,
        "burraco": None,
        "points": None,
    }


def _meld(request: dict[str, Any], rules: Rules) -> Answer:
    cards = cards_field(request, "cards")
    try:
        return meld_answer(make_meld(cards, rules), rules)
    except InvalidMeldError as refusal:
        return refusal_answer(refusal)


def _attach(request: dict[str, Any], rules: Rules) -> Answer:
    meld = table_meld(field(request, "meld", list), rules)
    cards = cards_field(request, "cards")
    try:
        return meld_answer(attach(meld, cards, rules), rules)
    except InvalidMeldError as refusal:
        return refusal_answer(refusal)


def _points(request: dict[str, Any], rules: Rules) -> Answer:
    cards = cards_field(request, "cards")
    try:
        check_copies(cards)
    except InvalidMeldError as error:
        raise InvalidNotationError.of(error) from None
    return {"points": points(cards)}


def _score(request: dict[str, Any], rules: Rules) -> Answer:
    melds = [
        table_meld(meld, rules) for meld in _at_most_a_deck("melds", field(request, "melds", list))
    ]
    hand = cards_field(request, "hand")
    try:
        check_copies([card for meld in melds for card in meld.cards] + hand)
    except InvalidMeldError as error:
        raise InvalidNotationError.of(error) from None
    score = score_side(
        melds,
        hand,
        pozzetto_taken=field(request, "pozzetto_taken", bool),
        closed=field(request, "closed", bool),
        rules=rules,
    )
    return {"score": score.total, "breakdown": score.breakdown()}


def _facts(request: dict[str, Any], rules: Rules) -> Answer:
    """The game's numbers, so content can ask the engine instead of writing them down."""
    scores = rules.scores
    return {
        "deck_size": len(deck()),
        "jokers": Card.MAX_JOKERS,
        "copies": Card.MAX_COPIES,
        "wildcards": sum(1 for card in deck() if card.is_wild),
        "hand_size": HAND_SIZE,
        "pozzetto_size": POZZETTO_SIZE,
        "min_meld": MIN_CARDS,
        "max_set": MAX_SET,
        "max_sequence": MAX_PLACES,
        "burraco_size": BURRACO_SIZE,
        "clean_bonus": scores.clean,
        "dirty_bonus": scores.dirty,
        "semi_clean_bonus": scores.semi_clean,
        "closing_bonus": scores.closing,
        "pozzetto_penalty": scores.pozzetto,
        "stall_limit": STALL_LIMIT,
        "targets": list(TARGETS),
        "target": rules.target,
    }


def _puzzle(request: dict[str, Any], rules: Rules) -> Answer:
    """Mark an answer to a puzzle, or list its correct answers when no answer is given."""
    from engine.puzzles import FIELDS, Puzzle, check, read_answer, solutions

    data = field(request, "puzzle", dict)
    puzzle = Puzzle.from_dict({key: value for key, value in data.items() if key in FIELDS})
    if "answer" not in request:
        return {"solutions": [answer.to_json() for answer in solutions(puzzle)]}
    return check(puzzle, read_answer(puzzle.kind, request["answer"])).to_json()


def _coach(request: dict[str, Any], rules: Rules) -> Answer:
    """``{"op": "coach", "position": {...}, "action": "discard 9S"}``: the coach's findings
    on the action chosen by the player to move, and the best action (engine/coach.py),
    the points each likely cost estimated by the expert's playouts within the line's
    budget."""
    from engine.actions import Action
    from engine.coach import coach, playouts
    from engine.state import Position

    position = Position.from_json(field(request, "position", dict), rules)
    action = Action.parse(field(request, "action", str))
    return coach(position, action, estimator=playouts).to_json()


#: Every op the judge serves. Later work adds its ops here in the same style.
OPS: dict[str, Handler] = {
    "meld": _meld,
    "attach": _attach,
    "points": _points,
    "score": _score,
    "facts": _facts,
    "puzzle": _puzzle,
    "coach": _coach,
    **GAME_OPS,
    "bot": bot_op,
}


def answer(request: Any) -> Answer:
    """Answer one request (a decoded JSON value); never raises."""
    if not isinstance(request, dict):
        return _error('each line must be a JSON object such as {"op": "meld", ...}')
    op = request.get("op")
    handler = OPS.get(op) if isinstance(op, str) else None
    if handler is None:
        return _error(f"unknown op {op!r:.60}: the ops are {', '.join(sorted(OPS))}")
    try:
        rules = Rules.from_dict(request.get("rules"))
        return {"ok": True, **handler(request, rules)}
    except BurracoError as error:
        return _error(str(error))
    except RecursionError:
        return _error("the request is nested too deeply")
    except Exception as error:  # the judge never stops (ARCHITECTURE.md)
        # A bug, not bad input: say so, and serve the next line.
        return _error(f"{BUG}: {type(error).__name__} on op {op!r}")


def answer_line(line: str) -> str | None:
    """The JSON answer to one input line, or None for a blank line; never raises."""
    if not line.strip():
        return None
    try:
        request = json.loads(line)
    except (ValueError, RecursionError) as error:
        result = _error(f"the line is not JSON: {error}")
    else:
        result = answer(request)
    text = json.dumps(result, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from the input, echoed in an error
        text = json.dumps(result)
    return text


def _error(message: str) -> Answer:
    return {"ok": False, "error": message}


def run(lines: Iterable[str], out: TextIO) -> None:
    """Answer every line, flushing after each so a caller can converse line by line."""
    for line in lines:
        result = answer_line(line)
        if result is not None:
            out.write(result + "\n")
            out.flush()


def main(argv: list[str]) -> int:
    """``python -m engine judge``: answer standard input until it ends."""
    del argv
    run(sys.stdin, sys.stdout)
    return 0
