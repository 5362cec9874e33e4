"""A URLconf for tests/burraco_tutor/test_reversing.py: the site's health check elsewhere."""

from django.urls import path

from burraco_tutor import views

urlpatterns = [path("elsewhere/healthz", views.healthz, name="healthz")]
