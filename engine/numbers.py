"""The engine's one reader of whole numbers: a position's seats and counts, a puzzle's fields,
an answer's score, a verdict's detail kept as JSON.

JSON gives a number; a form gives its digits as text, which only an answer accepts
(``text=True``). ``True`` is an int in Python but no number here; ``"²"`` passes
``str.isdigit`` and 5,000 digits pass ``str.isdecimal``, and ``int()`` then raised out of
the judge: only ASCII digits, and few of them, are read.

>>> whole_number(3, "players")
3
>>> whole_number(" -120 ", "score", text=True)
-120
>>> whole_number("120", "score")
Traceback (most recent call last):
...
engine.errors.InvalidNotationError: Score must be a whole number, not “120”.
>>> whole_number(True, "meld")
Traceback (most recent call last):
...
engine.errors.InvalidNotationError: The meld must be a whole number, not “True”.
"""

from __future__ import annotations

from typing import Any

from engine.errors import BurracoError, InvalidNotationError, TooBigError

#: The most digits a number written as text may have: more than any score or count needs.
MOST_DIGITS = 9


def whole_number(
    value: Any,
    name: Any,
    *,
    most: int | None = None,
    text: bool = False,
    error: type[BurracoError] = InvalidNotationError,
) -> int:
    """``value`` as a whole number, ``name`` saying in a sentence what it is (a field's key or
    a place in a position, as :mod:`engine.messages` names them).

    ``text``: also read the digits of a form's field, an optional minus sign before them.
    Raises ``error`` (``whole_number``) for anything that is no whole number, and
    :class:`TooBigError` (``number_too_big``) for one beyond ``most`` either side of zero.
    """
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif text and isinstance(value, str):
        written = value.strip()
        digits = written.removeprefix("-")
        if digits.isascii() and digits.isdecimal() and len(digits) <= MOST_DIGITS:
            number = int(written)
    if number is None:
        raise error("whole_number", name=name, text=_shown(value))
    if most is not None and abs(number) > most:
        raise TooBigError("number_too_big", name=name, value=_shown(number), most=most)
    return number


def _shown(value: Any) -> Any:
    """A value for a sentence, cut short when it is absurdly long."""
    if isinstance(value, int | str) and not isinstance(value, bool):
        written = str(value)
        return value if len(written) <= 12 else f"{written[:9]}…"
    return value
