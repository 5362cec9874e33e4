"""Choosing the next puzzle for a learner: near their level, never one just solved."""

from __future__ import annotations

import random

from django.http import HttpRequest

from engine.puzzles import RULE_IDS, TOPICS
from lessons import ratings, tracking
from lessons.learners import learner_filter
from lessons.models import Attempt, Puzzle
from lessons.rulebook import theme_title

KNOWN_THEMES = frozenset(RULE_IDS + TOPICS)
#: How many candidates near the learner's level to choose among, for variety.
SPREAD = 5


#: Where a newcomer's puzzles start, and how far each of their first rated games moves the
#: start up: a newcomer's Glicko-2 rating is 1500, which puts the hard puzzles first (the
#: curated ones run from 800 to 1700), and it takes a few games to come down.
PLACEMENT_START = 900
PLACEMENT_STEP = 150
#: A rating this sure (Glicko-2's deviation) is the learner's own: placement is over.
PLACED_DEVIATION = 150


def learner_rating(request: HttpRequest) -> float:
    """The rating the next puzzle is chosen near: the learner's Glicko-2 rating, held down
    while they place themselves (900 at first, then 150 more for each rated game, until the
    rating is sure enough to stand on its own)."""
    row = ratings.learner_row(request)
    if row is None:
        return PLACEMENT_START
    if row.rating_deviation <= PLACED_DEVIATION:
        return row.rating
    return min(row.rating, PLACEMENT_START + PLACEMENT_STEP * row.games)


def known_themes(theme: str | None) -> list[str]:
    """The themes of a ``?theme=`` (one, or several comma-separated) that exist."""
    return [name for name in (theme or "").split(",") if name in KNOWN_THEMES][:41]


def theme_titles(theme: str | None) -> list[str]:
    """The themes of a ``?theme=`` by their names, to say what is being practised."""
    return [theme_title(name) for name in known_themes(theme)]


def next_puzzle(request: HttpRequest, theme: str | None, kind: str | None = None) -> Puzzle:
    """A puzzle on the theme (or any of several, comma-separated), of the kind if given,
    the learner has not solved yet, near their rating; a freshly generated one when the
    curated ones run out, so a learner never runs out."""
    solved = Attempt.objects.filter(learner_filter(request), correct=True).values("puzzle")
    # A teacher's own puzzles (source "teacher") are for their classes, not for everyone.
    candidates = Puzzle.objects.exclude(pk__in=solved).exclude(source=Puzzle.Source.TEACHER)
    # Only themes that exist: an unknown one would have the generator make puzzles on demand.
    themes = known_themes(theme)
    if themes:
        # A lesson's "practise this" asks for all of its rules at once.
        candidates = candidates.filter(themes__name__in=themes).distinct()
    if kind:
        candidates = candidates.filter(kind=kind)
    last = request.session.get("last_puzzle")
    if last is not None:
        candidates = candidates.exclude(pk=last)
    rating = learner_rating(request)
    above = list(candidates.filter(rating__gte=rating).order_by("rating")[:SPREAD])
    below = list(candidates.filter(rating__lt=rating).order_by("-rating")[:SPREAD])
    nearest = sorted(above + below, key=lambda p: abs(p.rating - rating))[:SPREAD]
    rng = random.Random()
    if nearest:
        puzzle = rng.choice(nearest)
    else:
        from lessons.generated import next_generated

        puzzle = next_generated(",".join(themes) or None, rating, rng, kind)
    request.session["last_puzzle"] = puzzle.pk
    # Practice on a chosen theme moves the rating less (lessons.tracking).
    request.session[tracking.THEMED_KEY] = puzzle.pk if themes else None
    return puzzle
