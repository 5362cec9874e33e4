"""Practice games: a hand against the bots, kept as its seed and its actions.

A :class:`Game` stores what the engine needs to deal and replay the hand (the table, the
seed, the rules preset, the bots' levels) and the actions played, in order. The position
is never stored: :func:`play.hands.replay` deals the seed again and plays the actions
through the engine, which also checks them (play.replays keeps what was replayed, so a
request plays only the actions stored since). ``version``
counts the moves, so a move sent from a stale page is refused (409) instead of played
twice. :class:`Finding` keeps the coach's word on each of the learner's decisions.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from play.hands import Setup


class Game(models.Model):
    """One practice hand, by an account or an anonymous session."""

    class Level(models.TextChoices):
        RANDOM = "random", pgettext_lazy("bot level", "Random")
        BEGINNER = "beginner", pgettext_lazy("bot level", "Beginner")
        CLUB = "club", pgettext_lazy("bot level", "Club player")
        EXPERT = "expert", pgettext_lazy("bot level", "Expert")

    class Coach(models.TextChoices):
        OFF = "off", _("Off")
        REFUSED = "refused", _("Refused moves only")
        TURNS = "turns", _("After each of your turns")
        FULL = "full", _("Full, with hints")

    class Preset(models.TextChoices):
        STANDARD = "standard", _("Standard Italian rules")
        SEMI_CLEAN = "semi-clean", _("With semi-clean burracos")
        STRICT = "strict", _("Wildcards never move")
        INTERNATIONAL = "international", _("International variant")
        FE_BUR_IT = "fe-bur-it", _("Fe.Bur.It. code")
        F_IT_AB = "f-it-ab", _("F.It.AB code")
        CHAMPION = "champion", _("Burraco Champion")

    class Sort(models.TextChoices):
        SUIT = "suit", _("By suit")
        RANK = "rank", _("By rank")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="practice_games",
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    players = models.PositiveSmallIntegerField(default=2)
    seed = models.BigIntegerField()
    preset = models.CharField(max_length=20, choices=Preset.choices, default=Preset.STANDARD)
    opponents = models.CharField(max_length=10, choices=Level.choices, default=Level.CLUB)
    partner = models.CharField(max_length=10, choices=Level.choices, default=Level.CLUB)
    coach = models.CharField(max_length=10, choices=Coach.choices, default=Coach.TURNS)
    sort = models.CharField(max_length=4, choices=Sort.choices, default=Sort.SUIT)
    #: The actions played, in order, as engine action strings.
    actions = models.JSONField(default=list, blank=True)
    #: Counts the moves saved; a move must name the version it was made on.
    version = models.PositiveIntegerField(default=0)
    #: The learner had help in this game: a hint or a take-back (counted below since they
    #: were; a game helped before has both counts at 0).
    helped = models.BooleanField(default=False)
    #: The hints the learner asked for, and the turns they took back.
    hints = models.PositiveIntegerField(default=0)
    take_backs = models.PositiveIntegerField(default=0)
    #: The game has ended: its one hand, or the match at the target (kept for the lists;
    #: the replay is what decides).
    finished = models.BooleanField(default=False)
    #: The last hand's totals when it ended (null until then): what the learner is credited
    #: (the side's total; a pair's halved at three players, R40), then the best credited to a
    #: player on another side (play.games.result). A match's hands are counted by
    #: ``hands_ended`` and ``hands_won``.
    score = models.IntegerField(null=True, blank=True)
    their_score = models.IntegerField(null=True, blank=True)
    #: The game's hands that have ended, and how many of them the learner won (credited more
    #: than any player on another side: play.games.tally), for /progress/.
    hands_ended = models.PositiveSmallIntegerField(default=0)
    hands_won = models.PositiveSmallIntegerField(default=0)
    #: One hand (False) or a match to the preset's target (True, R36).
    match = models.BooleanField(default=False)
    #: The learner may take back their last turn (a take-back marks the hand as helped).
    takebacks = models.BooleanField(default=True)
    #: A match's ended hands, each its actions in order; ``actions`` is the hand being played.
    past_hands = models.JSONField(default=list, blank=True)
    #: When the game was put away (play.games.put_away): its actions, earlier hands and the
    #: coach's minor findings dropped, its results kept for /progress/; it opens no more.
    thinned_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            # put_away's question at every new game: a learner's kept games, newest first.
            models.Index(
                fields=["user", "finished", "-updated_at"],
                condition=models.Q(thinned_at=None),
                name="play_game_kept_by_user",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.pk}: {self.players} players, {len(self.actions)} actions"

    @property
    def won(self) -> bool | None:
        """The learner's side scored more (None before the end)."""
        if self.score is None or self.their_score is None:
            return None
        return self.score > self.their_score

    @property
    def setup(self) -> Setup:
        """The first hand's setup (each later hand's follows from the hands before it)."""
        return Setup(self.players, self.seed, self.preset, self.opponents, self.partner)

    @property
    def hand_number(self) -> int:
        """The hand being played, 0 the first."""
        return len(self.past_hands)


class Finding(models.Model):
    """The coach's word on one decision of the learner's: one finding of engine.coach."""

    class Severity(models.TextChoices):
        NONE = "none", _("minor")
        INACCURACY = "inaccuracy", _("inaccuracy")
        MISTAKE = "mistake", _("mistake")
        BLUNDER = "blunder", _("blunder")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="findings")
    #: The hand of the game (0 the first; a one-hand game has only that).
    hand = models.PositiveSmallIntegerField(default=0)
    #: The index in the game's actions of the decision reviewed.
    decision = models.PositiveIntegerField()
    action = models.CharField(max_length=80)
    code = models.CharField(max_length=40)
    rule = models.CharField(max_length=8, blank=True)
    severity = models.CharField(max_length=12, choices=Severity.choices)
    points = models.IntegerField()
    better = models.CharField(max_length=80)
    params = models.JSONField(default=dict)
    #: The key of the sentence in engine.messages.MESSAGES.
    sentence = models.CharField(max_length=60)
    dismissed = models.BooleanField(default=False)
    #: When the finding put its rule into the learner's review queue (a mistake or a blunder
    #: on a rule, play.games.schedule_review): set once, so it is scheduled once.
    scheduled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["hand", "decision", "-points"]

    def __str__(self) -> str:
        return f"{self.game_id}@{self.decision}: {self.code}"


class PlayingRating(models.Model):
    """A learner's playing rating: Glicko-2 (lessons.glicko), moved by each hand they finish
    against the bots, the bots' level rated by the ladder (engine.bots.ratings). Accounts
    only: an anonymous session's hands are not rated (play.ratings)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="playing_rating"
    )
    rating = models.FloatField(default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    #: How many hands have moved it.
    hands = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user}: {self.rating:.0f}"


class PlayingRatingPoint(models.Model):
    """The playing rating after one rated hand, with what moved it: the hand (its game and
    number), the bots' level and its rating then, the result. A hand is rated once: the
    game and the hand's number are unique together."""

    learner = models.ForeignKey(PlayingRating, on_delete=models.CASCADE, related_name="history")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="rating_points"
    )
    #: The hand of the game (0 the first).
    hand = models.PositiveSmallIntegerField(default=0)
    players = models.PositiveSmallIntegerField()
    #: The opponents' level and its rating at that table when the hand ended.
    level = models.CharField(max_length=10, choices=Game.Level.choices)
    level_rating = models.FloatField()
    level_deviation = models.FloatField()
    #: 1 won, 0.5 tied, 0 lost (the learner's side's score against the best other side's).
    result = models.FloatField()
    rating = models.FloatField()
    rating_deviation = models.FloatField()
    #: How far it moved the rating as pages round it (shown after minus shown before).
    change = models.IntegerField(default=0)
    at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "hand"], name="one_rating_point_per_hand")
        ]

    def __str__(self) -> str:
        return f"{self.learner}: {self.rating:.0f} after game {self.game_id} hand {self.hand}"
