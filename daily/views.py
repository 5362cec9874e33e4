"""The deal of the day's pages: today's (/play/daily/: the ranked try, then where the score
stands) and a past day's (/play/daily/<date>/: its results, and a copy to practise on)."""

from __future__ import annotations

from contextlib import suppress
from datetime import date

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from burraco_tutor.cost import heavy
from burraco_tutor.http import HtmxHttpRequest
from burraco_tutor.limits import limited
from daily import deal, pages, results
from daily.forms import DailyForm
from daily.models import Entry
from lessons.learners import Learner
from play import games, hands


@limited("play")
@heavy("POST")
def today(request: HtmxHttpRequest) -> HttpResponse:
    """Today's deal: before the hand, what it is and the start button; after it, where the
    learner's score stands. A POST starts the ranked try, a copy, or sets the listing."""
    return _day_page(request, deal.today())


@limited("play")
@heavy("POST")
def day(request: HtmxHttpRequest, when: str) -> HttpResponse:
    """A past day's deal: its results, and a copy of it to play for practice."""
    found = _date(when)
    if found is None or not deal.is_playable(found):
        return _missing(request, found)
    if found == deal.today():
        return redirect("daily:today")
    return _day_page(request, found)


def _day_page(request: HtmxHttpRequest, day: date) -> HttpResponse:
    if request.method != "POST":
        return _page(request, day)
    form = DailyForm(request.POST)
    if not form.is_valid():
        return _page(request, day, 400, _first_error(form))
    do = form.cleaned_data["do"]
    if do == "listed":
        return _listed(request, day, form.cleaned_data["listed"])
    if do == "practice":
        if day == deal.today() and not results.has_ended(Learner.of(request), day):
            problem = _(
                "Play your ranked try at today's deal first: a copy of it to practise on"
                " comes after, or it would show you the cards."
            )
            return _page(request, day, 409, problem)
        return _play(results.start_practice(request, day))
    if day != deal.today():
        problem = _("Only today's deal is played for a ranking; this one is for practice.")
        return _page(request, day, 400, problem)
    try:
        entry, _new = results.start_ranked(request, day)
    except results.AlreadyPlayed:
        problem = _(
            "You have played today's deal already: there is one ranked try a day. You can"
            " play a copy of it for practice below; it does not count."
        )
        return _page(request, day, 409, problem)
    return _play(entry)


def _play(entry: Entry) -> HttpResponse:
    """To the table of a daily hand, the bots who play before the learner played first."""
    game = entry.game
    if game.version == 0:
        # Another tab may have played them first: its table is the same one.
        with suppress(games.StaleMove, hands.BrokenGame):
            games.move(game, game.version, None)
    return redirect("play:table", pk=game.pk)


def _listed(request: HtmxHttpRequest, day: date, listed: bool) -> HttpResponse:
    if not request.user.is_authenticated:
        problem = _("Only an account's result can be listed: log in or sign up first.")
        return _page(request, day, 400, problem)
    learner = Learner(user=request.user)
    if not Entry.objects.filter(learner.rows(), day=day, ranked=True).update(listed=listed):
        problem = _("You have no ranked result on this day to list.")
        return _page(request, day, 400, problem)
    return redirect(results.day_url(day) + "#leaderboard")


def _page(
    request: HtmxHttpRequest, day: date, status: int = 200, problem: str = ""
) -> HttpResponse:
    context = pages.context(request, day)
    context.update(problem=problem, form=DailyForm(initial=_initial(context)))
    return render(request, "daily/day.html", context, status=status)


def _initial(context: dict[str, object]) -> dict[str, object]:
    ranked = context.get("ranked")
    return {"listed": isinstance(ranked, Entry) and ranked.listed}


def _date(when: str) -> date | None:
    """A date written YYYY-MM-DD, or None."""
    if len(when) != 10:
        return None
    try:
        return date.fromisoformat(when)
    except ValueError:
        return None


def _missing(request: HtmxHttpRequest, found: date | None) -> HttpResponse:
    if found is None:
        sentence = _("That is not a date: a day's deal is at /play/daily/ and a date, YYYY-MM-DD.")
    elif found > deal.today():
        sentence = _("That day has not come yet: its deal is dealt on the day.")
    else:
        sentence = _("There was no deal of the day then: the first was dealt on %(first)s.") % {
            "first": deal.FIRST_DAY.isoformat()
        }
    return render(request, "daily/missing.html", {"sentence": sentence}, status=404)


def _first_error(form: DailyForm) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return _("The form could not be read.")
