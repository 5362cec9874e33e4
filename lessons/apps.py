from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class LessonsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lessons"

    def ready(self) -> None:
        from accounts.signals import data_requested, logged_in
        from lessons.export import account_sections
        from lessons.merge import on_log_in
        from lessons.models import Lesson, Step
        from lessons.quiz import steps_changed

        # The rule-to-step links (quiz.lesson_url) are kept in memory, by a shared version.
        for model in (Step, Lesson):
            post_save.connect(steps_changed, sender=model, dispatch_uid=f"forget-{model.__name__}")
            post_delete.connect(
                steps_changed, sender=model, dispatch_uid=f"forget-{model.__name__}-d"
            )

        # Logging in moves the anonymous session's progress into the account, and "download
        # my data" holds the learner's rows: accounts sends, lessons answers.
        logged_in.connect(on_log_in, dispatch_uid="lessons-merge")
        data_requested.connect(account_sections, dispatch_uid="lessons-data")
