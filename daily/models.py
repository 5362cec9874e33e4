"""The deal of the day: each learner's hand of it (:class:`Entry`), and the day's results
added up as each ranked one is recorded (:class:`Day`, :class:`Choice`).

A day's deal is not stored: daily.deal derives it from the date. An entry files a practice
game (play.models.Game) under a day, ranked (the learner's one try that counts) or not (a
copy played for practice). A ranked entry's result counts once the hand has ended and the
entry is an account's; it is then added to its day's totals once (``counted``), so the
day's page reads one row and never adds up the results itself.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from lessons.learners import LearnerOwned
from play.models import Game


class Day(models.Model):
    """The ranked results of one day's deal, added up: how many, how they scored, how many
    closed, took their pozzetto, made a clean burraco."""

    day = models.DateField(unique=True)
    results = models.PositiveIntegerField(default=0)
    closed = models.PositiveIntegerField(default=0)
    pozzetto = models.PositiveIntegerField(default=0)
    clean_burraco = models.PositiveIntegerField(default=0)
    #: How many results had each score: {"<score>": count}. Scores are multiples of five
    #: within a few thousand, so a day has a few hundred keys however many play it.
    scores = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.day}: {self.results} results"


class Entry(LearnerOwned, related_name="daily_entries"):
    """A learner's hand of a day's deal: ranked (the one try that counts) or for practice."""

    day = models.DateField()
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="daily_entry")
    ranked = models.BooleanField()
    #: The learner agreed to be named on the day's leaderboard.
    listed = models.BooleanField(default=False)
    #: Filled in by the move that ends the hand (daily.results.finish): what the learner is
    #: credited, and whether their side closed, took its pozzetto, made a clean burraco.
    score = models.IntegerField(null=True, blank=True)
    closed = models.BooleanField(default=False)
    pozzetto = models.BooleanField(default=False)
    clean_burraco = models.BooleanField(default=False)
    #: The learner's actions in their first turns (daily.results.TURNS), the choices the
    #: day's page compares with everyone else's.
    choices = models.JSONField(default=list, blank=True)
    #: Where each of those actions stands in the hand's actions (the coach's findings on
    #: the game name a decision so).
    steps = models.JSONField(default=list, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: Added to the day's totals (a ranked, ended hand of an account's): set once.
    counted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # One ranked try a day per account, and per anonymous session.
            models.UniqueConstraint(
                fields=["day", "user"],
                condition=Q(ranked=True, user__isnull=False),
                name="one_ranked_daily_per_user",
            ),
            models.UniqueConstraint(
                fields=["day", "session_key"],
                condition=Q(ranked=True, user__isnull=True),
                name="one_ranked_daily_per_session",
            ),
        ]
        indexes = [
            # The leaderboard: a day's counted results of those listed, best first.
            models.Index(
                fields=["day", "-score", "finished_at"],
                condition=Q(counted=True, listed=True),
                name="daily_entry_board",
            ),
        ]

    def __str__(self) -> str:
        kind = "ranked" if self.ranked else "practice"
        return f"{self.day} {kind}: game {self.game_id}, score {self.score}"


class Choice(models.Model):
    """How many of a day's counted results made one choice in one position of the deal, and
    the sum of their final scores. Everyone is dealt the same cards and the bots answer the
    same moves the same way, so the learners who made the same moves before a decision face
    the same position there: ``before`` is a digest of those moves. The coach's word on the
    move is added up too (``flagged``, ``cost``), so the page can say what the coach thought
    of each choice without reading anyone's game."""

    day = models.DateField()
    before = models.CharField(max_length=40)
    #: The decision's place among the learner's actions (0 the first).
    index = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=80)
    count = models.PositiveIntegerField(default=0)
    total = models.BigIntegerField(default=0)
    #: Of those ``count``, how many the coach faulted on this move (a finding above
    #: "minor" kept on their game), and the sum of the points it priced their move at.
    flagged = models.PositiveIntegerField(default=0)
    cost = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["day", "before", "action"], name="one_daily_choice_per_position"
            )
        ]

    def __str__(self) -> str:
        return f"{self.day} #{self.index} {self.action}: {self.count}"
