"""The practice table's pages: start a game, the table, the review of a hand."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.http import HtmxHttpRequest, small_int
from burraco_tutor.limits import limited
from engine.actions import Action
from play import games, hands, table
from play.forms import MoveForm, NewGameForm
from play.models import Finding, Game
from play.review import decision_context, flagged, gap_chart, score_gap, try_again


@limited("play")
def start(request: HtmxHttpRequest) -> HttpResponse:
    """The form that starts a game, the learner's unfinished games, and the POST that
    deals a new one (or the same deal again)."""
    form = NewGameForm(request.POST or None)
    again = small_int(request.POST.get("again", ""), 12)
    if request.method == "POST" and again is not None:
        old = games.own_game(request, again)
        game = games.new_game(
            request,
            seed=old.seed,
            players=old.players,
            preset=old.preset,
            opponents=old.opponents,
            partner=old.partner,
            coach=old.coach,
        )
        return _dealt(game)
    if request.method == "POST" and form.is_valid():
        return _dealt(games.new_game(request, **form.cleaned_data))
    status = 400 if request.method == "POST" else 200
    mine = games.my_games(request)
    context = {
        "form": form,
        "unfinished": mine.filter(finished=False)[:10],
        "finished": mine.filter(finished=True)[:10],
    }
    return render(request, "play/start.html", context, status=status)


def _dealt(game: Game) -> HttpResponse:
    # The bots who play before the learner play now, within the request's deadline.
    games.move(game, game.version, None)
    return redirect("play:table", pk=game.pk)


@vary_on_headers("HX-Request")
@limited("play")
def game_table(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table; a POST is one move (or a hint, a dismissal, a new order for the hand)."""
    game = games.own_game(request, pk)
    if request.method != "POST":
        return _table(request, game)
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _table(request, game, status=400, problem=_first_error(form))
    do = form.cleaned_data["do"]
    if do == "sort":
        Game.objects.filter(pk=game.pk).update(sort=form.cleaned_data["sort"])
        game.sort = form.cleaned_data["sort"]
        return _done(request, game)
    if do == "dismiss":
        game.findings.filter(pk=form.cleaned_data["dismiss"]).update(dismissed=True)
        return _done(request, game)
    if do == "hint":
        return _hint(request, game)
    return _move(request, game, form)


def _move(request: HtmxHttpRequest, game: Game, form: MoveForm) -> HttpResponse:
    action = None if form.cleaned_data["do"] == "continue" else form.action()
    if isinstance(action, str):
        return _table(request, game, problem=action)
    version = form.cleaned_data.get("version")
    if version is None:
        return _table(
            request, game, status=400, problem=_("The move did not say which table it was made on.")
        )
    try:
        outcome = games.move(game, version, action)
    except games.HandOver:
        over = _("The hand is over: there are no more moves to make.")
        return _table(request, game, status=409, problem=over)
    except games.StaleMove:
        stale = _(
            "This table had moved on since that page was drawn (another tab?), so the move"
            " was not made. Here is the table as it is now."
        )
        return _table(request, game, status=409, problem=stale)
    except hands.BrokenGame:
        return _broken(request)
    if outcome.refusal is not None:
        extra: dict[str, Any] = {
            "refusal": table.sentence(outcome.refusal),
            "refusal_rule": getattr(outcome.refusal, "rule", ""),
            "instead": [table.describe(other) for other in outcome.instead],
        }
        return _table(request, game, hand=outcome.hand, **extra)
    return _done(request, game, hand=outcome.hand)


def _hint(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    if game.coach != Game.Coach.FULL:
        return _table(
            request, game, status=400, problem=_("At this coach level there are no hints.")
        )
    hand = _load(game)
    if hand is None:
        return _broken(request)
    action = games.take_hint(game, hand)
    if action is None:
        return _table(
            request, game, hand=hand, problem=_("There is nothing to choose until your turn.")
        )
    return _table(request, game, hand=hand, hint=table.describe(action))


def _done(request: HtmxHttpRequest, game: Game, hand: hands.Hand | None = None) -> HttpResponse:
    """After a change: the table's piece for htmx, else back to the table (post/redirect/get)."""
    if request.htmx:
        return _table(request, game, hand=hand)
    return redirect("play:table", pk=game.pk)


def _load(game: Game) -> hands.Hand | None:
    try:
        return games.load(game)
    except hands.BrokenGame:
        return None


def _broken(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "play/broken.html", status=400)


def _table(
    request: HtmxHttpRequest,
    game: Game,
    status: int = 200,
    hand: hands.Hand | None = None,
    **extra: Any,
) -> HttpResponse:
    hand = hand or _load(game)
    if hand is None:
        return _broken(request)
    context = table.context(hand, game.sort)
    context.update(
        game=game,
        form_url=request.path,
        findings=_findings(game, hand),
        coaching=game.coach in games.COACHING,
        **extra,
    )
    template = "play/table.html#table" if request.htmx else "play/table.html"
    return render(request, template, context, status=status)


def _findings(game: Game, hand: hands.Hand) -> list[tuple[Finding, str]]:
    if game.coach not in games.COACHING:
        return []
    return [
        (finding, table.finding_text(finding)) for finding in games.last_turn_findings(game, hand)
    ]


def _first_error(form: MoveForm) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return _("That move could not be read.")


@vary_on_headers("HX-Request")
@limited("play")
def review(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The review of a hand: each flagged decision, and "try again from here"."""
    game = games.own_game(request, pk)
    hand = _load(game)
    if hand is None:
        return _broken(request)
    decision = small_int(request.GET.get("decision") or request.POST.get("decision", ""), 6)
    final = table.context(hand)
    context: dict[str, Any] = {
        "game": game,
        "over": hand.over,
        "final_scores": final["scores"],
        "flagged": flagged(game),
        "decision": None,
    }
    context["gaps"] = score_gap(hand)
    context["chart"] = gap_chart(context["gaps"])
    if decision is None:
        return render(request, "play/review.html", context)
    tried = decision_context(game, hand, decision)
    if tried is None:
        return render(request, "play/review.html", context, status=404)
    context.update(tried.pop("trying"), **tried, form_url=request.path)
    if request.method == "POST":
        form = MoveForm(request.POST)
        action: Action | str = form.action() if form.is_valid() else _first_error(form)
        context.update(try_again(game, tried["position"], decision, action))
    template = "play/review.html#try" if request.htmx else "play/review.html"
    return render(request, template, context)
