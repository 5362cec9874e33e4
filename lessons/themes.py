"""The puzzle themes as /puzzles/ lists them: grouped by topic, each with how many puzzles
it has and how many of them this learner has solved, optionally of one kind only."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.generate import TOPIC_OF_RULE
from engine.puzzles import TOPICS, Kind
from lessons.learners import learner_filter
from lessons.models import Attempt, Puzzle, Theme
from lessons.rulebook import TOPIC_TITLES, is_rule, rule_number, theme_title

#: The kinds of puzzle the teacher's editor and generated sets make, as pages name them.
KIND_LABELS: dict[str, Promise] = {
    Kind.ATTACH.value: _("Attach cards to a meld"),
    Kind.LAY_MELD.value: _("Lay down a new meld"),
    Kind.WILDCARD.value: _("Where the wildcard goes"),
    Kind.CLASSIFY.value: _("Which burraco is it"),
    Kind.SCORE.value: _("Count the score"),
    Kind.CLOSE.value: _("Close the hand"),
    Kind.PILE.value: _("A turn with the pile"),
}
#: Kinds only curated puzzles have (the strategy questions): named, but never made.
CURATED_KIND_LABELS: dict[str, Promise] = {
    Kind.DISCARD.value: _("Which discard gives nothing away"),
    Kind.PILE_USE.value: _("How much of the pile you can use at once"),
}


def kind_label(kind: str) -> str:
    return str(KIND_LABELS.get(kind) or CURATED_KIND_LABELS.get(kind) or kind)


def topic_of(theme: str) -> str:
    """The topic a theme is listed under: a topic itself, or the topic of its rule."""
    if theme in TOPICS:
        return theme
    return TOPIC_OF_RULE.get(theme, "variants")


@dataclass(frozen=True)
class ThemeRow:
    name: str
    title: str
    count: int
    solved: int


@dataclass(frozen=True)
class TopicGroup:
    name: str
    title: str
    themes: list[ThemeRow]

    @property
    def count(self) -> int:
        return sum(row.count for row in self.themes)


def served(kind: str | None = None) -> Q:
    """The puzzles /puzzles/next/ serves (not a teacher's own), of one kind if given; as a
    filter seen from Theme."""
    wanted = ~Q(puzzles__source=Puzzle.Source.TEACHER)
    return wanted & Q(puzzles__kind=kind) if kind else wanted


def kinds() -> list[tuple[str, str]]:
    """The kinds the served puzzles have, in the filter's order, with their names."""
    found = set(
        Puzzle.objects.exclude(source=Puzzle.Source.TEACHER)
        .values_list("kind", flat=True)
        .distinct()
    )
    order = [*KIND_LABELS, *CURATED_KIND_LABELS, *sorted(found - set(KIND_LABELS))]
    return [(kind, kind_label(kind)) for kind in order if kind in found]


def groups(request: HttpRequest, kind: str | None = None) -> list[TopicGroup]:
    """The themes that have puzzles (of ``kind``), grouped by topic in the topics' order:
    the topic itself first, then its rules by number. One query."""
    wanted = served(kind)
    if request.user.is_authenticated or request.session.session_key is not None:
        mine = Attempt.objects.filter(learner_filter(request), correct=True).values("puzzle")
        solved = Count("puzzles", filter=wanted & Q(puzzles__in=mine), distinct=True)
    else:  # a first visit: nothing solved, and no session made just to say so
        solved = Count("puzzles", filter=Q(pk=None))
    themes = Theme.objects.annotate(
        count=Count("puzzles", filter=wanted, distinct=True), solved=solved
    ).filter(count__gt=0)
    by_topic: dict[str, list[ThemeRow]] = {}
    for theme in themes:
        row = ThemeRow(theme.name, theme_title(theme.name), theme.count, theme.solved)
        by_topic.setdefault(topic_of(theme.name), []).append(row)
    order = [*TOPICS, *sorted(set(by_topic) - set(TOPICS))]
    return [
        TopicGroup(
            topic,
            str(TOPIC_TITLES.get(topic, topic)),
            sorted(by_topic[topic], key=lambda row: (is_rule(row.name), rule_number(row.name))),
        )
        for topic in order
        if topic in by_topic
    ]
