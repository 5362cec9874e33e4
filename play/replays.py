"""The practice table's replays, kept so that a request replays only what has changed.

A game is stored as its seed and its actions (play.models), and the engine checks every
action again when the game is loaded (play.hands.replay). Dealing the seed again and playing
every action of every hand of a match on each request is what a frame of the table cost
(``python -m bench.replay``), so two things are kept:

- **Where the hand being played starts**, in the site's cache (``CACHES["default"]``, the
  database cache every process shares): each hand's :class:`~play.hands.Setup` (its number
  and the totals before it) and whether the learner won each ended hand (:class:`Start`).
  Its key is a digest of the game's deal, its ended hands and the code that replays them, so
  a key never names stale content: a new hand, another game or a new release is another key,
  and a process may remember the starts it has read (:data:`STARTS` of them) without asking.
  The entry is plain lists of numbers and strings (a few hundred bytes), so reading it back
  runs no class of ours, and a change of the engine's types cannot break it.
- **The hands last replayed by this process**, as live objects (:data:`KEPT` of them, about
  half a megabyte for a hand of 1,000 actions), each under its game and its setup with the
  actions it holds. A request takes the hand as an earlier request left it and plays only
  the actions stored since (:func:`hand_of`); actions that no longer continue it (a
  take-back) replay that hand from its deal. Nothing here is the game's state: each entry is
  checked against the actions the database holds, so a process that missed moves made in
  another has only more to replay, never a stale hand to show.

The hands themselves are not put in the shared cache: unpickling a hand's positions costs
more than playing its actions again (9.9 ms against 8.3 ms of CPU for the 1,012 actions of
bench.replay's third hand, 140 kB pickled: each frozen dataclass is restored through
``__setstate__``), so it would add bytes and no speed.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.core.cache.backends.base import BaseCache

import engine
from engine.rules import Rules
from play import hands

#: How many hands one process keeps (the latest used); each is about 0.5 MB at 1,000
#: actions, and a hand has at most play.hands.MAX_ACTIONS.
KEPT = 16
#: How many starts one process keeps (a few hundred bytes each).
STARTS = 256
#: How long the shared cache keeps where a game's hand starts (a match may pause for days).
START_SECONDS = 7 * 24 * 3600
#: Changed whenever :class:`Start`'s stored form changes.
FORMAT = 1
#: The cache every process shares, where :class:`Start` is kept (``CACHES["default"]``).
shared: BaseCache = cache


@dataclass(frozen=True, slots=True)
class Start:
    """Where each hand of a game starts (the last is the hand being played) and, for each
    ended hand, whether the learner won it."""

    setups: tuple[hands.Setup, ...]
    won: tuple[bool, ...]

    @property
    def current(self) -> hands.Setup:
        return self.setups[-1]

    def to_json(self) -> list[Any]:
        setups = [[*astuple(setup)[:-1], list(setup.totals)] for setup in self.setups]
        return [setups, list(self.won)]

    @classmethod
    def from_json(cls, data: Any) -> Start:
        """Raises ValueError (or TypeError) for anything :meth:`to_json` did not write."""
        setups, won = data
        made = []
        for players, seed, preset, opponents, partner, number, totals in setups:
            made.append(
                hands.Setup(players, seed, preset, opponents, partner, number, tuple(totals))
            )
        if not made or len(won) != len(made) - 1:
            raise ValueError("a start names one more hand than it has results")
        return cls(tuple(made), tuple(bool(each) for each in won))


_code: str | None = None


def code_digest() -> str:
    """A digest of the source that replays a game (the engine and play.hands), so a release
    that changes a rule never reads what the one before worked out."""
    global _code
    if _code is None:
        digest = hashlib.blake2b(digest_size=8)
        files = sorted(Path(engine.__file__).parent.rglob("*.py"))
        for path in [*files, Path(hands.__file__)]:
            digest.update(path.read_bytes())
        _code = digest.hexdigest()
    return _code


def start_key(setup: hands.Setup, past: Sequence[Sequence[str]]) -> str:
    """The shared cache's key for a game dealt as ``setup`` whose ended hands are ``past``."""
    # The rules as the preset names them now, as well as its name: tests change a preset.
    named = [FORMAT, code_digest(), astuple(setup), setup.rules.to_dict(), past]
    text = json.dumps(named, separators=(",", ":"))
    return "play:start:" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def start(setup: hands.Setup, past: Sequence[Sequence[str]], pk: int | None = None) -> Start:
    """Where the hands of a game dealt as ``setup`` start, its ended hands being ``past``:
    known to this process, else from the shared cache, else by replaying the ended hands
    (kept for ``pk``'s game, and checked: raises hands.BrokenGame)."""
    key = start_key(setup, past)
    with _lock:
        known = _starts.get(key)
        if known is not None:
            _starts.move_to_end(key)
            return known
    found = _shared_start(key)
    if found is None:
        found = _work_out(setup, past, pk)
        shared.set(key, found.to_json(), START_SECONDS)
    with _lock:
        _starts[key] = found
        while len(_starts) > STARTS:
            _starts.popitem(last=False)
    return found


def _shared_start(key: str) -> Start | None:
    stored = shared.get(key)
    if stored is None:
        return None
    try:
        return Start.from_json(stored)
    except (TypeError, ValueError):
        return None  # not what this code writes: work it out again


def _work_out(setup: hands.Setup, past: Sequence[Sequence[str]], pk: int | None) -> Start:
    if len(past) > hands.MAX_HANDS:
        raise hands.BrokenGame(f"a game of {len(past)} hands is longer than any match")
    setups = []
    won = []
    for number, actions in enumerate(past):
        ended = hand_of(pk, setup, actions)
        if not ended.over:
            raise hands.BrokenGame(f"hand {number} is stored as played but has not ended")
        if setup.match.is_over:
            raise hands.BrokenGame(f"hand {number} was dealt after the game was won")
        setups.append(setup)
        won.append(hands.won(ended))
        setup = setup.next_hand(hands.outcome(ended))
    return Start((*setups, setup), tuple(won))


def current(
    setup: hands.Setup,
    past: Sequence[Sequence[str]],
    actions: Sequence[str],
    pk: int | None = None,
) -> tuple[Start, hands.Hand]:
    """Where the game's hands start, and the hand being played after ``actions``."""
    found = start(setup, past, pk)
    if past and found.current.match.is_over and actions:
        raise hands.BrokenGame("a hand was played after the game was won")
    return found, hand_of(pk, found.current, actions)


class Kept:
    """The latest hands replayed in this process, at most ``size``; safe across threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._hands: OrderedDict[tuple[Any, ...], tuple[tuple[str, ...], hands.Hand]]
        self._hands = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> tuple[tuple[str, ...], hands.Hand] | None:
        with self._lock:
            found = self._hands.get(key)
            if found is not None:
                self._hands.move_to_end(key)
        return None if found is None else (found[0], _copy(found[1]))

    def put(self, key: tuple[Any, ...], actions: Sequence[str], hand: hands.Hand) -> None:
        """Keep ``hand``, which is the hand after ``actions``."""
        entry = (tuple(actions), _copy(hand))
        with self._lock:
            self._hands[key] = entry
            self._hands.move_to_end(key)
            while len(self._hands) > self.size:
                self._hands.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._hands.clear()

    def __len__(self) -> int:
        return len(self._hands)


def _copy(hand: hands.Hand) -> hands.Hand:
    # Steps, positions and memory are frozen; only the list of steps grows in place.
    return hands.Hand(hand.setup, hand.position, list(hand.steps), hand.memory)


#: This process's hands (:class:`Kept`).
kept = Kept(KEPT)
#: The starts this process has read or worked out, by key (a key never names stale content).
_starts: OrderedDict[str, Start] = OrderedDict()
_lock = threading.Lock()


def forget() -> None:
    """Forget what this process keeps (tests and the benchmark: another process)."""
    kept.clear()
    with _lock:
        _starts.clear()


def _key(pk: int | None, setup: hands.Setup) -> tuple[int | None, hands.Setup, Rules]:
    # The rules as the preset names them now: tests change a preset's target.
    return pk, setup, setup.rules


def hand_of(pk: int | None, setup: hands.Setup, actions: Sequence[str]) -> hands.Hand:
    """The hand dealt as ``setup`` after ``actions``: the kept one with only the actions
    played since, else replayed from its deal (raises hands.BrokenGame)."""
    key = _key(pk, setup)
    found = kept.get(key)
    if found is not None:
        held, hand = found
        if len(held) <= len(actions) and tuple(actions[: len(held)]) == held:
            if len(held) == len(actions):
                return hand
            hands.resume(hand, actions[len(held) :])
            kept.put(key, actions, hand)
            return hand
    hand = hands.replay(setup, actions)
    kept.put(key, actions, hand)
    return hand


def keep(pk: int | None, hand: hands.Hand) -> None:
    """Keep a hand just played and saved (play.games.move), so the next request finds it."""
    kept.put(_key(pk, hand.setup), hand.actions, hand)
