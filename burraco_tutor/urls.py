"""The root URL map (ARCHITECTURE.md lists the stable URLs)."""

from django.contrib import admin
from django.urls import include, path

from accounts import views as accounts_views
from burraco_tutor import views

urlpatterns = [
    path("", include("lessons.urls")),
    path("accounts/", include("accounts.urls")),
    path("classes/", include("classroom.urls")),
    path("rules/", include("rulebook.urls")),
    # Before play/: /play/daily/ is the deal of the day's, not a game's number.
    path("play/daily/", include("daily.urls")),
    path("play/", include("play.urls")),
    path("healthz", views.healthz, name="healthz"),
    # Django's language switch, which also keeps a logged-in user's choice in the profile.
    path("i18n/setlang/", accounts_views.set_language, name="set_language"),
    path("admin/", admin.site.urls),
]
