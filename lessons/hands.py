"""Guided hands: a whole hand from a fixed deal, replayed through the engine, made into steps.

A lesson step of kind ``hand`` (docs/content.md, "Guided hands") gives a deal and the turns
of every seat as engine action strings. :func:`replay` plays the whole script with
:func:`engine.actions.transition` and refuses it at the first illegal action, or when a
turn does not end where the script says, or when the hand does not end. :func:`hand_steps`
then makes the lesson's steps from the replay: each of the learner's turns an ``ask`` step
on the engine's position at that moment (a ``pile`` or ``close`` puzzle), the other seats'
turns an ``explain`` step that tells what they did and shows the board after them, and the
end a ``score`` question on the final position. No position is written by hand: each one is
the replay's.

On the page, :func:`turn_context` gives a hand turn's nudge and, once the learner's turn is
marked, whether it was the script's; when it was not, the page says the turn was legal and
that the hand goes on as the script plays it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language

from engine import puzzles as engine_puzzles
from engine.actions import Action, ActionKind, transition
from engine.cards import Card, deck, parse_cards
from engine.deal import deal as engine_deal
from engine.errors import BurracoError, Refusal
from engine.puzzles import LinePlayed
from engine.rules import HAND_SIZE
from engine.state import Phase, Position
from lessons.answering import moves
from lessons.board import board

#: The learner's seat in a guided hand; with four players, seat 2 is the partner.
LEARNER = 0
MAX_TURNS = 200
DEAL_FIELDS = {"players", "first", "hands", "pozzetti", "discard", "stock", "seed", "dealer"}
TURN_FIELDS = {"seat", "play", "text", "nudge", "explain", "say", "goal", "rules"}
HAND_FIELDS = {"kind", "rules", "deal", "turns", "end"}


class HandError(ValueError):
    """A guided hand the loader refuses, saying which turn and why."""


@dataclass(frozen=True)
class Turn:
    """One seat's turn as the replay played it."""

    number: int
    spec: Mapping[str, Any]
    seat: int
    actions: tuple[Action, ...]
    before: Position
    after: Position
    events: tuple[str, ...]


# --- the deal and the replay ---------------------------------------------------------------


def deal(spec: Any) -> Position:
    """The hand's first position: a seeded deal (``engine.deal``), or explicit hands, pozzetti,
    discard and the stock's top cards, the rest of the deck following in the seed's shuffle.

    Raises :class:`HandError` for a deal the engine refuses.
    """
    if not isinstance(spec, Mapping) or set(spec) - DEAL_FIELDS:
        raise HandError(f"deal is a mapping of {', '.join(sorted(DEAL_FIELDS))}")
    players = spec.get("players")
    seed = spec.get("seed", 0)
    if not isinstance(seed, int):
        raise HandError("deal: the seed is a whole number")
    try:
        if "hands" not in spec:
            dealer = spec.get("dealer", (players or 2) - 1)
            # Whatever the content wrote: the engine refuses what is no count (players_count).
            return engine_deal(players, random.Random(seed), dealer=dealer)  # type: ignore[arg-type]
        hands = [parse_cards(hand) for hand in spec["hands"]]
        if any(len(hand) != HAND_SIZE for hand in hands):
            raise HandError(f"deal: each player is dealt {HAND_SIZE} cards (R4)")
        pozzetti = [parse_cards(pozzetto) for pozzetto in spec["pozzetti"]]
        discard = parse_cards(spec["discard"])
        stock = parse_cards(spec.get("stock", []))
        used = Counter(card for cards in (*hands, *pozzetti, discard, stock) for card in cards)
        rest = list((Counter(deck()) - used).elements())
        rest.sort(key=lambda card: card.sort_key)
        random.Random(seed).shuffle(rest)
        data = {
            "players": players,
            "to_move": spec.get("first", LEARNER),
            "phase": "draw",
            "hands": [_texts(hand) for hand in hands],
            "melds": [[], []],
            "discard": _texts(discard),
            "stock": _texts([*stock, *rest]),
            "pozzetti_taken": [False, False],
            "pozzetti": [_texts(pozzetto) for pozzetto in pozzetti],
        }
        position = Position.from_json(data)
    except (BurracoError, KeyError, TypeError) as error:
        raise HandError(f"deal: {error}") from None
    if position.card_count() != len(deck()):
        raise HandError(f"deal: the deal holds {position.card_count()} cards, not the whole deck")
    return position


def replay(spec: Mapping[str, Any]) -> list[Turn]:
    """Play every turn of the script through the engine, from the deal to the hand's end.

    Raises :class:`HandError` naming the turn and the engine's reason when an action is
    illegal, a turn is played by a seat that is not to move, a turn ends before its last
    action or not at all, or the hand goes on after the script.
    """
    position = deal(spec.get("deal"))
    turns = spec.get("turns")
    if not isinstance(turns, list) or not turns or len(turns) > MAX_TURNS:
        raise HandError("turns is a list of the seats' turns, in order")
    played = []
    for number, turn in enumerate(turns, start=1):
        where = f"turn {number}"
        if not isinstance(turn, Mapping) or set(turn) - TURN_FIELDS:
            raise HandError(f"{where}: a turn has the fields {', '.join(sorted(TURN_FIELDS))}")
        if position.is_over:
            raise HandError(f"{where}: the hand is already over")
        if turn.get("seat") != position.to_move:
            raise HandError(
                f"{where}: the engine says seat {position.to_move} is to move, not"
                f" {turn.get('seat')!r}"
            )
        played.append(_play_turn(number, turn, position, where))
        position = played[-1].after
    if not position.is_over:
        raise HandError("the script stops before the hand ends: play it to a closing")
    return played


def _play_turn(number: int, turn: Mapping[str, Any], start: Position, where: str) -> Turn:
    texts = turn.get("play")
    if not isinstance(texts, list) or not texts:
        raise HandError(f"{where}: play is the list of the turn's actions")
    position = start
    events: list[str] = []
    actions = []
    for index, text in enumerate(texts, start=1):
        if index > 1 and _turn_over(start, position):
            raise HandError(f"{where}: the turn is over after action {index - 1}")
        try:
            action = Action.parse(text)
            step = transition(position, action)
        except Refusal as refusal:
            raise HandError(f"{where}: {text!r} is illegal: {refusal}") from None
        except BurracoError as error:
            raise HandError(f"{where}: {text!r}: {error}") from None
        actions.append(action)
        position = step.position
        events.extend(event.value for event in step.events)
    if not _turn_over(start, position):
        raise HandError(f"{where}: the turn does not end: finish it with a discard")
    return Turn(number, turn, start.to_move, tuple(actions), start, position, tuple(events))


def _turn_over(start: Position, position: Position) -> bool:
    return (
        position.is_over
        or position.to_move != start.to_move
        or (position.phase is Phase.DRAW and start.phase is Phase.PLAY)
    )


# --- the steps -------------------------------------------------------------------------------


def hand_steps(spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The lesson steps of a guided hand: the learner's turns as questions, the others' as
    explanations, and the score at the end (the step fields of docs/content.md; a turn's
    question also carries ``hand``: its script and nudge). Raises :class:`HandError`."""
    if set(spec) - HAND_FIELDS:
        raise HandError(f"a hand step has the fields {', '.join(sorted(HAND_FIELDS))}")
    turns = replay(spec)
    if turns[0].before.players not in (2, 4):
        raise HandError("a guided hand is for two or four players")
    rules = list(spec.get("rules", []))
    steps: list[dict[str, Any]] = []
    others: list[Turn] = []
    for turn in turns:
        if turn.seat != LEARNER:
            others.append(turn)
            continue
        if others:
            steps.append(_others_step(others, rules))
            others = []
        steps.append(_learner_step(turn, rules))
    steps.append(_end_step(spec.get("end"), turns[-1].after, others, rules))
    return steps


def _learner_step(turn: Turn, rules: list[str]) -> dict[str, Any]:
    spec = turn.spec
    if "text" not in spec:
        raise HandError(f"turn {turn.number}: the learner's turn needs its text (the question)")
    script = [str(action) for action in turn.actions]
    puzzle: dict[str, Any] = {"position": learner_view(turn.before), "answer": {"actions": script}}
    goal = spec.get("goal") or _goal(turn.events)
    if goal == "closed":
        puzzle["kind"] = "close"
    else:
        puzzle.update(kind="pile", goal=goal)
    step: dict[str, Any] = {
        "kind": "ask",
        "rules": list(spec.get("rules", rules)),
        "text": spec["text"],
        "puzzle": puzzle,
        "hand": {"script": script},
    }
    if "nudge" in spec:
        step["hand"]["nudge"] = spec["nudge"]
    if "explain" in spec:
        step["explain"] = spec["explain"]
    return step


def _goal(events: tuple[str, ...]) -> str:
    """The question a scripted turn answers: closing, the pozzetto taken with the discard, or
    any legal turn (the pozzetto taken al volo is played on in the same turn, so its event
    is no place to stop the learner)."""
    if "closed" in events:
        return "closed"
    if "pozzetto_con_lo_scarto" in events:
        return "pozzetto_con_lo_scarto"
    return "turn_ends"


def _others_step(turns: list[Turn], rules: list[str]) -> dict[str, Any]:
    text = _narration(turns)
    return {
        "kind": "explain",
        "rules": _turn_rules(turns, rules),
        "text": text,
        "position": learner_view(turns[-1].after),
    }


def _turn_rules(turns: list[Turn], rules: list[str]) -> list[str]:
    named = [rule for turn in turns for rule in turn.spec.get("rules", [])]
    return list(dict.fromkeys(named)) or rules


def _end_step(end: Any, final: Position, last: list[Turn], rules: list[str]) -> dict[str, Any]:
    """The hand's last step: what happened, and the learner's side's score to work out
    (the engine's breakdown is shown after the answer)."""
    if not isinstance(end, Mapping) or "text" not in end or "score" not in end:
        raise HandError("end gives the text of the last question and your side's score")
    outcome = final.outcome()
    assert outcome is not None  # replay() made sure the hand is over
    closer = None if outcome.closer is None else final.side_of(outcome.closer)
    text = dict(end["text"]) if isinstance(end["text"], Mapping) else end["text"]
    if last and isinstance(text, dict):
        told = _narration(last)
        text = {language: f"{told[language]}\n\n{text.get(language, '')}" for language in told}
    return {
        "kind": "ask",
        "rules": list(end.get("rules", ["R35"])),
        "text": text,
        "puzzle": {
            "kind": "score",
            "side": final.side_of(LEARNER),
            "closed": closer,
            "viewer": LEARNER,
            "position": final.to_json(),
            "answer": {"score": end["score"]},
        },
        **({"explain": end["explain"]} if "explain" in end else {}),
    }


def learner_view(position: Position) -> dict[str, Any]:
    """The position as the learner may see it: the other players' cards as counts. The stock
    and the pozzetti stay listed, so the engine can play the learner's draw and pozzetto."""
    data = position.to_json()
    data["hands"] = [
        hand if seat == LEARNER else {"count": len(position.hands[seat])}
        for seat, hand in enumerate(data["hands"])
    ]
    return data


# --- telling the other seats' turns ---------------------------------------------------------

_WHO = {
    2: {1: ("L'avversario", "Your opponent")},
    4: {
        1: ("L'avversario alla tua sinistra", "The opponent on your left"),
        2: ("Il tuo compagno", "Your partner"),
        3: ("L'avversario alla tua destra", "The opponent on your right"),
    },
}


def _narration(turns: list[Turn]) -> dict[str, str]:
    """What the other seats did, one paragraph a turn, in both languages: drawn from the
    replay, so it always tells what the engine played."""
    paragraphs: dict[str, list[str]] = {"it": [], "en": []}
    for turn in turns:
        names = dict(zip(("it", "en"), _WHO[turn.before.players][turn.seat], strict=True))
        told = dict(zip(("it", "en"), _told(turn), strict=True))
        say = turn.spec.get("say")
        for language, parts in told.items():
            who = names[language]
            if len(parts) <= 3:
                text = f"**{who}** {_joined(parts, _AND[language])}."
            else:  # a long turn reads better as a list, one move a line
                text = f"**{who}**:\n\n" + "\n".join(f"- {part}" for part in parts)
            if isinstance(say, Mapping):
                text += ("\n\n" if len(parts) > 3 else " ") + str(say.get(language, ""))
            paragraphs[language].append(text.rstrip())
    return {language: "\n\n".join(lines) for language, lines in paragraphs.items()}


_AND = {"it": "e", "en": "and"}


def _told(turn: Turn) -> tuple[list[str], list[str]]:
    position = turn.before
    side = position.side_of(turn.seat)
    parts_it: list[str] = []
    parts_en: list[str] = []
    for action in turn.actions:
        step = transition(position, action)
        after = step.position
        cards = _tokens(action.cards)
        if action.kind is ActionKind.DRAW:
            parts_it.append("pesca dal tallone")
            parts_en.append("draws from the stock")
        elif action.kind is ActionKind.PILE:
            pile = _tokens(position.discard)
            parts_it.append(f"prende tutti gli scarti ({pile})")
            parts_en.append(f"takes the whole discard pile ({pile})")
        elif action.kind is ActionKind.MELD:
            laid = _tokens(after.melds[side][-1].cards)
            parts_it.append(f"cala {laid}")
            parts_en.append(f"lays down {laid}")
        elif action.kind is ActionKind.ATTACH:
            assert action.meld is not None
            if side == position.side_of(
                LEARNER
            ):  # the learner's side: its melds are numbered on the board
                parts_it.append(f"attacca {cards} al gioco {action.meld + 1}")
                parts_en.append(f"attaches {cards} to meld {action.meld + 1}")
            else:
                meld = _tokens(position.melds[side][action.meld].cards)
                parts_it.append(f"attacca {cards} a {meld}")
                parts_en.append(f"attaches {cards} to {meld}")
        else:
            parts_it.append(f"scarta {cards}")
            parts_en.append(f"discards {cards}")
        for event in step.events:
            told = _EVENTS.get(event.value)
            if told is not None:
                parts_it.append(told[0])
                parts_en.append(told[1])
        position = after
    return parts_it, parts_en


#: What the events of a turn are called in its telling: the pozzetto taken, the closing.
_EVENTS = {
    "pozzetto_al_volo": (
        "resta senza carte e prende subito il pozzetto (al volo)",
        "runs out of cards and takes the pozzetto at once (al volo)",
    ),
    "pozzetto_con_lo_scarto": (
        "con lo scarto resta senza carte: giocherà il pozzetto dal prossimo turno",
        "runs out of cards with that discard: the pozzetto is theirs from the next turn",
    ),
    "closed": ("così chiude la mano", "so closes the hand"),
    "stock_exhausted": (
        "e nel tallone restano due carte: la mano finisce qui",
        "and two cards are left in the stock: the hand ends here",
    ),
}


def _joined(parts: list[str], conjunction: str) -> str:
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} {conjunction} {parts[-1]}"


def _tokens(cards: Any) -> str:
    return " ".join(f"[{card}]" for card in cards)


def _texts(cards: Any) -> list[str]:
    return [str(card) for card in cards]


# --- on the page ---------------------------------------------------------------------------


def turn_context(
    question: Mapping[str, Any] | None, verdict: engine_puzzles.Verdict | None
) -> dict[str, Any]:
    """A hand turn's nudge (and ``always_playable``: the replay played the turn, so the page
    offers no "it cannot be done"), and once the turn is marked right, whether it was the
    script's (``script_followed``, and ``off_script`` when it was not), the script's moves
    to show when it was not, and the board after the script's turn, from which the hand
    goes on."""
    if question is None:
        return {}
    hand = question.get("hand")
    if not isinstance(hand, Mapping):
        return {}
    nudge = hand.get("nudge") or {}
    language = (get_language() or "it")[:2]
    context: dict[str, Any] = {
        "nudge": nudge.get(language) or nudge.get("it", ""),
        # The replay played this very turn, so "it cannot be done" is never the answer.
        "always_playable": True,
    }
    if verdict is None or not verdict.correct or not isinstance(verdict.detail, LinePlayed):
        return context
    script = list(hand.get("script", []))
    puzzle = engine_puzzles.Puzzle.from_dict(question["puzzle"])
    scripted = engine_puzzles.follow(puzzle, script).position
    played = verdict.detail.position
    context["script_followed"] = same_table(scripted, played)
    # Legal but not the script's: no "Correct!", the page says the hand plays otherwise.
    context["off_script"] = not context["script_followed"]
    context["script"] = script
    context["script_moves"] = moves(script)
    # The table as the hand goes on: after the script's turn, whatever the learner played.
    context["board"] = board(scripted, seat=LEARNER)
    return context


def same_table(one: Position, other: Position) -> bool:
    """Do two positions hold the same cards in the same places, whatever the order the moves
    were made in (melds compared as the cards each holds, hands as the cards held)?"""

    def shape(position: Position) -> tuple[Any, ...]:
        return (
            position.to_move,
            position.phase,
            tuple(_keys(hand) if isinstance(hand, tuple) else len(hand) for hand in position.hands),
            tuple(sorted(_keys(meld.cards) for meld in side) for side in position.melds),
            position.discard,
            position.stock_count,
            position.pozzetti_taken,
        )

    return shape(one) == shape(other)


def _keys(cards: tuple[Card, ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(card.sort_key for card in cards))
