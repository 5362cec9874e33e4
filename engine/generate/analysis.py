"""What the engine says about a candidate: its themes, a difficulty, and whether its question
is clear enough to keep (one analysis per kind of puzzle, :data:`ANALYSE`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action, ActionKind, transition
from engine.cards import Card, Rank
from engine.errors import Refusal
from engine.generate.builder import (
    as_cards,
    is_near,
    touching,
)
from engine.melds import (
    Burraco,
    Meld,
    MeldKind,
    attach,
    make_meld,
    possible_attachments,
    possible_melds,
)
from engine.puzzles import Kind, Puzzle
from engine.rules import PRESETS, Rules
from engine.state import Hidden, Phase, Position


@dataclass(slots=True)
class _Facts:
    """What the analysis of a candidate found: themes, features for the difficulty, and
    whether its question is clear enough to keep."""

    themes: set[str] = field(default_factory=set)
    clear: bool = True
    score: int = 1000


def _wild_themes(before: Meld, after: Meld, added: Sequence[Card]) -> set[str]:
    """The wildcard rules an attachment shows (R18-R25)."""
    themes: set[str] = set()
    if after.kind is MeldKind.SET:
        if after.wildcard is not None:
            themes.add("R18")
        return themes
    if any(c.is_wild for c in after.cards):
        themes.add("R18")
    if _natural_two(after) and (after.wildcard is not None or _natural_two(after) in added):
        themes.add("R20")
    if any(c.rank is Rank.ACE for c in after.cards):
        themes.add("R14")
    old = before.wildcard
    if old is not None and before.wild is not None:
        old_place = before.start + before.wild
        if before.wild_is_bound:
            themes.add("R23")
        still = after.wild is not None and after.cards[after.wild] == old
        if not still:
            themes.add("R25")  # the pinella took its natural place
            if before.stands_for in added:
                themes.add("R24")
        elif before.stands_for in added:
            themes.add("R24")
            if after.wild in (0, len(after.cards) - 1):
                themes.add("R21")  # replaced, it went to the end R21 says
        elif after.wild is not None and after.start + after.wild != old_place:
            themes.add("R22")
    elif after.wild is not None and after.wild in (0, len(after.cards) - 1):
        themes.add("R21")
    return themes


def _natural_two(meld: Meld) -> Card | None:
    """The 2 of a sequence's suit standing at its own place (R20), if any."""
    if meld.kind is not MeldKind.SEQUENCE or meld.start > 2:
        return None
    index = 2 - meld.start
    if index >= len(meld.cards) or index == meld.wild:
        return None
    card = meld.cards[index]
    return card if card.rank is Rank.TWO else None


def _refusal(meld: Meld, cards: Sequence[Card], rules: Rules) -> Refusal | None:
    try:
        attach(meld, cards, rules)
    except Refusal as refusal:
        return refusal
    return None


def _relevant(meld: Meld, card: Card) -> bool:
    return card.is_wild or card in touching(meld.cards)


#: Refusals that teach something when they are why a card cannot go on a meld.
_TELLING = {"R11", "R13", "R14", "R19", "R22", "R23"}


def _analyse_attach(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R17"}, score=1000)
    rules = puzzle.rules
    focus = puzzle.focus[0]
    melds = puzzle.side_melds
    relevant = [i for i, meld in enumerate(melds) if _relevant(meld, focus)]
    if not relevant:
        return _Facts(clear=False)
    if focus.is_wild:
        facts.themes.add("R18")
    if answers[0].get("none"):
        refused = [r for i in relevant if (r := _refusal(melds[i], (focus,), rules)) is not None]
        rules_hit = {r.rule for r in refused} & _TELLING
        if not rules_hit:
            return _Facts(clear=False)
        facts.themes |= rules_hit
        facts.score += 150 + 50 * len(rules_hit)
        for i in relevant:
            meld = melds[i]
            facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
            if meld.wild_is_bound:
                facts.themes.add("R23")
        if any(melds[i].wildcard is not None for i in relevant):
            facts.score += 100
    else:
        used = Counter(a["meld"] for a in answers)
        shortest = min(len(a["cards"]) for a in answers)
        for answer in answers:
            meld = melds[answer["meld"]]
            added = as_cards(answer["cards"])
            after = attach(meld, added, rules)
            facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
            facts.themes |= _wild_themes(meld, after, added)
        if shortest > 1:
            facts.score += 200  # the focus goes on only together with another card
        facts.score += 100 if len(answers) == 1 else (-100 if len(answers) >= 4 else 0)
        facts.score += 60 * len(facts.themes & {"R22", "R23", "R24", "R25"})
        facts.score -= 50 * (len(used) - 1)
    facts.score += 20 * max(0, len(puzzle.position.hand) - 5) + 30 * max(0, len(melds) - 2)
    return facts


def _analyse_lay(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R10"}, score=950)
    position = puzzle.position
    hand = position.hand
    rules = puzzle.rules
    wilds = sum(1 for c in hand if c.is_wild)
    candidates = [m for m in possible_melds(hand, rules) if _holds(m.cards, puzzle.focus)]
    refusals = {r.rule for m in candidates if (r := _lay_refusal(position, m.cards)) is not None}
    facts.themes |= refusals - {"R6"}
    if wilds >= 3:
        facts.themes.add("R12")
    found = [make_meld(as_cards(a["cards"]), rules) for a in answers if "cards" in a]
    for meld in found:
        facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
        if meld.wildcard is not None:
            facts.themes.add("R18")
            if wilds >= 2:
                facts.themes.add("R19")
        if _natural_two(meld) is not None:
            facts.themes.add("R20")
        if meld.kind is MeldKind.SEQUENCE and any(c.rank is Rank.ACE for c in meld.cards):
            facts.themes.add("R14")
    if puzzle.goal == "best":
        facts.themes.add("R2")
        if len(found) != 1:
            return _Facts(clear=False)
        # the best meld is hard to see when many melds compete
        facts.score += 150 + min(250, 15 * len(candidates))
    elif puzzle.goal == "burraco":
        facts.themes |= {"R26", "R27"}
        facts.score += 200
        if not found and len(hand) < 7:
            return _Facts(clear=False)
    else:
        if not found and not refusals and wilds < 3 and not _temptations(hand):
            return _Facts(clear=False)
        facts.score += 150 if not found else (-100 if len(found) >= 4 else 0)
    facts.score += 60 * len(facts.themes & {"R12", "R14", "R15", "R19", "R20"})
    facts.score += 20 * max(0, len(hand) - 6)
    return facts


def _holds(cards: Sequence[Card], focus: Sequence[Card]) -> bool:
    counts = Counter(cards)
    return all(counts[c] >= n for c, n in Counter(focus).items())


def _lay_refusal(position: Position, cards: Sequence[Card]) -> Refusal | None:
    try:
        transition(position, Action(ActionKind.MELD, tuple(cards)))
    except Refusal as refusal:
        return refusal
    return None


def _temptations(hand: Sequence[Card]) -> bool:
    """Does the hand hold a pair of cards that almost make a meld?"""
    naturals = [c for c in hand if not c.is_wild]
    return any(is_near(a, b) for i, a in enumerate(naturals) for b in naturals[i + 1 :])


def _analyse_wildcard(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R17"}, score=1150)
    before = puzzle.side_melds[puzzle.meld]
    added = puzzle.attached
    if before.wildcard is None and not any(c.is_wild for c in added):
        return _Facts(clear=False)
    refusal = _refusal(before, added, puzzle.rules)
    if refusal is not None:
        if refusal.rule not in _TELLING:
            return _Facts(clear=False)
        facts.themes.add(refusal.rule)
        if before.wild_is_bound:
            facts.themes.add("R23")
        facts.score += 150
    else:
        after = attach(before, added, puzzle.rules)
        facts.themes |= _wild_themes(before, after, added)
    interesting = facts.themes & {"R14", "R19", "R20", "R21", "R22", "R23", "R24", "R25"}
    if not interesting:
        return _Facts(clear=False)
    facts.themes.add("R13")
    facts.score += 80 * (len(interesting) - 1) + 40 * (len(added) - 1)
    facts.score += 150 * bool(facts.themes & {"R22", "R25"})
    if not puzzle.rules.wild_moves:
        facts.score += 100
    return facts


def _analyse_classify(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    meld = puzzle.side_melds[puzzle.meld]
    truth = answers[0]["burraco"]
    facts = _Facts({"R26"}, score=900)
    size = len(meld.cards)
    if size < 6:
        return _Facts(clear=False)
    facts.themes.add("R11" if meld.kind is MeldKind.SET else "R13")
    if size >= 7:
        facts.themes.add("R27")
    semi = meld.burraco(PRESETS["semi-clean"]) is Burraco.SEMI_CLEAN
    if semi or (puzzle.rules.semi_clean and meld.wildcard is not None and size >= 7):
        facts.themes.add("R28")
        facts.score += 250
    if _natural_two(meld) is not None:
        facts.themes.add("R20")
        facts.score += 250
    if meld.wildcard is not None:
        facts.themes.add("R18")
        facts.score += 100
    facts.score += {"none": 0, "clean": 50, "dirty": 150, "semi-clean": 250}[truth]
    if size == 6 or (size == 7 and meld.wildcard is not None):
        facts.score += 100  # one card short, or counting the wildcard in
    return facts


def _analyse_score(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    facts = _Facts({"R35", "R2"}, score=1250)
    position = puzzle.position
    rules = puzzle.rules
    for side in (puzzle.side,) if puzzle.ask == "hand" else (0, 1):
        for meld in position.melds[side]:
            kind = meld.burraco(rules)
            if kind is not None:
                facts.themes |= {"R26", "R27"}
                if kind is Burraco.SEMI_CLEAN:
                    facts.themes.add("R28")
                    facts.score += 150
        if puzzle.closed == side:
            facts.themes.add("R30")
    cards = sum(len(m.cards) for m in position.melds[puzzle.side])
    facts.score += 8 * max(0, cards - 12)
    facts.score += {"hand": 0, "total": 100, "match_points": 200, "victory_points": 350}.get(
        puzzle.ask, 150
    )
    facts.themes.add(
        {"hand": "R35", "total": "R36", "winner": "R36", "match_points": "R37"}.get(
            puzzle.ask, "R38"
        )
    )
    if not position.pozzetti_taken[puzzle.side]:
        facts.score += 100
    return facts


def _explore(position: Position, limit: int = 250) -> tuple[set[str], set[str]]:
    """The rules this turn runs into: the rule of every refused move a learner could try
    (a discard, a meld, an attachment, taking the pile), and of the events on the way."""
    refused: set[str] = set()
    events: set[str] = set()
    seen: set[Position] = set()
    start = position

    def visit(current: Position) -> None:
        if current in seen or len(seen) >= limit:
            return
        seen.add(current)
        if isinstance(current.hands[current.to_move], Hidden):
            return
        for action in _tries(current):
            try:
                step = transition(current, action)
            except Refusal as refusal:
                if _empties(current, action):
                    refused.add(refusal.rule)
                continue
            events.update(event.value for event in step.events)
            after = step.position
            if after.is_over or after.to_move != start.to_move or step.events:
                continue
            visit(after)

    visit(position)
    return refused, events


def _empties(position: Position, action: Action) -> bool:
    """Does the action take the pile or leave at most one card in hand? Only refusals of
    those bear on closing and on the pozzetto."""
    if action.kind in (ActionKind.DRAW, ActionKind.PILE):
        return True
    return len(position.hand) - len(action.cards) <= (0 if action.kind is ActionKind.DISCARD else 1)


def _tries(position: Position) -> list[Action]:
    """The moves worth trying in a position, legal or not."""
    hand = position.hand
    if position.phase is Phase.DRAW:
        tries = [Action(ActionKind.PILE)]
        if not isinstance(position.stock, Hidden):
            tries.insert(0, Action(ActionKind.DRAW))
        return tries
    rules = position.rules
    side = position.melds[position.side]
    tries = [Action(ActionKind.MELD, meld.cards) for meld in possible_melds(hand, rules)]
    tries += [
        Action(ActionKind.ATTACH, cards, index)
        for index, cards, _ in possible_attachments(side, hand, rules)
    ]
    tries += [Action(ActionKind.DISCARD, (card,)) for card in dict.fromkeys(hand)]
    return tries


_LINE_RULES = {
    "closed": "R30",
    "pozzetto_al_volo": "R29",
    "pozzetto_con_lo_scarto": "R29",
    "stock_exhausted": "R33",
}


#: Rules whose refusal makes a line-of-play puzzle worth asking.
_LINE_TRAPS = {"R7", "R8", "R15", "R29", "R30", "R31", "R32", "R34", "R41"}


def _analyse_line(puzzle: Puzzle, answers: list[dict[str, Any]]) -> _Facts:
    goal = "closed" if puzzle.kind is Kind.CLOSE else puzzle.goal
    facts = _Facts({_LINE_RULES.get(goal, "R9"), "R6"}, score=1350)
    refused, events = _explore(puzzle.position)
    traps = refused & _LINE_TRAPS
    facts.themes |= traps
    facts.themes |= {_LINE_RULES[e] for e in events if e in _LINE_RULES}
    line = answers[0].get("actions")
    if line is None:
        # "No" is worth asking when a rule stands in the way, when the hand can be emptied
        # but only to take the pozzetto (a close), or when the pile holds several cards
        # to weigh (a pile question).
        pozzetto = any(e.startswith("pozzetto") for e in events)
        weigh = puzzle.kind is Kind.PILE and len(puzzle.position.discard) > 1
        if not (traps or (puzzle.kind is Kind.CLOSE and pozzetto) or weigh):
            return _Facts(clear=False)
        if weigh:
            facts.themes.add("R7")  # the whole pile comes, the cards that do not help too
        facts.score += 200
    else:
        if len(line) < 2 and not traps:
            return _Facts(clear=False)
        facts.score += 60 * len(line)
        if "pile" in line and len(puzzle.position.discard) > 1:
            facts.themes.add("R7")
        if any(text.startswith(("meld", "attach")) for text in line):
            facts.themes.add("R17" if any(t.startswith("attach") for t in line) else "R10")
    facts.score += 80 * len(traps)
    if goal == "stock_exhausted":
        facts.score -= 250
    if puzzle.kind is Kind.CLOSE and not _has_burraco(puzzle.position):
        facts.themes.add("R26")
        facts.score += 100
    return facts


def _has_burraco(position: Position) -> bool:
    return any(m.burraco(position.rules) is not None for m in position.melds[position.side])


ANALYSE: dict[Kind, Callable[[Puzzle, list[dict[str, Any]]], _Facts]] = {
    Kind.ATTACH: _analyse_attach,
    Kind.LAY_MELD: _analyse_lay,
    Kind.WILDCARD: _analyse_wildcard,
    Kind.CLASSIFY: _analyse_classify,
    Kind.SCORE: _analyse_score,
    Kind.CLOSE: _analyse_line,
    Kind.PILE: _analyse_line,
}
