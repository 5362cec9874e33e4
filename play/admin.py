"""Practice games in Django's admin, for staff: read them, never edit the moves (a game is
its seed and its actions, replayed through the engine)."""

from django.contrib import admin

from play.models import Finding, Game, PlayingRating, PlayingRatingPoint


class FindingInline(admin.TabularInline[Finding, Game]):
    model = Finding
    extra = 0
    can_delete = False
    readonly_fields = ["decision", "action", "code", "rule", "severity", "points", "better"]
    exclude = ["params", "sentence"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ["pk", "user", "players", "opponents", "coach", "finished", "updated_at"]
    list_filter = ["players", "opponents", "coach", "finished", "helped"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
    readonly_fields = ["seed", "actions", "version"]
    inlines = [FindingInline]


class PlayingRatingPointInline(admin.TabularInline[PlayingRatingPoint, PlayingRating]):
    model = PlayingRatingPoint
    extra = 0
    can_delete = False
    #: Every column shown, none editable.
    fields = readonly_fields = (
        "at",
        "game",
        "hand",
        "players",
        "level",
        "level_rating",
        "result",
        "rating",
        "change",
    )


@admin.register(PlayingRating)
class PlayingRatingAdmin(admin.ModelAdmin[PlayingRating]):
    """The playing ratings (play.ratings): read them; a rating is the sum of its hands."""

    list_display = ["user", "rating", "rating_deviation", "hands", "updated_at"]
    search_fields = ["user__username"]
    raw_id_fields = ["user"]
    readonly_fields = ["rating", "rating_deviation", "volatility", "hands"]
    inlines = [PlayingRatingPointInline]
