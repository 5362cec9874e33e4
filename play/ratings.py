"""The learner's playing rating: Glicko-2 (lessons.glicko, the puzzle rating's maths), moved
once by each hand they finish against the bots.

Each rated hand is one game against the bots' level: won (1) when the learner's side scored
more than the best other side, tied (0.5) when as much, lost (0) otherwise
(play.hands.credited). The opponent's rating is the opponents' level's at that table size as
``python -m engine ladder`` measured it (engine.bots.ratings; a size not measured takes the
two-player figures), its deviation the width of the ladder's 95% interval (half of it over
1.96). At four players the partner is a bot too: the hand is rated against the opponents'
level alone, as if the partner played as well as they do (the ladder measures pairs of one
level). At three players, the two others are the opponents' level until one pairs with the
learner (the partner's), and the hand is rated against the opponents' level the same way.

Which hands move it (:func:`why_not_rated`): an account's (an anonymous session's hands
are not rated, nor counted when they move into an account: a rating is the account's
record of play, and a session's hands were played without one); without help (a hint or a
take-back marks a game as helped); not a deal played again (a game dealt from the same seed
as an earlier game of the learner's: its cards were known).

A hand is rated once: :func:`rate_hand` runs in the transaction that saves the move that
ended the hand, after the game's version check let that save through (a replayed request or
a second tab is refused there), with the learner's rating row locked, and the point's
(game, hand) pair is unique, so even a second call for the same hand rates nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from engine.bots import LEVELS
from engine.bots import ratings as ladder
from lessons import glicko
from lessons.charts import rating_chart
from lessons.ratings import PROVISIONAL_DEVIATION, signed
from play import hands
from play.models import Game, PlayingRating, PlayingRatingPoint

#: How many of the latest points the progress page draws and lists.
CURVE_POINTS = 60
TABLE_POINTS = 8


def as_rating(row: PlayingRating) -> glicko.Rating:
    return glicko.Rating(row.rating, row.rating_deviation, row.volatility)


def row_of(user: Any) -> PlayingRating | None:
    """The account's playing rating row, or None before its first rated hand (and for an
    anonymous visitor)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return PlayingRating.objects.filter(user=user).first()


def level_rating(level: str, players: int) -> glicko.Rating | None:
    """The bots' level as a Glicko opponent at that table (None when the ladder has no
    figure for it)."""
    found = ladder.table(players).get(level)
    if found is None:
        return None
    return glicko.Rating(found.rating, (found.high - found.low) / (2 * 1.96))


def why_not_rated(game: Game) -> str:
    """Why ``game``'s hands do not move the playing rating ("" when they do)."""
    if game.user_id is None:
        return _("Hands played without logging in do not move a playing rating.")
    if game.helped:
        return _("A hand with a hint or a take-back does not move your playing rating.")
    if Game.objects.filter(user_id=game.user_id, seed=game.seed, pk__lt=game.pk).exists():
        return _("A deal played again does not move your playing rating: you knew its cards.")
    if level_rating(game.opponents, game.players) is None:
        return _("This level of the bots has no rating yet.")
    return ""


def _bounded(rating: glicko.Rating) -> glicko.Rating:
    deviation = min(glicko.MAX_DEVIATION, max(glicko.MIN_DEVIATION, rating.deviation))
    return glicko.Rating(rating.rating, deviation, rating.volatility)


def _lock(user_id: int) -> PlayingRating:
    """The account's rating row, locked until the transaction ends; made if missing (a
    second maker at the same moment meets the unique user and reads the first one's)."""
    row = PlayingRating.objects.select_for_update().filter(user_id=user_id).first()
    if row is not None:
        return row
    try:
        with transaction.atomic():
            return PlayingRating.objects.create(user_id=user_id)
    except IntegrityError:
        return PlayingRating.objects.select_for_update().get(user_id=user_id)


def result_of(hand: hands.Hand) -> float | None:
    """1 won, 0.5 tied, 0 lost; None before the end."""
    credited = hands.credited(hand)
    if credited is None:
        return None
    mine, theirs = credited
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def rate_hand(game: Game, hand: hands.Hand) -> PlayingRatingPoint | None:
    """Move the learner's playing rating by ``hand`` of ``game``, which has just ended (see
    the module's doc for which hands count); None when it moves nothing, or was rated
    already. Runs inside the caller's transaction (play.games.move)."""
    result = result_of(hand)
    if result is None or why_not_rated(game) or game.user_id is None:
        return None
    opponent = level_rating(game.opponents, game.players)
    assert opponent is not None
    with transaction.atomic():
        row = _lock(game.user_id)
        number = hand.setup.number
        if PlayingRatingPoint.objects.filter(game=game, hand=number).exists():
            return None
        before = as_rating(row)
        after = _bounded(glicko.update(before, [(opponent, result)]))
        row.rating, row.rating_deviation, row.volatility = (
            after.rating,
            after.deviation,
            after.volatility,
        )
        row.hands += 1
        row.save(update_fields=["rating", "rating_deviation", "volatility", "hands", "updated_at"])
        return PlayingRatingPoint.objects.create(
            learner=row,
            game=game,
            hand=number,
            players=game.players,
            level=game.opponents,
            level_rating=opponent.rating,
            level_deviation=opponent.deviation,
            result=result,
            rating=after.rating,
            rating_deviation=after.deviation,
            change=round(after.rating) - round(before.rating),
        )


def closest_level(user: Any, players: int = 2) -> tuple[str, PlayingRating] | None:
    """The bots' level closest to the account's playing rating at that table, and the
    rating row; None before the first rated hand."""
    row = row_of(user)
    if row is None or not row.hands:
        return None
    level = ladder.closest(row.rating, players, LEVELS)
    return None if level is None else (level, row)


def history(row: PlayingRating | None, latest: int = CURVE_POINTS) -> list[PlayingRatingPoint]:
    """The ``latest`` last points, oldest first."""
    if row is None:
        return []
    return list(row.history.order_by("-at", "-pk")[:latest])[::-1]


def progress_context(request: HttpRequest) -> dict[str, Any] | None:
    """What the progress page's "Playing rating" shows; None for nothing (no game yet)."""
    from play import games

    user = request.user
    if not games.my_games(request).exists():
        return None
    if not user.is_authenticated:
        return {"anonymous": True}
    row = row_of(user)
    points = history(row)
    proposed = closest_level(user)
    return {
        "anonymous": False,
        "row": row if row is not None and row.hands else None,
        # Provisional above the puzzle rating's own bound.
        "provisional": row is not None and row.rating_deviation > PROVISIONAL_DEVIATION,
        "points": points,
        "latest": points[::-1][:TABLE_POINTS],
        "chart": rating_chart([point.rating for point in points], start=_first_number(row, points)),
        "proposed": None if proposed is None else Game.Level(proposed[0]).label,
        "labels": dict(Game.Level.choices),
    }


def _first_number(row: PlayingRating | None, points: list[PlayingRatingPoint]) -> int:
    """The number of the first point drawn among all the rated hands."""
    return 1 if row is None else max(1, row.hands - len(points) + 1)


def progress_piece(request: HttpRequest, page: Mapping[str, Any]) -> str:
    """The progress page's "Playing rating" (lessons.pieces, place "progress")."""
    data = progress_context(request)
    if data is None:
        return ""
    return render_to_string("play/rating.html#rating", data, request=request)


def hand_note(game: Game, number: int) -> dict[str, Any] | None:
    """What the table says under an ended hand's score about the playing rating: the point
    the hand made, with its change written as pages write it ("+12"), or why it made none;
    None for a hand that ended before hands were rated."""
    point = PlayingRatingPoint.objects.filter(game=game, hand=number).first()
    if point is not None:
        return {"point": point, "change": signed(point.change)}
    reason = why_not_rated(game)
    return {"reason": reason} if reason else None
