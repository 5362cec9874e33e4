"""Views of the learning app."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest
from lessons.forms import NotationForm


@vary_on_headers("HX-Request")
def home(request: HtmxHttpRequest) -> HttpResponse:
    """What the site teaches and where to start, with a box that shows cards typed in notation.

    The box submits with htmx and gets back only its own piece of the page.
    """
    form = NotationForm(request.GET if "cards" in request.GET else None)
    template_name = "lessons/home.html#notation" if request.htmx else "lessons/home.html"
    return render(request, template_name, {"form": form})
