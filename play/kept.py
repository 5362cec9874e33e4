"""How many practice games a learner keeps whole, and putting the rest away.

Every game is its seed and its actions (play.models.Game), so a learner's games would grow
without end: a few hundred bytes to some kilobytes each, every one read again by "download my
data". A learner keeps ``PLAY_FINISHED_GAMES`` finished games whole and
``PLAY_UNFINISHED_GAMES`` unfinished ones; past either, the oldest (by its last move) is put
away: its actions, earlier hands and the coach's minor findings are dropped, and what
/progress/ reads stays (players, levels, the totals, the hands ended and won, the findings on
a rule; play.progress). A game put away opens no more.

Starting a game past the unfinished limit puts the oldest unfinished one away rather than
refusing: a learner who presses "New game" expects a new game, the start page lists only the
ten latest unfinished ones (the default limit), so the one put away is one they could no
longer reach from it, and its hands that had ended still count on /progress/. The page says
which game was put away.

A game another app keeps whole (an assignment's filed hand) is never put away and counts for
neither limit: such an app answers :data:`kept_whole` with the ids of those games.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.dispatch import Signal
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import ngettext

from play.models import Finding, Game

#: Sent with ``rows`` (a learner's games) before any is put away; each receiver returns a
#: queryset of the ids of those games it needs whole (classroom: assignments' hands).
kept_whole = Signal()

#: Games put away by one UPDATE: a learner over the limits by thousands (games kept before
#: the limits) is brought within them in steps of this many.
BATCH = 500


def keepable(rows: QuerySet[Game]) -> QuerySet[Game]:
    """The games of ``rows`` still kept whole that may be put away: not put away yet, no
    other app's (:data:`kept_whole`), and, when finished, with their results kept (a game
    that ended before they were kept waits for play.progress.backfill)."""
    kept = rows.filter(thinned_at=None).exclude(finished=True, hands_ended=0)
    for _receiver, ids in kept_whole.send(sender=Game, rows=rows):
        # django-stubs types a receiver's answer as str | None; these return querysets.
        kept = kept.exclude(pk__in=cast("QuerySet[Any]", ids))
    return kept


def put_away(rows: QuerySet[Game], now: datetime | None = None) -> list[Game]:
    """Bring a learner's games (``rows``) within the limits: put away the oldest finished
    games past ``PLAY_FINISHED_GAMES`` and the oldest unfinished past
    ``PLAY_UNFINISHED_GAMES``. Returns the unfinished games put away (the learner is told)."""
    now = now or timezone.now()
    kept = keepable(rows).order_by("-updated_at", "-pk")
    limits = {True: settings.PLAY_FINISHED_GAMES, False: settings.PLAY_UNFINISHED_GAMES}
    unfinished: list[Game] = []
    for finished, limit in limits.items():
        while True:
            over = list(kept.filter(finished=finished)[limit : limit + BATCH])
            if not over:
                break
            thin([game.pk for game in over], now)
            if not finished:
                unfinished.extend(over)
            if len(over) < BATCH:
                break
    return unfinished


def thin(pks: Sequence[int], now: datetime) -> int:
    """Put these games away: drop the actions, the earlier hands and the findings /progress/
    does not read (minor ones, and those on no rule), keep the results. ``version`` moves
    on, so a move sent from a page drawn before is refused as stale, not saved over."""
    with transaction.atomic():
        done = Game.objects.filter(pk__in=pks, thinned_at=None).update(
            actions=[], past_hands=[], thinned_at=now, version=F("version") + 1
        )
        Finding.objects.filter(game_id__in=pks).filter(
            Q(severity=Finding.Severity.NONE) | Q(rule="")
        ).delete()
    return done


def put_away_note(games: Sequence[Game]) -> str:
    """The sentence that tells a learner which unfinished games were put away."""
    days = ", ".join(date_format(timezone.localtime(g.created_at), "DATE_FORMAT") for g in games)
    return ngettext(
        "You have %(limit)d unfinished games, so the oldest, started on %(days)s, was put"
        " away: its moves are no longer kept, its ended hands still count on your progress.",
        "You have %(limit)d unfinished games, so the oldest, started on %(days)s, were put"
        " away: their moves are no longer kept, their ended hands still count on your progress.",
        len(games),
    ) % {"limit": settings.PLAY_UNFINISHED_GAMES, "days": days}
