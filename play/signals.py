"""What the practice table tells other apps, without knowing them.

play never imports the apps that build on it (the classroom, the deal of the day): they
listen here, as they answer play.claims and play.kept.kept_whole.
"""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``game`` (play.models.Game, its new totals saved) and ``hand`` (the ended hand,
#: play.hands.Hand) by the move that ended the game, inside that move's transaction: a
#: receiver's writes are saved with the move or not at all. The move is saved once (its
#: version), so the signal is sent once for a game.
game_finished = Signal()
