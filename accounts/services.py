"""Logging in and out, with what comes with it: the anonymous session's progress moves into
the account, and the account's language is applied.

Views call :func:`log_in` after their form has checked the password; the log-in lock-out
(accounts.lockout, django-axes) sits in front of that check.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import auth, messages
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import profile_of
from accounts.signals import moved_progress

PROFILE_BACKEND = "accounts.backends.ProfileBackend"


def log_in(request: HttpRequest, user: Any, response: HttpResponse) -> None:
    """Log the user in, move this browser's anonymous progress into the account, and
    switch to the account's language (for this response and, by cookie, the next)."""
    # login() gives the session a new key: the anonymous rows are kept under the old one.
    previous_key = request.session.session_key or ""
    was_anonymous = not request.user.is_authenticated
    # A user fresh from the sign-up form has not been through a backend: name the one that
    # reads accounts (the first, django-axes' check, reads none).
    auth.login(request, user, backend=getattr(user, "backend", PROFILE_BACKEND))
    merged = moved_progress(request, user, previous_key if was_anonymous else "")
    profile = profile_of(user, translation.get_language())
    apply_language(response, profile.language)
    if merged:
        messages.success(
            request,
            _("Welcome, %(name)s. Your answers and lesson steps are now saved in your account.")
            % {"name": profile.name},
        )
    else:
        messages.success(request, _("Welcome, %(name)s.") % {"name": profile.name})


def apply_language(response: HttpResponse, language: str) -> None:
    translation.activate(language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def log_out(request: HttpRequest) -> None:
    auth.logout(request)


def profile_data(user: Any) -> dict[str, Any]:
    """The account's own fields, for "download my data"."""
    profile = profile_of(user)
    return {
        "username": user.get_username(),
        "email": user.email,
        "display_name": profile.display_name,
        "language": profile.language,
        "is_teacher": profile.is_teacher,
        "joined": user.date_joined,
        "last_login": user.last_login,
    }


def delete_account(request: HttpRequest) -> None:
    """Delete the logged-in user with everything kept against them (the rows cascade; a
    teacher's classes and library puzzles too, classroom.services.delete_library), and end
    the session. Accounts the teacher made stay, their profiles naming who made them."""
    user = request.user
    auth.logout(request)
    user.delete()
