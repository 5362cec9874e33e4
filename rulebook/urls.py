from django.urls import path

from rulebook import views

app_name = "rulebook"
urlpatterns = [
    path("", views.index, name="index"),
    path("<str:rule_id>/", views.rule, name="rule"),
]
