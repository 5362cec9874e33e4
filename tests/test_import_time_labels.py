"""No translated label is built when a module is imported.

A label translated at import time (``gettext`` rather than ``gettext_lazy``, or a lazy string
formatted with ``%`` at once) is frozen in the language active then, the site's default,
Italian: an English page would show it in Italian ever after. Here every module of the site is
imported, everything it holds at its top level is walked (forms' fields, models' fields and
choices, dicts, lists, tuples) and each plain string is compared with the Italian catalogue:
a string that reads as one of its translations was translated when the module was imported.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import polib
import pytest
from django import forms
from django.db import models

ROOT = Path(__file__).resolve().parent.parent
#: The site's packages: the engine speaks through its own catalogue (engine/messages), not
#: Django's, and the benchmarks are no page.
APPS = ("accounts", "burraco_tutor", "classroom", "counters", "lessons", "play", "rulebook")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


@cache
def italian_patterns() -> tuple[re.Pattern[str], ...]:
    """Each Italian translation that differs from its English source, as a pattern in which
    a placeholder stands for any text (so a label formatted at import time is found too)."""
    patterns = []
    for entry in polib.pofile(str(ROOT / "locale/it/LC_MESSAGES/django.po")):
        texts = [entry.msgstr, *entry.msgstr_plural.values()]
        sources = {entry.msgid, entry.msgid_plural}
        for text in texts:
            words = PLACEHOLDER.sub("", text)
            # A translation all placeholders and punctuation says nothing of its language.
            if text and text not in sources and sum(c.isalpha() for c in words) >= 4:
                parts = PLACEHOLDER.split(text)
                patterns.append(re.compile(".+?".join(re.escape(part) for part in parts)))
    return tuple(patterns)


def modules() -> Iterator[Any]:
    for app in APPS:
        package = importlib.import_module(app)
        yield package
        for info in pkgutil.walk_packages(package.__path__, app + "."):
            if ".migrations" in info.name or info.name.endswith(("wsgi", "asgi")):
                continue
            yield importlib.import_module(info.name)


def strings(value: Any, where: str, seen: set[int]) -> Iterator[tuple[str, str]]:
    """The plain strings held in ``value`` (lazy ones are what we want, and skipped)."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key, f"{where}[{key!r}]", seen)
            yield from strings(item, f"{where}[{key!r}]", seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for index, item in enumerate(value):
            yield from strings(item, f"{where}[{index}]", seen)
    elif inspect.isclass(value) and issubclass(value, forms.BaseForm):
        for name, field in value.base_fields.items():
            yield from field_strings(field, f"{where}.{name}", seen)
    elif inspect.isclass(value) and issubclass(value, models.Model):
        for field in value._meta.get_fields():
            if isinstance(field, models.Field):
                for attribute in ("verbose_name", "help_text", "choices"):
                    yield from strings(
                        getattr(field, attribute), f"{where}.{field.name}.{attribute}", seen
                    )
    elif inspect.isclass(value) and issubclass(value, enum.Enum):
        for member in value:
            yield from strings(getattr(member, "label", None), f"{where}.{member.name}", seen)
    elif isinstance(value, forms.Field):
        yield from field_strings(value, where, seen)


def field_strings(field: forms.Field, where: str, seen: set[int]) -> Iterator[tuple[str, str]]:
    for attribute in ("label", "help_text", "empty_label", "choices", "error_messages"):
        yield from strings(getattr(field, attribute, None), f"{where}.{attribute}", seen)


def frozen_labels() -> list[str]:
    found = []
    seen: set[int] = set()
    for module in modules():
        for name, value in vars(module).items():
            owner = getattr(value, "__module__", module.__name__)
            if name.startswith("__") or (owner and owner != module.__name__):
                continue  # imported from elsewhere: walked in its own module
            for where, text in strings(value, f"{module.__name__}.{name}", seen):
                if any(pattern.fullmatch(text) for pattern in italian_patterns()):
                    found.append(f"{where}: {text!r}")
    return found


def test_no_label_is_translated_when_its_module_is_imported() -> None:
    assert frozen_labels() == []


def test_the_check_finds_a_label_formatted_at_import_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: the mistake it is for (a lazy label formatted with % at once) is
    found, in a form as in a plain list."""
    from django.utils.translation import gettext_lazy as _
    from django.utils.translation import override

    from play import forms as play_forms

    with override("it"):
        in_a_form = [(2, _("%(n)s players") % {"n": 2})]
        in_a_list = [(3, _("%(n)s players") % {"n": 3})]

    class Frozen(forms.Form):
        players = forms.ChoiceField(choices=in_a_form)

    monkeypatch.setattr(play_forms, "FROZEN_FORM", Frozen, raising=False)
    monkeypatch.setattr(play_forms, "FROZEN_LIST", in_a_list, raising=False)
    Frozen.__module__ = play_forms.__name__
    found = frozen_labels()
    assert any(line.startswith("play.forms.FROZEN_FORM.players.choices") for line in found)
    assert any(line.startswith("play.forms.FROZEN_LIST") for line in found)


@pytest.mark.django_db
def test_the_table_sizes_are_named_in_the_pages_language(client: Any) -> None:
    """The labels the check above was written for: the practice table's start and the
    teacher's assignment form name the table sizes in English on an English page."""
    from tests.factories import ClassroomFactory

    classroom = ClassroomFactory()
    client.force_login(classroom.teacher)
    pages = ["/play/", f"/classes/{classroom.pk}/assignments/new/?kind=hands"]
    for language, words in (("it", "4 giocatori"), ("en", "4 players")):
        client.cookies["django_language"] = language
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200, page
            assert words in response.content.decode(), (language, page)
