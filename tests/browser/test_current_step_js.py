"""The pages' currentStep (grader/api/static/common.js) held to the cases of
tests/test_current_step.py, run as the pages run it: common.js imported as an ES module by
Chromium. The module is served from the checkout by the page's own route handler on a local
origin, so no server and no other JavaScript runtime is needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_current_step import CASES

STATIC = Path(__file__).resolve().parents[2] / "grader" / "api" / "static"
ORIGIN = "http://127.0.0.1:9"  # never connected to: every request to it is fulfilled below

pytestmark = pytest.mark.browser


def _serve_static(route: object) -> None:
    path = route.request.url.removeprefix(ORIGIN)  # type: ignore[attr-defined]
    if path == "/":
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>t</title>")  # type: ignore[attr-defined]
        return
    file = STATIC / path.lstrip("/")
    assert file.resolve().parent == STATIC.resolve() and file.is_file(), path
    route.fulfill(status=200, content_type="text/javascript", body=file.read_text())  # type: ignore[attr-defined]


def test_the_pages_current_step_keeps_the_same_rule(page: object) -> None:
    page.route(f"{ORIGIN}/**", _serve_static)  # type: ignore[attr-defined]
    page.goto(f"{ORIGIN}/")  # type: ignore[attr-defined]
    found = page.evaluate(  # type: ignore[attr-defined]
        """async (cases) => {
            const { currentStep } = await import("/common.js");
            return cases.map(currentStep);
        }""",
        [steps for steps, _ in CASES],
    )
    assert found == [expected for _, expected in CASES]
