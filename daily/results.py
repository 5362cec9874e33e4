"""The deal of the day's services: starting a learner's hand of it, recording its result
when it ends, adding it to the day's totals once, and moving an anonymous visitor's hands
into their account.

Every result comes from the engine: the move that ends a hand (play.games.move) sends
play.signals.game_finished inside its transaction, and :func:`on_game_finished` reads the
score and the rest from the ended hand it is given. Nothing a browser posts is a result.

One ranked try a day per learner is a unique constraint (daily.models.Entry): two tabs, or
two posts at once, make one entry; the second is told of the first. A ranked result counts
once it is an account's, and is added to the day's totals (:func:`count`) under a lock on
the day's row, so the totals are changed by one result at a time, and each result once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from daily.deal import Deal
from daily.models import Choice, Day, Entry
from engine.melds import Burraco
from lessons.learners import Learner
from play import games, hands
from play.claims import Claim
from play.models import Game

#: The learner's turns whose choices are compared with everyone's: after the first few, so
#: few players have made the same moves that there is little left to compare.
TURNS = 3


class AlreadyPlayed(Exception):
    """The learner has a ranked hand of this day, ended: there is one try."""

    def __init__(self, entry: Entry) -> None:
        super().__init__(entry.day)
        self.entry = entry


def ranked_entry(learner: Learner, day: date) -> Entry | None:
    """The learner's ranked hand of ``day``, if any."""
    return Entry.objects.filter(learner.rows(), day=day, ranked=True).select_related("game").first()


def has_ended(learner: Learner, day: date) -> bool:
    """Has the learner played their ranked hand of ``day`` to its end?"""
    mine = Entry.objects.filter(learner.rows(), day=day, ranked=True)
    return mine.exclude(finished_at=None).exists()


def start_ranked(request: HttpRequest, day: date) -> tuple[Entry, bool]:
    """The learner's ranked hand of ``day``: a new one (and True), or the one being played
    (and False). Raises :class:`AlreadyPlayed` when it has ended. Two requests at once make
    one: the unique constraint stops the second, which returns the first's."""
    learner = Learner.of(request)
    found = ranked_entry(learner, day)
    if found is None:
        try:
            with transaction.atomic():
                game = games.new_game(request, **Deal(day).game_fields())
                entry = Entry.objects.create(**learner.fields(), day=day, game=game, ranked=True)
            return entry, True
        except IntegrityError:
            found = ranked_entry(learner, day)
            if found is None:  # not ours after all: a constraint we do not know of
                raise
    if found.finished_at is not None or found.game.finished:
        raise AlreadyPlayed(found)
    return found, False


def start_practice(request: HttpRequest, day: date) -> Entry:
    """A copy of ``day``'s deal to play for practice (never ranked)."""
    learner = Learner.of(request)
    with transaction.atomic():
        game = games.new_game(request, **Deal(day).game_fields())
        return Entry.objects.create(**learner.fields(), day=day, game=game, ranked=False)


def on_game_finished(sender: Any, game: Game, hand: hands.Hand, **kwargs: Any) -> None:
    """play.signals.game_finished: record the result of a daily hand, and count it."""
    entry = Entry.objects.filter(game=game).first()
    if entry is None or entry.finished_at is not None:
        return
    finish(entry, hand)
    if entry.ranked and entry.user_id is not None:
        count(entry)


def finish(entry: Entry, hand: hands.Hand) -> None:
    """Keep an ended hand's result on its entry: what the learner is credited, whether
    their side closed, took its pozzetto, made a clean burraco, and their first choices."""
    position = hand.position
    side = position.side_of(hands.LEARNER)
    outcome = hands.outcome(hand)
    credited = hands.credited(hand)
    entry.score = credited[0] if credited is not None else 0
    entry.closed = outcome.closer is not None and position.side_of(outcome.closer) == side
    entry.pozzetto = bool(position.pozzetti_taken[side])
    entry.clean_burraco = any(
        meld.burraco(position.rules) is Burraco.CLEAN for meld in position.melds[side]
    )
    moves = first_moves(hand)
    entry.choices = [action for _index, action in moves]
    entry.steps = [index for index, _action in moves]
    entry.finished_at = timezone.now()
    entry.save(
        update_fields=[
            "score",
            "closed",
            "pozzetto",
            "clean_burraco",
            "choices",
            "steps",
            "finished_at",
        ]
    )


def first_moves(hand: hands.Hand, turns: int = TURNS) -> list[tuple[int, str]]:
    """The learner's actions in their first ``turns`` turns, as the engine writes them,
    each with its place in the hand's actions."""
    return [
        (index, str(hand.steps[index].action))
        for index, turn in games.turn_numbers(hand).items()
        if turn <= turns
    ]


def first_choices(hand: hands.Hand, turns: int = TURNS) -> list[str]:
    """The learner's actions in their first ``turns`` turns (:func:`first_moves`)."""
    return [action for _index, action in first_moves(hand, turns)]


def position_key(day: date, before: Sequence[str]) -> str:
    """The digest naming the position of a decision: the day and the learner's moves
    before it (everyone is dealt the same, and the bots answer the same moves alike)."""
    text = day.isoformat() + "\n" + "\n".join(before)
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()


def count(entry: Entry) -> bool:
    """Add a ranked, ended result of an account's to its day's totals, once; False when it
    is not one to count, or was counted already."""
    if not entry.ranked or entry.user_id is None or entry.score is None:
        return False
    with transaction.atomic():
        Day.objects.get_or_create(day=entry.day)
        # The day's row is locked first: its totals and its choices change one result at
        # a time (on SQLite the write lock is taken when the transaction starts).
        day = Day.objects.select_for_update().get(day=entry.day)
        if not Entry.objects.filter(pk=entry.pk, counted=False).update(counted=True):
            return False
        entry.counted = True
        add(day, [entry])
        day.save()
        add_choices(entry.day, [entry])
    return True


def add(day: Day, entries: Sequence[Entry]) -> None:
    """Add results to a day's totals (the row is saved by the caller)."""
    for entry in entries:
        assert entry.score is not None
        day.results += 1
        day.closed += entry.closed
        day.pozzetto += entry.pozzetto
        day.clean_burraco += entry.clean_burraco
        key = str(entry.score)
        day.scores[key] = day.scores.get(key, 0) + 1


def add_choices(day: date, entries: Sequence[Entry]) -> None:
    """Add the results' first choices to the day's counts, position by position, with what
    the coach priced each move at (:func:`coach_prices`)."""
    prices = coach_prices(entries)
    wanted: dict[tuple[str, str], tuple[int, int, int, int, int]] = {}
    for entry in entries:
        assert entry.score is not None
        steps = entry.steps if isinstance(entry.steps, list) else []
        for index, action in enumerate(entry.choices[:60]):
            key = (position_key(day, entry.choices[:index]), str(action)[:80])
            price = prices.get((entry.game_id, steps[index])) if index < len(steps) else None
            was = wanted.get(key, (index, 0, 0, 0, 0))
            wanted[key] = (
                index,
                was[1] + 1,
                was[2] + entry.score,
                was[3] + (price is not None),
                was[4] + (price or 0),
            )
    if not wanted:
        return
    befores = {before for before, _action in wanted}
    there = {
        (row.before, row.action): row for row in Choice.objects.filter(day=day, before__in=befores)
    }
    new = []
    for key, (index, added, total, flagged, cost) in wanted.items():
        row = there.get(key)
        if row is None:
            new.append(
                Choice(
                    day=day,
                    before=key[0],
                    index=index,
                    action=key[1],
                    count=added,
                    total=total,
                    flagged=flagged,
                    cost=cost,
                )
            )
        else:
            Choice.objects.filter(pk=row.pk).update(
                count=F("count") + added,
                total=F("total") + total,
                flagged=F("flagged") + flagged,
                cost=F("cost") + cost,
            )
    Choice.objects.bulk_create(new)


def coach_prices(entries: Sequence[Entry]) -> dict[tuple[int, int], int]:
    """What the coach priced each of these games' decisions at, where it faulted one (the
    most points of its findings above "minor" on the first hand), by game and the
    decision's place among the hand's actions."""
    said = games.flagged_by_decision([entry.game_id for entry in entries])
    return {key: findings[0].points for key, findings in said.items()}


def rebuild(day: date) -> Day:
    """Add up a day's totals and choices again from its counted results (for the admin,
    and the proof that adding them one at a time comes to the same)."""
    with transaction.atomic():
        Day.objects.get_or_create(day=day)
        row = Day.objects.select_for_update().get(day=day)
        row.results = row.closed = row.pozzetto = row.clean_burraco = 0
        row.scores = {}
        Choice.objects.filter(day=day).delete()
        counted = list(Entry.objects.filter(day=day, counted=True).order_by("pk"))
        add(row, counted)
        row.save()
        add_choices(day, counted)
    return row


def on_log_in(previous_key: str, user: Any, **kwargs: Any) -> int:
    """accounts.signals.logged_in: the session's daily hands become the account's. A ranked
    one stays ranked unless the account has a ranked hand of that day already (then it is
    kept as practice), and an ended one is counted now."""
    if not previous_key:
        return 0
    moved = 0
    for entry in Entry.objects.filter(user=None, session_key=previous_key).order_by("pk"):
        with transaction.atomic():
            entry.user, entry.session_key = user, ""
            if (
                entry.ranked
                and Entry.objects.filter(user=user, day=entry.day, ranked=True).exists()
            ):
                entry.ranked = False
            try:
                with transaction.atomic():
                    entry.save(update_fields=["user", "session_key", "ranked"])
            except IntegrityError:  # a ranked hand of that day made meanwhile
                entry.ranked = False
                entry.save(update_fields=["user", "session_key", "ranked"])
            moved += 1
            if entry.ranked and entry.score is not None:
                count(entry)
    return moved


def claim(game: Game) -> Claim | None:
    """play.claims' question: a daily hand is said so at its table, linked to the day's
    page; while a ranked one is being played, its deal is not copied nor a decision of it
    tried again (that would show the stock's cards and the bots' answers)."""
    entry = Entry.objects.filter(game_id=game.pk).only("day", "ranked", "finished_at").first()
    if entry is None:
        return None
    url = day_url(entry.day)
    link = _("See where your score stands")
    if not entry.ranked:
        return Claim(_("A copy of a deal of the day, played for practice."), url=url, link=link)
    note = _("The deal of the day: this hand is your ranked try.")
    if entry.finished_at is not None or game.finished:
        return Claim(note, url=url, link=link)
    refusal = _(
        "This is your ranked try at the deal of the day: its deal can be played again, or a"
        " decision of it tried again, once you have finished it."
    )
    return Claim(note, refusal, url=url, link=link)


def day_url(day: date) -> str:
    """The page of a day's deal (today's is /play/daily/)."""
    from daily.deal import today

    if day == today():
        return reverse("daily:today")
    return reverse("daily:day", args=[day.isoformat()])


def unfinished_ranked(rows: QuerySet[Game]) -> QuerySet[Any]:
    """The ids of the ranked daily hands among ``rows`` still being played."""
    return Entry.objects.filter(game__in=rows, ranked=True, finished_at=None).values("game_id")


def account_sections(request: HttpRequest, user: Any, **kwargs: Any) -> dict[str, Any]:
    """accounts.signals.data_requested: the account's hands of the deal of the day (the
    games themselves are in play's section)."""
    rows = Entry.objects.filter(user=user).order_by("day", "pk")
    return {
        "daily_deals": [
            {
                "day": entry.day,
                "game": entry.game_id,
                "ranked": entry.ranked,
                "listed": entry.listed,
                "score": entry.score,
                "closed": entry.closed,
                "pozzetto": entry.pozzetto,
                "clean_burraco": entry.clean_burraco,
                "first_choices": entry.choices,
                "finished": entry.finished_at,
            }
            for entry in rows
        ]
    }
