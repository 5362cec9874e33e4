"""URLs reversed once a process (burraco_tutor/reversing.py, and {% url %} through it): the
same answers as Django's reverse, under the script prefix and the URLconf of the moment."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.urls import NoReverseMatch, clear_script_prefix, set_script_prefix
from django.urls import reverse as django_reverse

from burraco_tutor.reversing import reverse
from burraco_tutor.templatetags.kept_urls import KeptURLNode


def test_a_kept_url_is_django_s() -> None:
    for name, args in (("lessons:puzzle", ["a-slug"]), ("lessons:step", ["intro", 2])):
        assert reverse(name, args=args) == django_reverse(name, args=args)
        assert reverse(name, args=args) == django_reverse(name, args=args)
    assert reverse("lessons:home") == django_reverse("lessons:home")


def test_the_script_prefix_is_part_of_a_kept_url() -> None:
    assert reverse("lessons:puzzle", args=["p"]) == "/puzzles/p/"
    set_script_prefix("/tutor/")
    try:
        assert reverse("lessons:puzzle", args=["p"]) == "/tutor/puzzles/p/"
    finally:
        clear_script_prefix()
    assert reverse("lessons:puzzle", args=["p"]) == "/puzzles/p/"


def test_a_name_that_is_no_url_raises_each_time() -> None:
    for _ in range(2):
        with pytest.raises(NoReverseMatch):
            reverse("lessons:puzzle", args=["not a slug"])


def test_another_urlconf_is_another_url() -> None:
    assert reverse("healthz") == "/healthz"
    with override_settings(ROOT_URLCONF="tests.burraco_tutor.urls_elsewhere"):
        assert reverse("healthz") == "/elsewhere/healthz"
    assert reverse("healthz") == "/healthz"


def test_the_url_tag_reverses_through_the_kept_urls() -> None:
    template = Template(
        "{% url 'lessons:puzzle' slug %}|{% url 'lessons:puzzle' 'x' as there %}{{ there }}"
        "|{% url 'lessons:nothing' as missing %}[{{ missing }}]"
    )
    assert isinstance(template.nodelist[0], KeptURLNode)
    assert template.render(Context({"slug": "a-b"})) == "/puzzles/a-b/|/puzzles/x/|[]"
