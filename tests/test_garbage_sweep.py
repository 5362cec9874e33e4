"""The garbage sweep: every URL of the URLconf gets garbage, empty, huge and forged values in
every field any form of the site has, by GET and POST, plain and htmx, as an anonymous visitor,
a learner and a teacher. Nothing may answer 500, and nothing may change what the database
holds (the rows of every model; sessions and the cache aside, which a visit may touch).

The URLs come from the URLconf itself, so a page added later is swept without touching this
file; only a new kind of URL parameter needs a sample in ``SAMPLES``. The state a legitimate
first visit leaves (a step marked seen, a rating row made) is taken before the sweep starts.
"""

from __future__ import annotations

import json
import os
import re
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

import pytest
from django.apps import apps
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from lessons.content import load_all
from lessons.models import Attempt, Lesson, Puzzle, Step
from tests.factories import (
    AttemptFactory,
    ProfileFactory,
    PuzzleFactory,
    TeacherFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

#: The admin is Django's own and is reached by staff only.
SKIPPED_NAMESPACES = {"admin"}

#: Values no field of the site accepts: markup, SQL, paths, broken JSON, odd numbers, bytes.
GARBAGE = [
    "",
    "\x00",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    '{"__proto__": {"x": 1}',
    "[[[[[[[[[[",
    "-1e309",
    "NaN",
    "²",  # a digit to str.isdigit, not to int
    "😀" * 50,
    "JK " * 120,
]
HUGE = "9" * 100_000
#: SWEEP_TRACE=1 names the request behind each change of state (slow: it counts every time).
TRACE = os.environ.get("SWEEP_TRACE") == "1"

#: Field names any form posts, besides those read from the pages: the board's script sends
#: ``cards`` to the selection, and the query strings the views read.
KNOWN_FIELDS = {
    "cards",
    "line",
    "op",
    "meld",
    "none",
    "natural",
    "attempt",
    "theme",
    "recent",
    "rule",
    "next",
    "language",
    "choice",
    "score",
    "winner",
    "stands_for",
    "burraco",
    # The practice table's frames (?at=N) and the review's hand of a match (?hand=N).
    "at",
    "hand",
}

#: Values that look like answers but are forged: buttons that do not exist, cards the hand
#: never held, more copies than the deck has, moves that are no moves, other people's rows.
FORGED: list[dict[str, Any]] = [
    {"none": "2"},
    {"natural": "yes"},
    {"cards": ["JK"] * 5, "meld": "0"},
    {"cards": ["AS"] * 200, "meld": "0"},
    {"cards": ["ZZ", "11H", "♥♥"], "meld": "-1"},
    {"meld": "99999999999999999999", "cards": "10C"},
    {"op": "__proto__", "line": "[]"},
    {"op": "meld", "line": '["meld JK JK JK JK JK JK"]', "cards": "JK"},
    {"op": "attach", "line": '[{"op": "draw"}]', "meld": "0", "cards": "ZZ"},
    {"op": "undo", "line": json.dumps(["draw"] * 500)},
    {"op": "discard", "line": '"draw"', "cards": ["ZZ", "YY"]},
    {"op": "meld", "line": "[]", "cards": "ZZ"},  # a move no action reads
    {"op": "attach", "line": "[]", "meld": "²", "cards": "ZZ"},
    {"score": "99999999"},
    {"score": "1" * 4000},
    {"winner": "2"},
    {"choice": "-1"},
    {"choice": "999"},
    {"stands_for": "JK"},
    {"burraco": "filthy"},
    {"language": "xx"},
    {"next": "https://evil.example/"},
    {"username": "nobody", "password": "x" * 5000},
    {"attempt": "1"},
    {"attempt": "-1"},
    {"recent": "all", "theme": "R99,R0,x," * 50},
    {"rule": "R0"},
    {"do": "draw", "version": "999999"},
    {"do": "meld", "version": "1", "cards": ["ZZ", "JK"]},
    # Cards that are cards would answer a puzzle somewhere: these are not.
    {"attach": "99999", "version": "1", "cards": "11H"},
    {"dismiss": "99999999", "sort": "colour"},
    {"decision": "-1", "do": "pile"},
    {"decision": "99999999999", "do": "discard", "cards": "ZZ"},
    {"again": "99999999"},
    {"token": "made-up", "content": "hands", "hands": "3", "bot_level": "club"},
    {"hands": "-5", "bot_level": "grandmaster", "players": "7", "coach": "maybe"},
    # Take-backs and a match's next hand (play/): stale, forged or impossible.
    {"do": "takeback", "version": "999999"},
    {"do": "takeback", "version": "1"},
    {"do": "next", "version": "1"},
    {"do": "next", "version": "-1"},
    {"at": "-1", "hand": "0"},
    {"at": "99999999999", "hand": "99999", "decision": "0"},
    {"length": "forever", "players": "2", "takebacks": "maybe", "opponents": "club"},
]


# --- the URLs -------------------------------------------------------------------------


def patterns(
    resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str, URLPattern]]:
    """Every route of the URLconf as (namespace, route with <converters>, pattern)."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = entry.namespace or namespace
            if inner not in SKIPPED_NAMESPACES:
                yield from patterns(entry, route, inner)
        else:
            yield namespace, route, entry


@dataclass
class World:
    """A class of the sweep's teacher with the sweep's learner in it, an assignment and a
    library puzzle; and the same of another teacher, whose ids are forged for the sweep."""

    teacher: Any
    learner: Any
    classroom: Any
    assignment: Any
    library: Any
    other_classroom: Any
    other_student: Any
    other_assignment: Any
    other_library: Any
    #: Practice games (play/): the learner's, with the learner to move, and someone else's.
    game: Any = None
    other_game: Any = None
    #: "Play N hands" assignments: the learner's class's (with a hand of theirs filed under
    #: it) and the other class's.
    hands: Any = None
    other_hands: Any = None
    hand: Any = None


def world() -> World:
    from classroom.models import LibraryPuzzle
    from tests.factories import AssignmentFactory, ClassroomFactory, MembershipFactory

    learner = UserFactory(username="sweep-learner")
    ProfileFactory(user=learner)
    teacher = TeacherFactory(username="sweep-teacher")
    classroom = ClassroomFactory(teacher=teacher)
    MembershipFactory(classroom=classroom, student=learner)
    other = ClassroomFactory()
    other_student = MembershipFactory(classroom=other).student
    puzzle = Puzzle.objects.filter(kind="attach").order_by("slug").first()
    from play import games
    from tests.factories import GameFactory

    # A match with take-backs on: its table shows the match's line and every button.
    game = GameFactory(user=learner, match=True, takebacks=True)
    games.move(game, 0, None)
    from classroom.models import AssignmentGame

    hands, other_hands = (
        AssignmentFactory(classroom=room, content="hands", bot_level="random", count=2)
        for room in (classroom, other)
    )
    hand = GameFactory(user=learner, opponents="random")
    AssignmentGame.objects.create(game=hand, assignment=hands, student=learner)
    return World(
        hands=hands,
        other_hands=other_hands,
        hand=hand,
        game=game,
        other_game=GameFactory(),
        teacher=teacher,
        learner=learner,
        classroom=classroom,
        assignment=AssignmentFactory(classroom=classroom, puzzles=[puzzle]),
        library=LibraryPuzzle.objects.create(
            owner=teacher, puzzle=PuzzleFactory(source="teacher"), title="Mine"
        ),
        other_classroom=other,
        other_student=other_student,
        other_assignment=AssignmentFactory(classroom=other, puzzles=[puzzle]),
        other_library=LibraryPuzzle.objects.create(
            owner=other.teacher, puzzle=PuzzleFactory(source="teacher"), title="Theirs"
        ),
    )


def sample_kwargs(w: World) -> dict[str, list[dict[str, Any]]]:
    """Real values for the URL parameters, by URL name: one puzzle of each kind, steps of each
    kind, a password-reset link, the classes, assignments and library puzzles of the world;
    and one of each that does not exist.

    A confirmation's POST (delete, remove, archive, a new password) is the action itself, so
    those get only the other teacher's ids: there any POST must change nothing."""
    puzzles = [
        Puzzle.objects.filter(kind=kind, source="curated").order_by("slug").first()
        for kind in Puzzle.objects.values_list("kind", flat=True).distinct()
    ]
    slugs = [{"slug": puzzle.slug} for puzzle in puzzles if puzzle] + [{"slug": "no-such-puzzle"}]
    lesson = Lesson.objects.order_by("order").first()
    steps: dict[str, Any] = {}
    for step in Step.objects.order_by("lesson__order", "number").select_related("lesson"):
        question = step.question or {}
        kind = "explain" if not question else next(iter(question))
        if "puzzle" in question:
            kind = question["puzzle"].get("kind", "puzzle")
        steps.setdefault(kind, step)
    mine, theirs = w.classroom.pk, w.other_classroom.pk
    classes = [{"pk": mine}, {"pk": theirs}]
    students = [
        {"pk": mine, "student": w.learner.pk},
        {"pk": theirs, "student": w.other_student.pk},
    ]
    work = [{"pk": mine, "assignment": w.assignment.pk}]
    other_work = [{"pk": theirs, "assignment": w.other_assignment.pk}]
    library = [{"pk": w.library.pk}, {"pk": w.other_library.pk}]
    return {
        "lessons:puzzle": slugs,
        "lessons:puzzle_hint": slugs,
        "lessons:puzzle_selection": slugs,
        "lessons:lesson": [{"slug": lesson.slug}, {"slug": "no-such-lesson"}],
        "lessons:step": [
            {"slug": step.lesson.slug, "number": step.number} for step in steps.values()
        ]
        + [{"slug": lesson.slug, "number": 999}],
        "accounts:password_reset_confirm": [
            {"uidb64": "MQ", "token": "set-password"},
            {"uidb64": "!!", "token": "x-y"},
        ],
        "rulebook:rule": [{"rule_id": "R23"}, {"rule_id": "r38"}, {"rule_id": "R99"}],
        "classroom:join_link": [{"code": w.classroom.code}, {"code": "NO-SUCH"}],
        "play:table": [{"pk": w.game.pk}, {"pk": w.other_game.pk}],
        "play:review": [{"pk": w.game.pk}, {"pk": w.other_game.pk}],
        "classroom:my_assignment": [
            {"pk": w.assignment.pk},
            {"pk": w.other_assignment.pk},
            {"pk": w.hands.pk},
        ],
        # A POST there deals a hand (the action itself): only ids where it must not.
        "classroom:play_hand": [{"pk": w.assignment.pk}, {"pk": w.other_hands.pk}],
        "classroom:hand_review": [
            {"pk": mine, "assignment": w.hands.pk, "game": w.hand.pk},
            {"pk": mine, "assignment": w.hands.pk, "game": w.game.pk},
            {"pk": theirs, "assignment": w.other_hands.pk, "game": w.hand.pk},
        ],
        "classroom:item": [
            {"pk": w.assignment.pk, "number": 1},
            {"pk": w.assignment.pk, "number": 99},
            {"pk": w.other_assignment.pk, "number": 1},
        ],
        **{
            f"classroom:{name}": classes
            for name in ("class", "class_edit", "mistakes", "students_add", "export_grid")
        },
        "classroom:export_attempts": classes,
        "classroom:assignment_new": classes,
        "classroom:class_archive": [{"pk": theirs}],
        "classroom:student": students,
        "classroom:student_remove": students[1:],
        "classroom:student_password": students[1:],
        "classroom:assignment": work + other_work,
        "classroom:assignment_edit": work + other_work,
        "classroom:assignment_delete": other_work,
        "classroom:library_puzzle": library,
        "classroom:editor_edit": library,
        "classroom:library_delete": library[1:],
    }


#: Values for the parameters of URLs that no entry above names (a page added later).
GENERIC = {
    "int": ["1", "999999"],
    "slug": ["x", "no-such-thing"],
    "str": ["x"],
    "uuid": ["00000000-0000-0000-0000-000000000000"],
    "path": ["x/y"],
}


def urls(known: dict[str, list[dict[str, Any]]]) -> list[str]:
    """A URL for each sample of each route: real ones where known, generic ones otherwise."""
    found: set[str] = set()
    for namespace, route, pattern in patterns():
        name = f"{namespace}:{pattern.name}" if namespace else str(pattern.name)
        if name in known:
            found.update(reverse(name, kwargs=kwargs) for kwargs in known[name])
            continue
        converters = re.findall(r"<(?:(\w+):)?(\w+)>", route)
        if not converters:
            found.add("/" + route)
            continue
        for index in range(2):
            url = route
            for converter, parameter in converters:
                options = GENERIC.get(converter or "str", ["x"])
                url = url.replace(
                    f"<{converter}:{parameter}>" if converter else f"<{parameter}>",
                    options[index % len(options)],
                )
            found.add("/" + url)
    return sorted(found)


# --- the forms ----------------------------------------------------------------------------


class FieldNames(HTMLParser):
    """The names of every input, select, textarea and button of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"input", "select", "textarea", "button"}:
            name = dict(attrs).get("name")
            if name and name != "csrfmiddlewaretoken":
                self.names.add(name)


def field_names(html: str) -> set[str]:
    parser = FieldNames()
    parser.feed(html)
    return parser.names


def payloads(names: set[str]) -> Iterator[dict[str, Any]]:
    yield {}
    for value in GARBAGE:
        yield dict.fromkeys(names, value)
    yield dict.fromkeys(names, HUGE)
    yield {name: [HUGE[:100]] * 300 for name in sorted(names)[:3]}  # many repeated values
    yield {f"field{number}": "x" for number in range(1200)}  # more fields than Django reads
    yield from FORGED


# --- the state ----------------------------------------------------------------------------


def row_counts() -> dict[str, int]:
    # Sessions and the counters' rows (the limits' counts and the claims of heavy requests,
    # taken and let go by every request) are the traffic's, not anybody's data.
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model is not Session and model._meta.label != "counters.Counter"
    }


@pytest.fixture
def content() -> None:
    load_all()


@pytest.fixture(autouse=True)
def every_payload_reaches_the_views(settings: Any) -> None:
    """The rate limits (burraco_tutor.limits) would answer 429 to most of the payloads a URL
    gets here before its view read them: the sweep is about what the views do with garbage,
    so it runs without them (tests/burraco_tutor/test_limits.py shows each one biting, with
    a 429, never a 500). The log-in lock-out stays on: a 429 there is below 500, and Django's
    own form is behind it."""
    settings.RATELIMIT_ENABLE = False


@dataclass
class Visitor:
    name: str
    user: Any = None

    def client(self, **extra: Any) -> Client:
        client = Client(**extra)
        if self.user is not None:
            client.force_login(self.user)
        return client


def visitors(w: World) -> list[Visitor]:
    return [Visitor("anonymous"), Visitor("learner", w.learner), Visitor("teacher", w.teacher)]


def sweep(visitor: Visitor, w: World) -> list[str]:
    """Every URL, every payload; the problems found, as sentences."""
    problems: list[str] = []
    owner = visitor.user
    # Logging out ends an anonymous visitor's session too, and with it whose progress is
    # whose: that URL comes last.
    logout = reverse("accounts:logout")
    targets = sorted(urls(sample_kwargs(w)), key=lambda url: (url == logout, url))
    names = set(KNOWN_FIELDS)
    client = visitor.client(raise_request_exception=False)
    # A first, honest visit of each page: what it reads, and the state a visit leaves.
    closed: set[str] = set()
    login = reverse("accounts:login")
    for url in targets:
        for htmx in (False, True):
            headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
            response = client.get(url, **headers)
            if response.status_code == 404 or response.get("Location", "").startswith(login):
                closed.add(url)
            if response.status_code >= 500:
                problems.append(f"GET {url} answered {response.status_code}")
            if response.get("Content-Type", "").startswith("text/html"):
                names |= field_names(response.content.decode(errors="replace"))
    before = row_counts()
    forged_csrf = visitor.client(enforce_csrf_checks=True, raise_request_exception=False)
    everything = list(payloads(names))
    for url in targets:
        # A URL that is not there for this visitor (404, or the log-in page first) answers
        # before it reads anything: a few payloads show that it stays shut.
        for number, data in enumerate(
            everything[:: len(everything) // 4] if url in closed else everything
        ):
            htmx = {"HTTP_HX_REQUEST": "true"} if number % 2 else {}
            # Every payload as a form; half of them as a query string too.
            for method in ("POST", "GET") if number % 2 == 0 else ("POST",):
                if method == "POST":
                    response = client.post(url, data, **htmx)
                else:
                    response = client.get(url, _query(data), **htmx)
                if response.status_code >= 500:
                    problems.append(
                        f"{method} {url} {_short(data)} answered {response.status_code}"
                        + _why(response)
                    )
                if TRACE and (now := row_counts()) != before:
                    changed = {k: now[k] - before[k] for k in now if now[k] != before[k]}
                    problems.append(f"{method} {url} {_short(data)} changed {changed}")
                    before = now
            # The logout form logs the visitor out; the next payload finds them logged in.
            if owner is not None and not client.session.get("_auth_user_id"):
                client = visitor.client(raise_request_exception=False)
        # Bytes that are no UTF-8, and a body that is no form at all.
        for body, content_type in (
            ("cards=%ff%fe&op=%c0&line=%ed%a0%80", "application/x-www-form-urlencoded"),
            ('{"cards": ["JK"]}', "application/json"),
            ("--x\r\nContent-Disposition: form-data; name=cards\r\n\r\nJK", "multipart/form-data"),
        ):
            response = client.post(url, body, content_type=content_type)
            if response.status_code >= 500:
                problems.append(f"POST {url} of {content_type} answered {response.status_code}")
        response = forged_csrf.post(url, {"csrfmiddlewaretoken": "forged" * 8, "none": "1"})
        if response.status_code not in (403, 404, 405):
            problems.append(f"POST {url} with a forged CSRF token answered {response.status_code}")
        for method in ("put", "patch", "delete"):
            response = getattr(client, method)(url, "none=1")
            if response.status_code >= 500:
                problems.append(f"{method.upper()} {url} answered {response.status_code}")
    after = row_counts()
    problems += [
        f"{label}: {before[label]} rows before the sweep, {after[label]} after"
        for label in before
        if before[label] != after[label]
    ]
    return problems


def _query(data: dict[str, Any]) -> dict[str, Any]:
    # A query string this long is refused by any server in front, and by Django's own limits.
    return {key: value for key, value in data.items() if len(str(value)) < 4000}


def _why(response: Any) -> str:
    """The end of the traceback behind a 500, to say where it came from."""
    info = getattr(response, "exc_info", None)
    return "".join(traceback.format_exception(*info)[-2:]) if info else ""


def _short(data: dict[str, Any]) -> str:
    return repr(data)[:120]


@pytest.mark.slow
@pytest.mark.parametrize("who", ["anonymous", "learner", "teacher"])
def test_garbage_in_every_field_of_every_url_answers_no_500_and_changes_nothing(
    content: None, who: str
) -> None:
    w = world()
    visitor = next(visitor for visitor in visitors(w) if visitor.name == who)
    problems = sweep(visitor, w)
    assert not problems, "\n".join(problems)


def test_the_sweep_reaches_every_app_and_the_forms_of_the_site() -> None:
    routes = {route for _, route, _ in patterns()}
    assert "puzzles/<slug:slug>/" in routes and "accounts/login/" in routes
    assert not any(route.startswith("admin/") for route in routes)
    html = '<form><input name="cards"><select name="meld"></select><button name="op"></button>'
    assert field_names(html + '<input name="csrfmiddlewaretoken"></form>') == {
        "cards",
        "meld",
        "op",
    }


def test_the_sweep_would_see_a_change_of_state() -> None:
    before = row_counts()
    AttemptFactory()
    after = row_counts()
    assert after[Attempt._meta.label] == before[Attempt._meta.label] + 1
