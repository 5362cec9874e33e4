from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from accounts.models import Profile


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


class UserWithProfileAdmin(UserAdmin):
    inlines = [ProfileInline]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "display_name", "language", "is_teacher"]
    list_filter = ["is_teacher", "language"]
    list_editable = ["is_teacher"]
    search_fields = ["user__username", "user__email", "display_name"]


User = get_user_model()
admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
