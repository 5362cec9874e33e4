"""How fast the table steps through the other players' moves: slow, normal, fast, or
instant (no steps: the table at the end of their moves, as under reduced motion).

A learner's choice is kept in the session, and for an account in its profile too, so it
follows the learner to another device.
"""

from __future__ import annotations

from django.db import models
from django.http import HttpRequest
from django.utils.translation import pgettext_lazy

SESSION_KEY = "play_speed"


class Speed(models.TextChoices):
    SLOW = "slow", pgettext_lazy("speed of the moves", "Slow")
    NORMAL = "normal", pgettext_lazy("speed of the moves", "Normal")
    FAST = "fast", pgettext_lazy("speed of the moves", "Fast")
    INSTANT = "instant", pgettext_lazy("speed of the moves", "Instant")


#: The pause between two frames of the others' moves, in milliseconds (0: no frames).
FRAME_MS = {Speed.SLOW: 1400, Speed.NORMAL: 700, Speed.FAST: 300, Speed.INSTANT: 0}


#: Where a request keeps the speed it read, so that a move and the table it draws ask the
#: account once.
_READ = "_play_speed"


def chosen(request: HttpRequest) -> Speed:
    """The learner's speed: the session's, else the account's, else normal. Reading
    writes nothing (a visitor's first look at a table makes no session)."""
    read = getattr(request, _READ, None)
    if read is not None:
        return read  # type: ignore[no-any-return]
    speed = Speed.NORMAL
    kept = request.session.get(SESSION_KEY)
    if kept in Speed.values:
        speed = Speed(kept)
    elif request.user.is_authenticated:
        from accounts.models import Profile

        stored = Profile.objects.filter(user=request.user).values_list("play_speed", flat=True)
        if (found := stored.first()) in Speed.values:
            speed = Speed(found)
    setattr(request, _READ, speed)
    return speed


def choose(request: HttpRequest, speed: Speed) -> None:
    setattr(request, _READ, speed)
    request.session[SESSION_KEY] = speed.value
    if request.user.is_authenticated:
        from accounts.models import Profile

        Profile.objects.filter(user=request.user).update(play_speed=speed.value)


def frame_ms(request: HttpRequest) -> int:
    return FRAME_MS[chosen(request)]
