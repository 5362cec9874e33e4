"""Accounts: Django's users, each with a profile (a display name, a language, a teacher flag).

Everything a learner does (attempts, lesson steps, ratings, review) lives in lessons/ against
the user; an anonymous learner's rows move to the account at sign-up or log-in
(lessons.merge, called by accounts.services.log_in).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(_("display name"), max_length=60, blank=True)
    language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, default="it"
    )
    #: Chosen at sign-up ("I teach"); the classes (classroom/) open their teacher pages to it.
    is_teacher = models.BooleanField(_("teacher"), default=False)
    #: The teacher who made the account ("add students"); null for an account its owner
    #: made, and after that teacher's account is deleted, when ``made_by_name`` still says
    #: who it was, so the admin can find the students left without a teacher.
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="accounts_made",
        verbose_name=_("made by"),
    )
    made_by_name = models.CharField(_("made by (username)"), max_length=150, blank=True)
    #: How fast the practice table steps through the others' moves (play.speed.Speed).
    play_speed = models.CharField(max_length=8, default="normal")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """What the site calls the person: their display name, else their username."""
        return self.display_name or self.user.get_username()


def display_name(user: Any) -> str:
    """What the site calls a person: their display name, else their username (also for an
    account made elsewhere, the admin or createsuperuser, that has no profile yet)."""
    try:
        return str(user.profile.name)
    except Profile.DoesNotExist:
        return str(user.get_username())


def profile_of(user: Any, language: str | None = None) -> Profile:
    """The user's profile; one made elsewhere (the admin, createsuperuser) has none yet and
    gets one in ``language`` (the page's), else Italian."""
    try:
        profile: Profile = user.profile
    except Profile.DoesNotExist:
        defaults = {"language": language} if language in dict(settings.LANGUAGES) else {}
        profile = Profile.objects.get_or_create(user=user, defaults=defaults)[0]
    return profile
