"""Answering the factory's attach puzzle (can the 10♣ join 6♣ JK 8♣?) through the site."""

from __future__ import annotations

from django.test import Client

from lessons.models import Attempt, Puzzle

RIGHT = {"meld": "0", "cards": ["10C", "7C"]}
#: The 10♣ alone cannot go on: the joker is bound as the 7♣ (R23).
WRONG = {"meld": "0", "cards": ["10C"]}


def answer(client: Client, puzzle: Puzzle, right: bool = True, **query: str) -> Attempt:
    """Open the puzzle, answer it, and return the attempt recorded."""
    url = f"/puzzles/{puzzle.slug}/"
    client.get(url, query)
    response = client.post(url, RIGHT if right else WRONG)
    assert response.status_code == 302, response.content[:500]
    return Attempt.objects.latest("pk")
