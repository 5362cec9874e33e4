"""The coach's audit (docs/coach-audit.md): its figures, and the harvest of candidate cases
from seeded bot games.

    python -m bench.coach_audit            # the figures: cases, passed, by class, preset, players
    python -m bench.coach_audit --json     # the same as JSON
    python -m bench.coach_audit harvest --preset standard --players 2 --seed 1 [--out FILE]

``harvest`` plays one seeded hand with a learner-like bot (``beginner``) in seat 0 and club
bots elsewhere, runs the coach (the practice table's: playouts, a request's budget) on each
of seat 0's actions, and writes every decision as a candidate case (the seat's view, the
action, the coach's findings as a note): a person judges each and writes the verdict; the
coach's findings are never copied as one.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from bench.coach_noise import learner_action
from engine.actions import Action, ActionKind, legal_actions, transition, why_illegal
from engine.bots import legal_in_view, make_bot
from engine.bots.view import Memory, View, seat_view, view_of
from engine.budget import Budget
from engine.cards import Card, deck, max_copies
from engine.coach import Finding, Severity, coach, playouts
from engine.deal import deal
from engine.errors import BurracoError, TooBigError
from engine.rules import PRESETS
from engine.state import Hidden, Position
from engine.strategy import discard_feeds

#: The hand's learner-like seat; the other seats are club players.
LEARNER_SEAT = 0
#: How often the ``noisy`` learner plays a legal action at random instead of the club's.
NOISE = 0.3


class Noisy:
    """A learner-like player: the club player's choice, or now and then a random legal one
    (a discard for a discard, a draw for a draw when it can)."""

    name = "noisy"

    def __init__(self) -> None:
        self.club = make_bot("club")

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.club.decide(view, legal, rng)
        if rng.random() >= NOISE:
            return action
        chosen: Action = rng.choice(list(legal))
        return chosen


def _learner(level: str) -> Any:
    return Noisy() if level == "noisy" else make_bot(level)


#: A hand that has not ended after this many actions is cut short.
MOST_ACTIONS = 600


def harvest(
    preset: str, players: int, seed: int, learner: str = "beginner"
) -> list[dict[str, Any]]:
    """Every decision of the learner-like seat in one seeded hand, as a candidate case."""
    rules = PRESETS[preset]
    rng = random.Random(f"audit:{preset}:{players}:{seed}")
    source = f"game {preset} {players}p {learner} seed {seed}"
    position = deal(players, rng, dealer=seed % players, rules=rules)
    bots = [
        _learner(learner) if seat == LEARNER_SEAT else make_bot("club") for seat in range(players)
    ]
    rngs = [random.Random(f"audit:{seed}:{seat}") for seat in range(players)]
    memory = Memory.empty(players)
    found: list[dict[str, Any]] = []
    turn = 0
    for number in range(MOST_ACTIONS):
        if position.is_over:
            break
        seat = position.to_move
        legal = legal_actions(position)
        action = bots[seat].decide(view_of(position, seat, memory), legal, rngs[seat])
        if seat == LEARNER_SEAT:
            if action.kind is ActionKind.DRAW:
                turn += 1
            found.append(
                _candidate(position, action, preset, f"{source}, action {number} (turn {turn})")
            )
        memory = memory.after(position, action)
        position = transition(position, action).position
    return found


def _candidate(
    position: Position,
    action: Action,
    preset: str,
    source: str,
) -> dict[str, Any]:
    view = seat_view(position)
    played = str(action)
    if action.kind is ActionKind.DRAW and isinstance(position.stock, tuple):
        played = f"draw {position.stock[0]}"
    try:
        review = coach(position, action, estimator=playouts, budget=Budget())
        said: Any = [
            f"{f.code} {f.severity.value} {f.points} [{f.better}]" for f in review.findings
        ]
    except TooBigError:
        said = "too_big"
    return {
        "source": source,
        "preset": preset,
        "position": view.to_json(),
        "action": played,
        "coach_said": said,
    }


# --- the audit: cases, verdicts, figures ---------------------------------------------------

AUDIT = Path(__file__).resolve().parents[1] / "tests" / "engine" / "coach_audit"
CONTENT = Path(__file__).resolve().parents[1] / "lessons" / "content"
#: The strategy lessons whose steps are audited (their positions and accepted answers).
STRATEGY_LESSONS = ("21", "22", "23", "24", "25")
BANDS = ("none", "inaccuracy", "mistake", "blunder")
#: Codes whose better action is a discard meant to give the next side nothing.
QUIET_DISCARD_CODES = ("feeds_opponent", "wild_wasted")


@dataclass(frozen=True)
class Case:
    """One audited decision: a position as its seat saw it, the action played, the verdict
    a strong player gives (docs/coach-audit.md) and why."""

    id: str
    source: str
    preset: str
    position: dict[str, Any]
    action: str
    why: str
    must: tuple[str, ...] = ()
    must_not: tuple[str, ...] = ()
    nothing_serious: bool = False
    quiet: bool = False
    flagged: bool = False
    at_least: str = "inaccuracy"
    at_most: dict[str, str] = field(default_factory=dict)
    better_not: tuple[str, ...] = ()
    known_failure: str | None = None
    origin: str = "game"

    @property
    def players(self) -> int:
        return int(self.position["players"])

    @property
    def kind(self) -> str:
        """What the case asks of the coach: the first code it requires, ``any finding``
        for a mistake no code names yet, else ``no finding``."""
        if self.must:
            return self.must[0]
        return "any finding" if self.flagged else "no finding"

    def parsed(self) -> Position:
        return Position.from_json(self.position, PRESETS[self.preset])


def _case(data: dict[str, Any], origin: str) -> Case:
    known = set(Case.__dataclass_fields__)
    unknown = set(data) - known - {"coach_said"}
    if unknown:
        raise ValueError(f"case {data.get('id')}: unknown keys {sorted(unknown)}")
    values = {key: value for key, value in data.items() if key in known}
    for key in ("must", "must_not", "better_not"):
        if key in values:
            values[key] = tuple(values[key])
    values.setdefault("preset", "standard")
    values["origin"] = origin
    case = Case(**values)
    for band in (case.at_least, *case.at_most.values()):
        if band not in BANDS:
            raise ValueError(f"case {case.id}: unknown severity band {band!r}")
    if (
        not (case.must or case.must_not or case.nothing_serious or case.quiet or case.at_most)
        and not case.flagged
    ):
        raise ValueError(f"case {case.id}: no verdict")
    return case


def load_cases() -> list[Case]:
    """Every case: the judged ones of ``tests/engine/coach_audit/*.yaml`` and those drawn
    from the strategy lessons and puzzles (with the known failures ``content.yaml`` marks)."""
    cases: list[Case] = []
    for path in sorted(AUDIT.glob("*.yaml")):
        if path.name == "content.yaml":
            continue
        for item in yaml.safe_load(path.read_text()) or []:
            cases.append(_case(item, path.stem))
    marks = yaml.safe_load((AUDIT / "content.yaml").read_text()) or {}
    for item in content_cases():
        mark = marks.get(item["id"])
        if mark:
            item["known_failure"] = mark
        cases.append(_case(item, "content"))
    ids = [case.id for case in cases]
    twice = sorted({name for name in ids if ids.count(name) > 1})
    if twice:
        raise ValueError(f"case ids used twice: {twice}")
    return cases


def content_cases() -> list[dict[str, Any]]:
    """The cases the strategy lessons and puzzles give: each accepted answer, played, is not
    a mistake; each discard they teach to avoid (it feeds the next side when a safe card
    was there, or throws a wildcard) is flagged."""
    items: list[dict[str, Any]] = []
    for path in sorted((CONTENT / "lessons").glob("*.yaml")):
        if not path.name.startswith(STRATEGY_LESSONS):
            continue
        lesson = yaml.safe_load(path.read_text())
        for number, step in enumerate(lesson["steps"], start=1):
            puzzle = step.get("puzzle")
            if puzzle:
                where = f"lesson {lesson['order']} ({lesson['slug']}), step {number}"
                items.extend(_puzzle_cases(f"lesson{lesson['order']}-step{number}", where, puzzle))
    for puzzle in yaml.safe_load((CONTENT / "puzzles" / "strategy.yaml").read_text()):
        items.extend(_puzzle_cases(puzzle["id"], f"puzzle {puzzle['id']}", puzzle))
    return [item for item in items if _legal(item)]


def _legal(item: dict[str, Any]) -> bool:
    position = Position.from_json(item["position"], PRESETS[item["preset"]])
    return why_illegal(position, Action.parse(item["action"])) is None


def _puzzle_cases(name: str, where: str, puzzle: dict[str, Any]) -> list[dict[str, Any]]:
    preset = puzzle.get("rules", "standard")
    if not isinstance(preset, str):
        return []
    data = puzzle["position"]
    position = Position.from_json(data, PRESETS[preset])
    answer = puzzle["answer"]
    kind = puzzle["kind"]
    base = {"source": where, "preset": preset, "position": data}
    why = "The puzzle's accepted answer: the coach must not call it a mistake."
    found: list[dict[str, Any]] = []
    actions: list[str] = []
    if kind == "discard" and "card" in answer:
        actions = [f"discard {answer['card']}"]
        found.append(
            {
                **base,
                "id": f"{name}:answer",
                "action": actions[0],
                "must_not": list(QUIET_DISCARD_CODES),
                "nothing_serious": True,
                "why": why + " The card gives the next side nothing the table shows.",
            }
        )
        if not puzzle.get("known"):
            found.extend(_wrong_discards(name, base, position, answer["card"]))
        return found
    if kind == "discard":  # every card feeds them: none of them is a finding by itself
        for card in sorted({str(c) for c in position.hand}):
            found.append(
                {
                    **base,
                    "id": f"{name}:forced-{card}",
                    "action": f"discard {card}",
                    "must_not": ["feeds_opponent"],
                    "why": "Every discard feeds the next side here (the puzzle's answer): no "
                    "card is a better one to throw.",
                }
            )
        return found
    if kind in ("close", "pile") and "actions" in answer:
        actions = list(answer["actions"])
    elif kind == "lay-meld" and "cards" in answer:
        actions = ["meld " + " ".join(answer["cards"])]
    elif kind == "attach" and "cards" in answer:
        actions = [f"attach {answer['meld']} " + " ".join(answer["cards"])]
    if not actions:
        return found
    # The answer's line, action by action, each reviewed in the position it reaches.
    budget = Budget()
    for index, text in enumerate(actions):
        action = Action.parse(text)
        if action.kind is ActionKind.DRAW and isinstance(position.stock, tuple):
            text = f"draw {position.stock[0]}"
        found.append(
            {
                **base,
                "id": f"{name}:answer-{index + 1}",
                "position": position.to_json(),
                "action": text,
                "nothing_serious": True,
                "why": why + f" Action {index + 1} of the answer: {' , '.join(actions)}.",
            }
        )
        position = transition(position, action, budget).position
        if position.is_over or position.to_move != found[-1]["position"]["to_move"]:
            break
    return found


def _wrong_discards(
    name: str, base: dict[str, Any], position: Position, answer: str
) -> list[dict[str, Any]]:
    """The discards the puzzle teaches to avoid, where a safe one was there."""
    feeds = discard_feeds(position)
    if not any(feed.safe for feed in feeds):
        return []
    found = []
    for feed in feeds:
        card = feed.card
        if str(card) == answer:
            continue
        if card.is_wild:
            found.append(
                {
                    **base,
                    "id": f"{name}:wild-{card}",
                    "action": f"discard {card}",
                    "must": ["wild_wasted"],
                    "why": "The puzzle's lesson: a wildcard thrown when a natural card could go "
                    "gives away the most useful card of the deck.",
                }
            )
        elif not feed.safe:
            shown = feed.extends[0][1] if feed.extends else feed.completes[0]
            found.append(
                {
                    **base,
                    "id": f"{name}:feeds-{card}",
                    "action": f"discard {card}",
                    "must": ["feeds_opponent"],
                    "why": f"The puzzle's lesson: {card} goes with the pile onto "
                    f"{' '.join(str(c) for c in shown.cards)} for the next side, while a safe "
                    "card was there.",
                }
            )
    return found


@dataclass(frozen=True)
class Outcome:
    case: Case
    codes: tuple[str, ...]
    said: tuple[str, ...]
    problems: tuple[str, ...]
    too_big: bool = False

    @property
    def passed(self) -> bool:
        return not self.problems


def judge(case: Case, budget_steps: int | None = None) -> Outcome:
    """Run the coach as the practice table does (playouts, a request's budget) on the case
    and check its verdict (docs/coach-audit.md)."""
    position = case.parsed()
    action = Action.parse(case.action)
    try:
        review = coach(
            position,
            action,
            estimator=playouts,
            budget=Budget() if budget_steps is None else Budget(budget_steps),
        )
    except TooBigError:
        findings: tuple[Finding, ...] = ()
        too_big = True
    else:
        findings, too_big = review.findings, False
    shown = [f for f in findings if f.severity is not Severity.NONE]
    problems: list[str] = []

    def band(finding: Finding) -> int:
        return BANDS.index(finding.severity.value)

    for code in case.must:
        mine = [f for f in shown if f.code == code]
        if not mine:
            problems.append(f"{code} not found")
        elif max(band(f) for f in mine) < BANDS.index(case.at_least):
            problems.append(f"{code} only {mine[0].severity.value}, not {case.at_least}")
    for code in case.must_not:
        if any(f.code == code for f in shown):
            problems.append(f"{code} found")
    for code, most in case.at_most.items():
        if any(f.code == code and band(f) > BANDS.index(most) for f in shown):
            problems.append(f"{code} worse than {most}")
    if case.nothing_serious and any(band(f) >= BANDS.index("mistake") for f in shown):
        problems.append("a mistake or blunder found")
    if case.flagged and not any(band(f) >= BANDS.index(case.at_least) for f in shown):
        problems.append(f"no finding of {case.at_least} or worse")
    if case.quiet and shown:
        problems.append("a finding shown")
    view = seat_view(position)
    for finding in findings:
        if why_illegal(position, _drawn(position, finding.better)) is not None:
            problems.append(f"{finding.code}: better {finding.better} is illegal")
        if str(finding.better) in case.better_not:
            problems.append(f"{finding.code}: better {finding.better} is one the case refuses")
        if finding.code in QUIET_DISCARD_CODES and finding.better.kind is ActionKind.DISCARD:
            feeds = {feed.card: feed for feed in discard_feeds(view)}
            offered = feeds.get(finding.better.cards[0])
            if offered is not None and not offered.safe and any(f.safe for f in feeds.values()):
                problems.append(f"{finding.code}: better {finding.better} feeds the next side too")
    return Outcome(
        case,
        tuple(f.code for f in shown),
        tuple(f"{f.code} {f.severity.value} {f.points} [{f.better}]" for f in findings),
        tuple(problems),
        too_big,
    )


def _drawn(position: Position, action: Action) -> Action:
    """A ``draw`` proposed without its card, against a stock the case does not show: the
    draw of one card the stock may hold (whatever comes, the draw is the same choice)."""
    if action.kind is ActionKind.DRAW and not action.cards and isinstance(position.stock, Hidden):
        unseen = sorted(position.unseen(), key=str)
        if unseen:
            return Action(ActionKind.DRAW, (unseen[0],))
    return action


def figures(cases: list[Case] | None = None) -> dict[str, Any]:
    """The audit's figures: how many cases, how many the coach passes, by what each asks,
    by the defect class of the known failures, by preset, by player count and by origin."""
    outcomes = [judge(case) for case in (load_cases() if cases is None else cases)]

    def tally(key: Any) -> dict[str, list[int]]:
        table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for outcome in outcomes:
            row = table[str(key(outcome))]
            row[0] += outcome.passed
            row[1] += 1
        return dict(sorted(table.items()))

    unexpected = [o.case.id for o in outcomes if o.passed == (o.case.known_failure is not None)]
    return {
        "cases": len(outcomes),
        "passed": sum(o.passed for o in outcomes),
        "by_kind": tally(lambda o: o.case.kind),
        "by_defect": dict(
            Counter(o.case.known_failure for o in outcomes if o.case.known_failure).most_common()
        ),
        "by_preset": tally(lambda o: o.case.preset),
        "by_players": tally(lambda o: o.case.players),
        "by_origin": tally(lambda o: o.case.origin),
        "too_big": sum(o.too_big for o in outcomes),
        "unexpected": unexpected,
    }


def report(result: dict[str, Any]) -> str:
    def rows(title: str, table: dict[str, list[int]]) -> list[str]:
        return [title] + [
            f"  {name:<22} {ok:>4} / {total:<4} {100 * ok / total:5.1f}%"
            for name, (ok, total) in table.items()
        ]

    lines = [
        f"The coach passes {result['passed']} of {result['cases']} audit cases "
        f"({100 * result['passed'] / max(1, result['cases']):.1f}%); "
        f"{result['too_big']} refused as too big.",
        *rows("By what the case asks:", result["by_kind"]),
        "Known failures by defect class:",
        *[f"  {name:<50} {count:>4}" for name, count in result["by_defect"].items()],
        *rows("By preset:", result["by_preset"]),
        *rows("By players:", result["by_players"]),
        *rows("By origin:", result["by_origin"]),
    ]
    if result["unexpected"]:
        lines.append("Not as marked (a pass marked known_failure, or a failure not marked):")
        lines.extend(f"  {name}" for name in result["unexpected"])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.coach_audit")
    parser.add_argument("command", nargs="?", default="figures", choices=["figures", "harvest"])
    parser.add_argument("--preset", default="standard", choices=list(PRESETS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--learner", default="beginner", choices=["beginner", "noisy"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "harvest":
        for case in harvest(args.preset, args.players, args.seed, args.learner):
            print(json.dumps(case))
        return 0
    result = figures()
    print(json.dumps(result, indent=1) if args.json else report(result))
    return 0


# --- stability: an irrelevant card changes nothing -----------------------------------------


def irrelevant_variant(case: Case) -> Case | None:
    """The case, a discard, with one irrelevant card more at the bottom of the pile (taken
    from the stock): a natural card of a rank nothing visible holds and of no suit with a
    card within two ranks of it (a 2 counted as its rank), so it can join no meld of
    anyone's. None when the action is no discard, there is no such card, or the stock is
    known or too short to lend one."""
    position = case.parsed()
    stock = case.position["stock"]
    if not case.action.startswith("discard") or not isinstance(stock, int) or stock < 4:
        return None
    visible = [card for card in position.known_cards().elements() if card.rank is not None]
    ranks = {card.rank for card in visible}
    shown = position.known_cards()
    for card in sorted(set(deck()), key=lambda card: card.sort_key):
        if card.is_wild or card.rank in ranks or shown[card] >= max_copies(card):
            continue
        if any(other.suit is card.suit and _near(other, card) for other in visible):
            continue
        data = {
            **case.position,
            "discard": [str(card), *case.position["discard"]],
            "stock": stock - 1,
        }
        variant = replace(case, id=f"{case.id}+{card}", position=data)
        try:
            variant.parsed()
        except BurracoError:
            return None  # a pile just taken stays empty until the discard (R7)
        return variant
    return None


def _near(one: Card, other: Card) -> bool:
    """Are two cards of a suit within two ranks, the ace low or high (R14)?"""
    assert one.rank is not None and other.rank is not None
    gap = abs(int(one.rank) - int(other.rank))
    return min(gap, 13 - gap) <= 2


def shown_codes(case: Case) -> frozenset[str]:
    """The codes of the findings the learner is shown (above ``none``) on the case."""
    return frozenset(judge(case).codes)


def game_discards(count: int) -> list[Case]:
    """``count`` discards of seeded bot hands (every preset in turn, two players two hands
    in three, four players the third) that have an irrelevant variant: seat 0 plays as
    bench.coach_noise's learner-like bot, the others as the club; every seat's discard is
    taken, as its seat saw it. The positions of the stability property test."""
    presets = list(PRESETS)
    found: list[Case] = []
    hand = 0
    club = make_bot("club")
    while len(found) < count:
        players = 4 if hand % 3 == 0 else 2
        preset = presets[hand % len(presets)]
        seed = f"stability:{hand}"
        position = deal(players, random.Random(seed), rules=PRESETS[preset])
        memory = Memory.empty(players)
        for index in range(MOST_ACTIONS):
            if position.is_over or len(found) >= count:
                break
            seat = position.to_move
            view = view_of(position, seat, memory)
            legal = legal_in_view(view, Budget())
            rng = random.Random(f"{seed}:{index}")
            if seat == LEARNER_SEAT:
                action = learner_action(view, legal, rng)
            else:
                action = club.decide(view, legal, rng)
            if action.kind is ActionKind.DISCARD:
                case = Case(
                    id=f"{preset}-{players}p-hand{hand}-a{index}",
                    source=f"stability hand {hand} ({preset}, {players} players), action {index}",
                    preset=preset,
                    position=seat_view(position).to_json(),
                    action=str(action),
                    why="A discard of a seeded bot hand.",
                )
                if irrelevant_variant(case) is not None:
                    found.append(case)
            memory = memory.after(position, action)
            position = transition(position, action, Budget()).position
        hand += 1
    return found


def reordered(case: Case) -> Case:
    """The case with the player's hand held in another order (reversed): nothing the
    coach finds may change."""
    data = dict(case.position)
    seat = int(data["to_move"])
    data["hands"] = [
        list(reversed(hand)) if other == seat else hand for other, hand in enumerate(data["hands"])
    ]
    return replace(case, id=f"{case.id}~reordered", position=data)


def coach_codes(case: Case) -> frozenset[str] | None:
    """The codes of the findings above ``none`` the coach (the practice table's: playouts, a
    request's budget) gives on the case, or None when the review is too big."""
    try:
        review = coach(case.parsed(), case.action, estimator=playouts, budget=Budget())
    except TooBigError:
        return None
    return frozenset(f.code for f in review.findings if f.severity is not Severity.NONE)


if __name__ == "__main__":
    sys.exit(main())
