from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DailyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "daily"
    verbose_name = _("The deal of the day")

    def ready(self) -> None:
        from accounts.signals import data_requested, logged_in
        from daily import progress, results
        from lessons.pieces import register_piece
        from play import claims
        from play.kept import kept_whole
        from play.signals import game_finished

        # The move that ends a daily hand records its result (in the move's transaction).
        game_finished.connect(results.on_game_finished, dispatch_uid="daily-finish")
        # An anonymous visitor's hands of the day become the account's at log-in.
        logged_in.connect(results.on_log_in, dispatch_uid="daily-merge")
        # "Download my data" holds the account's hands of the deal of the day.
        data_requested.connect(results.account_sections, dispatch_uid="daily-data")
        # A ranked hand still being played is not copied nor tried again from its review.
        claims.register(results.claim)

        # A ranked hand still being played is never put away (play.kept).
        def ranked_games(sender: Any, rows: Any, **kwargs: Any) -> Any:
            return results.unfinished_ranked(rows)

        kept_whole.connect(ranked_games, weak=False, dispatch_uid="daily-games")
        # The days in a row on the progress page.
        register_piece("progress", progress.streak_piece)
