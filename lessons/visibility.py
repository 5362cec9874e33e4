"""Who may open a puzzle: every puzzle is anyone's, except a teacher's own.

A teacher's puzzle (source "teacher") is for that teacher and the students of the classes
it is set in; to anyone else it does not exist (404, whatever slug they hold). Who those
people are is the classroom app's knowledge, and lessons never imports classroom: the
classroom app registers its answer here when it starts (classroom.apps), and with nobody
registered a teacher's puzzle is shown to no one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from engine import puzzles as engine_puzzles
from lessons import versioned
from lessons.models import Puzzle

#: Given an account and a teacher's puzzle: may that account open it?
Opener = Callable[[Any, Puzzle], bool]

_openers: list[Opener] = []


def register_opener(opener: Opener) -> None:
    """Let ``opener`` say who may open a teacher's puzzle (any one saying yes is enough)."""
    if opener not in _openers:
        _openers.append(opener)


def may_open(request: HttpRequest, puzzle: Puzzle) -> bool:
    if puzzle.source != Puzzle.Source.TEACHER:
        return True
    user = request.user
    return bool(user.is_authenticated) and any(opener(user, puzzle) for opener in _openers)


def visible_puzzle(request: HttpRequest, slug: str) -> Puzzle:
    """The puzzle of this slug if this visitor may open it, else 404 (the same 404 as a
    slug that names nothing, so a slug tells nobody whether a teacher's puzzle exists)."""
    puzzle = get_object_or_404(Puzzle, slug=slug)
    if not may_open(request, puzzle):
        raise Http404
    return puzzle


def visible_question(request: HttpRequest, slug: str) -> tuple[Puzzle, engine_puzzles.Puzzle]:
    """As :func:`visible_puzzle`, from the puzzles kept in memory (lessons.versioned), with
    the engine's reading of it: its themes prefetched, its rating as it was when kept."""
    puzzle, question = versioned.puzzle(slug)
    if not may_open(request, puzzle):
        raise Http404
    return puzzle, question
