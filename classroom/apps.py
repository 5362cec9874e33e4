from typing import Any

from django.apps import AppConfig
from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, pre_delete
from django.utils.translation import gettext_lazy as _


class ClassroomConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classroom"
    verbose_name = _("Classes")

    def ready(self) -> None:
        # However an account is deleted (its owner's page, the admin), a teacher's library
        # puzzles go with it (classroom.services.delete_library).
        from classroom import services

        def before(sender: Any, instance: Any, **kwargs: Any) -> None:
            services.note_library(instance)

        def after(sender: Any, instance: Any, **kwargs: Any) -> None:
            services.delete_library(instance)

        user = get_user_model()
        pre_delete.connect(before, sender=user, weak=False, dispatch_uid="classroom-library")
        post_delete.connect(after, sender=user, weak=False, dispatch_uid="classroom-library")

        from accounts.signals import data_requested
        from classroom.account_data import account_sections

        # "Download my data" holds the classes joined and taught and the teacher's library.
        data_requested.connect(account_sections, dispatch_uid="classroom-data")

        from classroom.models import AssignmentGame
        from play.kept import kept_whole

        # An assignment's hands are the student's work for it: never put away (play.kept).
        def assignment_games(sender: Any, rows: Any, **kwargs: Any) -> Any:
            return AssignmentGame.objects.filter(game__in=rows).values("game_id")

        kept_whole.connect(assignment_games, weak=False, dispatch_uid="classroom-games")

        from classroom.access import may_open_puzzle
        from lessons.visibility import register_opener

        # A teacher's puzzle is shown on the puzzle pages to its teacher and their students.
        register_opener(may_open_puzzle)

        from classroom import pieces
        from lessons.pieces import register_piece

        # Lessons' pages ask for their pieces by place; lessons never names classroom's.
        register_piece("home", pieces.home_assignments)
        register_piece("progress", pieces.progress_assignments)
        register_piece("puzzle", pieces.set_in_class)

        from classroom import hands
        from play.claims import register

        # An assignment's hand is played once: the table asks before dealing it again.
        register(hands.claim)
