"""``python -m engine arena A B``: two bots play the same deals, each from both sides.

Each deal is played twice, bot A on side 0 then on side 1 (the seats swapped, the cards
the same), so luck of the cards cancels out. A deal's score difference is A's points less
B's over its two hands; A wins the deal when that is above zero. The arena prints the
deals won, the mean difference with its 95% confidence interval, the illegal proposals
and each bot's decision time (p50, p95, max: the CPU time of the decision for a built-in
bot, so other work on a shared machine does not count, and the wall time for an outside
program; the wall-time p95 of every bot is printed beside it).

A bot is a level (``random``, ``beginner``, ``club``, ``expert``) or ``cmd:PROGRAM ARGS``:
an outside program speaking JSON Lines (ARCHITECTURE.md, "Bots from outside"). An answer
that is malformed, illegal or later than :data:`ANSWER_SECONDS` is counted and the first
legal action played instead; a program that dies loses the rest of its deals (they are
counted as lost, not played) and the arena goes on.

    python -m engine arena club beginner --players 2 --deals 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import math
import queue
import random
import shlex
import statistics
import subprocess  # nosec B404 - the arena runs the outside bot the user names
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any

from engine.actions import Action, legal_actions, transition
from engine.bots import Bot, make_bot
from engine.bots.view import Memory, View, view_of
from engine.deal import deal
from engine.errors import BurracoError, InvalidNotationError
from engine.state import PLAYER_COUNTS, Position

#: A hand longer than this is stuck: the arena stops with an error naming the deal.
MAX_ACTIONS = 2_000
#: How long an outside bot may think about one decision.
ANSWER_SECONDS = 5.0


class ArenaError(Exception):
    """A hand that did not end, or bots that cannot be started."""


class BotDied(Exception):
    """An outside bot's program ended or broke its pipe."""


# --- outside bots -------------------------------------------------------------------------


class Outside:
    """A program playing one seat at a time over JSON Lines on its stdin and stdout."""

    def __init__(self, command: str, answer_seconds: float | None = None) -> None:
        self.name = f"cmd:{command}"
        self.answer_seconds = ANSWER_SECONDS if answer_seconds is None else answer_seconds
        self.bad = 0
        self.dead = False
        words = shlex.split(command)
        if not words:
            raise ArenaError("cmd: needs a program to run, as in 'cmd:python3 my_bot.py'")
        try:
            self.process = subprocess.Popen(  # nosec B603 - the user's own bot program
                words,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as error:
            raise ArenaError(f"cannot start the bot {command!r}: {error}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, message: dict[str, Any]) -> None:
        if self.dead:
            raise BotDied(self.name)
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self.dead = True
            raise BotDied(self.name) from None

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        del rng
        while not self.lines.empty():  # a late answer to an earlier question
            if self.lines.get_nowait() is None:
                self.dead = True
        texts = [str(action) for action in legal]
        self.send({"type": "decide", "seat": view.seat, "position": view.to_json(), "legal": texts})
        try:
            line = self.lines.get(timeout=self.answer_seconds)
        except queue.Empty:
            self.bad += 1
            return legal[0]
        if line is None:
            self.dead = True
            raise BotDied(self.name)
        try:
            answer = json.loads(line)
            action = Action.parse(answer["action"])
        except (ValueError, KeyError, TypeError, BurracoError):
            self.bad += 1
            return legal[0]
        if action not in legal:
            self.bad += 1
            return legal[0]
        return action

    def close(self) -> None:
        try:
            self.send({"type": "bye"})
            assert self.process.stdin is not None
            self.process.stdin.close()
        except (BotDied, OSError, ValueError):
            pass
        try:
            self.process.wait(timeout=self.answer_seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# --- playing --------------------------------------------------------------------------


@dataclass
class Tally:
    """What the arena counts for one bot."""

    #: Each decision's time: the thread's CPU time for a bot of this process (so that other
    #: work on a shared machine does not count), the wall time for an outside program.
    times: list[float] = field(default_factory=list)
    #: Each decision's wall time, waiting for the CPU included.
    wall: list[float] = field(default_factory=list)
    illegal: int = 0


@dataclass
class DealResult:
    """One deal played twice: A's points less B's in each hand (None: forfeited)."""

    number: int
    diffs: tuple[float, float] | None
    forfeit: int | None = None  # 0: A's program died, 1: B's
    actions: int = 0


def play_hand(
    position: Position,
    seats: Sequence[Bot],
    tallies: Sequence[Tally],
    rngs: Sequence[random.Random],
    where: str,
) -> Position:
    """Play one hand to its end with ``seats[s]`` deciding for seat s."""
    memory = Memory.empty(position.players)
    actions = 0
    while not position.is_over:
        if actions >= MAX_ACTIONS:
            raise ArenaError(
                f"{where}: the hand did not end after {MAX_ACTIONS} actions; position: {position}"
            )
        seat = position.to_move
        legal = legal_actions(position)
        view = view_of(position, seat, memory)
        start, cpu = time.perf_counter(), time.thread_time()
        action = seats[seat].decide(view, legal, rngs[seat])
        wall = time.perf_counter() - start
        outside = getattr(seats[seat], "outside", False) or isinstance(seats[seat], Outside)
        tallies[seat].times.append(wall if outside else time.thread_time() - cpu)
        tallies[seat].wall.append(wall)
        if action not in legal:
            tallies[seat].illegal += 1
            action = legal[0]
        memory = memory.after(position, action)
        position = transition(position, action).position
        actions += 1
    return position


def _result(position: Position) -> dict[str, Any]:
    outcome = position.outcome()
    assert outcome is not None
    return {
        "termination": outcome.termination.value,
        "closer": outcome.closer,
        "scores": [
            None if score is None else {"score": score.total, "breakdown": score.breakdown()}
            for score in outcome.scores
        ],
        # What each seat is credited: its side's score, halved for a pair at three or five
        # players (R40).
        "credits": list(outcome.credits),
    }


def play_deal(
    bots: Sequence[Bot], tallies: Sequence[Tally], players: int, seed: int, number: int
) -> DealResult:
    """Deal ``number`` of ``seed``, played twice with the seats swapped (:func:`owners`).
    A's result is the mean of what its seats are credited less the mean of B's (with two
    and four players, the difference of the two sides' scores)."""
    diffs = []
    for swap in (0, 1):
        position = deal(players, random.Random(f"{seed}:{number}"), dealer=number % players)
        owners = seat_owners(position, swap)
        for seat, owner in enumerate(owners):
            _tell_seats(bots[owner], _hello(seat, position))
        rngs = [random.Random(f"{seed}:{number}:{swap}:{seat}") for seat in range(players)]
        final = play_hand(
            position,
            [bots[owner] for owner in owners],
            [tallies[owner] for owner in owners],
            rngs,
            f"seed {seed}, deal {number}, {'seats swapped' if swap else 'first seating'}",
        )
        result = _result(final)
        for owner in set(owners):
            _tell_seats(bots[owner], {"type": "hand_over", "result": result})
        credits = result["credits"]
        mean = [
            sum(credits[seat] for seat in range(players) if owners[seat] == owner)
            / owners.count(owner)
            for owner in (0, 1)
        ]
        diff = mean[0] - mean[1]
        diffs.append(int(diff) if diff == int(diff) else diff)
    return DealResult(number, (diffs[0], diffs[1]))


def seat_owners(position: Position, swap: int) -> list[int]:
    """Which bot (0: A, 1: B) plays each seat, in the first seating and with the seats
    swapped (``swap`` 1). Two and four players: A has side 0, then side 1. Three and five:
    A has the even seats, then the odd ones (the sides form during the hand, R40). Six:
    A has the pair of seats 0 and 3, then the other two pairs, so no pair is mixed.

    >>> from engine.deal import deal
    >>> seat_owners(deal(4, random.Random(1)), 1), seat_owners(deal(6, random.Random(1)), 0)
    ([1, 0, 1, 0], [0, 1, 1, 0, 1, 1])
    """
    players = position.players
    if players == 6:
        return [int((position.side_of(seat) != 0) != bool(swap)) for seat in range(players)]
    return [(seat + swap) % 2 for seat in range(players)]


def _hello(seat: int, position: Position) -> dict[str, Any]:
    rules = position.rules.to_dict()
    return {"type": "hello", "seat": seat, "players": position.players, "rules": rules}


def _tell(bot: Bot, message: dict[str, Any]) -> None:
    if isinstance(bot, Outside):
        bot.send(message)


def _chunk(
    args: tuple[str, str, int, int, list[int], str | None],
) -> tuple[list[DealResult], list[Tally]]:
    a, b, players, seed, numbers, log = args
    bots = [make_bot(a), make_bot(b)]
    tallies = [Tally(), Tally()]
    results = [_logged(log, tallies, play_deal, bots, tallies, players, seed, n) for n in numbers]
    return results, tallies


def _logged(log: str | None, tallies: list[Tally], play: Any, *args: Any) -> DealResult:
    """``play(*args)``, and with ``log`` its result and decision times appended to that
    file as one JSON line, so that a run stopped half way still has its figures."""
    before = [len(tally.times) for tally in tallies]
    result: DealResult = play(*args)
    if log is not None:
        line = {
            "deal": result.number,
            "diffs": result.diffs,
            "forfeit": result.forfeit,
            "times": [tally.times[n:] for tally, n in zip(tallies, before, strict=True)],
            "wall": [tally.wall[n:] for tally, n in zip(tallies, before, strict=True)],
            "illegal": [tally.illegal for tally in tallies],
        }
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
    return result


def from_log(path: str) -> tuple[list[DealResult], list[Tally]]:
    """The deals a ``--log`` file holds, with their decision times (illegal proposals are
    the largest count any line saw, each process counting its own)."""
    results, tallies = [], [Tally(), Tally()]
    illegal = [0, 0]
    with open(path, encoding="utf-8") as lines:
        for text in lines:
            line = json.loads(text)
            diffs = line["diffs"]
            results.append(
                DealResult(line["deal"], None if diffs is None else tuple(diffs), line["forfeit"])
            )
            for index, tally in enumerate(tallies):
                tally.times += line["times"][index]
                tally.wall += line["wall"][index]
                illegal[index] = max(illegal[index], line["illegal"][index])
    for tally, count in zip(tallies, illegal, strict=True):
        tally.illegal = count
    return sorted(results, key=lambda result: result.number), tallies


def run(
    a: str,
    b: str,
    *,
    players: int,
    deals: int,
    seed: int,
    jobs: int = 1,
    log: str | None = None,
) -> tuple[list[DealResult], list[Tally], list[str]]:
    """Play the deals; returns each deal's result, each bot's tally and their names."""
    outside = a.startswith("cmd:") or b.startswith("cmd:")
    if jobs > 1 and not outside:
        numbers = list(range(deals))
        chunks = [(a, b, players, seed, numbers[i::jobs], log) for i in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_chunk, chunks))
        results = sorted((r for part, _ in parts for r in part), key=lambda r: r.number)
        tallies = [Tally(), Tally()]
        for _, part_tallies in parts:
            for mine, theirs in zip(tallies, part_tallies, strict=True):
                mine.times += theirs.times
                mine.wall += theirs.wall
                mine.illegal += theirs.illegal
        return results, tallies, [a, b]
    instances = [_instances(name, players) for name in (a, b)]
    tallies = [Tally(), Tally()]
    results = []
    try:
        for number in range(deals):
            dead = [any(getattr(bot, "dead", False) for bot in group) for group in instances]
            if any(dead):
                results.append(DealResult(number, None, forfeit=dead.index(True)))
                continue
            bots: list[Bot] = [_Seats(group) for group in instances]
            try:
                results.append(
                    _logged(log, tallies, play_deal, bots, tallies, players, seed, number)
                )
            except BotDied:
                dead = [any(getattr(bot, "dead", False) for bot in group) for group in instances]
                results.append(DealResult(number, None, forfeit=dead.index(True)))
    finally:
        for group in instances:
            for bot in group:
                if isinstance(bot, Outside):
                    bot.close()
    for tally, group in zip(tallies, instances, strict=True):
        tally.illegal += sum(bot.bad for bot in group if isinstance(bot, Outside))
    return results, tallies, [a, b]


def _instances(name: str, players: int) -> list[Bot]:
    """One player per seat the bot holds (an outside program per seat: a partnership is
    two players who do not share their hands)."""
    count = max(1, players // 2) if players in (2, 4) else players
    if name.startswith("cmd:"):
        made: list[Bot] = []
        try:
            for _ in range(count):
                made.append(Outside(name[4:]))
        except ArenaError:
            for bot in made:
                if isinstance(bot, Outside):
                    bot.close()
            raise
        return made
    return [make_bot(name) for _ in range(count)]


class _Seats:
    """A bot's players, each taking the seats of its turn in the partnership."""

    def __init__(self, group: list[Bot]) -> None:
        self.group = group
        self.name = group[0].name
        self.outside = any(isinstance(bot, Outside) for bot in group)

    def pick(self, seat: int, players: int) -> Bot:
        if players in (3, 5, 6):
            return self.group[seat % len(self.group)]  # a player per seat (R40 tables)
        return self.group[(seat // 2) % len(self.group)] if players > 2 else self.group[0]

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.pick(view.seat, view.position.players).decide(view, legal, rng)

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "hello":
            bot = self.pick(message["seat"], message["players"])
            _tell(bot, message)
        else:
            for bot in self.group:
                _tell(bot, message)


def _tell_seats(bot: Bot, message: dict[str, Any]) -> None:
    if isinstance(bot, _Seats):
        bot.send(message)
    else:
        _tell(bot, message)


# --- the figures ------------------------------------------------------------------------


def summary(results: list[DealResult], tallies: list[Tally], names: list[str]) -> dict[str, Any]:
    played = [r for r in results if r.diffs is not None]
    totals = [sum(r.diffs) for r in played if r.diffs is not None]
    forfeits = [sum(1 for r in results if r.forfeit == index) for index in (0, 1)]
    won_a = sum(1 for total in totals if total > 0) + forfeits[1]
    won_b = sum(1 for total in totals if total < 0) + forfeits[0]
    mean = statistics.fmean(totals) if totals else 0.0
    half = 1.96 * statistics.stdev(totals) / math.sqrt(len(totals)) if len(totals) > 1 else 0.0
    bots = []
    for name, tally in zip(names, tallies, strict=True):
        times = sorted(tally.times)
        bots.append(
            {
                "bot": name,
                "decisions": len(times),
                "illegal": tally.illegal,
                "ms_p50": round(_quantile(times, 0.50) * 1000, 3),
                "ms_p95": round(_quantile(times, 0.95) * 1000, 3),
                "ms_max": round((times[-1] if times else 0.0) * 1000, 3),
                "wall_ms_p95": round(_quantile(sorted(tally.wall), 0.95) * 1000, 3),
            }
        )
    return {
        "deals": len(results),
        "played": len(played),
        "won": [won_a, won_b],
        "tied": len(totals) - (won_a - forfeits[1]) - (won_b - forfeits[0]),
        "forfeited": forfeits,
        "won_share": round(won_a / len(results), 4) if results else 0.0,
        "mean_diff": round(mean, 1),
        "ci95": [round(mean - half, 1), round(mean + half, 1)],
        "bots": bots,
    }


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(q * len(values)))]


def report(figures: dict[str, Any], players: int, seed: int, seconds: float) -> str:
    a, b = figures["bots"]
    lines = [
        f"{a['bot']} vs {b['bot']}: {figures['deals']} deals, {players} players, seed {seed},"
        f" each deal played twice with the seats swapped ({seconds:.0f} s)",
        f"  deals won: {a['bot']} {figures['won'][0]}, {b['bot']} {figures['won'][1]},"
        f" tied {figures['tied']} ({100 * figures['won_share']:.1f}% to {a['bot']})",
        f"  mean score difference per deal ({a['bot']} - {b['bot']}): {figures['mean_diff']:+}"
        f" (95% CI {figures['ci95'][0]:+} to {figures['ci95'][1]:+})",
    ]
    if any(figures["forfeited"]):
        lines.append(f"  deals forfeited by a dead program: {figures['forfeited']}")
    for bot in figures["bots"]:
        lines.append(
            f"  {bot['bot']}: {bot['decisions']} decisions, {bot['illegal']} illegal proposals,"
            f" decision time p50 {bot['ms_p50']:.2f} ms, p95 {bot['ms_p95']:.2f} ms,"
            f" max {bot['ms_max']:.2f} ms (wall time p95 {bot['wall_ms_p95']:.2f} ms)"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine arena",
        description="Two bots play the same deals from both sides; prints who is stronger.",
    )
    parser.add_argument("a", help="a level (random, beginner, club, expert) or 'cmd:PROGRAM ARGS'")
    parser.add_argument("b", help="the other bot, the same way")
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=2)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes (built-in bots only)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--log", help="append each deal's result to this file as it is played")
    parser.add_argument(
        "--from-log", help="print the figures of the deals in a --log file instead of playing"
    )
    args = parser.parse_args(argv)
    for name in (args.a, args.b):
        if not name.startswith("cmd:"):
            try:
                make_bot(name)
            except InvalidNotationError as error:
                parser.error(str(error))
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    start = time.perf_counter()
    try:
        if args.from_log:
            names = [args.a, args.b]
            results, tallies = from_log(args.from_log)
        else:
            results, tallies, names = run(
                args.a,
                args.b,
                players=args.players,
                deals=args.deals,
                seed=args.seed,
                jobs=args.jobs,
                log=args.log,
            )
    except ArenaError as error:
        print(f"arena: {error}", file=sys.stderr)
        return 1
    figures = summary(results, tallies, names)
    seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps({**figures, "players": args.players, "seed": args.seed}))
    else:
        print(report(figures, args.players, args.seed, seconds))
    return 0
