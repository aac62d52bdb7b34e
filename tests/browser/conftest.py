"""Browser fixtures: Debian's Chromium driven by Playwright, and a guard that no request leaves
localhost.

The browser is the system one (/usr/bin/chromium from Debian's `chromium` package, installed by
.ci/run): Playwright's own browser download needs the internet, which these machines do not have,
and CI should test the browser users install anyway. Outside CI a missing Chromium skips these
tests saying how to install it; with CI=true it is an error (a green run must have tested them).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path(os.environ.get("LABGRADER_CHROMIUM", "/usr/bin/chromium"))
HOW_TO_GET_CHROMIUM = "install it with `sudo apt-get install -y chromium` (Debian's package)"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # tests run as root in CI containers, where the sandbox cannot start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
#: Playwright's default is 30 s; our pages answer in well under a second, but a loaded 2-core CI
#: machine running Docker and PostgreSQL beside Chromium can stall for several.
ACTION_TIMEOUT_MS = 15_000

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if not (CHROMIUM.exists() and os.access(CHROMIUM, os.X_OK)):
        message = f"no Chromium at {CHROMIUM}; {HOW_TO_GET_CHROMIUM}"
        if _in_ci():
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)
    try:
        import playwright  # noqa: F401
    except ImportError:
        message = "the playwright package is missing; pip install -e '.[test]'"
        if _in_ci():
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="module")
def browser(chromium_path: Path) -> Iterator[object]:
    """Module-scoped on purpose: Playwright's sync API keeps an asyncio loop running in the main
    thread while it is open, so a session-scoped browser broke every async test collected after
    tests/browser ("Runner.run() cannot be called from a running event loop")."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=str(chromium_path), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield b
        finally:
            b.close()


class OffHostRequests:
    """Every request the page tried to send anywhere but this machine (each one is aborted)."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def route(self, route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS:
            route.continue_()  # type: ignore[attr-defined]
            return
        self.urls.append(url)
        route.abort("blockedbyclient")  # type: ignore[attr-defined]


@pytest.fixture
def off_host() -> OffHostRequests:
    return OffHostRequests()


@pytest.fixture
def page_errors() -> list[str]:
    """JavaScript errors the page logged (a test that causes one on purpose clears it)."""
    return []


@pytest.fixture
def page(browser: object, off_host: OffHostRequests, page_errors: list[str]) -> Iterator[object]:
    """A fresh browser context and page; fails the test if the page sent anything off-host or
    logged a JavaScript error."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})  # type: ignore[attr-defined]
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    context.route("**/*", off_host.route)
    p = context.new_page()
    errors = page_errors
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    # the browser logs every 401/403 response as a console error; tests assert those themselves
    p.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" and not msg.text.startswith("Failed to load resource")
            else None
        ),
    )
    try:
        yield p
    finally:
        context.close()
    assert off_host.urls == [], f"the page tried to leave localhost: {off_host.urls}"
    assert errors == [], f"JavaScript errors on the page: {errors}"


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
