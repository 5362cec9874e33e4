from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


class ProfileInline(admin.StackedInline[Profile, User]):
    model = Profile
    fk_name = "user"
    can_delete = False
    readonly_fields = ["made_by", "made_by_name"]


class MadeBy(admin.SimpleListFilter):
    """Who made the account: its owner, a teacher, or a teacher whose account is gone
    (those students can no longer ask their teacher for a new password: the admin can)."""

    title = _("made by")
    parameter_name = "made"

    def lookups(self, request: Any, model_admin: Any) -> list[tuple[str, Any]]:
        return [
            ("self", _("its owner")),
            ("teacher", _("a teacher")),
            ("deleted", _("a teacher whose account is deleted")),
        ]

    def queryset(self, request: Any, queryset: QuerySet[Any]) -> QuerySet[Any]:
        prefix = "" if queryset.model is Profile else "profile__"
        made = {f"{prefix}made_by_name": ""}
        if self.value() == "self":
            return queryset.filter(**made)
        if self.value() == "teacher":
            return queryset.exclude(**made)
        if self.value() == "deleted":
            return queryset.exclude(**made).filter(**{f"{prefix}made_by__isnull": True})
        return queryset


class UserForm(UserChangeForm[User]):
    """The admin's account form, holding one e-mail address to one account as the
    database does (accounts/migrations/0003) with a sentence rather than an error page."""

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        others = get_user_model().objects.exclude(pk=self.instance.pk)
        if email and others.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address already exists."))
        return email


class UserWithProfileAdmin(UserAdmin[User]):
    form = UserForm
    inlines = [ProfileInline]
    list_filter = [*UserAdmin.list_filter, MadeBy]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin[Profile]):
    list_display = ["user", "display_name", "language", "is_teacher", "made_by_name"]
    list_filter = ["is_teacher", "language", MadeBy]
    list_editable = ["is_teacher"]
    search_fields = ["user__username", "user__email", "display_name", "made_by_name"]
    readonly_fields = ["made_by", "made_by_name"]


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), UserWithProfileAdmin)
