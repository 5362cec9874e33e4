"""Budgets: how much work one request may make the engine do.

A search that a web request or a judge line can reach (a close or pile puzzle's line of
play, the melds of a big hand, the legal actions of a position) takes a :class:`Budget`
and spends it as it works; when the budget runs out the search stops with a
:class:`~engine.errors.TooBigError` (code ``too_big``), which the web shows as a 400 with
its sentence and the judge as ``{"ok": false, ...}``. The budget counts steps, not
seconds, so the same position is decided, or refused, the same way on every machine and
in every test.

A step is one candidate meld or attachment tried (:func:`engine.melds.possible_melds`,
:func:`engine.melds.possible_attachments`, which also charge :data:`LOOKUP_STEPS` for
finding them); a move played in a search (:func:`engine.actions.transition`) costs
:data:`MOVE_STEPS`. ``python -m engine bench
--budget`` prints the CPU time of the worst requests, each of which spends at most one
:data:`REQUEST_STEPS` budget; on the project's machine a step costs 13 to 36 µs of CPU, so a
whole budget stays under a quarter of a second.

>>> budget = Budget(10)
>>> budget.spend(4); budget.left
6
>>> budget.spend(7)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.TooBigError: This position is too big for the engine to settle within its ...
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from engine.errors import TooBigError

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The steps one request may spend: a web request (a puzzle checked or solved, the
#: editor's check) or one line of the judge.
REQUEST_STEPS = 6_000

#: What one move played in a search costs, in steps: a move re-checks the meld it makes
#: and the cards left, about three candidates' work.
MOVE_STEPS = 3

#: What looking for candidates costs, in steps, before trying any: a hand's melds cost
#: this much, each meld's attachments a quarter of it (every suit and window is scanned).
LOOKUP_STEPS = 24


class Budget:
    """Steps left for one request's searches; :meth:`spend` raises once they run out.

    Not a value: a budget is spent in place, and one budget is shared by every search a
    request makes (a wrong answer's verdict searches again for a correct one to show).
    """

    __slots__ = ("spent", "steps")

    def __init__(self, steps: int = REQUEST_STEPS) -> None:
        self.steps = steps
        self.spent = 0

    @property
    def left(self) -> int:
        return self.steps - self.spent

    def spend(self, steps: int = 1) -> None:
        """Count ``steps`` more, before doing them; raises :class:`TooBigError`
        (``too_big``) instead when they would go past the budget."""
        if self.spent + steps > self.steps:
            raise TooBigError("too_big", steps=self.steps)
        self.spent += steps

    def __repr__(self) -> str:
        return f"Budget({self.steps}) with {self.left} left"


def spend(budget: Budget | None, steps: int = 1) -> None:
    """Spend from ``budget`` when there is one (None: an unbounded search, for tools)."""
    if budget is not None:
        budget.spend(steps)


class Memo(Generic[T]):
    """The last results of a search and the steps each cost, shared by the requests one
    process serves (a teacher's page marks the same puzzle for every student).

    A hit charges the budget the steps the search spent, so a budget runs out exactly
    where it would without the memo, and the same request is decided or refused the same
    way: only the CPU is saved. Results must be values nobody changes (tuples, frozen
    types). A search made without a budget is neither looked up nor kept.
    """

    def __init__(self, size: int, weigh: Callable[[T], int] = lambda result: 1) -> None:
        #: How much the memo keeps, in the units of ``weigh`` (a result weighs 1 unless
        #: told otherwise: a hand's melds weigh as many as they are).
        self.size = size
        self._weigh = weigh
        self._weight = 0
        self._kept: OrderedDict[Hashable, tuple[T, int, int]] = OrderedDict()
        self._lock = threading.Lock()
        _MEMOS.append(self)

    def run(self, key: Hashable, budget: Budget | None, search: Callable[[], T]) -> T:
        """``search()``'s result for ``key``, kept or made now; raises as ``search`` and
        :meth:`Budget.spend` do."""
        if budget is None:
            return search()
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
        if kept is not None:
            result, steps, _ = kept
            budget.spend(steps)
            return result
        before = budget.spent
        result = search()
        weight = self._weigh(result) + 1
        with self._lock:
            if key not in self._kept and weight <= self.size:
                self._kept[key] = (result, budget.spent - before, weight)
                self._weight += weight
            while self._weight > self.size:
                _, (_, _, dropped) = self._kept.popitem(last=False)
                self._weight -= dropped
        return result

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._weight = 0


class Cache(Generic[K, V]):
    """Analyses that never change, kept by the key they depend on alone (the
    melds of a suit's cards, the attachments to one meld), unlike :class:`Memo` shared by
    every caller, budgeted or not: a cache only saves CPU, never changes what is decided.

    Read ``kept`` directly (``cache.kept.get(key)``) on hot paths; :meth:`put` empties the
    whole cache when it holds ``size`` entries, which keeps it bounded without the cost
    of tracking use. :func:`clear_memos` empties it too.
    """

    __slots__ = ("kept", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: dict[K, V] = {}
        _MEMOS.append(self)

    def put(self, key: K, value: V) -> V:
        if len(self.kept) >= self.size:
            self.kept.clear()
        self.kept[key] = value
        return value

    def clear(self) -> None:
        self.kept.clear()


_MEMOS: list[Memo[Any] | Cache[Any, Any]] = []


def clear_memos() -> None:
    """Forget every search result kept, so the next requests are measured cold (bench)."""
    for memo in _MEMOS:
        memo.clear()
