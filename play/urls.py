from django.urls import path

from play import views

app_name = "play"
urlpatterns = [
    path("", views.start, name="start"),
    path("<int:pk>/", views.game_table, name="table"),
    path("<int:pk>/review/", views.review, name="review"),
]
