"""The practice table's pages: start a game, the table, the review of a hand."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.vary import vary_on_headers

from burraco_tutor.cost import heavy
from burraco_tutor.http import HtmxHttpRequest, small_int
from burraco_tutor.limits import limited
from play import claims, games, hands, ratings, speed, table, tries
from play.forms import BEGINNER, BEGINNER_DEAL, MoveForm, NewGameForm
from play.models import Finding, Game
from play.review import is_decision, summary, try_context
from play.speed import Speed


@limited("play")
@heavy("POST")
def start(request: HtmxHttpRequest) -> HttpResponse:
    """The start page (the beginner's game, more options, the learner's games), and the
    POST that deals: the beginner's game (``deal=beginner``), the options chosen, or the
    same deal again (``again=<id>``)."""
    if request.method != "POST":
        return _start_page(request, NewGameForm())
    again = small_int(request.POST.get("again", ""), 12)
    if again is not None:
        return _deal_again(request, again)
    deal = request.POST.get("deal")
    if deal == BEGINNER_DEAL:
        return _dealt(games.new_game(request, **BEGINNER))
    if deal is not None:
        unknown = _("No hand was dealt: that is not a game this page deals.")
        return _start_page(request, NewGameForm(), status=400, problem=unknown)
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return _start_page(request, form, status=400, problem=_not_dealt(form))
    return _dealt(games.new_game(request, **form.choices()))


def _deal_again(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A new game with the deal and the settings of the learner's game ``pk``, unless
    another app claims that game (play.claims)."""
    old = games.own_game(request, pk)
    refusal = claims.replay_refusal(old)
    if refusal:
        return _start_page(request, NewGameForm(), status=403, problem=refusal)
    game = games.new_game(
        request,
        seed=old.seed,
        players=old.players,
        preset=old.preset,
        opponents=old.opponents,
        partner=old.partner,
        coach=old.coach,
        match=old.match,
        takebacks=old.takebacks,
    )
    return _dealt(game)


def _not_dealt(form: NewGameForm) -> str:
    for name, errors in form.errors.items():
        field = form.fields[name].label if name in form.fields else ""
        return _("No hand was dealt (%(field)s: %(error)s)") % {
            "field": field,
            "error": errors[0],
        }
    return _("No hand was dealt: the form could not be read.")


def _start_page(
    request: HtmxHttpRequest, form: NewGameForm, status: int = 200, problem: str = ""
) -> HttpResponse:
    mine = games.my_games(request).filter(thinned_at=None)
    context = {
        "form": form,
        "unfinished": mine.filter(finished=False)[:10],
        "finished": mine.filter(finished=True)[:10],
        "problem": problem,
        "proposed": None,
    }
    proposal = ratings.closest_level(request.user)
    if proposal is not None and not form.is_bound:
        level, row = proposal
        form.propose(level)
        context["proposed"] = {"label": Game.Level(level).label, "rating": round(row.rating)}
    return render(request, "play/start.html", context, status=status)


def _dealt(game: Game) -> HttpResponse:
    # The bots who play before the learner play now, within the request's deadline.
    games.move(game, game.version, None)
    return redirect("play:table", pk=game.pk)


@vary_on_headers("HX-Request")
@limited("play")
@heavy("POST")
def game_table(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The table; a POST is one move (or a hint, a dismissal, a new order for the hand)."""
    game = games.own_game(request, pk)
    if request.method != "POST":
        return _table(request, game, at=small_int(request.GET.get("at", ""), 4))
    form = MoveForm(request.POST)
    if not form.is_valid():
        return _table(request, game, status=400, problem=_first_error(form))
    do = form.cleaned_data["do"]
    if do == "sort":
        Game.objects.filter(pk=game.pk).update(sort=form.cleaned_data["sort"])
        game.sort = form.cleaned_data["sort"]
        return _done(request, game)
    if do == "speed":
        speed.choose(request, Speed(form.cleaned_data["speed"]))
        return _done(request, game)
    if do == "dismiss":
        game.findings.filter(pk=form.cleaned_data["dismiss"]).update(dismissed=True)
        return _done(request, game)
    if do == "hint":
        return _hint(request, game)
    if do == "takeback":
        return _take_back(request, game, form.cleaned_data.get("version"))
    if do == "next":
        return _next_hand(request, game, form.cleaned_data.get("version"))
    return _move(request, game, form)


def _stale(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    stale = _(
        "This table had moved on since that page was drawn (another tab?), so the move"
        " was not made. Here is the table as it is now."
    )
    return _table(request, game, status=409, problem=stale)


def _no_version(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    return _table(
        request, game, status=400, problem=_("The move did not say which table it was made on.")
    )


def _take_back(request: HtmxHttpRequest, game: Game, version: int | None) -> HttpResponse:
    """Undo the learner's last turn (the others' answers with it), if take-backs are on."""
    if not game.takebacks:
        return _table(request, game, status=400, problem=_("Take-backs are off in this game."))
    if version is None:
        return _no_version(request, game)
    try:
        hand = games.take_back(game, version)
    except games.StaleMove:
        return _stale(request, game)
    except games.NothingToTakeBack:
        nothing = _("There is no turn of yours to take back in this hand.")
        return _table(request, game, status=400, problem=nothing)
    except hands.BrokenGame:
        return _broken(request)
    done = _("Your last turn is taken back; this hand is now marked as helped.")
    return _table(request, game, hand=hand, notice=done)


def _next_hand(request: HtmxHttpRequest, game: Game, version: int | None) -> HttpResponse:
    """Deal the match's next hand (the deal passes to the next seat)."""
    if version is None:
        return _no_version(request, game)
    try:
        outcome = games.next_hand(game, version)
    except games.StaleMove:
        return _stale(request, game)
    except games.NoNextHand:
        none = _(
            "There is no next hand to deal: the hand is still being played, or the game is over."
        )
        return _table(request, game, status=409, problem=none)
    except hands.BrokenGame:
        return _broken(request)
    return _done(request, game, hand=outcome.hand, start=_frames_from(outcome))


def _frames_from(outcome: games.Outcome) -> int | None:
    """The first frame of a move's replay in the page: the table after the first step
    played (the learner's own move, or the first bot's); None when no bot played."""
    if all(step.seat == hands.LEARNER for step in outcome.played):
        return None
    return len(outcome.hand.steps) - len(outcome.played) + 1


def _move(request: HtmxHttpRequest, game: Game, form: MoveForm) -> HttpResponse:
    action = None if form.cleaned_data["do"] == "continue" else form.action()
    if isinstance(action, str):
        return _table(request, game, problem=action)
    version = form.cleaned_data.get("version")
    if version is None:
        return _no_version(request, game)
    try:
        outcome = games.move(game, version, action)
    except games.HandOver:
        over = _("The hand is over: there are no more moves to make.")
        return _table(request, game, status=409, problem=over)
    except games.StaleMove:
        return _stale(request, game)
    except hands.BrokenGame:
        return _broken(request)
    if outcome.refusal is not None:
        extra: dict[str, Any] = {
            "refusal": table.sentence(outcome.refusal, nested=True),
            "refusal_rule": getattr(outcome.refusal, "rule", ""),
            "instead": [table.describe(other) for other in outcome.instead],
        }
        return _table(request, game, hand=outcome.hand, **extra)
    return _done(request, game, hand=outcome.hand, start=_frames_from(outcome))


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
    why = table.reason_text(hands.hint_reason(hand, action))
    return _table(request, game, hand=hand, hint=table.describe(action), hint_why=why)


def _done(
    request: HtmxHttpRequest, game: Game, hand: hands.Hand | None = None, start: int | None = None
) -> HttpResponse:
    """After a change: the table's piece for htmx, else back to the table (post/redirect/get).
    With htmx, a move that set the bots going comes back as the first frame (``start``):
    the table after the first step, which then steps through the others' moves."""
    if request.htmx:
        if request.headers.get("X-Reduced-Motion") == "1" or not speed.frame_ms(request):
            start = None
        return _table(request, game, hand=hand, at=start)
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
    at: int | None = None,
    **extra: Any,
) -> HttpResponse:
    """The table; with htmx and ``at`` short of the hand's end, the frame of the table after
    its first ``at`` actions, which asks for the next one (the others' moves one at a
    time); ``at`` at the end announces the last move alone."""
    hand = hand or _load(game)
    if hand is None:
        return _broken(request)
    if request.htmx and at is not None and 0 < at < len(hand.steps):
        return _frame(request, game, hand, at)
    context = table.context(hand, game.sort)
    if request.htmx and at is not None and at == len(hand.steps):
        context["news"] = table.step_news(hand.steps[-1], hand.setup.players)
    context.update(
        game=game,
        form_url=request.path,
        findings=_findings(game, hand),
        coaching=game.coach in games.COACHING,
        match=games.match_state(game, hand) if hand.over or game.match else None,
        rated=ratings.hand_note(game, hand.setup.number) if hand.over else None,
        take_back=game.takebacks and games.take_back_point(hand) is not None,
        speed=speed.chosen(request),
        speeds=Speed.choices,
        **extra,
    )
    if not request.htmx or hand.over:
        # The line above the table (outside the piece htmx swaps): a hand that counts; and
        # once the hand is over, the claimant's page linked beside the review.
        context["claim"] = claims.claim(game)
    template = "play/table.html#table" if request.htmx else "play/table.html"
    return render(request, template, context, status=status)


def _frame(request: HtmxHttpRequest, game: Game, hand: hands.Hand, at: int) -> HttpResponse:
    """The table as it was after the hand's first ``at`` actions, without its controls, the
    move just made announced, and the next frame asked for after a pause."""
    # The position after the first ``at`` actions is the one the next action was played in.
    then = hands.Hand(hand.setup, hand.steps[at].before, hand.steps[:at])
    context = table.context(then, game.sort)
    context.update(
        game=game,
        form_url=request.path,
        frame=at,
        next_at=at + 1,
        frame_ms=speed.frame_ms(request),
        drawing=False,
        playing=False,
        waiting=False,
        news=table.step_news(hand.steps[at - 1], hand.setup.players),
        match=games.match_state(game, then) if game.match else None,
    )
    return render(request, "play/table.html#table", context)


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
@heavy()
def review(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The review of a hand (``?hand=N`` of a match, the latest by default): each flagged
    decision, and "try again from here" (``?decision=N``, a try's ``try``)."""
    game = games.own_game(request, pk)
    number = small_int(request.GET.get("hand") or request.POST.get("hand", ""), 3)
    try:
        hand = games.load_hand(game, None if number is None else number - 1)
    except hands.BrokenGame:
        return _broken(request)
    except IndexError:
        raise Http404("no such hand") from None
    count = game.hand_number + 1
    decision = small_int(request.GET.get("decision") or request.POST.get("decision", ""), 6)
    claim = claims.claim(game)
    context: dict[str, Any] = {
        **summary(game, hand),
        "claim": claim,
        "decision": None,
        "hand_number": hand.setup.number + 1,
        "hand_count": count if game.match else 1,
        "hand_query": f"hand={hand.setup.number + 1}&" if game.match else "",
        "hand_numbers": range(1, count + 1),
    }
    if decision is None:
        return render(request, "play/review.html", context)
    if claim is not None and claim.refusal:
        context["problem"] = claim.refusal
        return render(request, "play/review.html", context, status=403)
    if not is_decision(hand, decision):
        return render(request, "play/review.html", context, status=404)
    return _try(request, game, hand, decision, context)


def _try(
    request: HtmxHttpRequest, game: Game, real: hands.Hand, decision: int, page: dict[str, Any]
) -> HttpResponse:
    """Try again from here: the position before the decision, and each post one action of
    the learner's (or "play on") played in a copy of the hand kept in the session
    (play.tries); the game itself is never written."""
    key = request.GET.get("try") or request.POST.get("try", "")
    posted = request.method == "POST"
    step = small_int(request.POST.get("step", ""), 4) if posted else None
    unknown = _(
        "That try is not one this browser keeps (it may be too old, or from another"
        " browser), so nothing was played. Here is the decision to try again."
    )
    try:
        tried = tries.find(request.session, key, game, real, decision) if key else None
    except tries.UnknownTry:
        # A page's first move names the key its try is to be kept under; any other key
        # must be one this session keeps.
        if not (posted and step == 0 and tries.is_free(request.session, key)):
            fresh = tries.new(game, real, decision)
            return _try_page(request, game, real, fresh, None, page, status=400, problem=unknown)
        tried = None
    tried = tried or tries.new(game, real, decision, key)
    try:
        played = tries.replay(real, tried)
    except hands.BrokenGame:
        # Kept by an older release whose rules no longer play it.
        fresh = tries.new(game, real, decision)
        return _try_page(request, game, real, fresh, None, page, status=400, problem=unknown)
    if not posted:
        return _try_page(request, game, real, tried, played, page)
    form = MoveForm(request.POST)
    problem = _first_error(form) if not form.is_valid() else ""
    if not problem and key and step is None:
        problem = _("The move did not say which step of the try it was made on.")
    if not problem and form.cleaned_data["do"] not in TRY_MOVES:
        problem = _("That button does nothing in a try: play a move, or play on.")
    if problem:
        return _try_page(request, game, real, tried, played, page, status=400, problem=problem)
    try:
        if key:
            tries.check_step(tried, step)
        if form.cleaned_data["do"] == "continue":
            outcome = tries.play_on(tried, played)
        else:
            action = form.action()
            if isinstance(action, str):
                return _try_page(request, game, real, tried, played, page, problem=action)
            outcome = tries.play(game, real, tried, played, action)
    except tries.StaleTry:
        stale = _(
            "This try had moved on since that page was drawn (another tab?), so the move was"
            " not made. Here is the try as it is now."
        )
        return _try_page(request, game, real, tried, played, page, status=409, problem=stale)
    except (tries.TryOver, tries.NotYourTurn):
        nothing = _("There is no move of yours to make in this try now.")
        return _try_page(request, game, real, tried, played, page, status=409, problem=nothing)
    if outcome.refusal is not None:
        refused: dict[str, Any] = {
            "refusal": table.sentence(outcome.refusal, nested=True),
            "refusal_rule": getattr(outcome.refusal, "rule", ""),
            "instead": [table.describe(other) for other in outcome.instead],
        }
        return _try_page(request, game, real, tried, played, page, **refused)
    tried = tries.keep(request.session, outcome.tried)
    url = _try_url(game, real, decision, tried.key)
    if not request.htmx:
        return redirect(url)
    response = _try_page(request, game, real, tried, outcome.hand, page)
    response["HX-Replace-Url"] = url
    return response


#: The buttons a try answers: the learner's moves, and "continue" (play on).
TRY_MOVES = ("draw", "pile", "meld", "attach", "discard", "continue")


def _try_url(game: Game, hand: hands.Hand, decision: int, key: str = "") -> str:
    query: dict[str, Any] = {"hand": hand.setup.number + 1} if game.match else {}
    query["decision"] = decision
    if key:
        query["try"] = key
    return f"{reverse('play:review', args=[game.pk])}?{urlencode(query)}#try"


def _try_page(
    request: HtmxHttpRequest,
    game: Game,
    real: hands.Hand,
    tried: tries.Try,
    played: hands.Hand | None,
    page: dict[str, Any],
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    """The review with the try (the try's piece alone for htmx)."""
    played = played or hands.rewind(real, tried.decision)
    context = {
        **page,
        **try_context(game, real, tried, played),
        "form_url": request.path,
        "again_url": _try_url(game, real, tried.decision),
        **extra,
    }
    template = "play/review.html#try" if request.htmx else "play/review.html"
    return render(request, template, context, status=status)
