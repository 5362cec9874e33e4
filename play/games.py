"""The practice table's services: whose games, loading one, and playing a move on it.

Views call these; they hold no rules (play.hands asks the engine) and no markup
(play.table draws the table).
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import fsrs
from django.contrib import messages
from django.db import transaction
from django.db.models import F, QuerySet
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.export import Rows, batches
from engine.actions import Action, ActionKind
from engine.coach import Finding as CoachFinding
from engine.coach import Idea, Review, idea_of, ideas, new_ideas
from engine.errors import BurracoError
from engine.match import THREE_ALONE_FROM
from lessons import review as review_queue
from lessons.learners import Learner, learner_fields, learner_filter
from lessons.rulebook import is_rule
from play import claims, hands, kept, ratings, replays, signals, table
from play.models import Finding, Game, PlayingRating

#: Coach levels that review the learner's decisions during play.
COACHING = (Game.Coach.TURNS, Game.Coach.FULL)


def my_games(request: HttpRequest) -> QuerySet[Game]:
    """This learner's games (the account's, else the session's)."""
    if not request.user.is_authenticated and not request.session.session_key:
        return Game.objects.none()
    return Game.objects.filter(learner_filter(request))


def own_game(request: HttpRequest, pk: int) -> Game:
    """The learner's game numbered ``pk``; 404 for anyone else's."""
    game = my_games(request).filter(pk=pk, thinned_at=None).first()
    if game is None:
        raise Http404("no such game")
    return game


def new_game(request: HttpRequest, **choices: Any) -> Game:
    """A new game for this learner, dealt from a fresh seed unless ``seed`` is given."""
    choices.setdefault("seed", secrets.randbelow(2**31))
    game = Game.objects.create(**learner_fields(request), **choices)
    put_away = kept.put_away(my_games(request))
    if put_away:
        messages.info(request, kept.put_away_note(put_away), fail_silently=True)
    return game


def load(game: Game) -> hands.Hand:
    """The hand being played, checked by the engine with every hand before it; replayed
    only as far as this process has not seen it (play.replays; raises hands.BrokenGame)."""
    return _current(game)[1]


def load_match(game: Game) -> tuple[list[hands.Hand], hands.Hand]:
    """The game's ended hands and the hand being played, all checked (hands.BrokenGame)."""
    found, hand = _current(game)
    past = game.past_hands
    ended = [replays.hand_of(game.pk, found.setups[n], past[n]) for n in range(len(past))]
    return ended, hand


def load_hand(game: Game, number: int | None = None) -> hands.Hand:
    """The game's hand ``number`` (0 the first; None, or the last, the one being played),
    checked; raises IndexError when there is no such hand, hands.BrokenGame when it no
    longer plays."""
    found, hand = _current(game)
    if number is None or number == len(found.setups) - 1:
        return hand
    if not 0 <= number < len(found.setups):
        raise IndexError(number)
    return replays.hand_of(game.pk, found.setups[number], game.past_hands[number])


def _current(game: Game) -> tuple[replays.Start, hands.Hand]:
    if not isinstance(game.past_hands, list) or not isinstance(game.actions, list):
        raise hands.BrokenGame("the stored hands are not lists of actions")
    return replays.current(game.setup, game.past_hands, game.actions, game.pk)


def match_state(game: Game, hand: hands.Hand) -> dict[str, Any]:
    """Where a match stands: the totals before this hand and after it (when it has ended),
    the winner once the target is reached, and whether a next hand is to be dealt. The
    totals are each side's (each pair's at six players), or each player's at three and five
    players, where a pair's score is halved and credited to each (the engine's Match, R36,
    R40)."""
    match = hand.setup.match
    players = hand.setup.players
    before = match.totals
    after = None
    credits: tuple[int, ...] | None = None
    won = None
    if hand.over:
        credits = hands.scores(hand)
        after = tuple(was + score for was, score in zip(before, credits, strict=True))
        won = hand.setup.next_hand(hands.outcome(hand)).match.winner
    names = [table.total_name(players, index) for index in range(len(before))]
    return {
        "number": hand.setup.number + 1,
        "target": match.target,
        "before": before,
        "after": after,
        "winner": won,
        "next": game.match and hand.over and won is None,
        "per_player": table.named_totals(players),
        # Six players: the totals are the three pairs' (R40), each named by its two seats.
        "pairs": players == 6,
        "all_alone": match.all_alone,
        "alone_from": THREE_ALONE_FROM,
        "columns": [
            {
                "name": name,
                "before": before[index],
                "hand": None if credits is None else credits[index],
                "after": None if after is None else after[index],
            }
            for index, name in enumerate(names)
        ],
        "before_named": "; ".join(
            _("%(who)s: %(points)s") % {"who": name, "points": total}
            for name, total in zip(names, before, strict=True)
        ),
        "won_by": None if won is None else names[won],
    }


def game_over(game: Game, hand: hands.Hand) -> bool:
    """A one-hand game ends with its hand; a match when a side reaches the target."""
    if not hand.over:
        return False
    return not game.match or match_state(game, hand)["winner"] is not None


class StaleMove(Exception):
    """The move was made on an older table than the game's."""


class HandOver(StaleMove):
    """The move was made on a hand that has ended."""


@dataclass
class Outcome:
    """What a move did: the refusal if the engine refused it (nothing was played), the
    coach's review, and the steps played (the learner's and the bots')."""

    hand: hands.Hand
    refusal: BurracoError | None = None
    instead: list[Action] = field(default_factory=list)
    review: Review | None = None
    played: list[hands.Step] = field(default_factory=list)


def move(game: Game, version: int, action: Action | None) -> Outcome:
    """Play the learner's ``action`` (None: let the bots go on) on ``game`` as of
    ``version``, then the bots' turns; raises :class:`StaleMove` when the game has moved
    on since that version, and hands.BrokenGame when it no longer replays."""
    if version != game.version:
        raise StaleMove
    start, hand = _current(game)
    outcome = Outcome(hand)
    if action is not None:
        if hand.over:
            raise HandOver
        if not hand.learner_to_move:
            raise StaleMove
        refusal = hands.refusal(hand.position, action)
        if refusal is not None:
            outcome.refusal = refusal
            if game.coach != Game.Coach.OFF:
                outcome.instead = hands.instead(hand.position, action)
            return outcome
        decision = len(hand.steps)
        outcome.review = hands.review(hand.position, action, hand.memory)
        outcome.played.append(hand.play(action))
    elif hand.learner_to_move or hand.over:
        return outcome
    outcome.played.extend(hands.run_bots(hand))
    finished = game_over(game, hand)
    with transaction.atomic():
        saved = Game.objects.filter(pk=game.pk, version=version, thinned_at=None).update(
            actions=hand.actions,
            version=version + 1,
            finished=finished,
            # update() skips auto_now: the time of the last move is when a hand ended.
            updated_at=timezone.now(),
            **result(hand),
            **tally(start.won, hand),
        )
        if not saved:
            raise StaleMove
        if outcome.review is not None:
            stored = record(game, decision, outcome.review, hand.setup.number)
            schedule_review(game, first_said(game, hand.setup.number, stored))
        if hand.over:
            # The hand ended with this move (a move on an ended hand is refused above):
            # rated once, in the transaction the version check let through.
            ratings.rate_hand(game, hand)
        if finished and not game.finished:
            game.refresh_from_db()
            signals.game_finished.send(sender=Game, game=game, hand=hand)
    replays.keep(game.pk, hand)
    game.refresh_from_db()
    return outcome


def result(hand: hands.Hand) -> dict[str, int | None]:
    """The hand's totals for the Game's ``score`` and ``their_score`` (None before the end):
    what the learner is credited (the side's total; at three players a pair's halved, R40),
    and the best that a player on another side is credited, so the learner won the hand
    when ``score`` is the higher (hands.credited)."""
    credited = hands.credited(hand)
    if credited is None:
        return {"score": None, "their_score": None}
    return {"score": credited[0], "their_score": credited[1]}


def tally(won: Sequence[bool], hand: hands.Hand) -> dict[str, int]:
    """The Game's ``hands_ended`` and ``hands_won``: whether the learner won each of a
    match's ended hands (``won``), then the hand being played, if it has ended; a hand is
    won when the learner is credited more than any player on another side (hands.won)."""
    ended = [*won, hands.won(hand)] if hand.over else list(won)
    return {"hands_ended": len(ended), "hands_won": sum(ended)}


#: The severities that put a finding's rule into the review queue, as a missed puzzle does.
REVIEWED = (Finding.Severity.MISTAKE, Finding.Severity.BLUNDER)


def schedule_review(game: Game, findings: Iterable[Finding]) -> int:
    """Put the rules of these findings (mistakes and blunders on a rule) into the learner's
    review queue, as a wrong answer to a puzzle on that rule does (lessons.review: a new
    card, or a lapse of the one there). Each finding is claimed once (its ``scheduled_at``
    set by one UPDATE), so a finding is never scheduled twice, whoever asks again."""
    wanted = [
        finding.pk
        for finding in findings
        if finding.severity in REVIEWED and is_rule(finding.rule) and finding.pk is not None
    ]
    if not wanted:
        return 0
    now = timezone.now()
    with transaction.atomic():
        fresh = Finding.objects.select_for_update().filter(pk__in=wanted, scheduled_at=None)
        claimed = dict(fresh.values_list("pk", "rule"))
        if not Finding.objects.filter(pk__in=claimed, scheduled_at=None).update(scheduled_at=now):
            return 0
        rules = sorted(set(claimed.values()))
        owner = Learner(user=game.user) if game.user_id else Learner(session_key=game.session_key)
        review_queue.review(owner, rules, fsrs.Rating.Again, now)
    return len(rules)


def first_said(game: Game, number: int, kept: Sequence[Finding]) -> list[Finding]:
    """Of the findings just ``kept`` on hand ``number``, those whose idea (engine.coach:
    the code and the cards it concerns) no earlier mistake or blunder of the hand said: a
    card kept turn after turn puts its rule into the review queue once, not every turn."""
    earlier = game.findings.filter(hand=number, severity__in=REVIEWED).exclude(
        pk__in=[finding.pk for finding in kept]
    )
    said = {idea_of(row.code, row.params) for row in earlier}
    return [finding for finding in kept if idea_of(finding.code, finding.params) not in said]


def record(game: Game, decision: int, review: Review, number: int = 0) -> list[Finding]:
    """Keep the coach's findings on the decision numbered ``decision`` of hand ``number``."""
    return Finding.objects.bulk_create(
        Finding(
            game=game,
            hand=number,
            decision=decision,
            action=str(review.chosen),
            code=finding.code,
            rule=finding.rule,
            severity=finding.severity.value,
            points=finding.points,
            better=str(finding.better),
            params=dict(finding.params),
            sentence=finding.sentence,
        )
        for finding in review.findings
    )


def last_turn_findings(game: Game, hand: hands.Hand) -> list[Finding]:
    """What the coach says after the learner's last finished turn (from its draw to its
    discard): one finding per idea (engine.coach.ideas: its code and the cards it
    concerns), worst first, and only the ideas not said on an earlier turn of the hand;
    none dismissed. A turn still being played has none yet."""
    turn = last_turn(hand)
    if turn is None:
        return []
    first, last = turn
    rows = [row for row in _said(game, hand.setup.number) if row.decision <= last]
    turns = turn_numbers(hand)
    found = _found(rows, turns)
    new = new_ideas(found, turns.get(first, 0))
    return [rows[idea.worst] for idea in new if not rows[idea.worst].dismissed]


def hand_ideas(game: Game, hand: hands.Hand) -> list[tuple[Idea, Finding]]:
    """The findings above "none" on the hand, grouped by idea (engine.coach.ideas), worst
    first: each idea once, with the turns it was found on and its worst kept finding."""
    rows = _said(game, hand.setup.number)
    return [(idea, rows[idea.worst]) for idea in ideas(_found(rows, turn_numbers(hand)))]


#: The severities by weight, the least first, as the review orders its ideas.
SEVERITY_ORDER = [value for value, _label in Finding.Severity.choices]


def flagged_by_decision(
    game_ids: Sequence[int], hand: int = 0, chunk: int = 500
) -> dict[tuple[int, int], list[Finding]]:
    """What the coach said above "minor" on these games' ``hand``, by game and decision (the
    decision's place among the hand's actions), the costliest first: a query for each
    ``chunk`` games. The deal of the day and a class duplicate put it beside each choice."""
    found: dict[tuple[int, int], list[Finding]] = {}
    ids = list(game_ids)
    for start in range(0, len(ids), chunk):
        rows = Finding.objects.filter(game_id__in=ids[start : start + chunk], hand=hand).exclude(
            severity=Finding.Severity.NONE
        )
        for row in rows.order_by("game_id", "decision", "-points", "pk"):
            found.setdefault((row.game_id, row.decision), []).append(row)
    return found


def worst_per_idea(rows: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Kept findings (rows of ``Finding``'s fields: ``game``, ``hand``, ``code``, ``params``,
    ``severity``, ``points`` at least) as a hand's review counts them, without replaying
    the hands: one per idea (the code and the cards it concerns, engine.coach.idea_of) per
    hand of a game, its worst (by severity, then points), worst first. What /progress/
    and a teacher's counts of an assignment's rules read."""
    worst: dict[tuple[Any, ...], Mapping[str, Any]] = {}
    for row in rows:
        params = row["params"] if isinstance(row["params"], dict) else {}
        key = (row["game"], row["hand"], *idea_of(row["code"], params))
        if key not in worst or _row_weight(row) > _row_weight(worst[key]):
            worst[key] = row
    return sorted(worst.values(), key=_row_weight, reverse=True)


def _row_weight(row: Mapping[str, Any]) -> tuple[int, int]:
    severity = row["severity"]
    return (SEVERITY_ORDER.index(severity) if severity in SEVERITY_ORDER else 0, row["points"])


def _said(game: Game, number: int) -> list[Finding]:
    """The findings of hand ``number`` a learner is shown (above "none"), in the hand's
    order."""
    return list(
        game.findings.filter(hand=number)
        .exclude(severity=Finding.Severity.NONE)
        .order_by("decision", "pk")
    )


def _found(rows: Sequence[Finding], turns: dict[int, int]) -> list[tuple[int, CoachFinding]]:
    return [(turns.get(row.decision, 0), coach_finding(row)) for row in rows]


def coach_finding(row: Finding) -> CoachFinding:
    """A kept finding as the engine's coach made it."""
    return CoachFinding.from_json(
        {
            "code": row.code,
            "rule": row.rule,
            "better": row.better,
            "points": row.points,
            "severity": row.severity,
            "params": row.params if isinstance(row.params, dict) else {},
            "sentence": row.sentence,
        }
    )


def turn_numbers(hand: hands.Hand) -> dict[int, int]:
    """Each of the learner's actions in the hand by index, with the learner's turn it
    belongs to, counted from 1: a turn starts with the draw or the pile."""
    numbers: dict[int, int] = {}
    turn = 0
    for index, step in enumerate(hand.steps):
        if step.seat != hands.LEARNER:
            continue
        if step.action.kind in (ActionKind.DRAW, ActionKind.PILE):
            turn += 1
        numbers[index] = max(turn, 1)
    return numbers


def last_turn(hand: hands.Hand) -> tuple[int, int] | None:
    """The indexes of the first and last actions of the learner's latest finished turn (a
    turn starts with the draw or the pile and ends with the discard), or None."""
    end = None
    for index in range(len(hand.steps) - 1, -1, -1):
        step = hand.steps[index]
        if step.seat != hands.LEARNER:
            continue
        if end is None and step.action.kind is ActionKind.DISCARD:
            end = index
        elif end is not None and step.action.kind in (ActionKind.DRAW, ActionKind.PILE):
            return index, end
    return None


class NothingToTakeBack(Exception):
    """There is no turn of the learner's in this hand to take back, or the hand is over."""


def take_back_point(hand: hands.Hand) -> int | None:
    """Where a take-back goes: the index of the learner's latest draw (or pile) in this
    hand, the start of their turn; None when there is none or the hand is over."""
    if hand.over:
        return None
    for index in range(len(hand.steps) - 1, -1, -1):
        step = hand.steps[index]
        if step.seat == hands.LEARNER and step.action.kind in (ActionKind.DRAW, ActionKind.PILE):
            return index
    return None


def take_back(game: Game, version: int) -> hands.Hand:
    """Undo the learner's last turn as of ``version``: back to the start of it, the other
    players' answers undone too, its findings forgotten, the hand marked as helped. Raises
    :class:`StaleMove` (another tab moved first) or :class:`NothingToTakeBack`."""
    if version != game.version:
        raise StaleMove
    hand = load(game)
    point = take_back_point(hand)
    if point is None:
        raise NothingToTakeBack
    with transaction.atomic():
        saved = Game.objects.filter(pk=game.pk, version=version).update(
            actions=hand.actions[:point],
            version=version + 1,
            helped=True,
            take_backs=F("take_backs") + 1,
            finished=False,
        )
        if not saved:
            raise StaleMove
        game.findings.filter(hand=hand.setup.number, decision__gte=point).delete()
    game.refresh_from_db()
    return load(game)


def next_hand(game: Game, version: int) -> Outcome:
    """Deal the match's next hand as of ``version`` (the deal passes clockwise) and play
    the bots' turns before the learner's. Raises :class:`StaleMove`, or
    :class:`NoNextHand` when there is none to deal."""
    if version != game.version:
        raise StaleMove
    hand = load(game)
    if not match_state(game, hand)["next"]:
        raise NoNextHand
    with transaction.atomic():
        saved = Game.objects.filter(pk=game.pk, version=version).update(
            past_hands=[*game.past_hands, hand.actions],
            actions=[],
            version=version + 1,
            finished=False,
        )
        if not saved:
            raise StaleMove
    game.refresh_from_db()
    return move(game, game.version, None)


class NoNextHand(Exception):
    """The game has no next hand: one hand only, the hand still going, or the match won."""


def take_hint(game: Game, hand: hands.Hand) -> Action | None:
    """The expert's move now; the hand is marked as helped and the hint counted."""
    action = hands.hint(hand)
    if action is not None:
        Game.objects.filter(pk=game.pk).update(helped=True, hints=F("hints") + 1)
        game.helped = True
        game.hints += 1
    return action


def on_log_in(previous_key: str, user: Any, **kwargs: Any) -> int:
    """accounts.signals.logged_in: the session's games become the account's, and the
    account keeps as many whole as one learner does (play.kept)."""
    if not previous_key:
        return 0
    moved = Game.objects.filter(user=None, session_key=previous_key).update(
        user=user, session_key=""
    )
    if moved:
        kept.put_away(Game.objects.filter(user=user))
    return moved


def account_sections(request: HttpRequest, user: Any, **kwargs: Any) -> dict[str, Any]:
    """accounts.signals.data_requested: the account's practice games, each with its deal's
    seed, its actions and the coach's findings, read as the file is written (a chunk of
    games and their findings at a time); a game put away (play.kept) has its results
    instead of its actions. And the playing rating with every hand that moved it."""
    return {"practice_games": Rows(_exported_games(user)), "playing_rating": _playing_rating(user)}


def _playing_rating(user: Any) -> dict[str, Any] | None:
    """The account's playing rating and every hand that moved it (play.ratings)."""
    row = PlayingRating.objects.filter(user=user).first()
    if row is None:
        return None
    points = row.history.order_by("at", "pk").values(
        "at",
        "game_id",
        "hand",
        "players",
        "level",
        "level_rating",
        "result",
        "rating",
        "rating_deviation",
        "change",
    )
    return {
        "rating": row.rating,
        "rating_deviation": row.rating_deviation,
        "volatility": row.volatility,
        "rated_hands": row.hands,
        "history": Rows(points.iterator(chunk_size=EXPORT_CHUNK)),
    }


#: The games read from the database at once for "download my data" (their findings with them).
EXPORT_CHUNK = 200
FINDING_FIELDS = ("hand", "decision", "action", "code", "rule", "severity", "points", "better")


def _exported_games(user: Any) -> Iterator[dict[str, Any]]:
    # Plain values, not model instances: a chunk is garbage as soon as it is written.
    rows = (
        Game.objects.filter(user=user)
        .order_by("created_at", "pk")
        .values(
            "pk",
            "players",
            "seed",
            "preset",
            "opponents",
            "partner",
            "coach",
            "actions",
            "match",
            "past_hands",
            "takebacks",
            "finished",
            "helped",
            "hints",
            "take_backs",
            "created_at",
            "thinned_at",
            "score",
            "their_score",
            "hands_ended",
            "hands_won",
        )
    )
    for chunk in batches(rows.iterator(chunk_size=EXPORT_CHUNK), EXPORT_CHUNK):
        findings: dict[int, list[dict[str, Any]]] = defaultdict(list)
        found = (
            Finding.objects.filter(game_id__in=[game["pk"] for game in chunk])
            .order_by("hand", "decision", "-points", "pk")
            .values_list("game_id", *FINDING_FIELDS)
        )
        for game_id, *values in found:
            findings[game_id].append(dict(zip(FINDING_FIELDS, values, strict=True)))
        # A hand still to be played for work that counts (play.claims) keeps its seed
        # back: with the engine's source, the seed deals its stock and the bots' replies.
        unfinished = [game["pk"] for game in chunk if not game["finished"]]
        secret = {
            game.pk
            for game in Game.objects.filter(pk__in=unfinished)
            if claims.replay_refusal(game)
        }
        for game in chunk:
            data = exported_game(game, findings[game["pk"]])
            if game["pk"] in secret:
                data["seed"] = None
            yield data


def exported_game(game: dict[str, Any], findings: list[dict[str, Any]]) -> dict[str, Any]:
    """One game (its values) as "download my data" writes it, with its findings."""
    data: dict[str, Any] = {
        "players": game["players"],
        "seed": game["seed"],
        "rules": game["preset"],
        "opponents": game["opponents"],
        "partner": game["partner"] if game["players"] != 2 else None,
        "coach": game["coach"],
        "actions": game["actions"],
        "match": game["match"],
        "earlier_hands": game["past_hands"],
        "takebacks": game["takebacks"],
        "finished": game["finished"],
        "helped": game["helped"],
        "hints": game["hints"],
        "take_backs": game["take_backs"],
        "started": game["created_at"],
        "findings": findings,
    }
    if game["thinned_at"] is not None:
        data.update(
            put_away=game["thinned_at"],
            score=game["score"],
            their_score=game["their_score"],
            hands_ended=game["hands_ended"],
            hands_won=game["hands_won"],
        )
    return data
