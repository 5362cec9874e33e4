"""The codes compared side by side (R42-R44) on a phone held upright, in both languages: the
table scrolls sideways inside its own region, never the page, and each row's name stays in
view beside the column scrolled to, so Champion's numbers are read with what they are; axe
finds nothing on the page."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE_SIZE, Visit
from tests.browser.test_accessibility import assert_accessible

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "visit",
    [{"locale": "it-IT", "viewport": PHONE_SIZE}, {"locale": "en-GB", "viewport": PHONE_SIZE}],
    indirect=True,
    ids=["it-phone", "en-phone"],
)
def test_on_a_phone_the_codes_scroll_under_their_row_names(visit: Visit, axe: str) -> None:
    page = visit.open("/rules/R43/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_SIZE["width"]
    region = page.locator(".table-responsive[role=region]").first
    region.scroll_into_view_if_needed()
    assert region.evaluate("el => el.scrollWidth > el.clientWidth")
    row_name = page.locator(".codes-table tbody th[scope=row]").first
    left = row_name.bounding_box()
    region.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_timeout(100)
    after = row_name.bounding_box()
    assert left is not None and after is not None
    assert after["x"] == pytest.approx(left["x"], abs=1)
    # The last column (the international game) is on screen beside the row names.
    last = page.locator(".codes-table tbody tr").first.locator("td").last.bounding_box()
    assert last is not None
    assert last["x"] >= after["x"] + after["width"] - 1
    assert last["x"] + last["width"] <= PHONE_SIZE["width"] + 1
    assert_accessible(page, axe, "/rules/R43/ on a phone")
    assert visit.errors == []
