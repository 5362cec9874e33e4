"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): pure Python, no Django.

Learners and puzzles both carry a rating, a rating deviation (how sure the rating is) and a
volatility. Each rated attempt is one rating period with one game: the learner plays the
puzzle and wins (1) or loses (0); the puzzle plays the learner with the opposite result.
:mod:`lessons.ratings` stores the values and takes the row locks; this module only computes.

>>> player = Rating(1500, 200, 0.06)
>>> after = update(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Glicko-2's scale factor between the Glicko scale (1500 ± 350) and its own (0 ± 2.01).
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant τ, which limits how fast volatility changes (Glickman: 0.3 to 1.2).
TAU = 0.5
#: The convergence tolerance of the volatility iteration.
EPSILON = 0.000001
#: Bounds kept on the deviation: never more unsure than a newcomer, never so sure that a
#: rating stops moving.
MIN_DEVIATION = 45.0
MAX_DEVIATION = DEFAULT_DEVIATION


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating on the Glicko scale, its deviation and its volatility."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm as the paper gives it."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """The player's rating after one rating period with these (opponent, score) games;
    a score is 1 for a win, 0 for a loss, 0.5 for a draw.

    With no games the rating stays and only the deviation grows (step 6 of the paper).
    Deviation bounds (:data:`MIN_DEVIATION`, :data:`MAX_DEVIATION`) are not applied here,
    so that the paper's example comes out exactly; :func:`play` applies them.
    """
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, phi_star * SCALE, sigma)
    v_inverse = 0.0
    total = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = opponent.deviation / SCALE
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inverse += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / v_inverse
    delta = v * total
    sigma_new = _volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma_new)


def damp(before: Rating, after: Rating, weight: float) -> Rating:
    """Only ``weight`` (0 to 1) of the change from ``before`` to ``after``.

    >>> damp(Rating(1500, 200), Rating(1540, 180), 0.5)
    Rating(rating=1520.0, deviation=190.0, volatility=0.06)
    """
    return Rating(
        before.rating + weight * (after.rating - before.rating),
        before.deviation + weight * (after.deviation - before.deviation),
        before.volatility + weight * (after.volatility - before.volatility),
    )


def _bounded(rating: Rating) -> Rating:
    deviation = min(MAX_DEVIATION, max(MIN_DEVIATION, rating.deviation))
    return Rating(rating.rating, deviation, rating.volatility)


def play(
    learner: Rating, puzzle: Rating, solved: bool, *, weight: float = 1.0
) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one rated attempt, each computed from
    the other's rating before it. ``weight`` damps the learner's change only (practice on
    a chosen theme); the puzzle moves in full.

    >>> learner, puzzle = play(Rating(1500, 350), Rating(1500, 350), True)
    >>> learner.rating > 1500 > puzzle.rating
    True
    """
    score = 1.0 if solved else 0.0
    learner_after = damp(learner, update(learner, [(puzzle, score)]), weight)
    puzzle_after = update(puzzle, [(learner, 1.0 - score)])
    return _bounded(learner_after), _bounded(puzzle_after)
