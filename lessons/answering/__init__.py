"""One answering flow for every page that asks a question: a puzzle, a lesson's question step
and an assignment's item read, mark, keep and show an answer through this package.

- :mod:`~lessons.answering.reading`: the form (or a line builder's step) as the engine's
  answer (engine.answers), marked by the engine; :class:`AnswerError` for no answer at all.
- :mod:`~lessons.answering.finishing`: the one service that finishes an answer (lock, read,
  rate the learner and the puzzle, write the attempt and its rating point, count the play),
  for a puzzle, an assignment's item and a lesson's question step.
- :mod:`~lessons.answering.recording`: what the answer carries besides its fields (start
  time, hint, a refused move) and a kept answer named again.
- :mod:`~lessons.answering.presenting`: the verdict and the answers in words and cards, and
  :func:`page_context`, what each page draws around templates/lessons/answer_form.html.
- :mod:`~lessons.answering.flow`: the post of an answer as the puzzle page and an
  assignment's item take it (:func:`~lessons.answering.flow.submit`).

Views stay thin: they hand the request here. The engine marks every answer
(:func:`engine.puzzles.check`); this package only turns form fields into the engine's
answer, renders the verdict in the page's language and records the attempt. Other apps (the
classroom) use the names below, never the modules' own helpers.
"""

from __future__ import annotations

from lessons.answering.finishing import Finished, finish, finish_step
from lessons.answering.presenting import (
    Description,
    Feedback,
    KeptAnswer,
    Move,
    describe,
    feedback,
    kept_verdict,
    moves,
    page_context,
)
from lessons.answering.reading import (
    AnswerError,
    Submission,
    chosen_cards,
    line_so_far,
    mark,
    read_answer,
)
from lessons.answering.recording import (
    hint_used,
    own_attempt,
    refused_move,
    started,
    use_hint,
)
from lessons.fields import say, sentence

__all__ = [
    "AnswerError",
    "Description",
    "Feedback",
    "Finished",
    "KeptAnswer",
    "Move",
    "Submission",
    "chosen_cards",
    "describe",
    "feedback",
    "finish",
    "finish_step",
    "hint_used",
    "kept_verdict",
    "line_so_far",
    "mark",
    "moves",
    "own_attempt",
    "page_context",
    "read_answer",
    "refused_move",
    "say",
    "sentence",
    "started",
    "use_hint",
]
