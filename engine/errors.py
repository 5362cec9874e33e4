"""The engine's exceptions: every error the engine raises is a BurracoError.

Every error carries a stable ``code`` for tests and statistics, the ``rule`` id of
../shared/RULES.md it comes from (or ``""``), and ``params`` from which
:mod:`engine.messages` renders its sentence in a reader's language: no sentence is written
where an error is raised, so an Italian teacher never reads an English one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

E = TypeVar("E", bound="BurracoError")


class BurracoError(ValueError):
    """Base class of every error the engine raises: a code, a rule id and parameters."""

    def __init__(self, code: str, rule: str = "", **params: Any) -> None:
        self.code = code
        self.rule = rule
        self.params: Mapping[str, Any] = params
        super().__init__(code, rule)

    @classmethod
    def of(cls: type[E], error: BurracoError) -> E:
        """The same error (code, rule, parameters) as another class of error."""
        return cls(error.code, error.rule, **error.params)

    def as_param(self) -> dict[str, Any]:
        """This error as a parameter of another one (``reason``), in plain JSON values."""
        return {"code": self.code, "params": dict(self.params)}

    def __str__(self) -> str:
        """The English sentence with its rule, as the judge and the content loader say it:
        "A meld needs at least three cards, not 2 (R10)." A page shows the sentence alone
        (:func:`engine.messages.render`) and the rule beside it."""
        # Rendered on demand: the enumerations make and drop many refusals unread.
        from engine.messages import render, with_rule

        return with_rule(render(self.code, self.params), self.rule)

    @property
    def message(self) -> str:
        """The English sentence alone; :func:`engine.messages.render` gives other languages."""
        from engine.messages import render

        return render(self.code, self.params)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.rule!r}, **{dict(self.params)!r})"


class InvalidNotationError(BurracoError):
    """Text that names no card, action, position or rules variant."""


class InvalidPositionError(BurracoError):
    """A position that cannot arise in a game (too many copies, invalid melds...)."""


class Refusal(BurracoError):
    """A refusal a learner can read: a code, the rule it comes from, and parameters."""

    def __init__(self, code: str, rule: str, **params: Any) -> None:
        super().__init__(code, rule, **params)


class InvalidMeldError(Refusal):
    """Cards that form no meld, or an attachment that leaves no valid meld."""


class IllegalActionError(Refusal):
    """A well-formed action that the state of the game forbids."""


class TooBigError(Refusal):
    """A request too big for the engine to serve within its budget: a hand or a
    number larger than any game can give, or a position whose search would take more steps
    than :mod:`engine.budget` allows. ``rule`` is the rule that sets the limit, if any."""

    def __init__(self, code: str, rule: str = "", **params: Any) -> None:
        super().__init__(code, rule, **params)
