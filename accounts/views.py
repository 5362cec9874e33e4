"""Account pages: sign up, log in and out, the profile, download my data, delete my account.

Password reset uses Django's own views with these templates (accounts/urls.py).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_http_methods, require_POST

from accounts import services
from accounts.export import json_chunks
from accounts.forms import DeleteAccountForm, LoginForm, ProfileForm, SignUpForm
from accounts.models import profile_of
from accounts.signals import collected_data
from burraco_tutor.cost import heavy
from burraco_tutor.limits import limited


def _next_url(request: HttpRequest, otherwise: str = settings.LOGIN_REDIRECT_URL) -> str:
    """Where to go after logging in: a `next` on this site, else ``otherwise`` (the
    progress page)."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    # A path on this site only: redirect() would read other text as a view's name.
    if url.startswith("/") and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return resolve_url(otherwise)


@require_http_methods(["GET", "POST"])
@limited("signup")
def signup(request: HttpRequest) -> HttpResponse:
    """A new account; what this browser did anonymously moves into it."""
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    initial = {"language": request.LANGUAGE_CODE}
    form = SignUpForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            user = form.save()
        except IntegrityError:
            # A sign-up at the same moment took the name or the address after the checks:
            # checked again, the form says which, in a sentence.
            form = SignUpForm(request.POST, initial=initial)
            if form.is_valid():
                form.add_error(None, _("That username or e-mail address was just taken."))
        else:
            # A new teacher starts where classes are made, with a word on what to do there.
            teacher = form.cleaned_data["is_teacher"]
            start = "classroom:index" if teacher else settings.LOGIN_REDIRECT_URL
            response = redirect(_next_url(request, start))
            if teacher:
                messages.info(request, _("Welcome! Make your first class here."))
            services.log_in(request, user, response)
            return response
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)})


@require_http_methods(["GET", "POST"])
def log_in(request: HttpRequest) -> HttpResponse:
    """Log in; what this browser did anonymously moves into the account. Someone logged
    in already goes on where they were going."""
    if request.method == "GET" and request.user.is_authenticated:
        return redirect(_next_url(request))
    form = LoginForm(request, data=request.POST or None)
    # django-axes counts the failures and refuses a locked-out try before the password is
    # checked; its middleware then answers 429 (accounts.lockout.locked_out).
    if request.method == "POST" and form.is_valid():
        response = redirect(_next_url(request))
        services.log_in(request, form.get_user(), response)
        return response
    return render(request, "accounts/login.html", {"form": form, "next": _next_url(request)})


@require_http_methods(["GET", "POST"])
def log_out(request: HttpRequest) -> HttpResponse:
    """Log out by POST (the navbar's button); a GET shows the button on its own."""
    if request.method == "POST":
        services.log_out(request)
        messages.info(request, _("You have logged out."))
        return redirect(settings.LOGOUT_REDIRECT_URL)
    return render(request, "accounts/logout.html")


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    """The display name and language, and the account's data: download or delete."""
    form = ProfileForm(request.POST or None, instance=profile_of(request.user))
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        response = redirect("accounts:profile")
        services.apply_language(response, saved.language)
        messages.success(request, _("Your profile is saved."))
        return response
    return render(request, "accounts/profile.html", {"form": form})


@login_required
@heavy()
def download(request: HttpRequest) -> StreamingHttpResponse:
    """Everything kept about the learner, as a JSON file written as it is sent (its long
    lists read from the database a chunk at a time: accounts.export)."""
    profile = services.profile_data(request.user)
    data = {"exported_at": timezone.now(), **collected_data(request, request.user, profile)}
    response = StreamingHttpResponse(
        json_chunks(data), content_type="application/json; charset=utf-8"
    )
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="burraco-tutor-{stamp}.json"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest) -> HttpResponse:
    """Delete the account and all its data, after the password and a confirmation."""
    form = DeleteAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.delete_account(request)
        messages.success(request, _("Your account and all its data have been deleted."))
        return redirect("lessons:home")
    return render(request, "accounts/delete.html", {"form": form})


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The navbar's language switch (Django's): for a logged-in user the choice is also
    the profile's preferred language, which each log-in applies, so it is not undone then."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        profile = profile_of(request.user, language)
        if profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
    return response
