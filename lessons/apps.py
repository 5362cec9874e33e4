from django.apps import AppConfig
from django.db.models.signals import m2m_changed, post_delete, post_save


class LessonsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lessons"

    def ready(self) -> None:
        from accounts.signals import data_requested, logged_in
        from lessons.export import account_sections
        from lessons.merge import on_log_in
        from lessons.models import Lesson, Puzzle, Step, Theme
        from lessons.versioned import content_changed

        # Content is kept in memory by a shared version (lessons.versioned): the rule-to-step
        # links, the puzzles with their themes.
        for model in (Step, Lesson, Puzzle, Theme):
            post_save.connect(
                content_changed, sender=model, dispatch_uid=f"forget-{model.__name__}"
            )
            post_delete.connect(
                content_changed, sender=model, dispatch_uid=f"forget-{model.__name__}-d"
            )
        m2m_changed.connect(
            content_changed, sender=Puzzle.themes.through, dispatch_uid="forget-puzzle-themes"
        )

        # Logging in moves the anonymous session's progress into the account, and "download
        # my data" holds the learner's rows: accounts sends, lessons answers.
        logged_in.connect(on_log_in, dispatch_uid="lessons-merge")
        data_requested.connect(account_sections, dispatch_uid="lessons-data")
