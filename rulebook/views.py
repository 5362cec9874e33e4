"""The rules reference: /rules/ (every rule, the tables, the glossary) and /rules/R23/."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from engine.puzzles import RULE_IDS
from rulebook import links
from rulebook.book import FACTS, book, codes_table, sections, vp_tables

#: The content is the same for a whole release; the page also shows who is logged in and
#: carries a CSRF token, so browsers may keep it an hour but shared caches may not.
cacheable = cache_control(private=True, max_age=3600)


@require_safe
@cacheable
@vary_on_headers("Accept-Language", "Cookie")
def index(request: HttpRequest) -> HttpResponse:
    """Every rule by the parts of RULES.md, the variants, the tables and the glossary."""
    context = {
        "sections": sections(),
        "vp_tables": vp_tables(),
        "codes_table": codes_table(),
        "glossary": book().glossary,
        "facts": FACTS,
    }
    return render(request, "rulebook/index.html", context)


@require_safe
@cacheable
@vary_on_headers("Accept-Language", "Cookie")
def rule(request: HttpRequest, rule_id: str) -> HttpResponse:
    """One rule; "r23" goes to "R23", and an id that names no rule is a 404 that says so."""
    if rule_id.upper() != rule_id and rule_id.upper() in book().rules:
        return redirect("rulebook:rule", rule_id.upper(), permanent=True)
    found = book().rules.get(rule_id)
    if found is None:
        context: dict[str, object] = {
            "rule_id": rule_id[:12],
            "first": RULE_IDS[0],
            "last": RULE_IDS[-1],
        }
        return render(request, "rulebook/unknown.html", context, status=404)
    previous, following = book().neighbours(found)
    context = {
        "rule": found,
        "previous": previous,
        "next": following,
        "steps": links.teaching_steps(rule_id),
        "practice_url": links.practice_url(rule_id),
        # R38's page shows the tables it is about, as the reference does.
        "vp_tables": vp_tables() if rule_id == "R38" else None,
        # The codes' pages show them side by side.
        "codes_table": codes_table() if rule_id in ("R42", "R43", "R44") else None,
        "terms": book().terms(found),
    }
    return render(request, "rulebook/rule.html", context)
