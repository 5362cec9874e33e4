"""The root URL map (ARCHITECTURE.md lists the stable URLs)."""

from django.contrib import admin
from django.urls import include, path

from burraco_tutor import views

urlpatterns = [
    path("", include("lessons.urls")),
    path("accounts/", include("accounts.urls")),
    path("classes/", include("classroom.urls")),
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
