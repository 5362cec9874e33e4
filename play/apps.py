from django.apps import AppConfig


class PlayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "play"

    def ready(self) -> None:
        from accounts.signals import logged_in
        from play.games import on_log_in

        # Logging in moves the anonymous session's games into the account.
        logged_in.connect(on_log_in, dispatch_uid="play-merge")
