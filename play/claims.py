"""Games another app has claimed: a hand dealt for work that counts, played once.

A hand of a "play N hands" assignment is dealt at the practice table like any other, but it
counts for the assignment (classroom.hands): while the student still has hands of it to
play, a copy of its deal ("Play this deal again") or a decision of it tried again from the
review would let them learn the stock and the bots' replies (which follow from the seed and
the moves) before playing the hand that counts. Which games those are is the classroom's
knowledge, and play never imports classroom: the classroom registers its answer here when
it starts (classroom.apps); with nobody registered, no game is claimed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from play.models import Game


@dataclass(frozen=True, slots=True)
class Claim:
    """What the table says of a claimed game, and why its deal may not be played again now."""

    #: The line the table and the review show while the game is claimed.
    note: str
    #: The sentence refusing a copy of the deal or a decision tried again; "" when allowed.
    refusal: str = ""
    #: A page the table links to beside the note (its address, and the link's words).
    url: str = ""
    link: str = ""


#: Given a game: the claim on it, or None.
Claimant = Callable[[Game], Claim | None]

_claimants: list[Claimant] = []


def register(claimant: Claimant) -> None:
    """Let ``claimant`` claim games (the first claim found is the game's)."""
    if claimant not in _claimants:
        _claimants.append(claimant)


def claim(game: Game) -> Claim | None:
    """The claim on ``game``, if any app has one."""
    for claimant in _claimants:
        found = claimant(game)
        if found is not None:
            return found
    return None


def replay_refusal(game: Game) -> str:
    """Why ``game``'s deal may not be played again or tried again now ("" when it may)."""
    found = claim(game)
    return found.refusal if found is not None else ""
