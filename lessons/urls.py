from django.urls import path

from lessons import lesson_views, progress_views, puzzle_views, views

app_name = "lessons"
urlpatterns = [
    path("", views.home, name="home"),
    path("lessons/", lesson_views.lesson_list, name="lessons"),
    path("lessons/<slug:slug>/", lesson_views.lesson_detail, name="lesson"),
    path("lessons/<slug:slug>/<int:number>/", lesson_views.step_detail, name="step"),
    path("puzzles/", puzzle_views.puzzle_list, name="puzzles"),
    path("puzzles/next/", puzzle_views.puzzle_next, name="puzzle_next"),
    path("puzzles/<slug:slug>/", puzzle_views.puzzle_detail, name="puzzle"),
    path("puzzles/<slug:slug>/hint/", puzzle_views.puzzle_hint, name="puzzle_hint"),
    path("puzzles/<slug:slug>/selection/", puzzle_views.puzzle_selection, name="puzzle_selection"),
    path("progress/", progress_views.progress, name="progress"),
    path("progress/review/", progress_views.review_queue, name="review"),
    path("progress/review/next/", progress_views.review_next, name="review_next"),
]
