"""The judge's ops for the game (ARCHITECTURE.md): ``legal``, ``play`` and ``victory_points``,
and ``seats`` (the live table's draw, engine.seating).

Each handler takes a request and the rules it names and returns the answer's fields; an
error raised as :class:`~engine.errors.BurracoError` becomes ``ok: false`` in the judge.

>>> from engine.rules import DEFAULT
>>> position = {"players": 2, "to_move": 0, "phase": "draw", "hands": [["5H"], ["6C"]],
...     "melds": [[], []], "discard": ["KS"], "stock": ["4C", "9D", "JH"],
...     "pozzetti_taken": [False, False]}
>>> legal({"position": position}, DEFAULT)
{'actions': ['draw', 'pile']}
>>> answer = play({"position": position, "actions": ["draw", "discard 4C"]}, DEFAULT)
>>> answer["legal"], answer["events"], answer["over"], answer["position"]["stock"]
(True, ['stock_exhausted'], True, ['9D', 'JH'])
>>> answer["result"][0]
{'score': -105, 'breakdown': {'table': 0, 'bonus': 0, 'closing': 0, 'hand': -5, 'pozzetto': -100}}
>>> play({"position": position, "actions": ["draw", "discard 9S"]}, DEFAULT)["code"]
'not_in_hand'
>>> victory_points({"match_points": -300, "hands": 3}, DEFAULT)
{'vp': [7, 13]}
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action, legal_actions, transition
from engine.budget import MOVE_STEPS, Budget
from engine.cards import parse_cards
from engine.errors import InvalidNotationError, InvalidPositionError, Refusal, TooBigError
from engine.match import victory_points as vp_table
from engine.rules import Rules
from engine.seating import draw_for_seats
from engine.state import PLAYER_COUNTS, Position

Answer = dict[str, Any]

#: The most actions one ``play`` request may hold: more than any hand's turns (a hand
#: has at most a turn for each of the stock's cards, and a few one-card piles, R34).
MAX_ACTIONS = 1_000


def legal(request: dict[str, Any], rules: Rules) -> Answer:
    """``{"op": "legal", "position": {...}}``: every legal action now, as strings."""
    position = _position(request, rules)
    return {"actions": [str(action) for action in legal_actions(position, Budget())]}


def play(request: dict[str, Any], rules: Rules) -> Answer:
    """``{"op": "play", "position": {...}, "actions": [...]}``: apply the actions in order.

    All legal: the position after them, the events, whether the hand is over and, when it
    is, each side's score. Otherwise the index of the first illegal action and why.
    """
    position = _position(request, rules)
    texts = request.get("actions")
    if not isinstance(texts, list):
        raise InvalidNotationError("actions_missing")
    if len(texts) > MAX_ACTIONS:
        raise TooBigError("too_many_actions", count=len(texts), most=MAX_ACTIONS)
    budget = Budget()
    actions = []
    for index, text in enumerate(texts):
        try:
            actions.append(Action.parse(text))
        except InvalidNotationError as error:
            raise InvalidNotationError(
                "action_numbered", index=index, number=index + 1, reason=error.as_param()
            ) from None
    events: list[str] = []
    for index, action in enumerate(actions):
        budget.spend(MOVE_STEPS)
        try:
            step = transition(position, action, budget)
        except Refusal as refusal:
            if isinstance(refusal, TooBigError):  # not the move's fault: no verdict
                raise
            return {
                "legal": False,
                "index": index,
                "code": refusal.code,
                "rule": refusal.rule,
                "reason": str(refusal),
                "params": dict(refusal.params),
            }
        position = step.position
        events.extend(event.value for event in step.events)
    answer: Answer = {
        "legal": True,
        "position": position.to_json(),
        "events": events,
        "over": position.is_over,
    }
    outcome = position.outcome()
    if outcome is not None:
        if outcome.void:
            events.append("hand_void")  # R44: nothing scored, the hand is dealt again
        answer["result"] = [
            None if score is None else {"score": score.total, "breakdown": score.breakdown()}
            for score in outcome.scores
        ]
        if position.players in (3, 5):
            # R40: what each player is credited, a pair's score halved.
            answer["credits"] = list(outcome.credits)
    return answer


def victory_points(request: dict[str, Any], rules: Rules) -> Answer:
    """``{"op": "victory_points", "match_points": m, "hands": 3}``: both sides' VP (R38)."""
    for name in ("match_points", "hands"):
        if name not in request:
            raise InvalidNotationError("field_missing", field=name)
    a, b = vp_table(request["match_points"], request["hands"])
    return {"vp": [a, b]}


def _position(request: dict[str, Any], rules: Rules) -> Position:
    if "position" not in request:
        raise InvalidNotationError("field_missing", field="position")
    return Position.from_json(request["position"], rules)


#: The ops to add to :data:`engine.cli.judge.OPS`.
def seats(request: dict[str, Any], rules: Rules) -> Answer:
    """``{"op": "seats", "cards": ["9C", "KH", "3D", "9H"]}``: the live table's draw (R5),
    one card a player in the order they drew: who deals, who plays first, who partners the
    dealer with four players, the seats clockwise from the dealer, or ``redraw`` (seating).

    >>> from engine.rules import DEFAULT
    >>> seats({"cards": ["9C", "KH", "3D", "9H"]}, DEFAULT)["dealer_partner"]
    0
    """
    texts = request.get("cards")
    if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
        raise InvalidNotationError("field_missing", field="cards")
    if len(texts) not in PLAYER_COUNTS:  # refused before a long list is read
        raise InvalidPositionError("players_count", "R3", players=len(texts))
    return draw_for_seats(parse_cards(texts)).to_json()


GAME_OPS = {"legal": legal, "play": play, "seats": seats, "victory_points": victory_points}
