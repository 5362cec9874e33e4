"""The account forms, drawn by django-crispy-forms with Bootstrap 5."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    """A username, an e-mail address for password resets, a name to be called by, a
    language, and whether the person teaches."""

    email = forms.EmailField(
        label=_("E-mail address"), help_text=_("Only to reset a forgotten password.")
    )
    display_name = forms.CharField(
        label=_("Display name"),
        max_length=60,
        required=False,
        help_text=_("What the site calls you; your username if left empty."),
    )
    language = forms.ChoiceField(label=_("Preferred language"), choices=settings.LANGUAGES)
    is_teacher = forms.BooleanField(
        label=_("I teach"),
        required=False,
        help_text=_("Teachers can make classes and set puzzles for their students."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this e-mail address already exists."))
        return email

    def save(self, commit: bool = True) -> Any:
        """The account and its profile, together or not at all. Raises IntegrityError when
        another sign-up took the username or the e-mail address since the checks above
        (the database holds both unique: accounts/migrations/0003)."""
        with transaction.atomic():
            return self._save(commit)

    def _save(self, commit: bool) -> Any:
        user = super().save(commit=commit)
        if commit:
            Profile.objects.create(
                user=user,
                display_name=self.cleaned_data["display_name"],
                language=self.cleaned_data["language"],
                is_teacher=self.cleaned_data["is_teacher"],
            )
        return user


class LoginForm(AuthenticationForm):
    """Username and password (Django's checks: inactive accounts are refused)."""


class ProfileForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Profile
        fields = ("display_name", "language")
        help_texts = {"display_name": _("What the site calls you; your username if left empty.")}


class DeleteAccountForm(forms.Form):
    """Deleting an account asks for its password again, and a tick to confirm."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label=_("I understand that my account and all my progress will be deleted for good.")
    )

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password
