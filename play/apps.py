from django.apps import AppConfig


class PlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "play"

    def ready(self) -> None:
        from accounts.signals import data_requested, logged_in
        from play.games import account_sections, on_log_in

        # Logging in moves the anonymous session's games into the account, and "download
        # my data" holds them.
        logged_in.connect(on_log_in, dispatch_uid="play-merge")
        data_requested.connect(account_sections, dispatch_uid="play-data")

        from lessons.pieces import register_piece
        from play.progress import progress_piece
        from play.ratings import progress_piece as rating_piece

        # The progress page shows the hands played and what the coach flagged, and the
        # playing rating's curve.
        register_piece("progress", progress_piece)
        register_piece("progress", rating_piece)
