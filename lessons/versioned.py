"""Content read once per process, under the content's version: puzzles with their themes
and the engine's reading of them, and the links from each rule to the step that teaches it.

Puzzles, themes, lessons and steps change only when content is loaded or a teacher edits a
puzzle; learners' answers move a puzzle's rating and count its plays with queryset updates,
which are not content (and not cached: :func:`puzzle` gives a copy whose rating the answer
path reads fresh under the puzzle's lock). Saving or deleting content in any process gives
the shared version a new value (:func:`content_changed`), and each worker then reads what
it kept again. The version itself (a row of the database cache) is read at most once a
second in a worker (:data:`VERSION_SECONDS`): content saved elsewhere shows within that.
"""

from __future__ import annotations

import copy
import threading
import time
import uuid
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.http import Http404
from django.urls import reverse

from engine import puzzles as engine_puzzles
from lessons.models import Puzzle, Step

#: The shared cache's key for the content's version: saving a step, a lesson, a puzzle or a
#: theme in any process (load_content, the admin, the puzzle editor) gives it a new value.
CONTENT_VERSION_KEY = "lessons:content-version"

_request = threading.local()


#: How long a worker trusts the content's version it read last before reading it again,
#: in seconds: content saved in another process (load_content, a teacher's edit in another
#: worker) is seen within this long; saved in this one, at once (:func:`content_changed`).
VERSION_SECONDS = 1.0


def content_version() -> str:
    """A value that changes whenever content is saved or deleted, anywhere: read from the
    shared cache at most once every :data:`VERSION_SECONDS` in a worker (and the same
    through one request), at once after this process saved content."""
    now = time.monotonic()
    seen, at = _seen
    if seen is not None and (
        now - at < VERSION_SECONDS or getattr(_request, "version", None) == seen
    ):
        return str(seen)
    version = cache.get(CONTENT_VERSION_KEY)
    if version is None:
        cache.add(CONTENT_VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(CONTENT_VERSION_KEY, "")
    _seen[:] = [str(version), now]
    if getattr(_request, "active", False):
        _request.version = str(version)
    return str(version)


#: The version last read from the shared cache, and when (time.monotonic()).
_seen: list[Any] = [None, 0.0]


def content_changed(**kwargs: Any) -> None:
    """Signal receiver (lessons.apps): content was saved or deleted."""
    version = uuid.uuid4().hex
    cache.set(CONTENT_VERSION_KEY, version, timeout=None)
    _seen[:] = [version, time.monotonic()]
    _request.version = None


def _request_started(**kwargs: Any) -> None:
    _request.active, _request.version = True, None


def _request_finished(**kwargs: Any) -> None:
    _request.active, _request.version = False, None


request_started.connect(_request_started, dispatch_uid="lessons-content-version-start")
request_finished.connect(_request_finished, dispatch_uid="lessons-content-version-end")


@dataclass(frozen=True)
class Kept:
    """A puzzle as kept: its row (with its themes) and the engine's reading of it."""

    row: Puzzle
    question: engine_puzzles.Puzzle


def puzzle(slug: str) -> tuple[Puzzle, engine_puzzles.Puzzle]:
    """The puzzle of this slug (its themes prefetched) and the engine's reading of it; 404
    when there is none. The row is this caller's copy; its rating and plays are as they were
    when it was read, which the answer path reads again under the puzzle's lock."""
    kept = _puzzle(content_version(), slug)
    if kept is None:
        raise Http404
    return copy.copy(kept.row), kept.question


#: The puzzles kept, by version and slug; a slug that named nothing is not kept, so a
#: puzzle made later (generated puzzles are made with bulk_create, which sends no signal)
#: is found at once.
_kept: dict[str, Kept] = {}
_kept_version = [""]
#: Kept puzzles at most (a few hundred curated ones, and the generated ones learners meet).
KEPT_PUZZLES = 2000


def _puzzle(version: str, slug: str) -> Kept | None:
    if _kept_version[0] != version:
        _kept.clear()
        _kept_version[0] = version
    kept = _kept.get(slug)
    if kept is not None:
        return kept
    row = Puzzle.objects.prefetch_related("themes").filter(slug=slug).first()
    if row is None:
        return None
    if len(_kept) >= KEPT_PUZZLES:
        _kept.clear()
    kept = _kept[slug] = Kept(row, row.engine_puzzle())
    return kept


def lesson_url(rule: str) -> str | None:
    """The first lesson step that names a rule."""
    return _lesson_urls(content_version()).get(rule)


@lru_cache(maxsize=4)
def _lesson_urls(version: str) -> dict[str, str]:
    """Each rule's first step, read once for each version of the content: every answer
    links to one, and reading all the steps' rules took a millisecond or more an answer
    (bench/profile.py)."""
    urls: dict[str, str] = {}
    steps = Step.objects.order_by("lesson__order", "number").values_list(
        "lesson__slug", "number", "rules"
    )
    # A few hundred short rows: filtering JSON lists in Python works on every database.
    for slug, number, rules in steps:
        for rule in rules:
            urls.setdefault(rule, reverse("lessons:step", args=[slug, number]))
    return urls
