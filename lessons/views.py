"""Views of the learning app."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest
from lessons import dashboard
from lessons.forms import NotationForm
from lessons.learners import has_begun


@vary_on_headers("HX-Request")
def home(request: HtmxHttpRequest) -> HttpResponse:
    """What the site teaches and where to start, with a box that shows cards typed in notation.

    The box submits with htmx and gets back only its own piece of the page.
    """
    form = NotationForm(request.GET if "cards" in request.GET else None)
    if request.htmx:
        return render(request, "lessons/home.html#notation", {"form": form})
    # A learner who has begun is shown the next step; a newcomer, where to start.
    suggestion = dashboard.next_step(request) if has_begun(request) else None
    return render(request, "lessons/home.html", {"form": form, "suggestion": suggestion})
