"""Choosing the next puzzle for a learner: near their level, never one just solved."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.http import HttpRequest

from engine.generate import KINDS, Generated
from engine.puzzles import RULE_IDS, TOPICS
from lessons import ratings, tracking
from lessons.learners import learner_filter
from lessons.models import Attempt, Lesson, Puzzle, Step
from lessons.rulebook import theme_title
from lessons.themes import topic_of

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


#: The topics a rule belongs to: a topic is taught with the first of its rules (a topic no rule
#: belongs to, "strategy", is taught by the kinds of question that carry it, below).
RULE_TOPIC_NAMES = frozenset(topic_of(rule) for rule in RULE_IDS)


@dataclass(frozen=True)
class Taught:
    """What the lessons up to one of them teach: rule ids and their topics, and the kinds of
    puzzle their steps ask. A lesson's "Practise this" serves only puzzles within it."""

    themes: frozenset[str]
    kinds: frozenset[str]

    @property
    def untaught_themes(self) -> list[str]:
        """The rules and rule topics not taught yet, for a query to leave out."""
        known = [*RULE_IDS, *sorted(RULE_TOPIC_NAMES)]
        return [name for name in known if name not in self.themes]

    @property
    def untaught_kinds(self) -> list[str]:
        return [kind for kind in Puzzle.Kind.values if kind not in self.kinds]

    def allows(self, generated: Generated) -> bool:
        """Whether a generated puzzle asks only what has been taught."""
        untaught = set(self.untaught_themes)
        return generated.kind in self.kinds and not untaught & set(generated.themes)


def taught_up_to(slug: str | None) -> Taught | None:
    """What the lessons up to the one of this slug (``?lesson=``) teach, by their order: the
    rules of each lesson and of each of its steps, their topics, and the kinds of puzzle the
    steps ask (attaching is taught by the lesson whose steps first ask an attach question).
    None for no lesson or an unknown one: no limit."""
    order = Lesson.objects.filter(slug=slug or "").values_list("order", flat=True).first()
    if order is None:
        return None
    rules: set[str] = set()
    kinds: set[str] = set()
    for lesson_rules in Lesson.objects.filter(order__lte=order).values_list("rules", flat=True):
        rules.update(lesson_rules)
    steps = Step.objects.filter(lesson__order__lte=order).values_list("rules", "question")
    for step_rules, question in steps:
        rules.update(step_rules)
        kind = ((question or {}).get("puzzle") or {}).get("kind")
        if kind:
            kinds.add(kind)
    topics = {topic_of(rule) for rule in rules if rule in RULE_IDS}
    return Taught(frozenset(rules | topics), frozenset(kinds))


def next_puzzle(
    request: HttpRequest, theme: str | None, kind: str | None = None, lesson: str | None = None
) -> Puzzle:
    """A puzzle on the theme (or any of several, comma-separated), of the kind if given,
    the learner has not solved yet, near their rating; a freshly generated one when the
    curated ones run out, so a learner never runs out. With a lesson (its slug), only puzzles
    whose kind and themes the lessons up to it teach (:func:`taught_up_to`)."""
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
    taught = taught_up_to(lesson)
    if taught is not None:
        candidates = candidates.exclude(themes__name__in=taught.untaught_themes).exclude(
            kind__in=taught.untaught_kinds
        )
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

        allows = None
        if taught is not None:
            allows = taught.allows
            # A kind the lessons have asked, so that the generator makes one they allow.
            asked = sorted(taught.kinds & set(KINDS))
            if kind is None and asked:
                kind = rng.choice(asked)
        puzzle = next_generated(",".join(themes) or None, rating, rng, kind, allows)
    request.session["last_puzzle"] = puzzle.pk
    # Practice on a chosen theme moves the rating less (lessons.tracking).
    request.session[tracking.THEMED_KEY] = puzzle.pk if themes else None
    return puzzle
