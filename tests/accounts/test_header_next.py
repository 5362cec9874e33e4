"""The header's log-in and sign-up links keep where the visitor was going."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_on_the_log_in_page_the_headers_sign_up_keeps_the_join_link_as_next() -> None:
    # A student sent from a class's join link to log in, who chose "Sign up" in the header,
    # lost the class: the link's next was the log-in page itself.
    html = Client().get("/accounts/login/?next=/classes/join/ABCD2345/").content.decode()
    assert 'href="/accounts/signup/?next=/classes/join/ABCD2345/"' in html
    assert 'href="/accounts/login/?next=/classes/join/ABCD2345/"' in html


def test_elsewhere_the_header_links_come_back_to_the_page() -> None:
    html = Client().get("/lessons/").content.decode()
    assert 'href="/accounts/signup/?next=/lessons/"' in html
