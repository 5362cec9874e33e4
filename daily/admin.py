from django.contrib import admin

from daily.models import Day, Entry


@admin.register(Day)
class DayAdmin(admin.ModelAdmin[Day]):
    list_display = ("day", "results", "closed", "pozzetto", "clean_burraco", "updated_at")
    readonly_fields = ("scores",)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin[Entry]):
    list_display = ("day", "user", "ranked", "listed", "score", "counted", "finished_at")
    list_filter = ("ranked", "counted", "listed")
    raw_id_fields = ("user", "game")
