"""The site's URLs plus /bench/ok, a bare ``HttpResponse("ok")`` that the HTTP benchmark
measures every other page against. Only ``BENCH_VIEWS=1`` (set by `make bench`) serves it."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from burraco_tutor.urls import urlpatterns as site


def ok(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


urlpatterns = [path("bench/ok", ok), *site]
