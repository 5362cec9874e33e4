"""What "download my data" costs a learner with many practice games, before and after it streamed.

    python -m bench.export [--games 10000 20000]

For each count, one account is given that many games on a fresh SQLite file (production
settings, DEBUG=0, in this process), each the actions of one real game after the learner's
first few turns with one finding of the coach's. Then the file is written three ways, and each
is printed with its CPU time (``time.process_time``), the worst CPU of one chunk, its peak
Python memory (``tracemalloc``, a second run so that tracing does not slow the first) and
its size:

- *whole*: as the download was written before it streamed (every game a model instance
  with its findings prefetched, every dict built, then one ``json.dumps``);
- *streamed*: the download as it is now (accounts.export), every game kept whole;
- *put away*: the same account after play.kept has brought it within the limits (the
  oldest games past ``PLAY_FINISHED_GAMES`` thinned to their results).
"""

from __future__ import annotations

import argparse
import gc
import json
import time
import tracemalloc
from collections.abc import Callable, Iterable
from typing import Any

from bench import inprocess


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 20_000])
    args = parser.parse_args()
    inprocess.start("export", LOG_LEVEL="ERROR")
    from play import kept
    from play.models import Game

    print(f"{'games':>7}  {'written':<9} {'CPU s':>6} {'chunk ms':>8} {'peak MB':>8} {'MB':>6}")
    for count in args.games:
        user = learner_with(count)
        row(count, "whole", lambda user: [whole_file(user)], user)
        row(count, "streamed", streamed, user)
        kept.put_away(Game.objects.filter(user=user))
        row(count, "put away", streamed, user)


def row(count: int, name: str, write: Callable[[Any], Iterable[bytes]], user: Any) -> None:
    """Write the file twice: the CPU of the whole and of its costliest chunk, then the peak
    memory, traced. Each starts with the garbage of the last collected, so that none of it
    is charged to the next."""
    gc.collect()
    began = time.process_time()
    size, worst, last = 0, 0.0, began
    for chunk in write(user):
        now = time.process_time()
        size, worst, last = size + len(chunk), max(worst, now - last), now
    spent = time.process_time() - began
    gc.collect()
    tracemalloc.start()
    for _chunk in write(user):
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(
        f"{count:>7}  {name:<9} {spent:>6.2f} {worst * 1000:>8.0f} {peak / 1e6:>8.1f}"
        f" {size / 1e6:>6.1f}"
    )


#: The learner's moves (draws, melds, discards) in the game every game copies.
TURNS = 12


def learner_with(count: int) -> Any:
    """A new account with ``count`` finished games, each one real game's actions."""
    from django.contrib.auth import get_user_model

    from engine.bots import decide, legal_in_view
    from play import games, hands
    from play.models import Finding, Game

    user = get_user_model().objects.create_user(f"export-{count}", password=None)
    played = Game.objects.create(user=user, seed=7, opponents="random")
    games.move(played, 0, None)
    for _ in range(TURNS):
        played.refresh_from_db()
        hand = games.load(played)
        action = None
        if hand.position.to_move == hands.LEARNER:
            view = hand.view()
            action = decide("beginner", view, legal_in_view(view), hands.bot_rng(hand.setup, 9))
        games.move(played, played.version, action)
    played.refresh_from_db()
    made = Game.objects.bulk_create(
        Game(
            user=user,
            seed=played.seed + n,
            opponents="random",
            actions=played.actions,
            finished=True,
            hands_ended=1,
            hands_won=n % 2,
            score=900,
            their_score=300,
        )
        for n in range(count - 1)
    )
    Finding.objects.bulk_create(
        Finding(
            game=game,
            decision=1,
            action="discard 9S",
            code="discard_feeds",
            rule="R31",
            severity="mistake",
            points=12,
            better="discard KS",
            sentence="discard_feeds",
        )
        for game in made
    )
    return user


def request_of(user: Any) -> Any:
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import RequestFactory

    request = RequestFactory().get("/accounts/data/")
    request.user = user
    request.session = SessionStore()
    return request


def streamed(user: Any) -> Iterable[bytes]:
    from accounts.views import download

    response: Any = download(request_of(user))
    return response.streaming_content  # type: ignore[no-any-return]


def whole_file(user: Any) -> bytes:
    """The download as it was written before it streamed (its code kept here to measure)."""
    from django.core.serializers.json import DjangoJSONEncoder
    from django.utils import timezone

    from accounts import services
    from accounts.export import Rows
    from accounts.signals import collected_data
    from play.models import Game

    request = request_of(user)
    data: dict[str, Any] = {
        "exported_at": timezone.now(),
        **collected_data(request, user, services.profile_data(user)),
    }
    rows = Game.objects.filter(user=user).prefetch_related("findings").order_by("created_at")
    data["practice_games"] = [
        {
            "players": game.players,
            "seed": game.seed,
            "rules": game.preset,
            "opponents": game.opponents,
            "partner": game.partner if game.players != 2 else None,
            "coach": game.coach,
            "actions": game.actions,
            "match": game.match,
            "earlier_hands": game.past_hands,
            "takebacks": game.takebacks,
            "finished": game.finished,
            "helped": game.helped,
            "started": game.created_at,
            "findings": [
                {
                    "hand": finding.hand,
                    "decision": finding.decision,
                    "action": finding.action,
                    "code": finding.code,
                    "rule": finding.rule,
                    "severity": finding.severity,
                    "points": finding.points,
                    "better": finding.better,
                }
                for finding in game.findings.all()
            ],
        }
        for game in rows
    ]

    def lists(value: Any) -> Any:
        if isinstance(value, Rows):
            return [lists(item) for item in value]
        if isinstance(value, dict):
            return {key: lists(item) for key, item in value.items()}
        return value

    text = json.dumps(lists(data), cls=DjangoJSONEncoder, indent=2, ensure_ascii=False)
    return text.encode()


if __name__ == "__main__":
    main()
