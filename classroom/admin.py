"""The classes in Django's admin, for staff: who teaches what, and who is in which class.

The teacher role itself is Profile.is_teacher, ticked in the accounts admin."""

from django.contrib import admin

from classroom.models import Assignment, Classroom, LibraryPuzzle, Membership


class MembershipInline(admin.TabularInline[Membership, Classroom]):
    model = Membership
    extra = 0
    raw_id_fields = ["student"]


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin[Classroom]):
    list_display = ["name", "teacher", "rules", "code", "archived_at", "created_at"]
    list_filter = ["rules", "archived_at"]
    search_fields = ["name", "teacher__username", "code"]
    raw_id_fields = ["teacher"]
    inlines = [MembershipInline]


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin[Assignment]):
    list_display = ["title", "classroom", "content", "due_at", "set_at"]
    list_filter = ["content"]
    search_fields = ["title", "classroom__name"]
    raw_id_fields = ["classroom", "lesson"]


@admin.register(LibraryPuzzle)
class LibraryPuzzleAdmin(admin.ModelAdmin[LibraryPuzzle]):
    list_display = ["title", "owner", "puzzle", "created_at"]
    search_fields = ["title", "owner__username"]
    raw_id_fields = ["owner", "puzzle"]
