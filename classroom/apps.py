from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassroomConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classroom"
    verbose_name = _("Classes")

    def ready(self) -> None:
        from classroom.access import may_open_puzzle
        from lessons.visibility import register_opener

        # A teacher's puzzle is shown on the puzzle pages to its teacher and their students.
        register_opener(may_open_puzzle)
