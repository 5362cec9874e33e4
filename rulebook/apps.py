from django.apps import AppConfig


class RulebookConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulebook"
