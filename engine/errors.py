"""The engine's exceptions: every error the engine raises is a BurracoError.

A refusal (a meld that is not valid, an action the rules forbid) carries a stable
``code`` for tests and statistics, the ``rule`` id of ../shared/RULES.md it breaks, and
``params`` from which :mod:`engine.messages` renders a sentence in a learner's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class BurracoError(ValueError):
    """Base class of every error the engine raises."""


class InvalidNotationError(BurracoError):
    """Text that names no card, action, position or rules variant."""


class InvalidPositionError(BurracoError):
    """A position that cannot arise in a game (too many copies, invalid melds...)."""


class Refusal(BurracoError):
    """A refusal a learner can read: a code, the rule it comes from, and parameters."""

    def __init__(self, code: str, rule: str, **params: Any) -> None:
        self.code = code
        self.rule = rule
        self.params: Mapping[str, Any] = params
        super().__init__(code, rule)

    def __str__(self) -> str:
        # Rendered on demand: the enumerations make and drop many refusals unread.
        from engine.messages import render

        return render(self.code, self.params)

    @property
    def message(self) -> str:
        """The English sentence; :func:`engine.messages.render` gives other languages."""
        return str(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.rule!r}, **{dict(self.params)!r})"


class InvalidMeldError(Refusal):
    """Cards that form no meld, or an attachment that leaves no valid meld."""


class IllegalActionError(Refusal):
    """A well-formed action that the state of the game forbids."""


class TooBigError(Refusal):
    """A request too big for the engine to serve within its budget (issue 13): a hand or a
    number larger than any game can give, or a position whose search would take more steps
    than :mod:`engine.budget` allows. ``rule`` is the rule that sets the limit, if any."""

    def __init__(self, code: str, rule: str = "", **params: Any) -> None:
        super().__init__(code, rule, **params)
