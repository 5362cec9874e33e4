"""The site's URLs plus two yardsticks that the HTTP benchmark measures every page against.
Only ``BENCH_VIEWS=1`` (set by `make bench`) serves them.

- /bench/ok: a bare ``HttpResponse("ok")``, which reads neither the session nor the database;
- /bench/account: the same answer for a logged-in visitor, after reading the session and the
  account, as every page of a learner or a teacher must: the most any such page can do.

The rate limits still count every answer (their statement is part of the answer's cost), but
their ceilings are lifted: 16 connections answering as fast as the server goes pass a
learner's 60 answers a minute within seconds, and the 429s would be measured instead.
"""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from burraco_tutor import limits
from burraco_tutor.urls import urlpatterns as site

limits.RATES.update(dict.fromkeys(limits.RATES, "1000000/m"))


def ok(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def account(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"ok {request.user.pk}")


urlpatterns = [path("bench/ok", ok), path("bench/account", account), *site]
