"""Playwright against the live test server, in Debian's Chromium (never `playwright install`)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, expect, sync_playwright
from pytest_django.live_server_helper import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
#: axe-core, installed by `npm ci` (package-lock.json).
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP_SIZE = {"width": 1280, "height": 900}
PHONE_SIZE = {"width": 390, "height": 844}

#: A test run four times: in Italian and in English, on a computer and on a phone.
on_every_screen = pytest.mark.parametrize(
    "visit",
    [
        {"locale": locale, "viewport": viewport}
        for locale in ("it-IT", "en-GB")
        for viewport in (DESKTOP_SIZE, PHONE_SIZE)
    ],
    indirect=True,
    ids=["it-desktop", "it-phone", "en-desktop", "en-phone"],
)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = f"browser tests need {CHROMIUM}: apt-get install chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    # Playwright's sync API runs an event loop in the test thread, and Django refuses database
    # access from a thread with a running loop unless told that this is safe (it is: the loop
    # only drives the browser).
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
            ],
        )
        yield browser
        browser.close()
    del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


@pytest.fixture(scope="session")
def axe() -> str:
    """axe-core's source, for tests/browser/test_accessibility.assert_accessible."""
    if not AXE.exists():
        message = f"the accessibility tests need {AXE}: run `npm ci` (make test does)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@dataclass
class Visit:
    """A browser tab on the live server, recording what went wrong on the console."""

    page: Page
    base_url: str
    errors: list[str] = field(default_factory=list)

    def open(self, path: str = "/") -> Page:
        self.page.goto(self.base_url + path)
        return self.page

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def visit(
    browser: Browser, live_server: LiveServer, request: pytest.FixtureRequest
) -> Iterator[Visit]:
    """A fresh browser context per test, Italian unless the test passes other context options
    (``locale``, ``viewport``) through ``@pytest.mark.parametrize("visit", [...], indirect=True)``.
    """
    context = browser.new_context(**{"locale": "it-IT", **getattr(request, "param", {})})
    visit = Visit(context.new_page(), live_server.url)

    def record(message: ConsoleMessage) -> None:
        if message.type == "error":
            visit.errors.append(message.text)

    visit.page.on("console", record)
    visit.page.on("pageerror", lambda error: visit.errors.append(str(error)))
    yield visit
    context.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in this folder drives a browser: `make check` leaves them out by marker."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


def arrow_and_select(page: Page, name: str) -> Locator:
    """With the focus in the hand's listbox, arrow right to the card named and select it with
    Space; the card's option, selected."""
    option = page.get_by_role("option", name=name)
    for _ in range(page.get_by_role("option").count()):
        if option.evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(option).to_have_attribute("aria-selected", "true")
    return option
