"""/classes/…: teachers' classes, assignments and puzzle library; students' assignments."""

from django.urls import path

from classroom import (
    assignment_views,
    class_views,
    editor_views,
    export_views,
    student_views,
    views,
)

app_name = "classroom"
urlpatterns = [
    path("", views.index, name="index"),
    # Joining, as a student
    path("join/", student_views.join, name="join"),
    path("join/<str:code>/", student_views.join_link, name="join_link"),
    # A student's own assignments
    path("assignments/<int:pk>/", student_views.assignment, name="my_assignment"),
    path("assignments/<int:pk>/<int:number>/", student_views.item, name="item"),
    path("assignments/<int:pk>/play/", student_views.play_hand, name="play_hand"),
    # A library puzzle set in a class, from its own page (/puzzles/<id>/)
    path("set-puzzle/<int:puzzle>/", assignment_views.set_puzzle, name="set_puzzle"),
    # The teacher's classes
    path("new/", class_views.class_new, name="class_new"),
    path("<int:pk>/", class_views.class_detail, name="class"),
    path("<int:pk>/edit/", class_views.class_edit, name="class_edit"),
    path("<int:pk>/archive/", class_views.class_archive, name="class_archive"),
    path("<int:pk>/mistakes/", class_views.mistakes, name="mistakes"),
    path("<int:pk>/students/add/", class_views.students_add, name="students_add"),
    path("<int:pk>/students/<int:student>/", class_views.student_detail, name="student"),
    path(
        "<int:pk>/students/<int:student>/remove/",
        class_views.student_remove,
        name="student_remove",
    ),
    path(
        "<int:pk>/students/<int:student>/password/",
        class_views.student_password,
        name="student_password",
    ),
    path(
        "<int:pk>/students/<int:student>/assignments/<int:assignment>/due/",
        class_views.student_due,
        name="student_due",
    ),
    path("<int:pk>/export/grid.csv", export_views.grid_csv, name="export_grid"),
    path("<int:pk>/export/attempts.csv", export_views.attempts_csv, name="export_attempts"),
    # The teacher's assignments
    path("<int:pk>/assignments/new/", assignment_views.assignment_new, name="assignment_new"),
    path(
        "<int:pk>/assignments/<int:assignment>/",
        assignment_views.assignment_detail,
        name="assignment",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/preview/<int:number>/",
        assignment_views.assignment_preview,
        name="assignment_preview",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/hands/<int:game>/",
        assignment_views.hand_review,
        name="hand_review",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/duplicate.csv",
        export_views.duplicate_csv,
        name="export_duplicate",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/edit/",
        assignment_views.assignment_edit,
        name="assignment_edit",
    ),
    path(
        "<int:pk>/assignments/<int:assignment>/delete/",
        assignment_views.assignment_delete,
        name="assignment_delete",
    ),
    # The teacher's puzzle library and editor
    path("library/", editor_views.library, name="library"),
    path("library/new/", editor_views.editor_view, name="editor"),
    path("library/<int:pk>/", editor_views.library_puzzle, name="library_puzzle"),
    path("library/<int:pk>/edit/", editor_views.editor_edit, name="editor_edit"),
    path("library/<int:pk>/delete/", editor_views.library_delete, name="library_delete"),
]
