"""Saying each thing once: the findings of a hand grouped by idea.

:func:`~engine.coach.coach` reviews one action; a hand is many. The same idea (a
finding's code and the cards it concerns, :attr:`Finding.idea`) is found again at the
discard of the turn whose draw it was found at, and on every turn while the card stays
in hand. :func:`ideas` groups a hand's findings, each with the learner's turn it was found
on, into one :class:`Idea` per idea: its worst finding, how many turns it was found on and
which, and one sentence ("You kept the 8 of spades for 4 turns, from turn 3 to turn 6: it
fitted your meld 6♠ 7♠"), worst first. :func:`new_ideas` keeps those said for the first
time on a turn: what the live box shows after it.

The practice table's review and live box read their findings through these two, so the
grouping has one place.

>>> from engine.coach.findings import Finding, severity
>>> def kept(points):
...     return Finding.from_json({"code": "missed_attach", "rule": "R17", "points": points,
...         "severity": severity(points).value, "better": "attach 0 8S",
...         "params": {"card": "8S", "arrangement": ["6S", "7S"]}})
>>> found = [(3, kept(30)), (4, kept(40)), (4, kept(40)), (6, kept(20))]
>>> [(idea.count, idea.turns, idea.worst) for idea in ideas(found)]
[(3, (3, 4, 6), 1)]
>>> print(ideas(found)[0].message())  # doctest: +NORMALIZE_WHITESPACE
You kept the 8 of spades for 3 turns, from turn 3 to turn 6: it fitted your side's meld 6♠ 7♠,
where it would have counted for you.
>>> new_ideas(found, 6)
[]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import ActionKind
from engine.coach.findings import Finding, Severity
from engine.messages import render

_ORDER = (Severity.NONE, Severity.INACCURACY, Severity.MISTAKE, Severity.BLUNDER)

#: The sentences that say a finding's own sentence again with its count, by that sentence:
#: "You kept the 8 of spades for 4 turns…", "You could have closed the hand on 3 turns…".
#: Any other is said after "On 3 turns, from turn 2 to turn 6:" (``coach_repeated``).
REPEATED = {
    "coach_missed_attach": "coach_repeated_attach",
    "coach_missed_attach_two": "coach_repeated_attach_two",
    "coach_missed_close": "coach_repeated_close",
    "coach_missed_close_two": "coach_repeated_close_two",
    "coach_missed_pozzetto": "coach_repeated_pozzetto",
    "coach_missed_pozzetto_two": "coach_repeated_pozzetto_two",
}


def _repeated(finding: Finding) -> str:
    return REPEATED.get(finding.sentence, "")


@dataclass(frozen=True, slots=True)
class Idea:
    """One idea of a hand's findings: ``finding`` the worst time it was found (``worst``
    its index in the list grouped), ``indexes`` every finding of the list that says it,
    ``turns`` the turns it was found on, in order."""

    key: tuple[str, ...]
    finding: Finding
    worst: int
    indexes: tuple[int, ...]
    turns: tuple[int, ...]

    @property
    def count(self) -> int:
        """On how many turns the idea was found."""
        return len(self.turns)

    @property
    def sentence(self) -> str:
        """The key of the idea's sentence: the finding's own, said once; or, found on
        several turns, the sentence that says it with its count (its code's own where it
        has one, :data:`REPEATED`, else the finding's sentence after the count)."""
        if self.count == 1:
            return self.finding.sentence
        return _repeated(self.finding) or "coach_repeated"

    @property
    def params(self) -> Mapping[str, Any]:
        """The parameters of :attr:`sentence`."""
        finding = self.finding
        if self.count == 1:
            return finding.params
        span = {"count": self.count, "first": self.turns[0], "last": self.turns[-1]}
        if _repeated(finding):
            return {**finding.params, **span}
        return {**span, "reason": {"code": finding.sentence, "params": dict(finding.params)}}

    def message(
        self,
        translate: Callable[[str], str] | None = None,
        plural: Callable[[str, str, int], str] | None = None,
    ) -> str:
        """The idea's sentence in English, or in the language ``translate`` gives."""
        if translate is None:
            return render(self.sentence, self.params)
        return render(self.sentence, self.params, translate, plural)


def _weight(finding: Finding) -> tuple[int, int]:
    return (_ORDER.index(finding.severity), finding.points)


def ideas(found: Sequence[tuple[int, Finding]]) -> list[Idea]:
    """The findings of a hand, each with the turn it was found on (the learner's turns,
    counted from 1: a turn's draw and its discard share it), grouped by idea: one
    :class:`Idea` each, worst first (by severity, then points, then the earliest turn).
    A finding that proposes discarding a card the worst finding of its turn plays is left
    out: one turn's review never tells the learner to keep a card and to throw it."""
    groups: dict[tuple[str, ...], list[int]] = {}
    contradicting = _contradicting(found)
    for index, (_, finding) in enumerate(found):
        if index not in contradicting:
            groups.setdefault(finding.idea, []).append(index)
    grouped = []
    for key, indexes in groups.items():
        worst = max(indexes, key=lambda index: (_weight(found[index][1]), -index))
        turns = tuple(sorted({found[index][0] for index in indexes}))
        grouped.append(Idea(key, found[worst][1], worst, tuple(indexes), turns))
    grouped.sort(key=lambda idea: (tuple(-n for n in _weight(idea.finding)), idea.turns[0]))
    return grouped


def _contradicting(found: Sequence[tuple[int, Finding]]) -> set[int]:
    """The findings that propose discarding a card the worst finding of their turn plays
    (its better move's cards, or the hand's cards the pile's meld takes, ``yours``): the
    turn's review would tell the learner to keep a card and to throw it."""
    worst: dict[int, Finding] = {}
    for turn, finding in found:
        if turn not in worst or _weight(finding) > _weight(worst[turn]):
            worst[turn] = finding
    dropped = set()
    for index, (turn, finding) in enumerate(found):
        main = worst[turn]
        better = finding.better
        if finding is main or better.kind is not ActionKind.DISCARD or not better.cards:
            continue
        needed = {str(card) for card in main.better.cards}
        needed |= {str(card) for card in main.params.get("yours", ())}
        if str(better.cards[0]) in needed:
            dropped.add(index)
    return dropped


def new_ideas(found: Sequence[tuple[int, Finding]], turn: int) -> list[Idea]:
    """The ideas first found on ``turn``, one each (its worst finding that turn), worst
    first: what was not said on an earlier turn. Findings of later turns are not read."""
    return [
        idea for idea in ideas([pair for pair in found if pair[0] <= turn]) if idea.turns[0] == turn
    ]
