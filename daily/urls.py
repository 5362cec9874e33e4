from django.urls import path

from daily import views

app_name = "daily"
urlpatterns = [
    path("", views.today, name="today"),
    path("<str:when>/", views.day, name="day"),
]
