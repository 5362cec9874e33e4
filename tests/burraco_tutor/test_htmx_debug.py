"""htmx under DEBUG, as `make run` serves the site: no debug handler that wipes the page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_under_debug_the_pages_load_htmx_without_django_htmxs_debug_handler(
    client: Client, settings: Any
) -> None:
    # django-htmx.js, which {% htmx_script %} adds under DEBUG, replaced the whole document
    # with any 400 ("choose a card first"), where the site swaps the 400 in place.
    settings.DEBUG = True
    html = client.get("/lessons/").content.decode()
    assert "django_htmx/htmx-2.min.js" in html
    assert "django-htmx.js" not in html
